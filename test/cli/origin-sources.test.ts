// Each origin's robots.txt, fetched once per run and kept by bytes, least recently used dropped
// first (issue 28, item 3: 200 origins of 500 KB kept 2.2 GB); a sitemap's URLs fetched under the
// private-network rule (item 1).
import { describe, expect, test } from 'vitest';
import {
  type FetchOne,
  MAX_KEPT_BYTES,
  OriginSources,
  type Source,
  sourceOf,
} from '../../cli/sources.ts';
import { outcomeOf } from '../../src/policy.ts';

/** A fetched robots.txt of `bytes` bytes (ASCII). */
function fetched(url: string, bytes: number): Source {
  const text = `User-agent: *\nDisallow: /x\n${'#'.repeat(Math.max(0, bytes - 27))}`;
  return sourceOf(
    outcomeOf({
      kind: 'response',
      status: 200,
      url,
      redirects: [],
      contentType: 'text/plain',
      cacheControl: null,
      text,
      bytes: text.length,
      truncated: false,
    }),
    url,
  );
}

/** OriginSources over a fake fetch that records each call; each file `bytes` long. */
function sources(maxBytes: number, bytes = 10_000) {
  const calls: [string, string | null][] = [];
  const fetchOne: FetchOne = async (url, ledFrom) => {
    calls.push([url, ledFrom]);
    return fetched(url, bytes);
  };
  return { origins: new OriginSources(8, fetchOne, maxBytes), calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function visit(origins: OriginSources, urls: string[], ledFrom: string | null = null) {
  for (const url of urls) {
    await origins.forUrl(url, ledFrom);
    await settle();
  }
}

describe('OriginSources: once per origin while kept; least recently used dropped past the bytes', () => {
  test('the budget is 16 MiB of robots.txt text: 32 files at the 512,000-byte cut', () => {
    expect(MAX_KEPT_BYTES).toBe(16 * 1024 * 1024);
    expect(Math.floor(MAX_KEPT_BYTES / (512_000 + 1024))).toBe(32);
  });

  test('the URLs of one origin share one fetch, under way or done', async () => {
    const { origins, calls } = sources(MAX_KEPT_BYTES);
    const a = origins.forUrl('https://a.test/1');
    const b = origins.forUrl('https://a.test/2');
    expect(a).toBe(b);
    expect(a).toBeInstanceOf(Promise);
    await a;
    await settle();
    // Fetched: the source itself, no waiting.
    expect(origins.forUrl('https://a.test/3')).not.toBeInstanceOf(Promise);
    expect(calls).toEqual([['https://a.test/robots.txt', null]]);
  });

  test('past the budget the least recently used origin is dropped, and fetched again if met', async () => {
    // Three files of ~11 KB each (19 KB with what a kept source costs besides) fit in 40 KB two
    // at a time.
    const { origins, calls } = sources(40_000);
    await visit(origins, ['https://a.test/', 'https://b.test/', 'https://a.test/']);
    // a was used last: c drops b.
    await visit(origins, ['https://c.test/', 'https://a.test/']);
    expect(calls.map(([u]) => u)).toEqual([
      'https://a.test/robots.txt',
      'https://b.test/robots.txt',
      'https://c.test/robots.txt',
    ]);
    await visit(origins, ['https://b.test/']);
    expect(calls.map(([u]) => u).at(-1)).toBe('https://b.test/robots.txt');
    expect(origins.size).toBe(4);
  });

  test('200 origins of 500 KB: at most the budget kept (the rest dropped as they go)', async () => {
    const { origins, calls } = sources(20 * 512_000, 512_000);
    const urls = Array.from({ length: 200 }, (_, i) => `https://s${i}.test/`);
    await visit(origins, urls);
    expect(calls).toHaveLength(200);
    // The last 19 are kept (20 × 513,024 bytes is past the budget): met again, not fetched
    // again; the first is.
    await visit(origins, urls.slice(-19));
    expect(calls).toHaveLength(200);
    await visit(origins, urls.slice(0, 1));
    expect(calls).toHaveLength(201);
  });

  test('a fetch under way is never dropped', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls: string[] = [];
    const origins = new OriginSources(
      8,
      async (url) => {
        calls.push(url);
        if (url.startsWith('https://slow.test')) await gate;
        return fetched(url, 20_000);
      },
      25_000,
    );
    const slow = origins.forUrl('https://slow.test/');
    await visit(origins, ['https://a.test/', 'https://b.test/', 'https://c.test/']);
    expect(origins.forUrl('https://slow.test/')).toBe(slow);
    release();
    await slow;
    expect(calls.filter((u) => u.startsWith('https://slow.test'))).toHaveLength(1);
  });
});

describe("OriginSources: a sitemap's URLs are led from it (the private-network rule)", () => {
  test("led from a public sitemap: fetched with ledFrom; the user's own URL: without", async () => {
    const { origins, calls } = sources(MAX_KEPT_BYTES);
    await visit(origins, ['http://10.0.0.5/a'], 'https://public.test/sitemap.xml');
    await visit(origins, ['http://10.0.0.5/b']);
    expect(calls).toEqual([
      ['http://10.0.0.5/robots.txt', 'https://public.test/sitemap.xml'],
      ['http://10.0.0.5/robots.txt', null],
    ]);
  });

  test("a private sitemap's lead is the user's: no ledFrom, one fetch", async () => {
    const { origins, calls } = sources(MAX_KEPT_BYTES);
    await visit(origins, ['http://10.0.0.5/a'], 'http://127.0.0.1:8080/sitemap.xml');
    await visit(origins, ['http://10.0.0.5/b']);
    expect(calls).toEqual([['http://10.0.0.5/robots.txt', null]]);
  });
});
