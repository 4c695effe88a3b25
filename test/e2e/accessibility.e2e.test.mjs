// End-to-end: accessible to everyone (issue 29, item 5), in real Chromium and Firefox ESR. axe-core
// (a dev dependency) checks every view of the popup and the options page, in the light and the
// dark colour scheme, on one rich local site: a robots.txt of several groups that changed since
// the last visit (so History, the "changed" mark and its diff have something to show), a page
// with a meta noindex, an X-Robots-Tag and a canonical. No violation of impact serious or critical
// may be left. Cheap on purpose: one popup page and one options page, the views clicked through
// inside them, axe run per view, then the scheme switched and the same again.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { ask, inPage } from './in-page.mjs';
import { until } from './until.mjs';

/** axe-core's browser build, evaluated in the page from here: extension pages' CSP forbids inline scripts. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The first file, then the one a refresh brings: several groups, AI lines, a problem, sitemaps. */
const ROBOTS = [
  '# Rich robots.txt for the accessibility check',
  'User-agent: *',
  'Disallow: /private/',
  'Allow: /private/open/',
  'Content-Signal: search=yes, ai-train=no',
  '',
  'User-agent: Googlebot',
  'Disallow: /no-google/',
  'disalow: /typo/',
  '',
  'User-agent: GPTBot',
  'User-agent: CCBot',
  'Disallow: /',
  '',
  'User-agent: Bingbot',
  'Crawl-delay: 5',
  'Disallow: /no-bing/',
  '',
  'Sitemap: /relative-sitemap.xml',
  'Sitemap: https://example.com/sitemap.xml',
  '',
].join('\n');
const CHANGED = ROBOTS.replace('Disallow: /no-bing/', 'Disallow: /no-bing/\nDisallow: /article');

/** The page the popup judges: noindex for all, nofollow for Bingbot, a canonical elsewhere. */
const ARTICLE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article</title>' +
  '<meta name="robots" content="noindex, follow"><link rel="canonical" href="/canonical">' +
  '</head><body><h1>Article</h1><p><a href="/a" rel="nofollow">a</a> <a href="/b">b</a></p>' +
  '</body></html>';

async function startSite() {
  const site = { robots: ROBOTS, requests: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      site.requests++;
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    }
    if (req.url === '/favicon.ico') return res.writeHead(404).end();
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-robots-tag': 'bingbot: nofollow',
      })
      .end(ARTICLE);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  site.origin = `http://127.0.0.1:${server.address().port}`;
  site.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return site;
}

/** The impacts that fail the test (axe's four: minor, moderate, serious, critical). */
const FAILING = ['serious', 'critical'];

/**
 * Runs in an extension page where axe is loaded: installs `runAxe(include)`, axe.run over
 * `include` (the whole document when null) giving every violation as { id, impact, targets }
 * (serious and critical ones fail the test; the others are reported, not failed).
 */
const installRunAxe = () => {
  globalThis.runAxe = async (include, contrastOnly = false) => {
    const context = include === null ? document : { include };
    // A second scheme changes colours only, not the document: there, contrast alone is checked.
    const result = contrastOnly
      ? { violations: [] }
      : await globalThis.axe.run(context, {
          resultTypes: ['violations'],
          rules: { 'color-contrast': { enabled: false } },
        });
    // Colour contrast apart, with every scroll box let out: axe cannot see the background of text
    // scrolled out of a box's view (it reports it "incomplete", not failed), which is most of a
    // long panel. Let out, all of it is on the page and checked; the boxes are put back after.
    const roots =
      include === null ? [document.body] : include.map((s) => document.querySelector(s));
    const boxes = roots
      .flatMap((root) => (root === null ? [] : [root, ...root.querySelectorAll('*')]))
      .filter(
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && !el.matches('.file-box'),
      );
    const kept = boxes.map((el) => [el, el.style.cssText]);
    for (const el of boxes) {
      el.style.maxHeight = 'none';
      el.style.overflow = 'visible';
    }
    document.body.style.maxHeight = 'none';
    const contrast = await globalThis.axe.run(context, {
      runOnly: ['color-contrast'],
      resultTypes: ['violations'],
    });
    for (const [el, css] of kept) el.style.cssText = css;
    document.body.style.maxHeight = '';
    return [...result.violations, ...contrast.violations].map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
    }));
  };
  return typeof globalThis.axe?.run;
};

/**
 * Runs in the popup (axe loaded): every view the popup offers, shown in turn and checked; the
 * tester with a draft typed first. The verdicts view is checked over the whole document (header,
 * outcome, page strip, tabs, footer); the others over their own panel.
 */
