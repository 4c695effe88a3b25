import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalLinks } from '../../src/page/link-header.ts';
import { numRuns } from '../property-runs.ts';

interface Case {
  /** Where the rule comes from. */
  source: string;
  value: string;
  expected: string[];
}

const GOOGLE_CANONICAL =
  'Google Search Central, How to specify a canonical URL: rel="canonical" HTTP header';

const CASES: Case[] = [
  {
    source: GOOGLE_CANONICAL,
    value: '<https://www.example.com/downloads/white-paper.pdf>; rel="canonical"',
    expected: ['https://www.example.com/downloads/white-paper.pdf'],
  },
  // RFC 8288 §3: link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param ).
  {
    source: 'RFC 8288 §3: rel as a token',
    value: '<https://a.example/>; rel=canonical',
    expected: ['https://a.example/'],
  },
  {
    source: 'RFC 8288 §3: the target as written (relative, not resolved)',
    value: '</docs/page?x=1#top>; rel=canonical',
    expected: ['/docs/page?x=1#top'],
  },
  {
    source: 'RFC 8288 §3: an empty URI-reference (this document)',
    value: '<>; rel=canonical',
    expected: [''],
  },
  {
    source: 'RFC 8288 §3: no space around ";", BWS around "="',
    value: '<a>;rel=canonical, <b> ; rel = "canonical" ,<c>\t;\trel\t=\tcanonical',
    expected: ['a', 'b', 'c'],
  },
  {
    source: 'RFC 8288 §3.5 example 1: other rel',
    value: '<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"',
    expected: [],
  },
  {
    source: 'RFC 8288 §3.5 example 4: several links, title*',
    value:
      '</TheBook/chapter2>; rel="previous"; title*=UTF-8\'de\'letztes%20Kapitel, ' +
      '</TheBook/chapter4>; rel="canonical"; title*=UTF-8\'de\'n%c3%a4chstes%20Kapitel',
    expected: ['/TheBook/chapter4'],
  },
  {
    source: 'RFC 8288 §3: several canonical links, in order',
    value: '<https://a.example/1>; rel=canonical, <https://a.example/2>; rel="canonical"',
    expected: ['https://a.example/1', 'https://a.example/2'],
  },
  {
    source: 'RFC 8288 §3: a link without rel is no canonical link',
    value: '<https://a.example/>',
    expected: [],
  },
  {
    source: 'RFC 8288 §3: params of one link do not reach the next',
    value: '<a>, <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'RFC 8288 §3: type, hreflang, media, title are ignored',
    value: '<a>; type="text/html"; hreflang=de; media="screen, print"; title="x"; rel=canonical',
    expected: ['a'],
  },

  // §3.3: rel is a list of relation types; §2.1.1 compares them case-insensitively.
  {
    source: 'RFC 8288 §3.3: rel lists several types',
    value: '<a>; rel="alternate canonical"',
    expected: ['a'],
  },
  {
    source: 'RFC 8288 §3.3 / §2.1.1: param name and type in any case',
    value: '<a>; REL="Canonical alternate"',
    expected: ['a'],
  },
  {
    source: 'RFC 8288 §3.3: the types are whole words',
    value: '<a>; rel="canonicalx", <b>; rel="xcanonical", <c>; rel=non-canonical',
    expected: [],
  },
  {
    source: 'RFC 8288 §3.3: runs of spaces between types',
    value: '<a>; rel="  alternate   canonical  "',
    expected: ['a'],
  },
  {
    source: 'RFC 8288 §3.3: rel after the first is ignored',
    value: '<a>; rel=alternate; rel=canonical',
    expected: [],
  },
  {
    source: 'RFC 8288 §3.3: rel after the first is ignored (canonical first)',
    value: '<a>; rel=canonical; rel=alternate',
    expected: ['a'],
  },
  {
    source: 'RFC 8288 §3.3: a valueless rel is the first rel',
    value: '<a>; rel; rel=canonical',
    expected: [],
  },
  {
    source: 'RFC 8288 §3.3: an empty quoted rel is the first rel',
    value: '<a>; rel=""; rel=canonical, <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'RFC 8288 §2.1.2: an extension type URI is not canonical',
    value: '<a>; rel="http://example.net/canonical"',
    expected: [],
  },

  // §3.2: anchor moves the link's context to another resource.
  {
    source: 'RFC 8288 §3.2: a link with an anchor is skipped',
    value: '</terms>; rel="canonical"; anchor="#foo", <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'RFC 8288 §3.2: anchor before rel, any case, no value',
    value: '<a>; ANCHOR; rel=canonical',
    expected: [],
  },

  // RFC 9110 §5.6: list, quoted-string, token.
  {
    source: 'RFC 9110 §5.6.1: empty list elements',
    value: ' , ,<a>; rel=canonical,, ,',
    expected: ['a'],
  },
  {
    source: 'RFC 8288 §3: commas and semicolons inside <…> do not split',
    value: '<https://a.example/x,y;z>; rel=canonical',
    expected: ['https://a.example/x,y;z'],
  },
  {
    source: 'RFC 9110 §5.6.4: commas, semicolons and <> inside a quoted string do not split',
    value: '<a>; title="x, <y>; rel=canonical"; rel=alternate, <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'RFC 9110 §5.6.4: quoted-pair',
    value: '<a>; title="say \\"hi\\", ok"; rel="canon\\ical"',
    expected: ['a'],
  },
  {
    source: 'RFC 9110 §5.6.1: a browser joining two Link fields with ", "',
    value: '<a>; rel=preload, <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'RFC 8288 §3: a stray ";" is passed over',
    value: '<a>;; rel=canonical;',
    expected: ['a'],
  },

  // Malformed parts are skipped up to the next link.
  { source: 'empty value', value: '', expected: [] },
  { source: 'garbage before a good link', value: 'junk, <b>; rel=canonical', expected: ['b'] },
  {
    source: 'garbage after a param: the link is skipped',
    value: '<a>; rel=canonical junk, <b>; rel=canonical',
    expected: ['b'],
  },
  {
    source: 'rel=canonical alternate unquoted is not a token: skipped',
    value: '<a>; rel=canonical alternate',
    expected: [],
  },
  {
    source: 'two targets with no comma between',
    value: '<a> <b>; rel=canonical, <c>; rel=canonical',
    expected: ['c'],
  },
  {
    source: "a comma inside the skipped part's quotes does not end it",
    value: '<a>; rel=canonical x"y, <b>; rel=canonical", <c>; rel=canonical',
    expected: ['c'],
  },
  { source: 'unclosed <', value: '<a; rel=canonical', expected: [] },
  {
    source: 'unclosed < after a good link',
    value: '<a>; rel=canonical, <b; rel=canonical',
    expected: ['a'],
  },
  { source: 'unclosed quote', value: '<a>; rel="canonical', expected: [] },
  { source: 'no target', value: 'rel=canonical', expected: [] },
  { source: 'URL without <>', value: 'https://a.example/; rel=canonical', expected: [] },
  { source: 'param with "=" and no value', value: '<a>; rel=', expected: [] },
  { source: 'param with no name', value: '<a>; =canonical', expected: [] },
  {
    source: 'a param name with a non-token character',
    value: '<a>; r@l=canonical; rel=canonical',
    expected: [],
  },
  {
    source: 'HTML in the value is plain data',
    value: '<javascript:alert(1)>; rel=canonical, <x" onload="y>; rel=canonical',
    expected: ['javascript:alert(1)', 'x" onload="y'],
  },
  {
    source: 'non-ASCII target kept as written; non-ASCII type not folded',
    value: '<https://例え.jp/ü>; rel=canonical, <b>; rel="CANONİCAL"',
    expected: ['https://例え.jp/ü'],
  },
  {
    source: 'prototype names as params are plain names',
    value: '<a>; __proto__=x; constructor=y; rel=canonical',
    expected: ['a'],
  },
];

