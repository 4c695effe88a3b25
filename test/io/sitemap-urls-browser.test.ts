// The extension's sitemap reading (issue 29, item 6): the command line's walk, reader and fetch
// policy, with the browser's gunzip (DecompressionStream, which Node has too) and its hop observer,
// kept to the site the user is on, within limits that count for the whole reading. Run against a
// local node:http server; Node's fetch hands each redirect over itself, so the observer is idle.
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HopObserver } from '../../io/follow-redirects.ts';
import { sitemapEntries } from '../../io/sitemap-urls.ts';
import { sitemapEntriesInBrowser, webGunzip } from '../../io/sitemap-urls-browser.ts';
import type { SitemapEntry, SitemapRead } from '../../io/sitemap-walk.ts';
import type { SitemapProblem } from '../../src/sitemap-problem.ts';
import {
  SITEMAP_NS as NS,
  type RouteServer,
  sitemapIndex,
  startRouteServer,
  urlset,
} from '../fixtures/route-server.ts';

let site: RouteServer;
let base = '';
/** The same server by another host name: another host, to the extension. */
let otherHost = '';
const serve = (path: string, body: string | Buffer, type = 'application/xml') =>
  site.serve(path, body, { 'content-type': type });

beforeAll(async () => {
  site = await startRouteServer();
  base = site.base;
  otherHost = `http://localhost:${site.port}`;
});
afterAll(() => site.close());

/** Node's fetch reads each hop itself: the browser's observer has nothing to say. */
const idle: HopObserver = {
  watch: () => ({ answered: async () => null, stop: () => {} }),
};
const onThisHost = (url: string) => new URL(url).hostname === '127.0.0.1';

async function read(
  sources: string[],
  options: Partial<Parameters<typeof sitemapEntriesInBrowser>[1]> = {},
) {
  const entries: SitemapEntry[] = [];
  const problems: SitemapProblem[] = [];
  const sitemaps: SitemapRead[] = [];
  for await (const entry of sitemapEntriesInBrowser(sources, {
    observer: idle,
    mayRequest: onThisHost,
    onProblem: (p) => problems.push(p),
    onSitemap: (s) => sitemaps.push(s),
    ...options,
  })) {
    entries.push(entry);
  }
  return { entries, problems, sitemaps };
}

describe('the browser reads what the command line reads', () => {
  test('an index of a sitemap and a gzipped one (application/gzip): every URL with its sitemap', async () => {
    // sitemaps.org: "You can also compress your Sitemap files using gzip"; an index lists sitemaps.
    const plain = serve('/b/pages.xml', urlset(`${base}/a`, `${base}/b`));
    const zipped = serve(
      '/b/more.xml.gz',
      gzipSync(urlset(`${base}/a`, `${base}/c`)),
      'application/gzip',
    );
    const index = serve('/b/index.xml', sitemapIndex(plain, zipped));
    const got = await read([index]);
    expect(got.problems).toEqual([]);
    expect(got.entries).toEqual([
      { url: `${base}/a`, listedBy: plain },
      { url: `${base}/b`, listedBy: plain },
      { url: `${base}/a`, listedBy: zipped },
      { url: `${base}/c`, listedBy: zipped },
    ]);
    expect(got.sitemaps).toEqual([
      { source: index, url: index, kind: 'sitemapindex', urls: 0 },
      { source: plain, url: plain, kind: 'urlset', urls: 2 },
      { source: zipped, url: zipped, kind: 'urlset', urls: 2 },
    ]);
  });

  // [what, body]: gzip that is not, each read by both platforms' gunzip.
  const cut = gzipSync(
    urlset(...Array.from({ length: 500 }, (_, i) => `https://example.com/${i}`)),
  );
  const broken: [string, Buffer][] = [
    ['a corrupt gzip (magic bytes, then junk)', Buffer.from([0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8])],
    ['a gzip cut in half', cut.subarray(0, cut.length >> 1)],
  ];
  test.each(broken)(
    '%s: the same URLs and the same problem codes as Node’s zlib',
    async (what, body) => {
      const path = `/broken/${what.length}.xml.gz`;
      const source = serve(path, body, 'application/gzip');
      const inBrowser = await read([source]);
      const inNode: { urls: string[]; codes: string[] } = { urls: [], codes: [] };
      for await (const entry of sitemapEntries(source, {
        onProblem: (p) => inNode.codes.push(`${p.code}:${p.params['reason'] ?? ''}`),
      })) {
        inNode.urls.push(entry.url);
      }
      const codes = inBrowser.problems.map((p) => `${p.code}:${p.params['reason'] ?? ''}`);
      expect(codes).toEqual(inNode.codes);
      expect(codes).toEqual(['partial:not-gzip']);
      expect(inBrowser.entries.map((e) => e.url)).toEqual(inNode.urls);
    },
  );

  test('an HTTP error and a child that is no sitemap are told, and the siblings read', async () => {
    const good = serve('/e/good.xml', urlset(`${base}/good`));
    const html = serve(
      '/e/html.xml',
      '<!doctype html><html><body>Not here</body></html>',
      'text/html',
    );
    const index = serve('/e/index.xml', sitemapIndex(`${base}/e/missing.xml`, html, good));
    const got = await read([index]);
    expect(got.entries.map((e) => e.url)).toEqual([`${base}/good`]);
    expect(got.problems.map((p) => [p.source, p.code])).toEqual([
      [`${base}/e/missing.xml`, 'http-status'],
      [html, 'not-xml'],
    ]);
  });
});

