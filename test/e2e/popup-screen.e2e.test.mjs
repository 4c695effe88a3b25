// End-to-end: the popup opened on a page shows a screen of the tab at once (issue 12, speed), in
// real Chromium and Firefox ESR: the one the background drew as it judged the page, for a first
// opening (carried by the tab's popup URL), and the popup's last one when reopened (named by it);
// shown before the popup's app draws anything, and replaced by the popup's own drawing (the same
// rows, nothing doubled). A screen drawn with other settings, of another page, or left on another
// view is never shown; closing the tab drops it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { launchChromium, launchFirefox } from './browsers.mjs';
import { until } from './until.mjs';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';

/** Runs in the popup: once it has kept its screen, what it shows and how it got there. */
const readOpening = async () => {
  for (let i = 0; i < 200 && !performance.getEntriesByName('robots-lens:kept').length; i++)
    await new Promise((r) => setTimeout(r, 10));
  const at = (name) => performance.getEntriesByName(`robots-lens:${name}`)[0]?.startTime ?? null;
  const root = document.getElementById('root');
  return {
    script: at('script'),
    // When the page's body was parsed: the entry ran before it (a classic script in the head).
    parsed: performance.getEntriesByType('navigation')[0]?.domInteractive ?? null,
    screen: at('screen'),
    render: at('render'),
    kept: at('kept'),
    // Whether the page's URL named or carried a screen (the tab's popup URL), and the URL itself.
    named: new URLSearchParams(location.search).has('screen') || location.hash.length > 1,
    href: location.href,
    // The screen was built into the page before its first frame.
    beforeFrame: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    rows: [...document.querySelectorAll('#panel-verdicts [data-robot][data-verdict]')].map(
      (el) => `${el.getAttribute('data-robot')}=${el.getAttribute('data-verdict')}`,
    ),
    panels: document.querySelectorAll('#panel-verdicts').length,
    mains: document.querySelectorAll('main').length,
    leftover: root?.dataset.screen ?? null,
    inert: root?.inert ?? null,
    view: document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-view'),
  };
};

