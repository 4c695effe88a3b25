// The audit's page fetch (io/fetch-audit-page.ts, issue 30) against a real server on 127.0.0.1:
// the policy's request, each redirect hop, the headers an index reads, the body read only for HTML
// and only up to its cap, content decoding and the HTML standard's encoding sniffing.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AuditFetch, fetchForAudit } from '../../io/fetch-audit-page.ts';

const UA = 'robots-lens/test (+https://example.test)';
let server: Server;
let base: string;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
/** Bytes the server wrote for /huge.pdf and /huge.html before the client went away. */
const written: Record<string, number> = {};

const windows1251 = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      const code = c.codePointAt(0) ?? 0;
      // Cyrillic А..я are 0xC0..0xFF in windows-1251; ASCII as is.
      return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
    }),
  );

/** Writes `chunk` until the client stops reading or `total` bytes are out (counted in `written`). */
function stream(
  res: import('node:http').ServerResponse,
  path: string,
  chunk: Buffer,
  total: number,
) {
  let sent = 0;
  written[path] = 0;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.byteLength;
      written[path] = sent;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers });
    const html = (body: string, headers: Record<string, string | string[]> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    switch (path) {
      case '/page':
        return html('<title>t</title><p>x</p><meta name="robots" content="noindex">', {
          'x-robots-tag': ['googlebot: nofollow', 'bingbot: noindex'],
          link: '<https://a.test/main>; rel="canonical"',
          'content-usage': 'train-ai=n',
        });
      case '/r1':
        res.writeHead(301, { location: '/r2' });
        return res.end();
      case '/r2':
        res.writeHead(302, { location: `${base}/page` });
        return res.end();
      case '/loop':
        res.writeHead(301, { location: '/loop' });
        return res.end();
      case '/too-many/0':
      case '/too-many/1':
      case '/too-many/2':
      case '/too-many/3':
      case '/too-many/4':
      case '/too-many/5': {
        const step = Number(path.at(-1));
        res.writeHead(301, { location: `/too-many/${step + 1}` });
        return res.end();
      }
      case '/huge.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf', 'x-robots-tag': 'noindex' });
        return stream(res, path, Buffer.alloc(65_536, 0x25), 50 * 1024 * 1024);
      case '/huge.html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<meta name="robots" content="noindex,nofollow">');
        return stream(res, path, Buffer.from('<p>filler</p>'.repeat(5000)), 50 * 1024 * 1024);
      case '/gzip':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return res.end(gzipSync('<meta name="googlebot" content="noindex">'));
      case '/br':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
        return res.end(brotliCompressSync('<meta name="bingbot" content="noindex">'));
      case '/cp1251-header':
        res.writeHead(200, { 'content-type': 'text/html; charset=windows-1251' });
        return res.end(windows1251('<link rel="canonical" href="/каталог">'));
      case '/cp1251-meta':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(
          windows1251('<meta charset="windows-1251"><link rel="canonical" href="/меню">'),
        );
      case '/bom-over-header':
        res.writeHead(200, { 'content-type': 'text/html; charset=windows-1251' });
        return res.end(
          Buffer.concat([
            Buffer.from([0xef, 0xbb, 0xbf]),
            Buffer.from('<link rel="canonical" href="/меню">'),
          ]),
        );
      case '/header-over-meta':
        res.writeHead(200, { 'content-type': 'text/html; charset=windows-1251' });
        return res.end(windows1251('<meta charset="utf-8"><link rel="canonical" href="/каталог">'));
      case '/unknown-header-charset':
        res.writeHead(200, { 'content-type': 'text/html; charset=x-no-such-encoding' });
        return res.end(
          windows1251('<meta charset="windows-1251"><link rel="canonical" href="/меню">'),
        );
      case '/busy':
        res.writeHead(429, { 'retry-after': '120', 'content-type': 'text/html' });
        return res.end('slow down');
      case '/gone':
        res.writeHead(410, { 'content-type': 'text/html' });
        return res.end('<meta name="robots" content="noindex">');
      case '/silent':
        return; // never answers
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string, options: { timeoutMs?: number; maxBytes?: number } = {}) =>
  fetchForAudit(`${base}${path}`, {
    redirects: { kind: 'manual' },
    userAgent: UA,
    ...options,
  });

const answer = (a: AuditFetch) => {
  if (a.fetched.kind !== 'answer') throw new Error(`no answer: ${JSON.stringify(a.fetched)}`);
  return a.fetched;
};

