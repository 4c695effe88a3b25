// End-to-end: what changed and what AI may do (issue 16), in real Chromium and Firefox ESR. A
// robots.txt that changes between two visits gives two versions in the History view, with the
// diff, the verdict impact on a page visited (visited pages kept: the setting is on) and the
// badge mark of a critical change. A site that says no to AI training (Cloudflare's Content-Signal
// in robots.txt) and no to AI use on a page (the aipref Content-Usage header) gets those answers
// on the AI crawlers' rows, with the contradiction of a training crawler allowed to crawl.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { ask } from './in-page.mjs';
import { until } from './until.mjs';

/** One origin whose robots.txt the test changes; `/usage` answers with a Content-Usage header. */
async function startSite(host) {
  const site = { robots: 'User-agent: *\nDisallow: /private/\n', requests: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      site.requests++;
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    }
    const headers = { 'content-type': 'text/html; charset=utf-8' };
    if (req.url === '/usage') headers['content-usage'] = 'train-ai=n, ai-use=n';
    // 1,650 history.pushState calls in 10 batches, then the title says so (issue 41, B).
    if (req.url === '/loop')
      return res
        .writeHead(200, headers)
        .end(
          '<!doctype html><title>looping</title><script>let i = 0; const batch = () => {' +
            " for (const end = i + 165; i < end; i++) history.pushState(null, '', '/loop?n=' + i);" +
            " if (i < 1650) setTimeout(batch, 50); else document.title = 'done'; };" +
            ' setTimeout(batch, 50);</script><p>loop',
        );
    res.writeHead(200, headers).end(`<!doctype html><title>${req.url}</title><p>${req.url}`);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  site.origin = `http://${host}:${server.address().port}`;
  site.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return site;
}

/** Runs in the popup: opens the History view and reads it once its versions are there. */
const readHistory = async () => {
  document.querySelector('[role="tab"][data-view="history"]')?.click();
  for (
    const end = Date.now() + 30_000;
    document.querySelectorAll('[data-history-version]').length < 2 && Date.now() < end;
  )
    await new Promise((r) => setTimeout(r, 50));
  for (
    const end = Date.now() + 30_000;
    !document.querySelector('[data-impact-url]') && Date.now() < end;
  )
    await new Promise((r) => setTimeout(r, 50));
  return {
    versions: [...document.querySelectorAll('[data-history-version]')].map((el) => ({
      severity: el.getAttribute('data-severity'),
      text: el.textContent,
    })),
    diff: document.querySelector('[data-history-diff]')?.textContent ?? null,
    impact: [...document.querySelectorAll('[data-impact-url][data-impact-robot]')].map((el) => ({
      url: el.getAttribute('data-impact-url'),
      robot: el.getAttribute('data-impact-robot'),
      before: el.getAttribute('data-before'),
      after: el.getAttribute('data-after'),
      source: el.getAttribute('data-impact-source'),
      text: el.textContent,
    })),
    markup: document.querySelectorAll('main b, main script, main img').length,
  };
};