// The popup's entry is built to run before the first frame with the popup's root there
// (scripts/build.mjs): one classic script at the end of the body, nothing imported before it runs
// and no polyfill; it loads the app itself. The page comes twice, its stylesheet inline in both (a
// linked one holds back the first frame): popup.html preloads the app from the head,
// popup-screen.html (named while a kept screen waits) preloads nothing.
test("the popup's entry is one self-contained classic script, last in the body (issue 12)", () => {
  const html = readFileSync('dist/popup.html', 'utf8');
  const screenPage = readFileSync('dist/popup-screen.html', 'utf8');
  for (const page of [html, screenPage]) {
    const head = page.slice(0, page.indexOf('</head>'));
    assert.match(page, /<div id="root"><\/div>\s*<script src="popup\.js"><\/script>\s*<\/body>/);
    assert.doesNotMatch(page, /type="module"|rel="stylesheet"/);
    assert.match(head, /<style>:root\{[^<]*--fg:[^<]*\.verdicts\{[^<]*<\/style>/);
  }
  assert.match(html, /<link rel="modulepreload" href="chunks\/popup-start\.js" \/>/);
  assert.doesNotMatch(screenPage, /modulepreload/);
  assert.equal(screenPage, html.replace(/ *<link rel="modulepreload"[^>]*>\n/g, ''));
  const entry = readFileSync('dist/popup.js', 'utf8');
  assert.deepEqual(
    [...new Set([...entry.matchAll(/\bimport\s*\(?\s*["'`]([^"'`]+)/g)].map((m) => m[1]))],
    ['./chunks/popup-start.js'],
  );
  assert.doesNotMatch(entry, /\bfrom\s*["']|webextension-polyfill/);
});

/**
 * Waits until the background has judged the tab's page as it loaded, its tags and its response's
 * headers read (the snapshot it keeps, of `url`): the popup's own report is then the tab's last
 * judging. A judging that lands after it replaces the snapshot its screen was drawn from, and
 * rightly hides the screen.
 */
const judged = async (browser, tabId, url) => {
  const done = (s) =>
    s?.reply?.url === url && s.reply.page?.dom?.ok === true && s.reply.page.headers.ok;
  const snapshot = await until(() => browser.storageValue('session', `tab-report:${tabId}`), done);
  // In Firefox a small page can read as complete before its response is reported: the headers
  // still come (background/navigation.ts judges it again).
  assert.ok(
    done(snapshot),
    `${url} judged with its tags and headers: ${JSON.stringify(snapshot?.reply?.page?.headers)}`,
  );
};

/** The screen a popup page's path carries in its fragment (screen.ts carryingUrl), or null. */
const carriedScreen = (path) => {
  try {
    const hash = new URL(path, 'http://x/').hash.slice(1);
    return JSON.parse(inflateRawSync(Buffer.from(hash, 'base64url')).toString('utf8'));
  } catch {
    return null;
  }
};

/** A screen's verdict rows, as readOpening reads them from the page: robot=verdict. */
const screenRows = (screen) => {
  const rows = [];
  const walk = (nodes, inPanel) => {
    for (const node of nodes ?? []) {
      if (typeof node === 'string') continue;
      const [, list, children] = node;
      const attributes = new Map();
      for (let i = 0; i < list.length; i += 2) attributes.set(list[i], list[i + 1]);
      if (inPanel && attributes.has('data-robot') && attributes.has('data-verdict'))
        rows.push(`${attributes.get('data-robot')}=${attributes.get('data-verdict')}`);
      walk(children, inPanel || attributes.get('id') === 'panel-verdicts');
    }
  };
  walk(screen?.nodes, false);
  return rows;
};

/** Runs in an extension page: one protocol request to the background. */
const ask = ([name, req]) =>
  (globalThis.browser ?? globalThis.chrome).runtime.sendMessage({ __robotsLens: true, name, req });

for (const launch of [launchChromium, launchFirefox]) {
  describe(`${launch.name.replace('launch', '')}: the popup reopened shows its last screen first (issue 12)`, () => {
    let browser;
    let server;
    let origin;

    before(async () => {
      browser = await launch();
      server = createServer((req, res) => {
        if (req.url === '/robots.txt')
          return res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>${req.url}</title>`);
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      origin = `http://127.0.0.1:${server.address().port}`;
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    test('reopened: the screen first, then the popup’s own rows in its place, once', async () => {
      const { tabId, page } = await browser.openSite(`${origin}/private/a`);
      await judged(browser, tabId, `${origin}/private/a`);
      const first = await browser.interact(tabId, readOpening);
      assert.equal(first.screen, null, 'nothing kept before the first opening');
      assert.ok(
        first.script < first.parsed,
        `the entry runs while the page is parsed: ${first.script} ≥ ${first.parsed}`,
      );
      assert.ok(first.kept !== null, 'the first opening keeps its screen');
      assert.ok((await browser.storageKeys('session')).includes(`tab-screen:${tabId}`));
      const again = await browser.interact(tabId, readOpening);
      assert.ok(again.screen !== null, 'the second opening shows the kept screen');
      assert.ok(again.screen < again.render, 'before the popup draws its own');
      assert.deepEqual(again.rows, first.rows);
      assert.ok(again.rows.includes('GPTBot=disallowed'), again.rows.join());
      assert.deepEqual(
        [again.panels, again.mains, again.leftover, again.inert],
        [1, 1, null, false],
      );
      // Closing the tab drops the screen with the tab's snapshot.
      await page.close();
      const keys = await until(
        () => browser.storageKeys('session'),
        (k) => !k.includes(`tab-screen:${tabId}`),
      );
      assert.ok(!keys.includes(`tab-screen:${tabId}`), keys.join());
    });

    test('a first opening: the screen the background drew as it judged the page, in the first frame', async () => {
      const url = `${origin}/private/first`;
      const { tabId, page } = await browser.openSite(url);
      await judged(browser, tabId, url);
      const path = await until(
        () => browser.popupPath(tabId),
        (p) => carriedScreen(p)?.url === url,
      );
      assert.match(path, new RegExp(`^popup-screen\\.html\\?tab=${tabId}#.+$`));
      assert.ok(
        !(await browser.storageKeys('session')).includes(`tab-screen:${tabId}`),
        'the popup never opened on the tab: it kept nothing',
      );
      const clicked = await browser.clicked(tabId, readOpening);
      assert.equal(carriedScreen(clicked.href)?.url, url);
      assert.ok(clicked.screen !== null, 'the screen the URL carries is shown');
      assert.ok(clicked.screen < clicked.render, 'before the popup draws its own');
      if (clicked.beforeFrame !== null) assert.ok(clicked.screen < clicked.beforeFrame);
      // The background's screen has the rows the popup then draws.
      assert.deepEqual(screenRows(carriedScreen(path)), clicked.rows);
      assert.ok(clicked.rows.includes('GPTBot=disallowed'), clicked.rows.join());
      assert.deepEqual(
        [clicked.panels, clicked.mains, clicked.leftover, clicked.inert],
        [1, 1, null, false],
      );
      await page.close();
    });

    test('as clicked: the tab’s popup URL names the last screen, shown in the first frame; a new page or new settings replace it', async () => {
      const { tabId, page } = await browser.openSite(`${origin}/carried/a`);
      await judged(browser, tabId, `${origin}/carried/a`);
      const first = await browser.interact(tabId, readOpening);
      assert.ok(first.kept !== null);
      // The popup's own screen, kept in localStorage and named by the URL.
      const path = await until(
        () => browser.popupPath(tabId),
        (p) => p.includes('screen='),
      );
      assert.match(path, new RegExp(`^popup-screen\\.html\\?tab=${tabId}&screen=[^&#]+$`));
      // Without the screen in storage.session, a screen shown can only come from localStorage.
      await browser.removeStorage('session', [`tab-screen:${tabId}`]);
      const clicked = await browser.clicked(tabId, readOpening);
      assert.equal(clicked.named, true);
      assert.ok(clicked.screen !== null, 'the screen the URL names is shown');
      assert.ok(clicked.screen < clicked.render, 'before the popup draws its own');
      // Firefox reports no paint timing: Chromium says the screen was there before the first paint.
      if (clicked.beforeFrame !== null) assert.ok(clicked.screen < clicked.beforeFrame);
      assert.deepEqual(clicked.rows, first.rows);
      assert.deepEqual(
        [clicked.panels, clicked.mains, clicked.leftover, clicked.inert],
        [1, 1, null, false],
      );
      // Another page in the tab: its popup URL carries the new page's screen, drawn as it was
      // judged; the older one is never shown.
      await page.goto(`${origin}/carried/b`);
      const next = await until(
        () => browser.popupPath(tabId),
        (p) => carriedScreen(p)?.url === `${origin}/carried/b`,
      );
      assert.equal(carriedScreen(next)?.url, `${origin}/carried/b`);
      const moved = await browser.clicked(tabId, readOpening);
      assert.equal(carriedScreen(moved.href)?.url, `${origin}/carried/b`);
      assert.ok(moved.rows.length > 0);
      // Other settings: no tab's popup carries a screen drawn with the old ones.
      const options = await browser.openPage('options.html');
      const settings = await options.evaluate(ask, ['getSettings', {}]);
      const robots = [...settings.value.robots, 'Bytespider'];
      assert.equal((await options.evaluate(ask, ['setSettings', { robots }]))?.ok, true);
      const changed = await until(
        () => browser.popupPath(tabId),
        (p) =>
          !p.startsWith('popup-screen.html') ||
          screenRows(carriedScreen(p)).length > moved.rows.length,
      );
      assert.ok(
        changed === 'popup.html' ||
          screenRows(carriedScreen(changed)).some((r) => r.startsWith('Bytespider=')),
        changed.slice(0, 200),
      );
      await options.evaluate(ask, ['setSettings', { robots: settings.value.robots }]);
      await options.close();
      await page.close();
    });

    test('settings changed, another page, another view left open: no screen', async () => {
      const { tabId, page } = await browser.openSite(`${origin}/open`);
      await judged(browser, tabId, `${origin}/open`);
      await browser.interact(tabId, readOpening);
      // Another page in the tab: the screen was of /open.
      await page.goto(`${origin}/other`);
      await judged(browser, tabId, `${origin}/other`);
      const moved = await browser.interact(tabId, readOpening);
      assert.equal(moved.screen, null, 'a screen of another page is not shown');
      assert.ok((await browser.interact(tabId, readOpening)).screen !== null, 'the new page’s is');
      // Other settings: the screen was drawn with the old robot list.
      const options = await browser.openPage('options.html');
      const settings = await options.evaluate(ask, ['getSettings', {}]);
      const robots = [...settings.value.robots, 'Bytespider'];
      assert.equal((await options.evaluate(ask, ['setSettings', { robots }]))?.ok, true);
      const changed = await browser.interact(tabId, readOpening);
      assert.equal(changed.screen, null, 'a screen of other settings is not shown');
      assert.ok(
        changed.rows.some((r) => r.startsWith('Bytespider=')),
        changed.rows.join(),
      );
      // Left on the tester: the popup reopens there, so no screen of the verdicts.
      await browser.interact(tabId, async () => {
        document.querySelector('[role="tab"][data-view="tester"]')?.click();
        await new Promise((r) => setTimeout(r, 500));
      });
      const tester = await browser.interact(tabId, readOpening);
      assert.equal(tester.screen, null);
      assert.equal(tester.view, 'tester');
      await options.evaluate(ask, ['setSettings', { robots: settings.value.robots }]);
      await options.close();
    });
  });
}