describe('the audit fetches a page as the policy does', () => {
  test('the request: its User-Agent, no cookie, an Accept for HTML (fetch-policy.ts)', async () => {
    seen.length = 0;
    await get('/page');
    const headers = seen[0]?.headers ?? {};
    expect(headers['user-agent']).toBe(UA);
    expect(headers.cookie).toBeUndefined();
    expect(headers.accept).toMatch(/^text\/html/);
  });
  test('the headers an index reads: X-Robots-Tag (repeated lines, as fetch joins them), Link, Content-Usage; the meta in the body', async () => {
    const { response, dom } = answer(await get('/page'));
    expect(response.status).toBe(200);
    expect(response.xRobotsTag).toEqual(['googlebot: nofollow, bingbot: noindex']);
    expect(response.link).toEqual(['<https://a.test/main>; rel="canonical"']);
    expect(response.contentUsage).toEqual(['train-ai=n']);
    expect(dom?.metas).toEqual([{ name: 'robots', content: 'noindex', inBody: true, cut: false }]);
  });
  test('each redirect hop with its status, the page where it landed (RFC 9309 §2.3.1.2: at most 5)', async () => {
    const { response } = answer(await get('/r1'));
    expect(response.redirects).toEqual([
      { url: `${base}/r1`, status: 301 },
      { url: `${base}/r2`, status: 302 },
    ]);
    expect(response.url).toBe(`${base}/page`);
  });
  test('a loop and a 6th redirect end the chain without asking their target', async () => {
    expect((await get('/loop')).fetched).toEqual({ kind: 'unreachable', why: 'redirect-loop' });
    seen.length = 0;
    expect((await get('/too-many/0')).fetched).toEqual({
      kind: 'unreachable',
      why: 'too-many-redirects',
    });
    expect(seen.map((s) => s.path)).not.toContain('/too-many/6');
  });
  test('a 50 MB PDF: judged by its headers, its body not read', async () => {
    const a = await get('/huge.pdf');
    const { response, dom } = answer(a);
    expect(dom).toBeNull();
    expect(response.xRobotsTag).toEqual(['noindex']);
    expect(written['/huge.pdf']).toBeLessThan(10 * 1024 * 1024);
  });
  test('a 50 MB HTML page: cut at --max-bytes, its head read', async () => {
    const a = await get('/huge.html', { maxBytes: 100_000 });
    expect(a.cut).toBe(true);
    expect(answer(a).dom?.metas.map((m) => m.content)).toEqual(['noindex,nofollow']);
    expect(written['/huge.html']).toBeLessThan(10 * 1024 * 1024);
  });
  test('gzip and br bodies are decoded (Content-Encoding)', async () => {
    expect(answer(await get('/gzip')).dom?.metas[0]?.name).toBe('googlebot');
    expect(answer(await get('/br')).dom?.metas[0]?.name).toBe('bingbot');
  });
  test('a charset other than UTF-8, from the header or from <meta charset> (WHATWG HTML §13.2.3)', async () => {
    expect(answer(await get('/cp1251-header')).dom?.canonicals[0]?.href).toBe('/каталог');
    expect(answer(await get('/cp1251-meta')).dom?.canonicals[0]?.href).toBe('/меню');
  });
  test("a byte order mark overrides the header's charset, the header a <meta charset>; an unknown header label leaves it to <meta> (§13.2.3.2)", async () => {
    expect(answer(await get('/bom-over-header')).dom?.canonicals[0]?.href).toBe('/меню');
    expect(answer(await get('/header-over-meta')).dom?.canonicals[0]?.href).toBe('/каталог');
    expect(answer(await get('/unknown-header-charset')).dom?.canonicals[0]?.href).toBe('/меню');
  });
  test('429 gives its Retry-After; a 4xx body is not read', async () => {
    const busy = await get('/busy');
    expect(busy.retryAfter).toBe('120');
    expect(answer(busy).response.status).toBe(429);
    const gone = answer(await get('/gone'));
    expect(gone.response.status).toBe(410);
    expect(gone.dom).toBeNull();
  });
  test('no answer in time: unreachable, timeout', async () => {
    expect((await get('/silent', { timeoutMs: 300 })).fetched).toEqual({
      kind: 'unreachable',
      why: 'timeout',
    });
  });
  test('nobody listening: unreachable, network', async () => {
    const a = await fetchForAudit('http://127.0.0.1:9/', {
      redirects: { kind: 'manual' },
      userAgent: UA,
    });
    expect(a.fetched).toEqual({ kind: 'unreachable', why: 'network' });
  });
});
