// End-to-end: the Page view's sitemap check (issue 29, item 6) in real Chromium and Firefox ESR,
// on a local site whose robots.txt names a sitemap index with two children, one gzipped
// (application/gzip). Nothing is read before the click; then the popup says whether the page is
// listed, in how many sitemaps, and what contradicts the listing, with the seams
// [data-sitemap-listed] and [data-sitemap-problem]. Each page costs one popup opening.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { startSitemapSite } from './sitemap-sites.mjs';

/** Runs in the popup: opens the Page view, clicks "Check the sitemaps", reads the answer. */
const checkSitemaps = inPage(async (_, h) => {
  await h.show('page');
  const button = await h.until(
    () => h.$('button[data-action="check-sitemaps"]'),
    'button[data-action="check-sitemaps"]',
  );
  const before = document.querySelector('[data-sitemap-listed]') !== null;
  button.click();
  await h
    .until(() => h.$('[data-sitemap-listed]') ?? h.$('[data-sitemap-error]'), 'the answer', 20_000)
    .catch(() => {});
  const listed = h.$('[data-sitemap-listed]');
  return {
    before,
    listed: listed?.getAttribute('data-sitemap-listed') ?? null,
    count: listed?.getAttribute('data-sitemap-count') ?? null,
    sentence: listed?.textContent ?? null,
    error: h.$('[data-sitemap-error]')?.textContent ?? null,
    problems: h.$$('[data-sitemap-problem]').map((el) => el.getAttribute('data-sitemap-problem')),
    listings: h.$$('[data-sitemap-listing]').map((el) => el.getAttribute('data-sitemap-listing')),
    files: h.$$('[data-sitemap-file]').map((el) => el.getAttribute('data-sitemap-file')),
    readProblems: h.$$('[data-sitemap-read-problem]').map((el) => el.textContent),
    busy: button.disabled,
    injected: document.querySelectorAll('img[src="x"], [onerror]').length,
  };
});

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: is this page in the site's sitemaps?`, () => {
    let site;
    let browser;

    before(async () => {
      site = await startSitemapSite();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      site?.close();
    });

    /** The answer for a page of the site: its tab opened, its popup's check run once. */
    const answer = async (t, path) => {
      const opened = await browser.openSite(site.url(path));
      t.after(() => opened.page.close().catch(() => {}));
      assert.equal(typeof opened.tabId, 'number', `no tab found for ${path}`);
      const seen = await browser.interact(opened.tabId, checkSitemaps);
      assert.equal(seen.error, null, seen.error);
      assert.equal(seen.before, false, 'no answer before the click');
      assert.equal(seen.busy, false, 'the button comes back');
      assert.equal(seen.injected, 0);
      return { ...seen, page: opened.page };
    };

    const PAGES = () => site.url('/sitemaps/pages.xml');
    const GZIPPED = () => site.url('/sitemaps/more.xml.gz');

    test('a listed page: yes, in 2 sitemaps, the gzipped one included; the index and both children read, without cookies', async (t) => {
      const before = site.sitemapRequests().length;
      const seen = await answer(t, '/listed');
      assert.deepEqual([seen.listed, seen.count], ['yes', '2']);
      assert.equal(seen.sentence, 'This page is listed in 2 sitemaps.');
      assert.deepEqual(seen.listings, [PAGES(), GZIPPED()]);
      assert.deepEqual(seen.problems, []);
      assert.deepEqual(seen.files, ['sitemapindex', 'urlset', 'urlset']);
      assert.deepEqual(seen.readProblems, []);
      const asked = site.sitemapRequests().slice(before);
      assert.deepEqual(
        asked.map((r) => r.path),
        ['/sitemaps/index.xml', '/sitemaps/pages.xml', '/sitemaps/more.xml.gz'],
        'each sitemap asked once, on the click',
      );
      assert.deepEqual(
        asked.map((r) => r.cookie),
        [null, null, null],
        'the crawler’s request: no cookie',
      );
      // The cookie is real: the page's own requests carry it.
      await seen.page.evaluate(() => fetch('/cookie-probe').then((r) => r.text()));
      assert.equal(site.log.findLast((r) => r.path === '/cookie-probe')?.cookie, 'session=1');
    });

    test('a listed page that says noindex: yes, and listed-noindex', async (t) => {
      const seen = await answer(t, '/noindex-listed');
      assert.deepEqual([seen.listed, seen.count], ['yes', '1']);
      assert.deepEqual(seen.problems, ['listed-noindex']);
    });

    test('a listed page robots.txt blocks: yes, and listed-blocked', async (t) => {
      const seen = await answer(t, '/blocked/listed');
      assert.equal(seen.listed, 'yes');
      assert.deepEqual(seen.problems, ['listed-blocked']);
    });

    test('a page no sitemap lists: no, nothing to contradict', async (t) => {
      const seen = await answer(t, '/not-listed');
      assert.deepEqual([seen.listed, seen.count], ['no', '0']);
      assert.equal(seen.sentence, 'This page is not listed in the sitemaps read.');
      assert.deepEqual(seen.problems, []);
      assert.deepEqual(seen.files, ['sitemapindex', 'urlset', 'urlset']);
    });
  });
}
