// The background's sitemap check (issue 29, item 6): which sitemaps it starts from (robots.txt's
// Sitemap lines, or /sitemap.xml when it names none), that it asks only the host the user is on,
// and what its report says, over the browser's walk (io/sitemap-urls-browser.ts) and a local
// node:http server.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HostAccess } from '../../background/host-access.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { SITEMAP_CHECK_LIMITS, SitemapChecks } from '../../background/sitemap-checks.ts';
import type { HopObserver } from '../../io/follow-redirects.ts';
import { sitemapEntriesInBrowser } from '../../io/sitemap-urls-browser.ts';
import type { SitemapLimits } from '../../io/sitemap-walk.ts';
import { memoryReports, responseFacts } from '../fixtures/background.ts';
import {
  type RouteServer,
  sitemapIndex,
  startRouteServer,
  urlset,
} from '../fixtures/route-server.ts';
import { memoryStorage } from '../fixtures/storage.ts';

let site: RouteServer;
let base = '';
let port = 0;
const serve = (path: string, body: string | Buffer, type = 'application/xml') =>
  site.serve(path, body, { 'content-type': type });

beforeAll(async () => {
  site = await startRouteServer();
  ({ base, port } = site);
});
afterAll(() => site.close());

const idle: HopObserver = { watch: () => ({ answered: async () => null, stop: () => {} }) };

/** The service over the local server: `robotsTxt` is the site's file (null: none, a 404). */
function checks(
  robotsTxt: string | null,
  options: { tabUrl?: string; granted?: boolean; limits?: Required<SitemapLimits> } = {},
) {
  const settings = new SettingsService(new SettingsStore(memoryStorage(), memoryStorage()));
  const { reports } = memoryReports({
    settings,
    fetchRobots: async (url) =>
      robotsTxt === null
        ? responseFacts(url, 'not found', { status: 404 })
        : responseFacts(url, robotsTxt),
  });
  return new SitemapChecks({
    getTab: async () => ({ url: options.tabUrl ?? `${base}/page`, incognito: false }),
    access: new HostAccess(async () => options.granted ?? true),
    reports,
    read: (sources, walk) => sitemapEntriesInBrowser(sources, { ...walk, observer: idle }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
}

describe('SitemapChecks', () => {
  test("robots.txt's sitemap index, a child gzipped: the page in 2 sitemaps, its canonical in 1", async () => {
    const pages = serve('/sm/pages.xml', urlset(`${base}/page`, `${base}/canonical`));
    const more = serve(
      '/sm/more.xml.gz',
      gzipSync(urlset(`${base}/page`, `${base}/other`)),
      'application/gzip',
    );
    const index = serve('/sm/index.xml', sitemapIndex(pages, more));
    const checked = await checks(`User-agent: *\nDisallow:\nSitemap: ${index}\n`).check(1, [
      `${base}/page`,
      `${base}/canonical`,
    ]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report).toMatchObject({
      from: 'robots-txt',
      sources: [index],
      sourceCount: 1,
      files: [
        { url: index, kind: 'sitemapindex', urls: 0 },
        { url: pages, kind: 'urlset', urls: 2 },
        { url: more, kind: 'urlset', urls: 2 },
      ],
      urls: 4,
      problems: [],
      problemCount: 0,
      stoppedBy: null,
    });
    expect(checked.report.found).toMatchObject([
      { url: `${base}/page`, count: 2, sitemaps: 2 },
      { url: `${base}/canonical`, count: 1, sitemaps: 1 },
    ]);
  });

  test('robots.txt names no sitemap: /sitemap.xml, and a 404 there is said', async () => {
    const before = site.asked.length;
    const checked = await checks('User-agent: *\nDisallow:\n').check(1, [`${base}/page`]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report).toMatchObject({
      from: 'default',
      sources: [`${base}/sitemap.xml`],
      files: [],
      problems: [{ source: `${base}/sitemap.xml`, code: 'http-status', params: { status: 404 } }],
    });
    expect(site.asked.slice(before)).toEqual(['/sitemap.xml']);
  });

  test('no robots.txt at all: /sitemap.xml too', async () => {
    serve('/sitemap.xml', urlset(`${base}/page`));
    const checked = await checks(null).check(1, [`${base}/page`]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report.from).toBe('default');
    expect(checked.report.found[0]?.count).toBe(1);
    site.routes.delete('/sitemap.xml');
  });

  test('a Sitemap line on another host is not site.asked, nor is /sitemap.xml; a relative one is no URL', async () => {
    const elsewhere = `http://localhost:${port}/sm/pages.xml`;
    const before = site.asked.length;
    const checked = await checks(`Sitemap: ${elsewhere}\nSitemap: /relative.xml\n`).check(1, [
      `${base}/page`,
    ]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report.problems).toEqual([
      { source: elsewhere, code: 'other-host', params: { target: elsewhere } },
      { source: '/relative.xml', code: 'bad-url', params: {} },
    ]);
    expect(checked.report.files).toEqual([]);
    expect(site.asked.slice(before)).toEqual([]);
  });

  test('the limits: a reading stopped by one says which', async () => {
    const a = serve('/lim/a.xml', urlset(`${base}/a`));
    const b = serve('/lim/b.xml', urlset(`${base}/b`));
    const checked = await checks(`Sitemap: ${a}\nSitemap: ${b}\n`, {
      limits: { ...SITEMAP_CHECK_LIMITS, maxSitemaps: 1 },
    }).check(1, [`${base}/b`]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report).toMatchObject({ stoppedBy: 'count-limit', urls: 1 });
    expect(checked.report.found[0]?.count).toBe(0);
  });

  test('not an http(s) page, or no access to the site: nothing is site.asked', async () => {
    const before = site.asked.length;
    expect(await checks('', { tabUrl: 'about:blank' }).check(1, [])).toEqual({
      ok: false,
      reason: 'not-http',
    });
    expect(await checks('', { granted: false }).check(1, [])).toEqual({
      ok: false,
      reason: 'no-permission',
    });
    expect(site.asked.slice(before)).toEqual([]);
  });
});
