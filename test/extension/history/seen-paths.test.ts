// The paths seen on an origin. Sources: issue 16, "History", item 2 ("the URLs of this origin
// visited while the extension was active, kept bounded"); RFC 9309 (September 2022) §2.2.2: rules
// match the path and query, not the fragment; the WHATWG URL Standard for origins.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addSeen,
  MAX_SEEN_PATH_CHARS,
  MAX_SEEN_PATHS,
  readSeen,
  type SeenPaths,
  seenOriginOf,
  seenUrls,
} from '../../../src/extension/history/seen-paths.ts';
import { numRuns } from '../../property-runs.ts';

describe('addSeen', () => {
  test('most recent first; a path seen again moves to the front with its new time', () => {
    let list = addSeen(null, 'https://e.x/a', 1);
    list = addSeen(list, 'https://e.x/b?q=1', 2);
    list = addSeen(list, 'https://e.x/a', 3);
    expect(list).toEqual({
      origin: 'https://e.x',
      paths: [
        { path: '/a', seenAt: 3 },
        { path: '/b?q=1', seenAt: 2 },
      ],
    });
    expect(seenUrls(list)).toEqual(['https://e.x/a', 'https://e.x/b?q=1']);
  });

  const ROWS: { name: string; source: string; url: string; path: string | null }[] = [
    {
      name: 'fragment dropped',
      source: 'RFC 9309 §2.2.2',
      url: 'https://e.x/a?b=1#top',
      path: '/a?b=1',
    },
    {
      name: 'the query kept',
      source: 'RFC 9309 §2.2.2',
      url: 'https://e.x/s?q=x&p=2',
      path: '/s?q=x&p=2',
    },
    { name: 'no path', source: 'RFC 9309 §2.2.2', url: 'https://e.x', path: '/' },
    { name: 'params kept', source: 'RFC 9309 §2.2.2', url: 'https://e.x/a;v=1', path: '/a;v=1' },
    { name: 'credentials not kept', source: 'WHATWG URL', url: 'https://u:p@e.x/a', path: '/a' },
    {
      name: 'another origin',
      source: 'issue 16 item 2: per origin',
      url: 'https://f.x/a',
      path: null,
    },
    { name: 'another scheme', source: 'WHATWG URL origin', url: 'http://e.x/a', path: null },
    { name: 'another port', source: 'WHATWG URL origin', url: 'https://e.x:8443/a', path: null },
    { name: 'not http(s)', source: 'issue 16 item 2', url: 'file:///a', path: null },
    { name: 'not a URL', source: 'issue 16 item 2', url: 'e.x/a', path: null },
    {
      name: 'too long a path',
      source: 'bounded storage',
      url: `https://e.x/${'a'.repeat(MAX_SEEN_PATH_CHARS)}`,
      path: null,
    },
  ];
  test.each(ROWS)('$name ($source)', ({ url, path }) => {
    const list: SeenPaths = { origin: 'https://e.x', paths: [{ path: '/old', seenAt: 1 }] };
    const next = addSeen(list, url, 2);
    if (path === null) expect(next).toBe(list);
    else
      expect(next?.paths).toEqual([
        { path, seenAt: 2 },
        { path: '/old', seenAt: 1 },
      ]);
  });

  test(`at most ${MAX_SEEN_PATHS} paths: the oldest go first`, () => {
    let list: SeenPaths | null = null;
    for (let i = 0; i < MAX_SEEN_PATHS + 50; i++) list = addSeen(list, `https://e.x/p${i}`, i);
    expect(list?.paths).toHaveLength(MAX_SEEN_PATHS);
    expect(list?.paths[0]).toEqual({
      path: `/p${MAX_SEEN_PATHS + 49}`,
      seenAt: MAX_SEEN_PATHS + 49,
    });
    expect(list?.paths.at(-1)).toEqual({ path: '/p50', seenAt: 50 });
  });

  test('a time that is not a finite number changes nothing; the list given is not changed', () => {
    const list = addSeen(null, 'https://e.x/a', 1);
    const copy = structuredClone(list);
    expect(addSeen(list, 'https://e.x/b', Number.NaN)).toBe(list);
    expect(addSeen(null, 'https://e.x/b', Number.POSITIVE_INFINITY)).toBeNull();
    addSeen(list, 'https://e.x/b', 2);
    expect(list).toEqual(copy);
  });

  test('never throws; the list stays distinct, bounded and of its origin', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        ),
        (urls) => {
          let list: SeenPaths | null = null;
          for (const [i, url] of urls.entries()) list = addSeen(list, url, i);
          if (list === null) return;
          expect(list.paths.length).toBeLessThanOrEqual(MAX_SEEN_PATHS);
          expect(new Set(list.paths.map((p) => p.path)).size).toBe(list.paths.length);
          expect(readSeen(JSON.parse(JSON.stringify(list)))).toEqual(list);
          for (const url of seenUrls(list)) expect(seenOriginOf(url)).toBe(list.origin);
        },
      ),
      { numRuns: numRuns(200) },
    );
  });
});

