// The background's sitemap check (issue 29, item 6): which sitemaps it starts from (robots.txt's
// Sitemap lines, or /sitemap.xml when it names none), that it asks only the host the user is on,
// and what its report says, over the browser's walk (io/sitemap-urls-browser.ts) and a local
// node:http server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { memoryStorage } from '../fixtures/storage.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]) =>
  `<urlset xmlns="${NS}">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const sitemapIndex = (...locs: string[]) =>
  `<sitemapindex xmlns="${NS}">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

type Route = (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let base = '';
let port = 0;
const routes = new Map<string, Route>();
const asked: string[] = [];

function serve(path: string, body: string | Buffer, type = 'application/xml'): string {
  routes.set(path, (_request, response) => {
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  return base + path;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const route = routes.get(request.url ?? '');
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    route(request, response);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

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
    const before = asked.length;
    const checked = await checks('User-agent: *\nDisallow:\n').check(1, [`${base}/page`]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report).toMatchObject({
      from: 'default',
      sources: [`${base}/sitemap.xml`],
      files: [],
      problems: [{ source: `${base}/sitemap.xml`, code: 'http-status', params: { status: 404 } }],
    });
    expect(asked.slice(before)).toEqual(['/sitemap.xml']);
  });

  test('no robots.txt at all: /sitemap.xml too', async () => {
    serve('/sitemap.xml', urlset(`${base}/page`));
    const checked = await checks(null).check(1, [`${base}/page`]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report.from).toBe('default');
    expect(checked.report.found[0]?.count).toBe(1);
    routes.delete('/sitemap.xml');
  });

  test('a Sitemap line on another host is not asked, nor is /sitemap.xml; a relative one is no URL', async () => {
    const elsewhere = `http://localhost:${port}/sm/pages.xml`;
    const before = asked.length;
    const checked = await checks(`Sitemap: ${elsewhere}\nSitemap: /relative.xml\n`).check(1, [
      `${base}/page`,
    ]);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.report.problems).toEqual([
      { source: elsewhere, code: 'other-host', params: { target: elsewhere } },
      { source: '/relative.xml', code: 'bad-url', params: {} },
    ]);
    expect(checked.report.files).toEqual([]);
    expect(asked.slice(before)).toEqual([]);
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

  test('not an http(s) page, or no access to the site: nothing is asked', async () => {
    const before = asked.length;
    expect(await checks('', { tabUrl: 'about:blank' }).check(1, [])).toEqual({
      ok: false,
      reason: 'not-http',
    });
    expect(await checks('', { granted: false }).check(1, [])).toEqual({
      ok: false,
      reason: 'no-permission',
    });
    expect(asked.slice(before)).toEqual([]);
  });
});
