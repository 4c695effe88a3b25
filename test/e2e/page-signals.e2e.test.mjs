// End-to-end: page-level signals (issue 11) in real Chromium and Firefox ESR. Beside the
// robots.txt verdict, each robot's row says what the page itself tells that robot (meta robots
// tags as rendered, X-Robots-Tag headers as served); the popup shows the canonical, a Page view
// with problems, link counts, a link highlighter and a comparison with the HTML as served; the
// badge shows ⊘ for a page that robots.txt allows but that says noindex to the first robot.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { startPageSite } from './page-sites.mjs';
import { stays, until } from './until.mjs';

const ROBOTS = [
  'Googlebot',
  'Bingbot',
  'Applebot',
  'Google-Extended',
  'GPTBot',
  'ClaudeBot',
  'PerplexityBot',
  'CCBot',
];

/** Runs in the popup: what it shows of the page-level signals. */
const readSignals = async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const rows = {};
  for (const el of document.querySelectorAll('[data-robot]')) {
    rows[el.getAttribute('data-robot')] = {
      verdict: el.getAttribute('data-verdict'),
      index: el.getAttribute('data-page-index'),
      follow: el.getAttribute('data-page-follow'),
      indexable: el.getAttribute('data-indexable'),
      text: el.innerText,
    };
  }
  const headline = document.querySelector('[data-headline]');
  const reply = await api.runtime
    .sendMessage({ __robotsLens: true, name: 'debugInfo', req: {} })
    .catch(() => null);
  return {
    state: document.body.dataset.state,
    order: [...document.querySelectorAll('[data-robot]')].map((el) =>
      el.getAttribute('data-robot'),
    ),
    rows,
    canonicals: [...document.querySelectorAll('[data-canonical]')].map((el) => ({
      value: el.getAttribute('data-canonical'),
      visible: el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    })),
    headers: [...document.querySelectorAll('[data-headers]')].map((el) =>
      el.getAttribute('data-headers'),
    ),
    headline: headline && {
      state: headline.getAttribute('data-headline'),
      text: headline.innerText,
      count: document.querySelectorAll('[data-headline]').length,
    },
    // How far the page itself scrolls: nothing, the view shown is the one scroll (issue 29).
    pageOverflow: document.documentElement.scrollHeight - innerHeight,
    pageStatus: [...document.querySelectorAll('[data-page-status]')].map((el) =>
      el.getAttribute('data-page-status'),
    ),
    redirects: [...document.querySelectorAll('[data-redirect-status]')].map((el) => ({
      status: el.getAttribute('data-redirect-status'),
      text: el.textContent,
    })),
    view: document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-view'),
    text: document.body.innerText,
    pwned: window.__pwned ?? null,
    injected: document.querySelectorAll('img[src="x"], [onerror]').length,
    scriptLinks: [...document.querySelectorAll('a[href]')]
      .map((a) => a.getAttribute('href'))
      .filter((href) => /^\s*javascript:/i.test(href)),
    backgroundErrors: reply?.ok
      ? reply.value.errors.reduce((sum, e) => sum + e.count, 0)
      : `debugInfo: ${JSON.stringify(reply)}`,
  };
};

