// The test URLs the user saves for a site. Sources: issue 16, "History", item 2 ("which of the
// user's saved test URLs change verdict"); the brief's bounds (50 per site, 2,000 characters, of
// the site); resolveTestUrl (src/policy.ts) for what "of the site" means; the WHATWG URL Standard
// for origins.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addSaved,
  MAX_SAVED_URL_CHARS,
  MAX_SAVED_URLS,
  readSaved,
  removeSaved,
  savedUrlOf,
} from '../../../src/extension/history/saved-urls.ts';

const ORIGIN = 'https://shop.test';

describe('savedUrlOf: only URLs of the site, not too long', () => {
  const ROWS: { name: string; input: string; out: ReturnType<typeof savedUrlOf> }[] = [
    {
      name: 'a path, resolved against the origin',
      input: '/cart?x=1',
      out: { url: `${ORIGIN}/cart?x=1` },
    },
    { name: 'spaces around it trimmed', input: '  /cart ', out: { url: `${ORIGIN}/cart` } },
    { name: 'a full URL of the site', input: `${ORIGIN}/a#top`, out: { url: `${ORIGIN}/a#top` } },
    {
      name: 'its host in capitals: the same origin',
      input: 'https://SHOP.test/a',
      out: { url: 'https://SHOP.test/a' },
    },
    {
      name: 'the default port written: the same origin',
      input: 'https://shop.test:443/a',
      out: { url: 'https://shop.test:443/a' },
    },
    { name: 'another host', input: 'https://other.test/a', out: { problem: 'not-this-site' } },
    {
      name: 'another scheme (http is another origin)',
      input: 'http://shop.test/a',
      out: { problem: 'not-this-site' },
    },
    { name: 'another port', input: 'https://shop.test:8443/a', out: { problem: 'not-this-site' } },
    { name: 'not a URL', input: 'cart', out: { problem: 'invalid-url' } },
    { name: 'empty', input: '', out: { problem: 'invalid-url' } },
    { name: 'not http(s)', input: 'ftp://shop.test/a', out: { problem: 'invalid-url' } },
    { name: 'a bad host', input: 'https://[bad/a', out: { problem: 'invalid-url' } },
    {
      name: `${MAX_SAVED_URL_CHARS} characters: kept`,
      input: `/${'a'.repeat(MAX_SAVED_URL_CHARS - ORIGIN.length - 1)}`,
      out: { url: `${ORIGIN}/${'a'.repeat(MAX_SAVED_URL_CHARS - ORIGIN.length - 1)}` },
    },
    {
      name: 'one more: too long',
      input: `/${'a'.repeat(MAX_SAVED_URL_CHARS - ORIGIN.length)}`,
      out: { problem: 'too-long' },
    },
  ];
  for (const { name, input, out } of ROWS)
    test(name, () => expect(savedUrlOf(input, ORIGIN)).toEqual(out));

  test('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (input, origin) => {
        savedUrlOf(input as string, origin as string);
      }),
    );
  });
});

describe('addSaved and removeSaved', () => {
  test('most recent first; saving one already there moves it first', () => {
    let list = addSaved(null, ORIGIN, `${ORIGIN}/a`);
    list = addSaved(list, ORIGIN, `${ORIGIN}/b`);
    list = addSaved(list, ORIGIN, `${ORIGIN}/a`);
    expect(list).toEqual({ origin: ORIGIN, urls: [`${ORIGIN}/a`, `${ORIGIN}/b`] });
  });

  test(`at most ${MAX_SAVED_URLS}: the oldest saved goes`, () => {
    let list = addSaved(null, ORIGIN, `${ORIGIN}/0`);
    for (let i = 1; i <= MAX_SAVED_URLS; i++) list = addSaved(list, ORIGIN, `${ORIGIN}/${i}`);
    expect(list.urls).toHaveLength(MAX_SAVED_URLS);
    expect(list.urls[0]).toBe(`${ORIGIN}/${MAX_SAVED_URLS}`);
    expect(list.urls).not.toContain(`${ORIGIN}/0`);
  });

  test('remove: that URL only; one never saved changes nothing', () => {
    const list = { origin: ORIGIN, urls: [`${ORIGIN}/a`, `${ORIGIN}/b`] };
    expect(removeSaved(list, `${ORIGIN}/a`)).toEqual({ origin: ORIGIN, urls: [`${ORIGIN}/b`] });
    expect(removeSaved(list, `${ORIGIN}/c`)).toEqual(list);
    expect(removeSaved(null, `${ORIGIN}/a`)).toBeNull();
  });
});

describe('readSaved: a stored value read back, never throwing', () => {
  const ROWS: { name: string; value: unknown; out: unknown }[] = [
    { name: 'undefined (nothing stored)', value: undefined, out: null },
    { name: 'a string', value: 'x', out: null },
    { name: 'an array', value: [], out: null },
    { name: 'no origin', value: { urls: [] }, out: null },
    {
      name: 'an origin that is not one',
      value: { origin: 'https://a.test/x', urls: [] },
      out: null,
    },
    { name: 'urls not an array', value: { origin: ORIGIN, urls: 'x' }, out: null },
    {
      name: 'entries that are not URLs of the origin dropped, repeats too, order kept',
      value: {
        origin: ORIGIN,
        urls: [
          `${ORIGIN}/b`,
          3,
          null,
          'https://other.test/a',
          '/relative',
          `${ORIGIN}/a`,
          `${ORIGIN}/b`,
        ],
      },
      out: { origin: ORIGIN, urls: [`${ORIGIN}/b`, `${ORIGIN}/a`] },
    },
    {
      name: 'a URL past the length bound dropped',
      value: { origin: ORIGIN, urls: [`${ORIGIN}/${'a'.repeat(MAX_SAVED_URL_CHARS)}`] },
      out: { origin: ORIGIN, urls: [] },
    },
    {
      name: `past ${MAX_SAVED_URLS}: the rest dropped`,
      value: { origin: ORIGIN, urls: Array.from({ length: 60 }, (_, i) => `${ORIGIN}/${i}`) },
      out: {
        origin: ORIGIN,
        urls: Array.from({ length: MAX_SAVED_URLS }, (_, i) => `${ORIGIN}/${i}`),
      },
    },
  ];
  for (const { name, value, out } of ROWS) test(name, () => expect(readSaved(value)).toEqual(out));

  test('a hostile value (a throwing getter) is null', () => {
    const value = {
      origin: ORIGIN,
      get urls(): never {
        throw new Error('boom');
      },
    };
    expect(readSaved(value)).toBeNull();
  });

  test('never throws on anything', () => {
    fc.assert(fc.property(fc.anything(), (value) => void readSaved(value)));
  });
});
