// End-to-end: private windows leave nothing (issue 15, item 8), in real Chromium and Firefox ESR
// with the extension allowed in private windows. A site opened in a private window is fetched and
// judged like any other, its report kept in storage.session only; closing the last private window
// removes it from storage.session too; a normal window's cache is untouched throughout. A history
// file imported there joins that window's versions in storage.session, never storage.local; what
// the popup kept for the site (its view) goes with the window as well.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { until } from './until.mjs';

/** One origin on 127.0.0.1 or localhost with its own robots.txt; counts its robots.txt requests. */
async function startOrigin(host, robots) {
  let requests = 0;
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      requests++;
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>p</title><p>page');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://${host}:${server.address().port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The storage keys that hold an origin's robots.txt (its cache entry and its versions). */
const keysOf = (keys, origin) => keys.filter((k) => k.endsWith(origin)).sort();

/** Whether a storage key holds what the popup keeps for `origin` (in a window of either kind). */
const isMemoryOf = (origin) => (key) => key.startsWith('popup-memory:') && key.endsWith(origin);

/** Runs in the popup: imports a history file in the History view, as a pick does; its notice. */
const importFile = inPage(async (text, h) => {
  await h.show('history');
  const input = await h.until(() => h.$('input[data-action="import-history"]'), 'the import input');
  const picked = new DataTransfer();
  picked.items.add(new File([text], 'history.json', { type: 'application/json' }));
  input.files = picked.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return (await h.until(() => h.$('[data-history-notice]'), 'the import notice')).textContent;
});

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: private windows leave nothing (issue 15, item 8)`, () => {
    let browser;
    let normal;
    let secret;

    before(async () => {
      browser = await launch({ privateWindows: true });
      normal = await startOrigin('127.0.0.1', 'User-agent: *\nDisallow: /normal/\n');
      secret = await startOrigin('localhost', 'User-agent: *\nDisallow: /secret/\n');
    });
    after(async () => {
      await browser?.close();
      normal?.close();
      secret?.close();
    });

    test('a private window: judged, kept in memory only, gone when the window closes', async () => {
      const { tabId: normalTab } = await browser.openSite(`${normal.origin}/normal/page`);
      await until(
        () => browser.badge(normalTab),
        (b) => b !== '',
      );
      const localBefore = keysOf(await browser.storageKeys('local'), normal.origin);
      assert.deepEqual(localBefore, [`robots-version:${normal.origin}`, `robots:${normal.origin}`]);

      const opened = await browser.openPrivateSite(`${secret.origin}/secret/page`);
      assert.equal(opened.incognito, true, 'the window is private');
      // Painted like any site: robots.txt fetched once, the verdict on the badge.
      const badge = await until(
        () => browser.badge(opened.tabId),
        (b) => b !== '',
      );
      assert.equal(badge, '✕', 'Googlebot is disallowed on /secret/page');
      assert.equal(secret.requests(), 1);
      const inSession = await until(
        async () => keysOf(await browser.storageKeys('session'), secret.origin),
        (keys) => keys.length === 2,
      );
      assert.deepEqual(inSession, [`robots-version:${secret.origin}`, `robots:${secret.origin}`]);
      assert.deepEqual(
        keysOf(await browser.storageKeys('local'), secret.origin),
        [],
        'nothing on disk',
      );

      // The popup's first screen of the private tab stays in memory: the background carries it in
      // the tab's popup URL (the browser's memory); nothing goes to localStorage (on disk).
      const path = await until(
        () => browser.popupPath(opened.tabId),
        (p) => /^popup-screen\.html\?tab=\d+#.+/.test(p),
      );
      assert.match(path, /^popup-screen\.html\?tab=\d+#.+/);
      const local = await browser.clicked(opened.tabId, async () => {
        for (
          const end = Date.now() + 30_000;
          document.body.dataset.state !== 'done' && Date.now() < end;
        )
          await new Promise((r) => setTimeout(r, 10));
        return Object.keys(localStorage);
      });
      assert.deepEqual(local, [], 'nothing in localStorage');

      await browser.closeWindow(opened.windowId);
      const left = await until(
        async () => keysOf(await browser.storageKeys('session'), secret.origin),
        (keys) => keys.length === 0,
      );
      assert.deepEqual(left, [], 'storage.session forgets the private window’s site');
      assert.deepEqual(keysOf(await browser.storageKeys('local'), secret.origin), []);
      // The normal window's cache is untouched.
      assert.deepEqual(keysOf(await browser.storageKeys('local'), normal.origin), localBefore);
      assert.equal(normal.requests(), 1);
    });

    test('a history file imported in a private window stays in memory, gone with the window (issue 28, item 8)', async () => {
      const opened = await browser.openPrivateSite(`${secret.origin}/secret/page`);
      await until(
        () => browser.badge(opened.tabId),
        (b) => b !== '',
      );
      const popup = await browser.openPage(`popup.html?tab=${opened.tabId}`);
      const file = JSON.stringify({
        format: 'robots-lens-history',
        version: 1,
        origin: secret.origin,
        versions: [
          { text: 'User-agent: *\nDisallow: /imported/\n', firstSeen: 1000, lastSeen: 2000 },
        ],
      });
      const notice = await popup.evaluate(importFile, file);
      assert.equal(notice, `1 new version imported for ${secret.origin}; 2 kept in all.`);
      // What the popup keeps for the private site (the History view left open) is written before
      // the window closes, every time: its going with the window does not hang on the popup's
      // last write dying with its page.
      const memoryKeys = await until(
        async () => (await browser.storageKeys('session')).filter(isMemoryOf(secret.origin)),
        (keys) => keys.length > 0,
      );
      assert.equal(memoryKeys.length, 1, 'the popup kept its memory of the private site');
      await popup.close();
      // The private window's versions, in storage.session: the imported one beside the fetched one.
      const kept = await browser.storageValue('session', `robots-version:${secret.origin}`);
      assert.equal(kept?.versions?.length, 2, JSON.stringify(kept));
      assert.deepEqual(
        keysOf(await browser.storageKeys('local'), secret.origin),
        [],
        'nothing on disk',
      );

      await browser.closeWindow(opened.windowId);
      const left = await until(
        async () => keysOf(await browser.storageKeys('session'), secret.origin),
        (keys) => keys.length === 0,
      );
      assert.deepEqual(left, [], 'gone with the last private window');
      assert.deepEqual(keysOf(await browser.storageKeys('local'), secret.origin), []);
      const index = (await browser.storageValue('session', 'popup-memory-index')) ?? [];
      assert.deepEqual(
        index.filter((scope) => scope.endsWith(secret.origin)),
        [],
        'the index of the popup’s memory names the private site no more',
      );
      // Kept apart from a normal window's memory of the same site, under a private scope.
      assert.deepEqual(memoryKeys, [`popup-memory:private:${secret.origin}`]);
    });
  });
}