/** Runs in the popup: opens the Page view and reads it (problems, link counts, controls). */
const readPageView = async () => {
  const tab = document.querySelector('[role="tab"][data-view="page"]');
  if (!tab) return { error: 'no [role="tab"][data-view="page"] in the popup' };
  // The rows, as the verdicts view shows them before the Page view replaces it.
  const rows = {};
  for (const el of document.querySelectorAll('[data-robot]')) {
    rows[el.getAttribute('data-robot')] = {
      index: el.getAttribute('data-page-index'),
      follow: el.getAttribute('data-page-follow'),
      lines: [...el.querySelectorAll('.page-line')].map((line) => line.textContent),
    };
  }
  tab.click();
  for (
    const end = Date.now() + 30_000;
    !document.querySelector('[data-links]') && Date.now() < end;
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const links = document.querySelector('[data-links]');
  const highlight = document.querySelector('input[data-highlight-links]');
  return {
    selected: tab.getAttribute('aria-selected'),
    problems: [...document.querySelectorAll('[data-page-problem]')].map((el) =>
      el.getAttribute('data-page-problem'),
    ),
    links: links && {
      total: links.getAttribute('data-total'),
      nofollow: links.getAttribute('data-nofollow'),
      ugc: links.getAttribute('data-ugc'),
      sponsored: links.getAttribute('data-sponsored'),
    },
    highlight: highlight && { type: highlight.type, checked: highlight.checked },
    compare: document.querySelector('button[data-action="compare-served"]') !== null,
    rows,
    readings: Object.fromEntries(
      [...document.querySelectorAll('[data-page-reads]')].map((el) => [
        el.getAttribute('data-page-reads'),
        [
          el.getAttribute('data-names'),
          el.getAttribute('data-names-documented'),
          el.getAttribute('data-combining'),
          el.getAttribute('data-combining-documented'),
        ].join(' | '),
      ]),
    ),
    pwned: window.__pwned ?? null,
    injected: document.querySelectorAll('img[src="x"], [onerror]').length,
  };
};

/** Runs in the popup (Page view open): clicks "compare with served" and waits for its findings. */
const compareServed = inPage(async (_, h) => {
  const button = h.$('button[data-action="compare-served"]');
  if (!button) return { error: 'no button[data-action="compare-served"]' };
  button.click();
  const findings = () =>
    h.$$('[data-served-finding]').map((el) => el.getAttribute('data-served-finding'));
  await h.until(() => findings().length > 0, 'the findings', 10_000).catch(() => {});
  return { findings: await h.settle(findings, 'the findings'), state: document.body.dataset.state };
});

/**
 * Runs in the popup (Page view open): clicks "compare with served" and waits for its end, the
 * comparison or the reason it failed; `busy` says the button still waits ("Fetching the page…").
 */
const compareServedEnd = inPage(async (_, h) => {
  const button = h.$('button[data-action="compare-served"]');
  if (!button) return { error: 'no button[data-action="compare-served"]' };
  button.click();
  await h
    .until(() => h.$('[data-served]') ?? h.$('[data-served-error]'), 'the comparison', 10_000)
    .catch(() => {});
  return {
    served: h.$('[data-served]') !== null,
    finalUrl: h.$('[data-served-url]')?.getAttribute('data-served-url') ?? null,
    failure: h.$('[data-served-error]')?.textContent ?? null,
    findings: h.$$('[data-served-finding]').map((el) => el.getAttribute('data-served-finding')),
    busy: button.disabled,
  };
});

/** Runs in an extension page: waits until the tab's URL is `url`; returns the last one seen. */
const waitTabUrl = async ({ tabId, url }) => {
  const api = globalThis.browser ?? globalThis.chrome;
  let seen = null;
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    seen = (await api.tabs.get(tabId)).url;
    if (seen === url) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return seen;
};

/** Runs in the site page: the computed outline style of each element, by id. */
const outlines = (ids) =>
  Object.fromEntries(
    ids.map((id) => [id, getComputedStyle(document.getElementById(id)).outlineStyle]),
  );

/** [robot, data-page-index, data-page-follow] for every robot. */
const all = (index, follow) => ROBOTS.map((robot) => [robot, index, follow]);

/**
 * [path, what it is, [robot, data-page-index, data-page-follow] …]: the rows a page's own signals
 * give. The robots.txt allows all of them.
 */
const SIGNALS = [
  ['/meta/noindex', 'meta robots noindex', ...all('noindex', 'follow')],
  ['/meta/upper', 'meta ROBOTS "NOINDEX, NOFOLLOW" in upper case', ...all('noindex', 'nofollow')],
  [
    '/meta/googlebot-noindex',
    'meta googlebot noindex',
    ['Googlebot', 'noindex', 'follow'],
    ['Bingbot', 'index', 'follow'],
    ['GPTBot', 'index', 'follow'],
    ['CCBot', 'index', 'follow'],
  ],
  [
    '/meta/bingbot-nofollow',
    'meta bingbot nofollow',
    ['Googlebot', 'index', 'follow'],
    ['Bingbot', 'index', 'nofollow'],
    ['GPTBot', 'index', 'follow'],
  ],
  ['/meta/conflict', 'meta robots "index, follow" and "noindex"', ...all('noindex', 'follow')],
  ['/meta/none', 'no signals', ...all('index', 'follow')],
  [
    '/meta/nofollow-googlebot-noindex',
    'meta robots nofollow and googlebot noindex',
    ['Googlebot', 'noindex', 'nofollow'],
    ['Bingbot', 'index', 'nofollow'],
    ['GPTBot', 'index', 'nofollow'],
  ],
  [
    '/meta/googlebot-news',
    'meta googlebot-news noindex (not for Googlebot)',
    ['Googlebot', 'index', 'follow'],
    ['Bingbot', 'index', 'follow'],
  ],
  ['/meta/typo', 'meta robots "noindex, nofolow"', ['Googlebot', 'noindex', null]],
  ['/header/noindex', 'X-Robots-Tag: noindex', ...all('noindex', 'follow')],
  [
    '/header/scoped',
    'X-Robots-Tag: googlebot: nofollow + X-Robots-Tag: bingbot: noindex',
    ['Googlebot', 'index', 'nofollow'],
    ['Bingbot', 'noindex', 'follow'],
    ['Applebot', 'index', 'follow'],
    ['GPTBot', 'index', 'follow'],
  ],
  [
    '/header/unavailable-past',
    'X-Robots-Tag: unavailable_after in 2010',
    ['Googlebot', 'noindex', 'follow'],
  ],
  [
    '/header/unavailable-future',
    'X-Robots-Tag: unavailable_after in 2999',
    ['Googlebot', 'index', 'follow'],
  ],
  [
    '/header/unavailable-bad',
    'X-Robots-Tag: unavailable_after: someday (ignored)',
    ['Googlebot', 'index', 'follow'],
  ],
  [
    '/script/added',
    'meta robots noindex added by script',
    ['Googlebot', 'noindex', 'follow'],
    ['Bingbot', 'noindex', 'follow'],
  ],
  [
    '/script/removed',
    'meta robots noindex served, removed by script',
    ['Googlebot', 'index', 'follow'],
    ['Bingbot', 'index', 'follow'],
  ],
];

/** [path, badge] in the default mode, first robot Googlebot. */
const BADGES = [
  ['/meta/none', '✓'],
  ['/meta/bingbot-nofollow', '✓'],
  ['/meta/googlebot-news', '✓'],
  ['/blocked/plain', '✕'],
  ['/blocked/noindex', '✕'],
  ['/meta/noindex', '⊘'],
  ['/meta/googlebot-noindex', '⊘'],
  ['/header/noindex', '⊘'],
  ['/status/404', '⊘'],
];

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: page-level signals`, () => {
    let site;
    let browser;

    before(async () => {
      site = await startPageSite();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      site?.close();
    });

    /** Opens a page of the site in a new tab, closed when the test ends. */
    const open = async (t, path) => {
      const opened = await browser.openSite(site.url(path));
      t.after(() => opened.page.close().catch(() => {}));
      assert.equal(typeof opened.tabId, 'number', `no tab found for ${path}`);
      return opened;
    };
    /** The popup for a tab, read once it is done. */
    const signals = async (tabId) => {
      const seen = await browser.interact(tabId, readSignals);
      assert.equal(seen.state, 'done');
      assert.deepEqual(seen.order, ROBOTS);
      return seen;
    };
    /** The popup left open, for clicking around; closed when the test ends. */
    const openPopup = async (t, tabId) => {
      const page = await browser.openPage(`popup.html?tab=${tabId}`);
      t.after(() => page.close().catch(() => {}));
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
      return page;
    };
    const row = (seen, robot) => {
      const r = seen.rows[robot];
      return r && [robot, r.index, r.follow];
    };

    for (const [path, what, ...expected] of SIGNALS) {
      const names = expected
        .slice(0, 3)
        .map(([robot, index, follow]) => `${robot} ${index}${follow ? `/${follow}` : ''}`)
        .join(', ');
      test(`${what} (${path}): ${names}${expected.length > 3 ? ', …' : ''}`, async (t) => {
        const { tabId } = await open(t, path);
        const seen = await signals(tabId);
        assert.deepEqual(seen.headers, ['seen'], 'exactly one [data-headers], "seen"');
        const got = expected.map(([robot, , follow]) => {
          const r = row(seen, robot);
          return follow === null ? r?.slice(0, 2) : r;
        });
        const want = expected.map((e) => (e[2] === null ? e.slice(0, 2) : e));
        assert.deepEqual(got, want);
        for (const robot of ROBOTS) {
          assert.equal(seen.rows[robot].verdict, 'allowed', `${robot}: robots.txt allows ${path}`);
        }
        // Issue 29, items 1 and 2: a 200 page robots.txt allows is indexable as its words say, in
        // the row and in the headline (Googlebot, the first robot).
        const google = seen.rows.Googlebot;
        const answer = { index: 'yes', noindex: 'no', unknown: 'unknown' }[google.index];
        assert.deepEqual(seen.pageStatus, ['200']);
        assert.equal(google.indexable, answer, `Googlebot's data-indexable on ${path}`);
        assert.equal(
          seen.headline?.state,
          { yes: 'indexable', no: 'not-indexable', unknown: 'unknown' }[answer],
        );
      });
    }

    // Issue 29, item 1 (Google Search Central, "How HTTP status codes affect Google Search": 4xx
    // and 5xx URLs are not indexed; a redirect's target is indexed in its place).
    test("the page's own status: a 404 is not indexable whatever robots.txt says, in every row and the headline", async (t) => {
      const { tabId } = await open(t, '/status/404');
      const seen = await signals(tabId);
      assert.deepEqual(seen.pageStatus, ['404']);
      for (const robot of ROBOTS) {
        assert.equal(seen.rows[robot].verdict, 'allowed', `${robot}: robots.txt allows it`);
        assert.equal(seen.rows[robot].indexable, 'no', `${robot}: data-indexable`);
      }
      assert.equal(seen.headline?.count, 1);
      assert.equal(seen.headline?.state, 'not-indexable');
      assert.match(seen.headline.text, /^. Googlebot: crawlable, not indexable — .*404 Not Found/);
      assert.match(seen.rows.Googlebot.text, /answered 404 Not Found/);
      assert.match(seen.rows.Googlebot.text, /the 404 decides/, 'its pills greyed, and why');
      assert.ok(seen.pageOverflow <= 1, `the page itself scrolls by ${seen.pageOverflow} px`);
      assert.doesNotMatch(seen.rows.GPTBot.text, /404/, 'GPTBot keeps no search index');
    });

    test('a 503 page: status 503, not indexable', async (t) => {
      const error = await signals((await open(t, '/status/503')).tabId);
      assert.deepEqual(error.pageStatus, ['503']);
      assert.equal(error.headline?.state, 'not-indexable');
      assert.equal(error.rows.Googlebot.indexable, 'no');
    });

    test('a page reached through two redirects: each hop with its status; the page it landed on is judged', async (t) => {
      const { tabId } = await open(t, '/hop/2/0');
      const seen = await signals(tabId);
      assert.deepEqual(seen.pageStatus, ['200']);
      assert.deepEqual(
        seen.redirects.map((r) => [
          r.status,
          r.text.includes(`/hop/2/${seen.redirects.indexOf(r)}`),
        ]),
        [
          ['302', true],
          ['302', true],
        ],
      );
      assert.equal(seen.headline?.state, 'indexable');
      assert.match(
        seen.headline.text,
        /Reached through 2 redirects from http:\/\/127\.0\.0\.1:\d+\/hop\/2\/0/,
      );
    });

    test('text/plain with X-Robots-Tag: noindex: noindex from the header alone, no canonical', async (t) => {
      const { tabId } = await open(t, '/plain');
      const seen = await signals(tabId);
      assert.deepEqual(seen.headers, ['seen']);
      assert.deepEqual(row(seen, 'Googlebot'), ['Googlebot', 'noindex', 'follow']);
      assert.deepEqual(row(seen, 'Bingbot'), ['Bingbot', 'noindex', 'follow']);
      assert.deepEqual(seen.canonicals, [], "Firefox's own <link rel=stylesheet> is no canonical");
    });

    test('a canonical by <link>, relative: the absolute URL, visible without clicking a tab', async (t) => {
      const { tabId } = await open(t, '/canonical/tag');
      const seen = await signals(tabId);
      assert.equal(seen.view, 'verdicts', 'the popup opens on the verdicts');
      assert.deepEqual(seen.canonicals, [{ value: site.url('/canonical-target'), visible: true }]);
    });

    test('a canonical by Link header', async (t) => {
      const { tabId } = await open(t, '/canonical/header');
      const seen = await signals(tabId);
      assert.deepEqual(seen.canonicals, [{ value: site.url('/c'), visible: true }]);
    });

    test('no canonical declared: no data-canonical', async (t) => {
      const { tabId } = await open(t, '/meta/none');
      const seen = await signals(tabId);
      assert.deepEqual(seen.canonicals, []);
    });

    test('a cross-host canonical is reported as a problem and not visited', async (t) => {
      const { tabId, page } = await open(t, '/canonical/cross-host');
      const seen = await signals(tabId);
      assert.deepEqual(
        seen.canonicals.map((c) => c.value),
        ['https://example.org/x'],
      );
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.equal(view.selected, 'true');
      assert.ok(view.problems.includes('canonical-cross-host'), `problems: ${view.problems}`);
      assert.equal(await page.evaluate(() => location.href), site.url('/canonical/cross-host'));
    });

    test('a javascript: canonical is shown as text, never as a link, and reported', async (t) => {
      const { tabId } = await open(t, '/canonical/javascript');
      const seen = await signals(tabId);
      assert.deepEqual(
        seen.canonicals.map((c) => c.value),
        ['javascript:alert(1)'],
      );
      assert.deepEqual(seen.scriptLinks, [], 'no <a href="javascript:…"> in the popup');
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.ok(view.problems.includes('canonical-not-http'), `problems: ${view.problems}`);
      assert.equal(seen.pwned, null);
    });

    test('an unknown directive ("noindex, nofolow") is reported', async (t) => {
      const { tabId } = await open(t, '/meta/typo');
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.ok(view.problems.includes('unknown-directive'), `problems: ${view.problems}`);
    });

    test('an unreadable unavailable_after date is reported', async (t) => {
      const { tabId } = await open(t, '/header/unavailable-bad');
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.ok(view.problems.includes('bad-date'), `problems: ${view.problems}`);
    });

    // Issue 31, items 2-4: each vendor's names and combining rule, and a date read as UTC, from
    // one popup opening.
    test("each vendor's names and combining rule, said in the rows and the Page view", async (t) => {
      const { tabId } = await open(t, '/meta/vendor-rules');
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      // GPTBot's operator documents no name: the tag named for it addresses nobody, and says so.
      assert.deepEqual(
        ['GPTBot', 'Googlebot', 'Bingbot'].map((r) => [
          r,
          view.rows[r]?.index,
          view.rows[r]?.follow,
        ]),
        [
          ['GPTBot', 'index', 'follow'],
          ['Googlebot', 'index', 'nofollow'],
          ['Bingbot', 'noindex', 'follow'],
        ],
      );
      assert.ok(view.problems.includes('unread-robots-name'), `problems: ${view.problems}`);
      const google = view.rows.Googlebot.lines.join('\n');
      assert.match(google, /Google documents that the more restrictive rule applies/);
      // The unavailable_after date names no zone: read as UTC, and the row says so.
      assert.match(google, /2099/);
      assert.match(google, /names no time zone: the date was read as UTC/);
      // Bing documents no rule for directives that disagree: the more restrictive is assumed.
      const bing = view.rows.Bingbot.lines.join('\n');
      assert.match(bing, /Bingbot's operator documents no rule for this/);
      assert.deepEqual(
        ['Googlebot', 'Bingbot', 'Applebot', 'GPTBot'].map((r) => view.readings[r]),
        [
          'robots googlebot | true | restrictive | true',
          'robots bingbot msnbot | true | restrictive | false',
          'robots | true | restrictive | false',
          'robots | false | restrictive | false',
        ],
      );
      assert.equal(view.readings['Google-Extended'], undefined, 'a control token reads no page');
    });

    test('a page with no signals has none of these problems', async (t) => {
      const { tabId } = await open(t, '/meta/none');
      const view = await browser.interact(tabId, readPageView);
      assert.equal(view.error, undefined, view.error);
      const known = ['unknown-directive', 'canonical-cross-host', 'bad-date', 'canonical-not-http'];
      assert.deepEqual(
        view.problems.filter((p) => known.includes(p)),
        [],
      );
    });

    test('blocked by robots.txt and noindex: both shown, with a warning', async (t) => {
      const { tabId } = await open(t, '/blocked/noindex');
      const seen = await signals(tabId);
      const googlebot = seen.rows.Googlebot;
      assert.equal(googlebot.verdict, 'disallowed');
      assert.equal(googlebot.index, 'noindex', 'a robots.txt block does not change the signals');
      assert.ok(googlebot.text.includes('robots.txt'), `Googlebot's row: ${googlebot.text}`);
      // Issue 29, item 2: the headline names the line and what the block hides.
      assert.equal(googlebot.indexable, 'no');
      assert.equal(seen.headline?.state, 'blocked');
      assert.match(
        seen.headline.text,
        /blocked by robots\.txt line 2 — the page's noindex is never seen/,
      );
    });

    test('after history.pushState the response headers no longer apply', async (t) => {
      const { tabId, page } = await open(t, '/push/header');
      const first = await signals(tabId);
      assert.deepEqual(first.headers, ['seen']);
      assert.equal(first.rows.Googlebot.index, 'noindex', 'before: from the header');
      await page.evaluate(() => history.pushState({}, '', '/moved'));
      const url = site.url('/moved');
      assert.equal(await browser.interact(tabId, waitTabUrl, { tabId, url }), url);
      const seen = await signals(tabId);
      assert.deepEqual(seen.headers, ['unknown']);
      assert.equal(seen.rows.Googlebot.index, 'unknown');
      assert.equal(seen.rows.Bingbot.index, 'unknown');
      // The server never answered this URL: its status, and so the answer, are unknown, not green.
      assert.deepEqual(seen.pageStatus, ['unknown']);
      assert.equal(seen.rows.Googlebot.indexable, 'unknown');
      assert.equal(seen.headline?.state, 'unknown');
    });

    test('after history.pushState a meta noindex in the DOM still counts', async (t) => {
      const { tabId, page } = await open(t, '/push/meta');
      await page.evaluate(() => history.pushState({}, '', '/moved'));
      const url = site.url('/moved');
      assert.equal(await browser.interact(tabId, waitTabUrl, { tabId, url }), url);
      const seen = await signals(tabId);
      assert.deepEqual(seen.headers, ['unknown']);
      assert.equal(seen.rows.Googlebot.index, 'noindex');
      assert.equal(seen.rows.Bingbot.index, 'noindex');
      assert.equal(seen.rows.Googlebot.indexable, 'no');
      assert.equal(seen.headline?.state, 'not-indexable');
    });

    test("the tab's snapshot first, then the popup's own reading of the page in its place", async (t) => {
      // Issue 12, speed: the popup opens on the background's last report for the tab (here, from
      // the page loading), then shows its own. A noindex added after the load is seen by the
      // popup's own reading: the row ends on it.
      const { tabId, page } = await open(t, '/meta/none');
      // The background judged the loaded page: its snapshot is kept.
      const key = `tab-report:${tabId}`;
      await until(
        () => browser.storageKeys('session'),
        (keys) => keys.includes(key),
      );
      await page.evaluate(() => {
        const m = document.createElement('meta');
        m.name = 'robots';
        m.content = 'noindex';
        document.head.append(m);
      });
      // The popup's own report reads the page again: with the page's main thread busy for a
      // while (and the background asleep, in Chromium), it comes late, so the snapshot surely
      // comes first, however slow the machine.
      await browser.sleepBackground();
      await page.evaluate(() => {
        setTimeout(() => {
          const end = Date.now() + 1500;
          while (Date.now() < end);
        }, 0);
      });
      // The popup says 'done' once its own report is on screen (the seam tests wait for).
      const seen = await browser.interact(tabId, () => {
        const at = (name) => performance.getEntriesByName(`robots-lens:${name}`)[0]?.startTime;
        return {
          shownFirst: at('fresh') !== undefined && at('verdicts') < at('fresh'),
          state: document.body.dataset.state,
          index: document
            .querySelector('[data-robot="Googlebot"]')
            ?.getAttribute('data-page-index'),
        };
      });
      assert.equal(seen.shownFirst, true, 'the snapshot on screen before the report');
      assert.equal(seen.state, 'done');
      assert.equal(seen.index, 'noindex', 'the row ends on what the page says now');
    });

    test('links: counts by rel; the highlighter outlines nofollow, ugc and sponsored links', async (t) => {
      const { tabId, page } = await open(t, '/links');
      const marked = ['n1', 'n2', 'n3', 's1'];
      const plain = ['p1', 'p2', 'p3', 'x1'];
      const ids = [...marked, ...plain];
      const none = Object.fromEntries(ids.map((id) => [id, 'none']));
      assert.deepEqual(await page.evaluate(outlines, ids), none, 'no outline before');

      const popup = await openPopup(t, tabId);
      const view = await popup.evaluate(readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.deepEqual(view.links, { total: '8', nofollow: '3', ugc: '1', sponsored: '2' });
      assert.deepEqual(view.highlight, { type: 'checkbox', checked: false }, 'off by default');
      assert.deepEqual(await page.evaluate(outlines, ids), none, 'off: no outline');

      const poll = (want) => until(() => page.evaluate(outlines, ids), want);
      await popup.evaluate(() => document.querySelector('input[data-highlight-links]').click());
      const on = await poll((o) => marked.every((id) => o[id] !== 'none'));
      for (const id of marked) assert.notEqual(on[id], 'none', `${id} outlined: ${on[id]}`);
      for (const id of plain) assert.equal(on[id], 'none', `${id} not outlined`);

      await popup.evaluate(() => document.querySelector('input[data-highlight-links]').click());
      const off = await poll((o) => ids.every((id) => o[id] === 'none'));
      assert.deepEqual(off, none, 'switched off again: no outline, without a reload');
      assert.equal(site.gets('/links').length, 1, 'the page was not reloaded');
    });

    test('compare with the served HTML: a noindex removed by script, one GET, no cookie', async (t) => {
      const path = '/script/removed';
      const { tabId, page } = await open(t, path);
      const inThePage = await page.evaluate(() => ({
        cookie: document.cookie,
        meta: document.querySelector('meta[name="robots"]') !== null,
      }));
      assert.deepEqual(inThePage, { cookie: 'session=1', meta: false }, 'the script ran');

      const popup = await openPopup(t, tabId);
      const view = await popup.evaluate(readPageView);
      assert.equal(view.error, undefined, view.error);
      assert.equal(view.compare, true, 'a compare-served button');
      const before = site.gets(path).length;
      const result = await popup.evaluate(compareServed);
      // A second GET would come within this time.
      await stays(
        () => site.gets(path).length - before,
        (n) => n <= 1,
        300,
      );
      const requests = site.gets(path).slice(before);
      assert.ok(result.findings.includes('removed-by-script'), `findings: ${result.findings}`);
      assert.ok(!result.findings.includes('added-by-script'), `findings: ${result.findings}`);
      assert.equal(requests.length, 1, `GETs after the click: ${JSON.stringify(requests)}`);
      assert.equal(requests[0].cookie, null, 'fetched without cookies');

      // The cookie is real: the page's own requests carry it.
      await page.evaluate(() => fetch('/cookie-probe').then((r) => r.text()));
      assert.equal(site.gets('/cookie-probe').at(-1)?.cookie, 'session=1');
    });

    test('compare with the served HTML: a noindex added by script', async (t) => {
      const { tabId } = await open(t, '/script/added');
      const popup = await openPopup(t, tabId);
      const view = await popup.evaluate(readPageView);
      assert.equal(view.error, undefined, view.error);
      const result = await popup.evaluate(compareServed);
      assert.ok(result.findings.includes('added-by-script'), `findings: ${result.findings}`);
      assert.ok(!result.findings.includes('removed-by-script'), `findings: ${result.findings}`);
    });

    test('compare with the served HTML: the same when no script changes the tags', async (t) => {
      const { tabId } = await open(t, '/meta/noindex');
      const popup = await openPopup(t, tabId);
      const view = await popup.evaluate(readPageView);
      assert.equal(view.error, undefined, view.error);
      const result = await popup.evaluate(compareServed);
      assert.ok(result.findings.length > 0, 'findings shown');
      assert.ok(
        result.findings.every((f) => f === 'same'),
        `findings: ${result.findings}`,
      );
    });

    /**
     * A tab whose URL, when fetched, redirects `redirects` times (/hop/<n>/0 … /hop/<n>/<n>): the
     * page moves its URL there itself (history.replaceState), so only the compare requests it.
     */
    const openOnChain = async (t, redirects) => {
      const { tabId, page } = await open(t, '/meta/none');
      const path = `/hop/${redirects}/0`;
      await page.evaluate((to) => history.replaceState({}, '', to), path);
      const url = site.url(path);
      assert.equal(await browser.interact(tabId, waitTabUrl, { tabId, url }), url);
      const popup = await openPopup(t, tabId);
      const view = await popup.evaluate(readPageView);
      assert.equal(view.error, undefined, view.error);
      return popup;
    };
    const hopsAsked = (redirects) =>
      site.log.filter((r) => r.path.startsWith(`/hop/${redirects}/`)).map((r) => r.path);

    test('compare with the served HTML: a URL that redirects 6 times stops at the 5th and says why', async (t) => {
      // Issue 28, item 4: the one fetch policy, at most 5 redirects, the 6th target never asked.
      const popup = await openOnChain(t, 6);
      const result = await popup.evaluate(compareServedEnd);
      assert.equal(result.served, false, `compared: ${JSON.stringify(result)}`);
      assert.equal(result.busy, false, 'not "Fetching the page…" forever');
      assert.match(result.failure ?? '', /redirects more than 5 times/, result.failure);
      assert.doesNotMatch(result.failure, /could not be reached/, 'not worded as a network error');
      assert.deepEqual(
        hopsAsked(6),
        ['/hop/6/0', '/hop/6/1', '/hop/6/2', '/hop/6/3', '/hop/6/4', '/hop/6/5'],
        'six requests, each answered by a redirect; the 6th redirect’s target never requested',
      );
    });

    test('compare with the served HTML: a URL that redirects once is compared at its target, which is said', async (t) => {
      const popup = await openOnChain(t, 1);
      const result = await popup.evaluate(compareServedEnd);
      assert.equal(result.failure, null, result.failure);
      assert.equal(result.served, true);
      assert.equal(result.finalUrl, site.url('/hop/1/1'), 'the final URL is said');
      assert.deepEqual(result.findings, ['same'], `findings: ${result.findings}`);
      assert.deepEqual(hopsAsked(1), ['/hop/1/0', '/hop/1/1'], 'one GET per hop, no more');
    });

    test('badge: ✓ indexable, ✕ blocked by robots.txt, ⊘ allowed but noindex', async (t) => {
      const tabs = {};
      for (const [path] of BADGES) tabs[path] = (await open(t, path)).tabId;
      const badges = Object.fromEntries(
        await Promise.all(
          BADGES.map(async ([path, want]) => [
            path,
            await until(
              () => browser.badge(tabs[path]),
              (badge) => badge === want,
            ),
          ]),
        ),
      );
      assert.deepEqual(badges, Object.fromEntries(BADGES));
      for (const [path, badge] of BADGES) {
        const title = await browser.title(tabs[path]);
        if (path === '/status/404') assert.match(title, /404 Not Found/, `${path}: ${title}`);
        else if (badge === '⊘') assert.match(title, /noindex/i, `${path}: ${title}`);
        if (path === '/meta/none') assert.doesNotMatch(title, /noindex/i, `${path}: ${title}`);
      }
    });

    /** The popup of a hostile page: done, nothing ran, nothing injected, no background error. */
    const hostile = async (t, path) => {
      const errorsBefore = await browser.interact((await open(t, '/meta/none')).tabId, readSignals);
      const { tabId, page } = await open(t, path);
      const seen = await signals(tabId);
      const view = await browser.interact(tabId, readPageView);
      assert.equal(seen.pwned, null);
      assert.equal(seen.injected, 0);
      assert.equal(view.pwned ?? null, null);
      assert.equal(view.injected ?? 0, 0);
      assert.equal(await page.evaluate(() => window.__pwned ?? null), null, 'in the page');
      assert.equal(typeof seen.backgroundErrors, 'number', String(seen.backgroundErrors));
      assert.equal(seen.backgroundErrors, errorsBefore.backgroundErrors, 'no background error');
      for (const robot of ROBOTS) {
        const { index, follow } = seen.rows[robot];
        assert.ok(['index', 'noindex', 'unknown'].includes(index), `${robot}: index ${index}`);
        assert.ok(['follow', 'nofollow', 'unknown'].includes(follow), `${robot}: follow ${follow}`);
      }
      assert.equal(view.error, undefined, view.error);
      return { seen, view, page };
    };

    test('hostile: a 1 MB meta robots content with markup', async (t) => {
      const { seen } = await hostile(t, '/hostile/big-meta');
      assert.equal(seen.rows.Googlebot.index, 'noindex');
    });

    test('hostile: 500 X-Robots-Tag headers with markup', async (t) => {
      const { seen } = await hostile(t, '/hostile/many-headers');
      assert.equal(seen.rows.Googlebot.index, 'noindex', 'the first header is a generic noindex');
    });

    test('hostile: control characters and markup in a canonical URL', async (t) => {
      const { seen, page } = await hostile(t, '/hostile/control-canonical');
      const resolved = await page.evaluate(
        () => document.querySelector('link[rel=canonical]').href,
      );
      assert.ok(seen.canonicals.length <= 1, JSON.stringify(seen.canonicals));
      for (const { value } of seen.canonicals) {
        assert.equal(value, resolved, 'the URL as the browser resolves it');
        // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
        assert.doesNotMatch(value, /[\u0000-\u001f\u007f]/, 'no raw control characters');
      }
      assert.deepEqual(seen.scriptLinks, []);
    });

    test('hostile: markup in a meta content and a canonical href is shown as text', async (t) => {
      const { seen } = await hostile(t, '/hostile/xss');
      assert.equal(seen.rows.Googlebot.index, 'noindex');
      assert.equal(seen.canonicals.length, 1);
      assert.ok(seen.canonicals[0].value.startsWith(site.url('/x')), seen.canonicals[0].value);
    });
  });
}
