// End-to-end: the built extension (dist/) in real Chromium and Firefox ESR against local sites,
// one origin per scenario. Asserts what the popup and the badge show, how often each server saw
// /robots.txt, and that nothing from a file ran.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchChromium, launchFirefox } from './browsers.mjs';
import { startSites } from './sites.mjs';

const OUT = join(import.meta.dirname, '../../out/screenshots');

/** [site, page path, fetch outcome, Googlebot's verdict, its rule line, badge, popup text] */
const CASES = [
  ['normal', '/private/page', 'ok', 'disallowed', '2', '✕'],
  ['missing', '/private/page', 'unavailable', 'allowed', null, '✓', 'No robots.txt (404)'],
  ['forbidden', '/page', 'unavailable', 'allowed', null, '✓', 'No robots.txt (403)'],
  ['error503', '/page', 'unreachable', 'disallowed', null, '!', 'Server error (503)'],
  ['tooMany429', '/page', 'unreachable', 'disallowed', null, '!', 'Too many requests (429)'],
  ['chain3', '/end', 'ok', 'disallowed', '2', '✕', 'after 3 redirects'],
  ['chain6', '/end', 'unavailable', 'allowed', null, '✓', 'More than 5 redirects'],
  ['loop', '/page', 'unavailable', 'allowed', null, '✓', 'Redirect loop'],
  ['crossHost', '/cross', 'ok', 'disallowed', '2', '✕', 'after 1 redirect'],
  ['big', '/aaaaaaaaaa', 'ok', 'disallowed', '2', '✕', 'Cut at 500 KiB'],
  ['endless', '/page', 'unreachable', 'disallowed', null, '!', 'No answer within 15 s'],
  ['html', '/page', 'ok', 'allowed', null, '✓', 'serves HTML'],
  ['bomCrlf', '/bom', 'ok', 'disallowed', '2', '✕'],
  ['hostile', '/page', 'ok', 'allowed', null, '✓'],
];

for (const launch of [launchChromium, launchFirefox]) {
  describe(launch.name.replace('launch', ''), () => {
    let sites;
    let browser;
    const tabs = {};
    const seen = {};

    before(async () => {
      mkdirSync(OUT, { recursive: true });
      sites = await startSites();
      browser = await launch();
      // Open every site first: the background checks each as it loads (the endless one times out
      // after 15 s meanwhile).
      await Promise.all(
        CASES.map(async ([site, path]) => {
          tabs[site] = await browser.openSite(sites.origins[site] + path);
        }),
      );
      for (const [site] of CASES) {
        seen[site] = await browser.popup(tabs[site].tabId, {
          screenshot: site === 'normal' ? join(OUT, `${browser.name}-popup.png`) : undefined,
        });
      }
    });

    after(async () => {
      await browser?.close();
      sites?.close();
    });

    for (const [site, , outcome, verdict, line, badge, text] of CASES) {
      test(`${site}: ${outcome}, Googlebot ${verdict}, badge ${badge}`, async () => {
        const popup = seen[site];
        assert.equal(popup.state, 'done');
        assert.equal(popup.outcome, outcome);
        const googlebot = popup.rows.find((r) => r.robot === 'Googlebot');
        assert.deepEqual(googlebot, { robot: 'Googlebot', verdict, line });
        assert.equal(popup.rows.length, 8);
        if (text) assert.ok(popup.text.includes(text), `popup says: ${popup.text.slice(0, 300)}`);
        assert.equal(await browser.badge(tabs[site].tabId), badge);
      });
    }

    test('GPTBot has its own group in the normal file', () => {
      assert.deepEqual(
        seen.normal.rows.find((r) => r.robot === 'GPTBot'),
        { robot: 'GPTBot', verdict: 'disallowed', line: '5' },
      );
    });

    test('the badge tooltip names the robot and the deciding line', async () => {
      assert.equal(
        await browser.title(tabs.normal.tabId),
        'Googlebot: disallowed — line 2: Disallow: /private/',
      );
    });

    test('one fetch of /robots.txt per origin within the cache lifetime', async () => {
      const counts = () =>
        Object.fromEntries(CASES.map(([site]) => [site, sites.robotsRequests(site)]));
      const first = counts();
      await browser.popup(tabs.normal.tabId);
      await browser.popup(tabs.loop.tabId);
      assert.deepEqual(counts(), first, 'a popup reopened later is served from the cache');
      // A loop returns to /robots.txt within its one fetch before it is seen (Chromium stops it
      // after one lap; Firefox reports the hops late and follows up to 20).
      for (const [site] of CASES)
        if (site !== 'loop') assert.equal(first[site], 1, `${site}: ${JSON.stringify(first)}`);
      assert.ok(first.loop >= 2 && first.loop <= 11, `loop: ${first.loop}`);
      assert.equal(sites.robotsRequests('target'), 1, 'the cross-host target');
    });

    test('nothing from the file is executed or rendered as HTML', () => {
      const popup = seen.hostile;
      assert.equal(popup.pwned, null);
      assert.equal(popup.injected, 0);
      assert.ok(popup.file.includes('<script>window.__pwned=1</script>'));
      assert.ok(popup.file.includes('<img src=x onerror="window.__pwned=2">'));
    });

    test('"only when I open the popup": no request while browsing, one when the popup opens', async () => {
      await browser.click(tabs.normal.tabId, 'input[name="checking"]');
      const { tabId } = await browser.openSite(`${sites.origins.later}/private/page`);
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(sites.robotsRequests('later'), 0);
      assert.equal(await browser.badge(tabId), '');
      const popup = await browser.popup(tabId);
      assert.equal(popup.rows.find((r) => r.robot === 'Googlebot').verdict, 'disallowed');
      assert.equal(sites.robotsRequests('later'), 1);
      await browser.click(tabId, 'input[name="checking"]'); // back to automatic
    });

    test('the badge follows history.pushState', async () => {
      const { tabId, page } = await browser.openSite(`${sites.origins.normal}/`);
      await browser.popup(tabId);
      assert.equal(await browser.badge(tabId), '✓');
      await page.evaluate(() => history.pushState({}, '', '/private/moved'));
      const deadline = Date.now() + 5000;
      while ((await browser.badge(tabId)) !== '✕' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      assert.equal(await browser.badge(tabId), '✕');
    });

    // Firefox lets the user withhold host permissions (Chromium refuses to remove required ones).
    test('a withheld host permission: the popup says so and offers the button', {
      skip: launch === launchChromium && 'Chromium cannot withhold required host permissions',
    }, async () => {
      await browser.revokeHost();
      const popup = await browser.popup(tabs.normal.tabId);
      assert.equal(popup.outcome, 'not-applicable');
      assert.ok(popup.text.includes('may not read'), popup.text);
      assert.ok(popup.text.includes('Allow Robots Lens to read'), popup.text);
      assert.ok(popup.rows.every((r) => r.verdict === 'unknown'));
    });
  });
}
