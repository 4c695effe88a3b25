// End-to-end: nothing of a visited page reaches disk unless the user asks (issue 28, item 6), in
// real Chromium and Firefox ESR on a profile kept across a browser restart (launchRestartable).
// Pages whose URLs carry a secret-shaped token are visited and the popup's views used on them (the
// verdicts, the Page view's "compare with the HTML as served", the tester with a URL typed, the
// History view's comparison of two versions); then the browser quits and starts again on the same
// profile. With "Remember the pages I visit" off (the default), the token is in no storage of the
// extension (storage.local, .sync, .session, its origin's localStorage and IndexedDB) nor in any
// file of the profile but the browser's own records of browsing; only the sites' robots.txt is
// kept. With it on, the pages the user opted into are kept: the same reading finds them (so a
// leak would be found).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BROWSERS, launchRestartable } from './browsers.mjs';
import { ask, inPage } from './in-page.mjs';
import { until } from './until.mjs';

/** One origin: a robots.txt the test changes, and HTML pages (a noindex, a canonical). */
async function startSite() {
  const site = { robots: 'User-agent: *\nDisallow: /private/\n', requests: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      site.requests++;
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><title>page</title><meta name="robots" content="noindex">' +
          '<link rel="canonical" href="/canonical"><p>a page',
      );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  site.origin = `http://127.0.0.1:${server.address().port}`;
  site.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return site;
}

/**
 * Runs in an extension page: everything the extension's origin holds, as JSON text: its three
 * storage areas, its localStorage and every IndexedDB database's records (Firefox keeps
 * storage.local in one of its own; it is read here as well as through the API).
 */
const readEverything = async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const areas = {};
  for (const name of ['local', 'sync', 'session']) areas[name] = await api.storage[name].get(null);
  const local = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    local[key] = localStorage.getItem(key);
  }
  const databases = {};
  const request = (r) =>
    new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  for (const { name, version } of await indexedDB.databases()) {
    const db = await request(indexedDB.open(name, version));
    const stores = {};
    for (const store of db.objectStoreNames) {
      const tx = db.transaction(store, 'readonly');
      const keys = await request(tx.objectStore(store).getAllKeys());
      const values = await request(tx.objectStore(store).getAll());
      stores[store] = keys.map((key, i) => [key, values[i]]);
    }
    db.close();
    databases[name] = stores;
  }
  const text = (value) =>
    JSON.stringify(value, (_, v) =>
      v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? new TextDecoder('latin1').decode(v) : v,
    );
  return {
    origin: location.origin,
    keys: Object.fromEntries(Object.entries(areas).map(([a, items]) => [a, Object.keys(items)])),
    local: text(areas.local),
    sync: text(areas.sync),
    session: text(areas.session),
    localStorage: text(local),
    indexedDB: text(databases),
    databaseNames: Object.keys(databases),
  };
};

/** Runs in the popup: the views used as a user would, each on the page's URL with its token. */
const useViews = inPage(async (testerUrl, h) => {
  // The verdicts, then the Page view's comparison with the HTML as served (one GET of the URL).
  await h.until(() => h.$('[data-robot="Googlebot"]'), 'the verdicts');
  await h.show('page');
  const compare = await h.until(() => h.$('button[data-action="compare-served"]'), 'compare');
  compare.click();
  await h.until(() => h.$('[data-served-finding]'), 'the comparison with the served HTML', 15_000);
  // The tester, with a URL of the site typed (not saved: saving is the user's explicit keep).
  await h.show('tester');
  h.type('input[data-tester-url]', testerUrl);
  await h.until(() => h.$$('[data-tester-robot]').length > 0, 'the tester’s verdicts');
  // History: the two versions compared, with the verdict impact on the tester's URL.
  await h.show('history');
  await h.until(() => h.$$('[data-history-version]').length >= 2, 'two versions');
  await h.until(() => h.$('[data-history-diff]'), 'the comparison of two versions');
  for (const view of ['records', 'file', 'summary', 'verdicts']) await h.show(view);
  return {
    versions: h.$$('[data-history-version]').length,
    impact: h.$$('[data-impact-url]').map((el) => el.getAttribute('data-impact-url')),
  };
});