describe('canonicalLinks', () => {
  test.each(CASES)('$source: $value', ({ value, expected }) => {
    expect(canonicalLinks(value)).toEqual(expected);
  });

  test('values that are not strings', () => {
    expect(canonicalLinks(null as unknown as string)).toEqual([]);
    expect(canonicalLinks(undefined as unknown as string)).toEqual([]);
  });

  // Linear time: well past the 64 KiB kept (PAGE_LIMITS.headerChars), so that a quadratic path
  // would exceed vitest's 5 s timeout.
  test('1 MiB hostile values', () => {
    const n = 1 << 20;
    expect(canonicalLinks('<'.repeat(n))).toEqual([]);
    expect(canonicalLinks('"'.repeat(n))).toEqual([]);
    expect(canonicalLinks(';'.repeat(n))).toEqual([]);
    expect(canonicalLinks(','.repeat(n))).toEqual([]);
    expect(canonicalLinks('\\'.repeat(n))).toEqual([]);
    expect(canonicalLinks(`<a>; title="${'\\"'.repeat(n / 2)}`)).toEqual([]);
    expect(canonicalLinks(`<a>${'; x'.repeat(n / 3)}; rel=canonical`)).toEqual(['a']);
    expect(canonicalLinks('<a>x'.repeat(n / 4))).toEqual([]);
    expect(canonicalLinks('x<a>'.repeat(n / 4))).toEqual([]);
    expect(canonicalLinks('<a>; rel=canonical, '.repeat(n / 20)).length).toBe(Math.floor(n / 20));
    expect(canonicalLinks(`<a>; rel="${'canonical '.repeat(n / 10)}"`)).toEqual(['a']);
    expect(canonicalLinks(`<a>; rel="${' '.repeat(n)}"`)).toEqual([]);
  });
});