const checkViews = inPage(async ({ draft, contrastOnly }, h) => {
  const views = h.$$('[role="tab"][data-view]').map((el) => el.getAttribute('data-view'));
  const found = [];
  for (const view of views) {
    if (view === 'tester') await h.typeDraft(draft);
    else await h.show(view);
    // What each view loads or opens on demand, shown too: the file's changes and the export
    // menu, the comparison with the HTML as served, history's versions, the summary's groups.
    if (view === 'verdicts') {
      h.$('button.changed[aria-expanded="false"]')?.click();
      await h.until(() => h.$('.outcome .diff'), 'the changes');
      h.must('details.export-bar').open = true;
    }
    if (view === 'page') {
      await h.until(() => h.$('[data-links]'), 'the link counts');
      if (!h.$('[data-served]')) h.must('button[data-action="compare-served"]').click();
      await h.until(() => h.$('[data-served]') ?? h.$('[data-served-error]'), 'the comparison');
    }
    // A big file's summary shows its groups on demand (this small one shows them at once).
    const details = h.$('button[data-action="summary-details"][aria-expanded="false"]');
    if (view === 'summary' && details) {
      details.click();
      await h.until(() => h.$('#summary-groups'), "the summary's groups");
    }
    if (view === 'history')
      await h.until(() => h.$$('[data-history-version]').length >= 2, 'two versions');
    if (view === 'file') await h.until(() => h.$('.file-line'), 'the file lines');
    const include = view === 'verdicts' ? null : [`#panel-${view}`];
    for (const v of await globalThis.runAxe(include, contrastOnly)) found.push({ view, ...v });
  }
  return { views, found };
});

/** The background colour the page shows: which scheme really applies. */
const background = () => getComputedStyle(document.body).backgroundColor;
const SCHEME_BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(13, 17, 23)' };

/** One violation per line: scheme, page/view, id, impact, the elements it names. */
const describeAll = (list) =>
  list
    .map(
      (v) =>
        `${v.scheme} ${v.where}: ${v.id} (${v.impact}) on ${v.targets.join(', ')}${v.summary ? ` — ${v.summary}` : ''}`,
    )
    .join('\n');

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: accessible to everyone (issue 29, item 5)`, () => {
    let browser;
    let site;

    before(async () => {
      site = await startSite();
      browser = await launch();
    });
    after(async () => {
      await browser?.colorScheme(null).catch(() => {});
      await browser?.close();
      site?.close();
    });

    test('axe: no serious or critical violation in any view or the options page, light and dark', async () => {
      const options = await browser.openPage('options.html');
      // Visited pages kept: History shows the impact table as well.
      const reply = await options.evaluate(ask, ['setSettings', { rememberPaths: true }]);
      assert.equal(reply?.ok, true, JSON.stringify(reply));
      const { tabId } = await browser.openSite(`${site.origin}/article`);
      await until(
        () => browser.badge(tabId),
        (b) => b !== '',
      );
      // The file changed since the last visit: two versions, the "changed" mark.
      site.robots = CHANGED;
      await browser.click(tabId, '[data-action="refresh"]', () => site.requests === 2);
      const popup = await browser.openPage(`popup.html?tab=${tabId}`);
      for (const page of [popup, options]) {
        await page.evaluate(AXE);
        assert.equal(await page.evaluate(installRunAxe), 'function', 'axe loaded');
      }

      const all = [];
      for (const scheme of ['light', 'dark']) {
        await browser.colorScheme(scheme, [popup, options]);
        // A browser-wide pref (Firefox) reaches the pages a moment later: waited for.
        for (const page of [popup, options])
          assert.equal(
            await until(
              () => page.evaluate(background),
              (bg) => bg === SCHEME_BACKGROUND[scheme],
            ),
            SCHEME_BACKGROUND[scheme],
            `the ${scheme} scheme applies`,
          );
        // Every rule in the light scheme; in the dark one the same document, so contrast alone.
        const contrastOnly = scheme === 'dark';
        const seen = await popup.evaluate(checkViews, {
          draft: 'User-agent: *\nDisallow: /article\n',
          contrastOnly,
        });
        assert.ok(seen.views.length >= 8, `views offered: ${seen.views}`);
        for (const v of seen.found) all.push({ scheme, where: `popup ${v.view}`, ...v });
        for (const v of await options.evaluate(
          (only) => globalThis.runAxe(null, only),
          contrastOnly,
        ))
          all.push({ scheme, where: 'options', ...v });
        // Back to the verdicts for the next scheme.
        await popup.evaluate(inPage((_, h) => h.show('verdicts')));
      }
      const failing = all.filter((v) => FAILING.includes(v.impact));
      const others = all.filter((v) => !FAILING.includes(v.impact));
      if (others.length > 0) console.log(`axe, not failing:\n${describeAll(others)}`);
      assert.equal(failing.length, 0, `axe violations:\n${describeAll(failing)}`);
    });
  });
}
