// End-to-end: hostile sites change nothing (issue 15), in real Chromium and Firefox ESR, against
// local servers that count their requests. Item 4: a robots.txt served with no-store is kept 5
// minutes (one request for many loads and popups), said in the popup, and the refresh button
// fetches anew. Item 1: a 511 KB file of wildcard rules and a 100,000-character path give a
// finished popup whose checks say they stopped early, also while the page calls
// history.pushState every 100 ms. Item 7: following a link from a cached origin to an uncached
// one fetches only the new origin's file and paints its verdict, and leaving an origin whose
// entry expired fetches nothing for it (Firefox's 'loading' event carries the URL left). Items 2
// and 3: two origins loaded at once whose redirect chains share URLs each get their own count,
// every hop requested once and the 6th target never. Item 8 (private windows) is driven in
// private-windows.e2e.test.mjs; item 9 (redirects into private networks) cannot be, every test
// server being private itself: unit tests with scripted webRequest reports cover it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { stays, until } from './until.mjs';

/** The English catalogue, so the test reads the words the product shows, not a copy of them. */
const MESSAGES = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../_locales/en/messages.json'), 'utf8'),
);
const en = (key, count) => MESSAGES[key].message.replace(/\$COUNT\$/g, String(count));

/**
 * One origin on 127.0.0.1 (a free port): `robots` answers /robots.txt (body and headers), every
 * other path gets a small HTML page, or `pages[path]` when given. Counts robots.txt requests.
 */