/** Whether the bytes hold `text`, in Latin-1 or UTF-16LE. */
const holds = (bytes, text) =>
  bytes.includes(Buffer.from(text, 'latin1')) || bytes.includes(Buffer.from(text, 'utf16le'));

/**
 * Every file under `dir` (relative paths) whose bytes hold `token`, each with whether it also
 * holds `key` (a page's own HTTP cache key).
 */
function filesHolding(dir, token, key) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        let bytes;
        try {
          bytes = readFileSync(path);
        } catch {
          continue; // a file the browser removed meanwhile
        }
        if (holds(bytes, token))
          found.push({ file: relative(dir, path), hasKey: holds(bytes, key) });
      }
    }
  };
  walk(dir);
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The browser's own records of browsing, where a visited URL is the browser's business, not the
 * extension's: history, visited links, sessions to restore, predictors, URL-keyed metrics. Only
 * files no extension API writes (not Session Storage, not form history: an extension page's
 * sessionStorage or form fields would be the extension's).
 */
const BROWSER_RECORDS = {
  chromium: [
    /^Default\/(History|Visited Links|Top Sites|Favicons|Shortcuts|Network Action Predictor|DIPS)(-journal)?$/,
    /^Default\/Sessions\//,
    /^segmentation_platform\//,
  ],
  firefox: [
    /^(places|favicons)\.sqlite(-wal)?$/,
    /^sessionstore\.jsonlz4$/,
    /^sessionstore-backups\//,
  ],
};

/**
 * The HTTP cache: an entry of a page the browser loaded is its own, keyed by the page's own site
 * (`<partition><site's origin>/…`); any other entry holding the token was left by another
 * requester, the extension (whose fetches ask for no-store): Chromium keys the extension's by
 * `_dk_chrome-extension://<id> …`, Firefox by `a,~FETCH,:` without a partition (both seen by
 * fetching with the cache on).
 */
const HTTP_CACHE = {
  chromium: { files: /^Default\/Cache\//, partition: '_dk_http://127.0.0.1 http://127.0.0.1 ' },
  firefox: { files: /^cache2\//, partition: 'O^partitionKey=%28http%2C127.0.0.1%29,:' },
};

for (const launch of BROWSERS) {
  const label = launch.name.replace('launch', '');
  const name = label.toLowerCase();
  describe(`${label}: nothing of a visited page reaches disk unless asked (issue 28, item 6)`, () => {
    let kept;
    let site;
    /** Secret-shaped tokens in the URLs: one per test, never the same twice. */
    const SECRET = `SECRET${randomBytes(6).toString('hex')}`;
    const OPTED = `OPTED${randomBytes(6).toString('hex')}`;

    before(async () => {
      site = await startSite();
      kept = await launchRestartable(name);
    });
    after(async () => {
      await kept?.close();
      site?.close();
    });

    /** The extension's storage as an extension page reads it, and its origin. */
    const everything = async () => {
      const page = await kept.driver.openPage('options.html');
      const all = await page.evaluate(readEverything);
      await page.close();
      return all;
    };
    /** Where `token` is among the extension's storage: the places named. */
    const placesOf = (all, token) =>
      ['local', 'sync', 'session', 'localStorage', 'indexedDB'].filter((place) =>
        all[place].includes(token),
      );
    /** Files of the profile holding `token` that are not the browser's own records of browsing. */
    const filesOf = (token) => {
      const cache = HTTP_CACHE[name];
      const found = filesHolding(kept.profile, token, `${cache.partition}${site.origin}/`);
      const isBrowsers = ({ file, hasKey }) =>
        BROWSER_RECORDS[name].some((pattern) => pattern.test(file)) ||
        (cache.files.test(file) && hasKey);
      return {
        files: found.map(({ file }) => file),
        others: found.filter((f) => !isBrowsers(f)).map(({ file }) => file),
      };
    };

    test('remember off (the default): after a restart, no page URL and no token anywhere', async (t) => {
      const driver = kept.driver;
      const page = `${site.origin}/private/page?token=${SECRET}`;
      const { tabId } = await driver.openSite(page);
      await driver.openSite(`${site.origin}/shop/item?session=${SECRET}#${SECRET}`);
      assert.notEqual(
        await until(
          () => driver.badge(tabId),
          (b) => b !== '',
        ),
        '',
        'the page was judged',
      );
      // A second version of the file, so that History compares two.
      site.robots = 'User-agent: *\nDisallow: /\n';
      const requests = site.requests;
      await driver.click(tabId, '[data-action="refresh"]', () => site.requests > requests);
      const popup = await driver.openPage(`popup.html?tab=${tabId}`);
      const used = await popup.evaluate(useViews, `${site.origin}/search?q=${SECRET}`);
      await popup.close();
      assert.ok(used.versions >= 2, `History compared two versions: ${JSON.stringify(used)}`);
      assert.ok(
        used.impact.some((url) => url.includes(SECRET)),
        `the tester's URL was judged in History: ${JSON.stringify(used.impact)}`,
      );
      // The first screen the tab's popup URL carries, and the popup opened from it.
      await driver.popup(tabId);

      // While the browser runs, the URLs are in memory (storage.session): the reading sees them.
      const running = await everything();
      assert.deepEqual(placesOf(running, SECRET), ['session'], 'in memory only while running');

      await kept.restart();
      const after = await everything();
      t.diagnostic(`${name} after restart: ${JSON.stringify(after.keys)}`);
      for (const needle of [SECRET, '/private/page', '/shop/item', '/search']) {
        assert.deepEqual(placesOf(after, needle), [], `${needle} after a restart`);
      }
      // storage.session starts empty. (Firefox's driver keeps an extension page open at
      // popup.html?tab=0, whose request for tab 0 the background counts as an error, in memory.)
      assert.deepEqual(
        after.keys.session.filter((key) => key !== 'debug-errors'),
        [],
        `storage.session is empty after a restart: ${after.session}`,
      );
      // What is kept: the site's robots.txt (cache and versions), by origin; the profile's storage
      // did outlive the restart (the test would pass on a wiped profile otherwise).
      assert.ok(after.keys.local.includes(`robots:${site.origin}`), after.keys.local.join(' '));
      assert.ok(
        after.keys.local.includes(`robots-version:${site.origin}`),
        after.keys.local.join(' '),
      );

      // The profile's files: the token only in the browser's own records of browsing.
      const { files, others } = filesOf(SECRET);
      t.diagnostic(`${name}: files holding the token: ${files.join(', ') || 'none'}`);
      assert.deepEqual(others, [], 'no file of the extension holds the token');
    });

    test('remember on: the pages the user opted into are kept across a restart', async (t) => {
      const options = await kept.driver.openPage('options.html');
      const reply = await options.evaluate(ask, ['setSettings', { rememberPaths: true }]);
      await options.close();
      assert.equal(reply?.ok, true, JSON.stringify(reply));
      const { tabId } = await kept.driver.openSite(`${site.origin}/kept/page?token=${OPTED}`);
      await until(
        () => kept.driver.badge(tabId),
        (b) => b !== '',
      );
      const seenKey = `seen-paths:${site.origin}`;
      const stored = await until(
        () => kept.driver.storageValue('local', seenKey),
        (v) => JSON.stringify(v ?? null).includes(OPTED),
      );
      assert.ok(JSON.stringify(stored ?? null).includes(OPTED), 'kept as the page loaded');

      await kept.restart();
      const after = await everything();
      assert.deepEqual(placesOf(after, OPTED), ['local'], 'the visited page, kept on disk');
      assert.ok(after.keys.local.includes(seenKey), after.keys.local.join(' '));
      // The first test's pages, visited with the setting off, are still nowhere.
      assert.deepEqual(placesOf(after, SECRET), []);
      const { files, others } = filesOf(OPTED);
      t.diagnostic(`${name}: files holding the kept page: ${files.join(', ') || 'none'}`);
      assert.ok(others.length > 0, `a file of the extension holds the kept page: ${files}`);
    });
  });
}