describe('readSeen', () => {
  const good: SeenPaths = {
    origin: 'https://e.x',
    paths: [
      { path: '/b', seenAt: 2 },
      { path: '/a', seenAt: 1 },
    ],
  };
  test('a stored list comes back as it was (JSON round trip)', () => {
    expect(readSeen(JSON.parse(JSON.stringify(good)))).toEqual(good);
  });

  const ROWS: { name: string; value: unknown; expected: SeenPaths | null }[] = [
    { name: 'null', value: null, expected: null },
    { name: 'a string', value: 'https://e.x', expected: null },
    { name: 'an array', value: [good], expected: null },
    { name: 'no origin', value: { paths: [] }, expected: null },
    {
      name: 'an origin with a path',
      value: { origin: 'https://e.x/a', paths: [] },
      expected: null,
    },
    { name: 'not an http(s) origin', value: { origin: 'ftp://e.x', paths: [] }, expected: null },
    { name: 'paths not an array', value: { origin: 'https://e.x', paths: {} }, expected: null },
    {
      name: 'bad entries dropped',
      value: {
        origin: 'https://e.x',
        paths: [
          null,
          'x',
          { path: 'a', seenAt: 1 },
          { path: '/a#f', seenAt: 1 },
          { path: '/a', seenAt: '1' },
          { path: '/a', seenAt: Number.NaN },
          { path: `/${'a'.repeat(MAX_SEEN_PATH_CHARS)}`, seenAt: 1 },
          { path: '/ok', seenAt: 5, extra: true },
        ],
      },
      expected: { origin: 'https://e.x', paths: [{ path: '/ok', seenAt: 5 }] },
    },
    {
      name: 'put back in order, most recent first; a repeat keeps its latest time',
      value: {
        origin: 'https://e.x',
        paths: [
          { path: '/a', seenAt: 1 },
          { path: '/b', seenAt: 3 },
          { path: '/a', seenAt: 4 },
        ],
      },
      expected: {
        origin: 'https://e.x',
        paths: [
          { path: '/a', seenAt: 4 },
          { path: '/b', seenAt: 3 },
        ],
      },
    },
  ];
  test.each(ROWS)('$name', ({ value, expected }) => {
    expect(readSeen(value)).toEqual(expected);
  });

  test(`a list longer than ${MAX_SEEN_PATHS} keeps the most recent`, () => {
    const paths = Array.from({ length: 300 }, (_, i) => ({ path: `/p${i}`, seenAt: i }));
    const list = readSeen({ origin: 'https://e.x', paths });
    expect(list?.paths).toHaveLength(MAX_SEEN_PATHS);
    expect(list?.paths[0]?.path).toBe('/p299');
  });

  test('a hostile object (a getter that throws) gives null', () => {
    const value = {
      get origin(): string {
        throw new Error('no');
      },
    };
    expect(readSeen(value)).toBeNull();
  });

  test('never throws for any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        readSeen(value);
        readSeen({ origin: 'https://e.x', paths: value });
        readSeen({ origin: 'https://e.x', paths: [value] });
      }),
      { numRuns: numRuns(300) },
    );
  });
});