async function startOrigin({ robots, headers = {}, pages = {} }) {
  const log = [];
  // A 100,000-character path is longer than Node's default 16 KB of request head.
  const server = createServer({ maxHeaderSize: 1_048_576 }, (req, res) => {
    log.push(req.url);
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain', ...headers }).end(robots);
      return;
    }
    if (req.url === '/favicon.ico') return res.writeHead(404).end();
    const body =
      pages[req.url] ??
      `<!doctype html><html><head><meta charset="utf-8"><title>page</title></head><body><p>${req.url.length} characters</p></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    robotsRequests: () => log.filter((u) => u === '/robots.txt').length,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The hostile file, built as test/robots/hostile.test.ts's "a bounded check": 511 KB. */
function hostileRobots() {
  const lines = ['User-agent: *'];
  let length = lines[0].length;
  for (let i = 0; length < 511_000; i++) {
    const line = `Disallow:*a${'*b'.repeat(i % 5)}*${String.fromCharCode(99 + (i % 20))}`;
    lines.push(line);
    length += 1 + line.length;
  }
  return lines.join('\n');
}

/** Runs in an extension page: drops a cache entry as the hourly purge does when it expires. */
const dropCacheEntry = async (origin) => {
  const api = globalThis.browser ?? globalThis.chrome;
  await api.storage.local.remove(`robots:${origin}`);
  return Object.keys(await api.storage.local.get(null)).filter((k) => k === `robots:${origin}`);
};

/** Runs in the popup: its outcome line, state and rows (verdict and the row's words). */
const readRows = () => ({
  state: document.body.dataset.state,
  summary: document.querySelector('.summary')?.textContent ?? null,
  text: document.body.innerText,
  rows: [...document.querySelectorAll('[data-robot]')].map((el) => ({
    robot: el.getAttribute('data-robot'),
    verdict: el.getAttribute('data-verdict'),
    text: el.textContent,
  })),
});

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: hostile sites (issue 15)`, () => {
    let browser;
    const servers = [];
    const origin = async (options) => {
      const server = await startOrigin(options);
      servers.push(server);
      return server;
    };

    before(async () => {
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      for (const s of servers) s.close();
    });

    test('item 4: no-store is kept 5 minutes, said so, and refresh fetches anew', async () => {
      const site = await origin({
        robots: 'User-agent: *\nDisallow: /private/\n',
        headers: { 'cache-control': 'no-store' },
      });
      const { tabId, page } = await browser.openSite(`${site.origin}/page/0`);
      // The first load's fetch, before anything else asks.
      await until(
        () => browser.badge(tabId),
        (b) => b !== '',
      );
      await page.reload();
      for (let i = 1; i <= 5; i++) await page.goto(`${site.origin}/page/${i}`);
      const first = await browser.interact(tabId, readRows);
      const second = await browser.interact(tabId, readRows);
      // A late, extra fetch would arrive within this time.
      assert.equal(
        await stays(site.robotsRequests, (n) => n === 1, 300),
        1,
        'one robots.txt request for 7 loads and 2 popups',
      );

      const said = [en('outcomeCacheRefused_other', 5), en('outcomeCacheRefused_one', 5)];
      for (const seen of [first, second]) {
        assert.equal(seen.state, 'done');
        assert.ok(
          said.some((s) => seen.summary?.includes(s)),
          `outcome line: ${seen.summary}`,
        );
      }
      assert.ok(second.summary.includes(en('outcomeCacheRefused_other', 5)), second.summary);

      await browser.click(tabId, '[data-action="refresh"]', () => site.robotsRequests() >= 2);
      assert.equal(site.robotsRequests(), 2, 'the refresh button fetched once');
      assert.equal(await stays(site.robotsRequests, (n) => n === 2, 300), 2, 'and only once');
      await page.close();
    });

    test('item 1: 511 KB of wildcard rules on a 100,000-character path: done, marked approximate', async () => {
      const site = await origin({ robots: hostileRobots() });
      const path = `/${'a'.repeat(100_000)}`;
      const started = Date.now();
      const { tabId, page } = await browser.openSite(`${site.origin}${path}`);
      assert.ok(tabId !== undefined, 'the browser opened the 100,001-character URL');
      const url = await page.evaluate(() => location.pathname.length);
      assert.equal(url, path.length);

      const seen = await browser.interact(tabId, readRows);
      const took = Date.now() - started;
      assert.equal(seen.state, 'done');
      assert.equal(seen.rows.length, 8);
      for (const row of seen.rows)
        assert.match(row.verdict ?? '', /^(allowed|disallowed|unknown)$/, row.robot);
      const approximate = MESSAGES.decisionApproximate.message;
      const marked = seen.rows.filter((r) => r.text.includes(approximate));
      assert.ok(marked.length > 0, `no row says: ${approximate}`);
      assert.ok(took < 30_000, `popup took ${took} ms`);

      const badge = await until(
        () => browser.badge(tabId),
        (b) => b !== '',
      );
      assert.notEqual(badge, '', 'the badge is painted');
      assert.equal(site.robotsRequests(), 1);

      // The page moves itself to a new 100,000-character path every 100 ms: each popup still
      // answers, on the latest URL, and nothing is fetched again.
      await page.evaluate(() => {
        let n = 0;
        const long = `/${'a'.repeat(100_000)}`;
        window.__moving = setInterval(() => history.pushState(null, '', `${long}${n++}`), 100);
        window.__moves = () => n;
      });
      // The page has been moving for a while before the popups open.
      await until(
        () => page.evaluate(() => window.__moves()),
        (n) => n >= 3,
      );
      for (let i = 0; i < 2; i++) {
        const at = Date.now();
        const moving = await browser.interact(tabId, readRows);
        const answered = Date.now() - at;
        assert.equal(moving.state, 'done');
        assert.ok(answered < 10_000, `popup ${i + 1} on a moving page took ${answered} ms`);
        assert.ok(
          moving.rows.some((r) => r.text.includes(approximate)),
          `popup ${i + 1}: no row says: ${approximate}`,
        );
      }
      await page.evaluate(() => clearInterval(window.__moving));
      assert.equal(site.robotsRequests(), 1, 'pushState fetches nothing');
      await page.close();
    });

    test('item 7: a link from a cached origin to an uncached one fetches only the new one', async () => {
      const b = await origin({ robots: 'User-agent: *\nDisallow: /\n' });
      const a = await origin({
        robots: 'User-agent: *\nAllow: /\n',
        pages: {
          '/from': `<!doctype html><html><head><meta charset="utf-8"><title>A</title></head><body><a id="go" href="${b.origin}/to">to B</a></body></html>`,
        },
      });
      const { tabId, page } = await browser.openSite(`${a.origin}/from`);
      const onA = await until(
        () => browser.badge(tabId),
        (x) => x === '✓',
      );
      assert.equal(onA, '✓', 'A allows the page');
      assert.equal(a.robotsRequests(), 1);
      assert.equal(b.robotsRequests(), 0);

      await Promise.all([page.waitForNavigation(), page.click('#go')]);
      const onB = await until(
        () => browser.badge(tabId),
        (x) => x === '✕',
      );
      assert.equal(onB, '✕', 'B disallows the page');
      // A late paint or fetch for the page left would show within this time.
      const later = await stays(
        async () => [await browser.badge(tabId), a.robotsRequests(), b.robotsRequests()],
        ([badge, fromA, fromB]) => badge === '✕' && fromA === 1 && fromB === 1,
        500,
      );
      assert.equal(later[0], '✕', 'the badge stays on B');
      assert.equal(b.robotsRequests(), 1, "B's robots.txt fetched once");
      assert.equal(a.robotsRequests(), 1, "A's robots.txt not fetched again");
      await page.close();
    });

    test('item 7: leaving an origin whose cache entry expired fetches nothing for it', async () => {
      // Firefox reports 'loading' with the URL being left: judged, an uncached origin left is
      // fetched again. Its entry is dropped as the hourly purge drops an expired one.
      const b = await origin({ robots: 'User-agent: *\nDisallow: /\n' });
      const a = await origin({
        robots: 'User-agent: *\nAllow: /\n',
        pages: {
          '/from': `<!doctype html><html><head><meta charset="utf-8"><title>A</title></head><body><a id="go" href="${b.origin}/to">to B</a></body></html>`,
        },
      });
      const { tabId, page } = await browser.openSite(`${a.origin}/from`);
      await until(
        () => browser.badge(tabId),
        (x) => x === '✓',
      );
      const options = await browser.openPage('options.html');
      const left = await options.evaluate(dropCacheEntry, a.origin);
      await options.close();
      assert.deepEqual(left, [], `A's entry dropped (left: ${left})`);

      await Promise.all([page.waitForNavigation(), page.click('#go')]);
      const onB = await until(
        () => browser.badge(tabId),
        (x) => x === '✕',
      );
      assert.equal(onB, '✕', 'B disallows the page');
      // A fetch for the page left would come within this time.
      await stays(
        () => [a.robotsRequests(), b.robotsRequests()],
        ([fromA, fromB]) => fromA === 1 && fromB === 1,
        500,
      );
      assert.equal(b.robotsRequests(), 1, "B's robots.txt fetched once");
      assert.equal(a.robotsRequests(), 1, "A's robots.txt not fetched for the page left");
      await page.close();
    });

    test('items 2 and 3: two origins whose redirect chains share URLs, loaded at once', async () => {
      // One server, two origins: localhost's robots.txt redirects 6 times along /h1…/h6 of
      // 127.0.0.1, whose own robots.txt joins that chain at /h4 (3 redirects). Before item 2,
      // one fetch took the other's hop events: the 6-redirect origin was cached 'ok', 0 hops.
      const log = [];
      const server = createServer((req, res) => {
        log.push(`${req.headers.host?.split(':')[0]} ${req.url}`);
        const here = `http://127.0.0.1:${server.address().port}`;
        const hop = /^\/h(\d)$/.exec(req.url ?? '');
        if (req.url === '/robots.txt') {
          const first = req.headers.host?.startsWith('localhost') ? '/h1' : '/h4';
          return res.writeHead(301, { location: `${here}${first}` }).end();
        }
        if (hop && Number(hop[1]) < 6)
          return res.writeHead(301, { location: `/h${Number(hop[1]) + 1}` }).end();
        if (hop)
          return res
            .writeHead(200, { 'content-type': 'text/plain' })
            .end('User-agent: *\nDisallow: /\n');
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>p</title>');
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      servers.push({
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
      const port = server.address().port;
      const [six, three] = await Promise.all([
        browser.openSite(`http://localhost:${port}/page`),
        browser.openSite(`http://127.0.0.1:${port}/page`),
      ]);
      const badges = await until(
        () => Promise.all([browser.badge(six.tabId), browser.badge(three.tabId)]),
        ([a, b]) => a !== '' && b !== '',
      );
      // More than 5 redirects: no usable robots.txt, allowed; 3 redirects: the file disallows /.
      assert.deepEqual(badges, ['✓', '✕']);
      const sixRows = await browser.interact(six.tabId, readRows);
      const threeRows = await browser.interact(three.tabId, readRows);
      assert.ok(sixRows.summary?.includes('More than 5 redirects'), sixRows.summary);
      assert.ok(threeRows.summary?.includes('after 3 redirects'), threeRows.summary);
      // Item 3: each chain requested hop by hop, the 6th target never.
      const asked = (host) =>
        log.filter(
          (l) => l.startsWith(`${host} `) && (l.endsWith('/robots.txt') || /\/h\d$/.test(l)),
        );
      assert.deepEqual(asked('localhost'), ['localhost /robots.txt']);
      const chainOfSix = ['/h1', '/h2', '/h3', '/h4', '/h5'];
      const seen = asked('127.0.0.1').map((l) => l.slice('127.0.0.1 '.length));
      for (const path of chainOfSix) assert.ok(seen.includes(path), `${path} in ${seen}`);
      assert.equal(
        seen.filter((p) => p === '/h6').length,
        1,
        `only the 3-hop chain asks /h6: ${seen}`,
      );
      await six.page.close();
      await three.page.close();
    });
  });
}