describe('the extension reads only the site the user is on', () => {
  test('a child on another host is not requested', async () => {
    const child = `${otherHost}/h/child.xml`;
    site.routes.set('/h/child.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(`${base}/x`));
    });
    const index = serve('/h/index.xml', sitemapIndex(child));
    const before = site.asked.length;
    const got = await read([index]);
    expect(got.entries).toEqual([]);
    expect(got.problems).toEqual([
      { source: child, code: 'other-host', params: { target: child } },
    ]);
    expect(site.asked.slice(before)).toEqual(['/h/index.xml']);
  });

  test('a redirect to another host is not followed: its target is never site.asked', async () => {
    site.routes.set('/h/moves.xml', (_request, response) => {
      response.writeHead(301, { location: `${otherHost}/h/moved.xml` }).end();
    });
    site.routes.set('/h/moved.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(`${base}/y`));
    });
    const before = site.asked.length;
    const got = await read([`${base}/h/moves.xml`]);
    expect(got.problems).toEqual([
      {
        source: `${base}/h/moves.xml`,
        code: 'other-host',
        params: { target: `${otherHost}/h/moved.xml` },
      },
    ]);
    expect(site.asked.slice(before)).toEqual(['/h/moves.xml']);
  });
});

describe('several sources, one set of limits', () => {
  test('read in turn; a source named twice is read once', async () => {
    const one = serve('/s/one.xml', urlset(`${base}/1`));
    const two = serve('/s/two.xml', urlset(`${base}/2`));
    const got = await read([one, two, `${one}#again`]);
    expect(got.entries.map((e) => e.url)).toEqual([`${base}/1`, `${base}/2`]);
    expect(got.problems).toEqual([]);
  });

  test('maxSitemaps counts across the sources: the next one is told and not read', async () => {
    const one = serve('/c/one.xml', urlset(`${base}/1`));
    const two = serve('/c/two.xml', urlset(`${base}/2`));
    const before = site.asked.length;
    const got = await read([one, two], { maxSitemaps: 1 });
    expect(got.entries.map((e) => e.url)).toEqual([`${base}/1`]);
    expect(got.problems).toEqual([
      { source: two, code: 'count-limit', params: { limit: 1, child: two } },
    ]);
    expect(site.asked.slice(before)).toEqual(['/c/one.xml']);
  });

  test('totalMs 0: nothing is read, and the time limit is told', async () => {
    const one = serve('/t/one.xml', urlset(`${base}/1`));
    const before = site.asked.length;
    const got = await read([one], { totalMs: 0 });
    expect(got.entries).toEqual([]);
    expect(got.problems).toEqual([{ source: one, code: 'time-limit', params: { limit: 0 } }]);
    expect(site.asked.slice(before)).toEqual([]);
  });

  test('totalMs spent on a stalled sitemap: the time limit is told, not a time-out; the rest is not read', async () => {
    site.routes.set('/t/stalls.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write(`<urlset xmlns="${NS}"><url><loc>${base}/early</loc></url>`);
      // …and nothing more.
    });
    const after = serve('/t/after.xml', urlset(`${base}/after`));
    const before = site.asked.length;
    const got = await read([`${base}/t/stalls.xml`, after], { totalMs: 300 });
    expect(got.entries.map((e) => e.url)).toEqual([`${base}/early`]);
    expect(got.problems).toEqual([
      { source: `${base}/t/stalls.xml`, code: 'time-limit', params: { limit: 300 } },
    ]);
    expect(site.asked.slice(before)).toEqual(['/t/stalls.xml']);
  });
});

