// End-to-end: what the background keeps beside its cache, in real Chromium and Firefox ESR. A
// file edited on the server shows as changed, with its difference, even after its cache entry
// was dropped; the options page shows the background's error counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { startSites } from './sites.mjs';

/** Runs inside an extension page: drops a cache entry as the hourly purge does when it expires. */
const dropCacheEntry = async (origin) => {
  const api = globalThis.browser ?? globalThis.chrome;
  await api.storage.local.remove(`robots:${origin}`);
  return Object.keys(await api.storage.local.get(null)).filter((k) => k.includes(origin));
};

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: versions and debugging`, () => {
    let sites;
    let browser;

    before(async () => {
      sites = await startSites();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      sites?.close();
    });

    test('a file changed on the server is marked, even after its cache entry expired', async () => {
      const origin = sites.origins.changing;
      const site = await browser.openSite(`${origin}/old/page`);
      const first = await browser.popup(site.tabId);
      assert.equal(first.rows.find((r) => r.robot === 'Googlebot')?.verdict, 'disallowed');
      assert.ok(!first.text.includes('Changed since the last fetch'));

      // The entry leaves the 24-hour cache; the version store keeps the last version apart.
      const page = await browser.openPage('options.html');
      const left = await page.evaluate(dropCacheEntry, origin);
      await page.close();
      assert.deepEqual(left, [`robots-version:${origin}`]);

      const diff = await browser.interact(
        site.tabId,
        inPage(async (_, h) => {
          const changed = h.$('button.changed');
          changed?.click();
          if (changed) await h.until(() => h.$('.diff'), 'the difference shown');
          return {
            mark: changed?.textContent ?? null,
            diff: h.$('.diff')?.textContent ?? null,
            verdict: h.$('[data-robot="Googlebot"]')?.getAttribute('data-verdict'),
          };
        }),
      );
      assert.equal(sites.robotsRequests('changing'), 2);
      assert.match(diff.mark ?? '', /Changed since the last fetch/);
      assert.match(diff.diff ?? '', /− Disallow: \/old\//);
      assert.match(diff.diff ?? '', /\+ Disallow: \/new\//);
      assert.equal(diff.verdict, 'allowed');
    });

    test('the refresh button fetches again', async () => {
      const before = sites.robotsRequests('normal');
      const site = await browser.openSite(`${sites.origins.normal}/page`);
      await browser.popup(site.tabId);
      const fetched = sites.robotsRequests('normal');
      await browser.click(
        site.tabId,
        '[data-action="refresh"]',
        () => sites.robotsRequests('normal') > fetched,
      );
      assert.equal(sites.robotsRequests('normal'), fetched + 1);
      assert.ok(fetched - before <= 1);
    });

    test('a background error is reported as a value and counted in the options page', async () => {
      const page = await browser.openPage('options.html');
      const seen = await page.evaluate(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        // A tab that does not exist (closed while the popup opened): the handler throws.
        const reply = await api.runtime.sendMessage({
          __robotsLens: true,
          name: 'tabReport',
          req: { tabId: 987654321 },
        });
        document.querySelector('details.debug summary')?.click();
        for (let i = 0; i < 50; i++) {
          if (document.querySelector('[data-error-where="message:tabReport"]')) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        return {
          reply,
          heading: document.querySelector('details.debug summary')?.textContent,
          entry: document.querySelector('[data-error-where="message:tabReport"]')?.textContent,
        };
      });
      await page.close();
      assert.equal(seen.reply.ok, false);
      assert.equal(seen.reply.error, 'internal');
      assert.equal(seen.heading, 'Errors, for debugging');
      assert.match(seen.entry ?? '', /^message:tabReport × \d+ — last at .+: .+/);
    });
  });
}