/** Runs in the popup: the AI-usage answers on each robot's row. */
const readAi = () =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-robot]')].map((el) => [
      el.getAttribute('data-robot'),
      {
        train: el.getAttribute('data-ai-train'),
        answers: el.getAttribute('data-ai-answers'),
        search: el.getAttribute('data-ai-search'),
        sentence: el.querySelector('[data-ai-signals]')?.textContent ?? null,
        conflict: el.querySelector('[data-ai-conflict]')?.textContent ?? null,
        verdict: el.getAttribute('data-verdict'),
        reading: [...el.querySelectorAll('[data-ai-reading]')].map((e) => e.textContent),
        links: [...el.querySelectorAll('[data-ai-mapping] a[data-ai-source]')].map((a) => [
          a.getAttribute('data-ai-source'),
          a.getAttribute('href'),
        ]),
      },
    ]),
  );

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: history and AI-usage signals (issue 16)`, () => {
    let browser;
    const sites = [];

    before(async () => {
      browser = await launch();
      const options = await browser.openPage('options.html');
      const reply = await options.evaluate(ask, ['setSettings', { rememberPaths: true }]);
      assert.equal(reply?.ok, true, JSON.stringify(reply));
      await options.close();
    });
    after(async () => {
      await browser?.close();
      for (const site of sites) site.close();
    });

    test('a file changed between two visits: two versions, the diff, the impact, the badge', async () => {
      const site = await startSite('127.0.0.1');
      sites.push(site);
      const { tabId, page } = await browser.openSite(`${site.origin}/shop/item`);
      assert.equal(
        await until(
          () => browser.badge(tabId),
          (b) => b !== '',
        ),
        '✓',
      );
      // The file now blocks everything: the popup's refresh fetches it anew.
      site.robots = 'User-agent: *\nDisallow: /\n';
      await browser.click(tabId, '[data-action="refresh"]', () => site.requests === 2);
      const badge = await until(
        () => browser.badge(tabId),
        (b) => b.endsWith('•'),
      );
      assert.equal(badge, '✕•', 'disallowed now, and marked as changed');
      assert.match(await browser.title(tabId), /changed since the last visit/);
      assert.equal(site.requests, 2);

      const seen = await browser.interact(tabId, readHistory);
      assert.equal(seen.versions.length, 2, JSON.stringify(seen.versions));
      assert.ok(
        seen.versions.some((v) => v.severity === 'critical'),
        `a critical change: ${JSON.stringify(seen.versions)}`,
      );
      assert.ok(seen.diff?.includes('Disallow: /'), `the diff: ${seen.diff}`);
      const item = seen.impact.find(
        (row) => row.url === `${site.origin}/shop/item` && row.robot === 'Googlebot',
      );
      assert.ok(item, `the visited page's impact: ${JSON.stringify(seen.impact)}`);
      assert.equal(item.before, 'allowed');
      assert.equal(item.after, 'disallowed');
      assert.equal(seen.markup, 0, 'file text is never markup');

      // Export: a JSON file of both versions, named after the site (item 4).
      const popup = await browser.openPage(`popup.html?tab=${tabId}`);
      await popup.click('[role="tab"][data-view="history"]');
      await popup.waitForSelector('[data-action="export-history"]');
      const file = await browser.download(popup, '[data-action="export-history"]');
      assert.match(file.name, /^robots-history-.*\.json$/);
      const exported = JSON.parse(file.text);
      assert.equal(exported.format, 'robots-lens-history');
      assert.equal(exported.origin, site.origin);
      assert.deepEqual(
        exported.versions.map((v) => v.text),
        ['User-agent: *\nDisallow: /private/\n', 'User-agent: *\nDisallow: /\n'],
      );
      await popup.close();
      await page.close();
    });

    test('a saved test URL stays across openings and is checked when the file changes', async () => {
      const site = await startSite('127.0.0.1');
      sites.push(site);
      const { tabId, page } = await browser.openSite(`${site.origin}/home`);
      await until(
        () => browser.badge(tabId),
        (b) => b !== '',
      );
      // Saved in the tester (issue 16 item 2: the user's saved test URLs).
      const popup = await browser.openPage(`popup.html?tab=${tabId}`);
      await popup.click('[role="tab"][data-view="tester"]');
      // Typed as a user types it (the drivers differ: Playwright's page in Chromium, Puppeteer's
      // in Firefox; both have type()).
      await popup.waitForSelector('[data-tester-url]');
      await popup.evaluate(() => {
        const field = document.querySelector('[data-tester-url]');
        field.value = '';
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await popup.type('[data-tester-url]', '/blog/post');
      await popup.waitForSelector('[data-action="save-test-url"]:not([disabled])');
      await popup.click('[data-action="save-test-url"]');
      await popup.waitForSelector(`[data-saved-url="${site.origin}/blog/post"]`);
      await popup.close();
      // Still there in a new popup (storage.local, not the popup's session memory).
      const listed = await browser.interact(tabId, async () => {
        document.querySelector('[role="tab"][data-view="tester"]')?.click();
        for (
          const end = Date.now() + 30_000;
          !document.querySelector('[data-saved-url]') && Date.now() < end;
        )
          await new Promise((r) => setTimeout(r, 50));
        return [...document.querySelectorAll('[data-saved-url]')].map((el) =>
          el.getAttribute('data-saved-url'),
        );
      });
      assert.deepEqual(listed, [`${site.origin}/blog/post`]);
      // The file now blocks /blog/: History says what that does to the saved URL.
      site.robots = 'User-agent: *\nDisallow: /blog/\n';
      await browser.click(tabId, '[data-action="refresh"]', () => site.requests === 2);
      await until(
        () => browser.badge(tabId),
        (b) => b.endsWith('•'),
      );
      const history = await browser.interact(tabId, readHistory);
      const row = history.impact.find(
        (r) => r.url === `${site.origin}/blog/post` && r.robot === 'Googlebot',
      );
      assert.ok(row, `the saved URL's impact: ${JSON.stringify(history.impact)}`);
      assert.deepEqual([row.before, row.after, row.source], ['allowed', 'disallowed', 'saved']);
      await page.close();
    });

    test('a page that calls pushState 1,650 times: a handful of writes of its paths (issue 41)', async (t) => {
      // Before: one storage write per change of URL (2,034 writes, 3.0 MB for 1,650 pushStates).
      const site = await startSite('127.0.0.1');
      sites.push(site);
      // Every storage.local change the extension makes, seen from one of its pages.
      const watcher = await browser.openPage('options.html');
      await watcher.evaluate(() => {
        const api = globalThis.browser ?? globalThis.chrome;
        globalThis.writes = { local: 0, seen: 0 };
        api.storage.onChanged.addListener((changes, area) => {
          if (area !== 'local') return;
          globalThis.writes.local++;
          if (Object.keys(changes).some((key) => key.startsWith('seen-paths:')))
            globalThis.writes.seen++;
        });
      });
      const { page } = await browser.openSite(`${site.origin}/loop`);
      await until(
        () => page.title(),
        (title) => title === 'done',
        { timeout: 60_000 },
      );
      // The last path is written within 2 s of its visit (seen-paths-store.ts): waited for.
      const key = `seen-paths:${site.origin}`;
      const stored = await until(
        () => browser.storageValue('local', key),
        (v) => JSON.stringify(v ?? null).includes('/loop?n=1649'),
        { timeout: 30_000 },
      );
      const writes = await watcher.evaluate(() => globalThis.writes);
      t.diagnostic(`${browser.name}: ${JSON.stringify(writes)} storage.local writes`);
      assert.ok(JSON.stringify(stored ?? null).includes('/loop?n=1649'), 'the last path kept');
      // Not 2: writes racing one another (one per pushState) lost all but the last paths.
      assert.equal(stored.paths.length, 200, 'the 200 most recent paths');
      // About 1 s of pushStates: one write every 2 s at most, whatever the machine's speed (a
      // slow machine stretching the loop to 20 s would make 11).
      assert.ok(writes.seen <= 12, `seen-paths written ${writes.seen} times`);
      assert.ok(JSON.stringify(stored).length < 40_000, 'within the site budget');
      await watcher.close();
      await page.close();
    });

    test('Content-Signal and Content-Usage: the answers on the AI rows, and the contradiction', async () => {
      const site = await startSite('localhost');
      sites.push(site);
      site.robots = [
        '# BEGIN Cloudflare Managed content',
        'User-agent: *',
        'Content-Signal: search=yes, ai-train=no',
        'Allow: /',
        '# END Cloudflare Managed Content',
        // Issue 31: Content-Usage is a rule (attach-05 §3), so CCBot's line starts a new group.
        'User-agent: ClaudeBot',
        'Content-Usage: search=n',
        'User-agent: CCBot',
        'Disallow: /',
      ].join('\n');
      const { tabId, page } = await browser.openSite(`${site.origin}/usage`);
      await until(
        () => browser.badge(tabId),
        (b) => b !== '',
      );
      const rows = await browser.interact(tabId, readAi);
      // Content-Signal ai-train=no (line 3) and the header's train-ai=n: no training.
      assert.equal(rows.GPTBot?.train, 'no', JSON.stringify(rows.GPTBot));
      // The header's ai-use=n: no AI answers; search=yes from robots.txt.
      assert.equal(rows.GPTBot?.answers, 'no');
      assert.equal(rows.Googlebot?.search, 'yes');
      assert.ok(rows.GPTBot?.sentence, 'a sentence for the AI crawler');
      assert.ok(rows.GPTBot?.conflict, 'GPTBot may crawl what the site says not to train on');
      // ClaudeBot's group ends at its Content-Usage rule: CCBot's Disallow is not its own.
      assert.deepEqual(
        [rows.ClaudeBot?.verdict, rows.ClaudeBot?.search, rows.CCBot?.verdict],
        ['allowed', 'no', 'disallowed'],
        JSON.stringify(rows.ClaudeBot),
      );
      // The reading, in the row; Google's parser reads the file otherwise for Google-Extended.
      assert.equal(rows.GPTBot?.reading.length, 1, JSON.stringify(rows.GPTBot?.reading));
      assert.equal(rows['Google-Extended']?.reading.length, 2);
      // The Content Signals ↔ aipref pairing is this tool's reading: both definitions one click away.
      assert.deepEqual(rows.GPTBot?.links, [
        ['contentSignals', 'https://contentsignals.org/'],
        ['aiprefVocab', 'https://datatracker.ietf.org/doc/html/draft-ietf-aipref-vocab-08'],
      ]);
      await page.close();
    });
  });
}