describe('webGunzip', () => {
  async function* chunksOf(bytes: Uint8Array, size: number, onReturn: () => void) {
    try {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    } finally {
      onReturn();
    }
  }

  test('gunzips chunk by chunk; a reader that stops early releases the source', async () => {
    const text = 'x'.repeat(1_000_000);
    let released = false;
    const out: number[] = [];
    for await (const chunk of webGunzip(chunksOf(gzipSync(text), 64, () => (released = true)))) {
      out.push(chunk.byteLength);
      break;
    }
    expect(out).toHaveLength(1);
    await expect.poll(() => released, { timeout: 30_000 }).toBe(true);
  });

  test('a source that fails is rethrown as it failed, not as bad gzip', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    async function* failing() {
      yield gzipSync('<urlset>').subarray(0, 10);
      throw reset;
    }
    const reading = (async () => {
      for await (const _ of webGunzip(failing()));
    })();
    await expect(reading).rejects.toBe(reset);
  });
});

describe('the browser reading streams', () => {
  test('100,000 URLs in one gzipped sitemap: heap growth bounded while iterating', async () => {
    // As the command line's test (sitemap-urls.test.ts): keeping the URLs would hold some 60 MB.
    const count = 100_000;
    const pad = 'p'.repeat(440);
    // Zipped chunk by chunk: the 47 MB text is never held, here or by the server.
    const zipped: Buffer[] = [];
    const gzip = createGzip({ level: 1 });
    gzip.on('data', (chunk: Buffer) => zipped.push(chunk));
    const done = new Promise((resolve) => gzip.on('end', resolve));
    gzip.write(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`);
    for (let i = 0; i < count; i += 1000) {
      let chunk = '';
      for (let j = i; j < i + 1000; j++)
        chunk += `<url><loc>https://example.com/${pad}/${j}</loc></url>\n`;
      gzip.write(chunk);
    }
    gzip.end('</urlset>\n');
    await done;
    const source = serve('/large.xml.gz', Buffer.concat(zipped), 'application/gzip');
    const baseline = process.memoryUsage().heapUsed;
    let peakGrowth = 0;
    let given = 0;
    const problems: SitemapProblem[] = [];
    for await (const entry of sitemapEntriesInBrowser([source], {
      observer: idle,
      mayRequest: onThisHost,
      onProblem: (p) => problems.push(p),
    })) {
      given++;
      if (given % 2000 === 0) {
        peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
      }
      if (given === count) expect(entry.url).toBe(`https://example.com/${pad}/${count - 1}`);
    }
    expect(problems).toEqual([]);
    expect(given).toBe(count);
    expect(peakGrowth).toBeLessThan(40 * 1024 * 1024);
  });
});