/** One link as a model: what it is, and how it is written. */
interface ModelLink {
  target: string;
  written: string;
  isCanonical: boolean;
}

const targetArb = fc
  .array(fc.constantFrom('a', '/', ':', '.', ',', ';', '"', '=', ' ', '?', 'é', '<'), {
    maxLength: 10,
  })
  .map((cs) => cs.join(''));
const relTypeArb = fc.constantFrom('canonical', 'CANONICAL', 'Canonical', 'alternate', 'next');
const otherParamArb = fc.constantFrom(
  'type="text/html"',
  'title="a, b; c <d>"',
  'title="q\\"uote"',
  "title*=UTF-8'en'x%20y",
  'hreflang=de',
  'media=screen',
  'x',
);
const owsArb = fc.constantFrom('', ' ', '\t', '  ');

const linkArb: fc.Arbitrary<ModelLink> = fc
  .record({
    target: targetArb,
    rel: fc.option(fc.array(relTypeArb, { minLength: 1, maxLength: 3 }), { nil: null }),
    isQuoted: fc.boolean(),
    hasAnchor: fc.boolean(),
    before: fc.array(otherParamArb, { maxLength: 2 }),
    after: fc.array(otherParamArb, { maxLength: 2 }),
    ows: owsArb,
  })
  .map(({ target, rel, isQuoted, hasAnchor, before, after, ows }) => {
    // A list of types must be quoted; one type may be a token.
    const relParam =
      rel === null ? [] : [rel.length > 1 || isQuoted ? `rel="${rel.join(' ')}"` : `rel=${rel[0]}`];
    const anchor = hasAnchor ? ['anchor="#x"'] : [];
    const params = [...before, ...anchor, ...relParam, ...after];
    return {
      target,
      written: `<${target}>${params.map((p) => `${ows};${ows}${p}`).join('')}`,
      isCanonical:
        !hasAnchor && rel !== null && rel.some((type) => type.toLowerCase() === 'canonical'),
    };
  });

describe('properties', () => {
  test('never throws on arbitrary text; every target was between < and > in it', () => {
    const soup = fc
      .array(fc.constantFrom('<', '>', ';', ',', '"', '\\', '=', ' ', 'rel', 'canonical', 'a'), {
        maxLength: 30,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), soup), (value) => {
        for (const target of canonicalLinks(value)) {
          expect(value.includes(`<${target}>`)).toBe(true);
        }
      }),
      { numRuns: numRuns(2000) },
    );
  });

  test('a well-formed value gives exactly its canonical targets without anchor (RFC 8288 §3)', () => {
    fc.assert(
      fc.property(
        fc.array(linkArb, { maxLength: 5 }),
        fc.constantFrom(',', ', ', ' ,\t', ', , '),
        (links, comma) => {
          const value = links.map((link) => link.written).join(comma);
          expect(canonicalLinks(value)).toEqual(
            links.filter((link) => link.isCanonical).map((link) => link.target),
          );
        },
      ),
    );
  });

  test('a malformed link loses only itself', () => {
    fc.assert(
      fc.property(
        linkArb,
        fc.constantFrom('junk', '<a> <b>', '<a>; rel=canonical x', '; rel=canonical', '<a>; ='),
        linkArb,
        (first, bad, last) => {
          const value = `${first.written}, ${bad}, ${last.written}`;
          expect(canonicalLinks(value)).toEqual(
            [first, last].filter((link) => link.isCanonical).map((link) => link.target),
          );
        },
      ),
    );
  });
});
