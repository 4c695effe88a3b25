// The page as served, fetched once when the user asks: the crawler's request, the body bounded,
// decoded by its charset, and a timeout or network failure said as such; never a throw.
import { describe, expect, test } from 'vitest';
import { fetchServedPage } from '../../io/fetch-page.ts';

const respond =
  (body: BodyInit, init: ResponseInit = {}) =>
  async (_url: RequestInfo | URL, request?: RequestInit) => {
    seen.push(request ?? {});
    return new Response(body, init);
  };
let seen: RequestInit[] = [];

describe('fetchServedPage', () => {
  test('the crawler’s request: no cookies, no cache, no referrer; headers as sent', async () => {
    seen = [];
    const result = await fetchServedPage('https://a.test/p', {
      fetch: respond('<meta name="robots" content="noindex">', {
        headers: { 'content-type': 'text/html', 'x-robots-tag': 'noarchive' },
      }),
    });
    expect(seen[0]).toMatchObject({
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    expect(result).toMatchObject({
      ok: true,
      page: {
        status: 200,
        html: '<meta name="robots" content="noindex">',
        xRobotsTag: ['noarchive'],
        cut: false,
      },
    });
  });

  test('a body past the bound is cut there, and said so', async () => {
    const result = await fetchServedPage('https://a.test/p', {
      fetch: respond('x'.repeat(5000)),
      maxBytes: 1000,
    });
    expect(result.ok && result.page.html.length).toBe(1000);
    expect(result.ok && result.page.cut).toBe(true);
  });

  test('decoded by the charset the Content-Type names; an unknown label falls back to UTF-8', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    const named = await fetchServedPage('https://a.test/p', {
      fetch: respond(latin1, { headers: { 'content-type': 'text/html; charset=iso-8859-1' } }),
    });
    expect(named.ok && named.page.html).toBe('café');
    const unknown = await fetchServedPage('https://a.test/p', {
      fetch: respond('ok', { headers: { 'content-type': 'text/html; charset=klingon' } }),
    });
    expect(unknown.ok && unknown.page.html).toBe('ok');
  });

  test('a network failure and a timeout are said apart, never thrown', async () => {
    expect(
      await fetchServedPage('https://a.test/p', {
        fetch: () => Promise.reject(new TypeError('x')),
      }),
    ).toEqual({ ok: false, reason: 'network' });
    const never = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    expect(await fetchServedPage('https://a.test/p', { fetch: never, timeoutMs: 10 })).toEqual({
      ok: false,
      reason: 'timeout',
    });
  });
});
