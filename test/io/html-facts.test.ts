// The HTML reader of the command line (io/html-facts.ts): the same facts as a DOM built by
// the HTML standard's tree construction, with scripting off (as the popup's DOMParser reads the
// HTML as served). parse5 implements that algorithm and is the reference here: every table row
// and every generated document must give what parse5's tree gives.
import fc from 'fast-check';
import { Tokenizer } from 'htmlparser2';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, test } from 'vitest';
import { HtmlFactsReader, htmlFacts } from '../../io/html-facts.ts';
import { type DomFacts, PAGE_LIMITS } from '../../src/page/facts.ts';
import { numRuns } from '../property-runs.ts';

const PAGE = 'https://a.test/dir/page';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The facts read-page.ts would read from parse5's tree: meta[name], link[rel], the base. */
function reference(html: string, url = PAGE) {
  const document = parse(html, { scriptingEnabled: false });
  const metas: { name: string; content: string; inBody: boolean }[] = [];
  const canonicals: { href: string; inBody: boolean }[] = [];
  let base: string | null = null;
  const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
  const walk = (node: Node, inBody: boolean) => {
    if (!('tagName' in node)) {
      if ('childNodes' in node) for (const child of node.childNodes) walk(child, inBody);
      return;
    }
    const el = node as Element;
    // querySelectorAll does not enter a template's content (a fragment of its own).
    if (el.tagName === 'template') return;
    const here = inBody || el.tagName === 'body';
    if (el.namespaceURI === 'http://www.w3.org/1999/xhtml') {
      if (el.tagName === 'base' && base === null && attr(el, 'href') !== undefined)
        base = attr(el, 'href') ?? null;
      const name = attr(el, 'name');
      if (el.tagName === 'meta' && name !== undefined) {
        const trimmed = name.trim();
        if (trimmed !== '' && /^[A-Za-z0-9._-]{1,64}$/.test(trimmed) && trimmed !== 'description')
          metas.push({ name: trimmed, content: attr(el, 'content') ?? '', inBody: here });
      }
      const rel = attr(el, 'rel');
      if (el.tagName === 'link' && rel !== undefined)
        if (` ${rel.toLowerCase().replace(/\s+/g, ' ')} `.includes(' canonical '))
          canonicals.push({ href: attr(el, 'href') ?? '', inBody: here });
    }
    for (const child of el.childNodes) walk(child, here);
  };
  walk(document, false);
  let baseUrl = url;
  if (base !== null)
    try {
      baseUrl = new URL((base as string).trim(), url).href;
    } catch {
      baseUrl = url;
    }
  return { metas, canonicals, baseUrl };
}

/** What the table compares: the facts without their timing and flags. */
const essence = (facts: DomFacts) => ({
  metas: facts.metas.map(({ name, content, inBody }) => ({ name, content, inBody })),
  canonicals: facts.canonicals,
  baseUrl: facts.baseUrl,
});

const noindex = '<meta name="robots" content="noindex">';

describe('what an HTML document says, as the standard builds its tree', () => {
  // Each row: the document, the metas' (name, content, inBody), the canonicals, and the source.
  const rows: [string, string, Partial<ReturnType<typeof essence>>][] = [
    [
      'a meta in <head> is in the head',
      `<!doctype html><html><head>${noindex}</head><body>x</body></html>`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'no <head> or <body> written: the head is implied (§13.2.6.4.2 "before head")',
      `${noindex}<p>text</p>`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'after </head>, before <body>: still the head (§13.2.6.4.6 "after head", a start tag "meta")',
      `<head><title>t</title></head>\n${noindex}<body></body>`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'after text that is not white space: the body has begun (§13.2.6.4.4, "anything else")',
      `<head><title>t</title>hello ${noindex}`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: true }] },
    ],
    [
      'after a start tag only the body takes (a <div>): in the body',
      `<html><head><div></div>${noindex}</head>`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: true }] },
    ],
    [
      'text in <title> and <script> of the head does not begin the body',
      `<title>Shop <3</title><script>var a = "<div>";</script>${noindex}`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'a meta written in a <script> is text, not a tag',
      `<script>document.write('${noindex}')</script>`,
      { metas: [] },
    ],
    [
      "a meta in a <template> is in the template's content, which querySelectorAll does not reach",
      `<template>${noindex}</template><meta name="googlebot" content="nofollow">`,
      { metas: [{ name: 'googlebot', content: 'nofollow', inBody: false }] },
    ],
    [
      'a meta in <iframe>, <noembed> or <noframes> is raw text (§13.2.6.4.7)',
      `<body><iframe>${noindex}</iframe><noembed>${noindex}</noembed><noframes>${noindex}</noframes>`,
      { metas: [] },
    ],
    [
      'a meta in <noscript> of the head counts when scripting is off (§13.2.6.4.5 "in head noscript")',
      `<head><noscript>${noindex}</noscript></head>`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'a repeated attribute: the first counts (§13.2.5.33)',
      '<meta name="robots" name="googlebot" content="noindex" content="index">',
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'character references are decoded; names keep their case; attribute names do not matter',
      '<META NAME="GoogleBot" CONTENT="noindex&#44; nofollow&amp;">',
      { metas: [{ name: 'GoogleBot', content: 'noindex, nofollow&', inBody: false }] },
    ],
    [
      'a reference to white space before the body is white space (§13.2.5.72; §13.2.6.4.4)',
      `&#32;&#x9;&NewLine;${noindex}`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'a reference to anything else before the body begins it; a comment ends an unfinished one',
      `&#3<!-- -->2;${noindex}`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: true }] },
    ],
    [
      "meta names that are not a robot's are not kept (og:title, description)",
      '<meta name="og:title" content="noindex"><meta name="description" content="noindex">',
      { metas: [] },
    ],
    [
      'rel is a set of tokens in any case: "Canonical alternate" names canonical, "canonicalx" not',
      '<link rel="Canonical alternate" href="/a"><link rel="canonicalx" href="/b">',
      { canonicals: [{ href: '/a', inBody: false }] },
    ],
    [
      'the first <base href> counts, resolved against the page (§2.4.1 "frozen base URL")',
      '<base target="_top"><base href="../other/"><base href="https://b.test/">',
      { baseUrl: 'https://a.test/other/' },
    ],
    [
      'a <base> in the body still counts (the first in tree order)',
      '<p>x</p><base href="/in-body/">',
      { baseUrl: 'https://a.test/in-body/' },
    ],
    ['a base that does not parse: the page URL', '<base href="http://[bad">', { baseUrl: PAGE }],
    [
      'a tag the text ends inside is dropped (§13.2.5.33 "EOF in tag")',
      `${noindex}<meta name="googlebot" content="nofollow"`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: false }] },
    ],
    [
      'a meta after </body> is in the body (§13.2.6.4.19 "after body" reads it as "in body")',
      `<body>x</body>${noindex}`,
      { metas: [{ name: 'robots', content: 'noindex', inBody: true }] },
    ],
  ];
  for (const [what, html, expected] of rows)
    test(what, () => {
      const got = essence(htmlFacts(html, PAGE));
      expect(got).toMatchObject(expected);
      const want = reference(html);
      expect(got.metas).toEqual(want.metas);
      expect(got.canonicals).toEqual(want.canonicals);
      expect(got.baseUrl).toBe(want.baseUrl);
    });
});

describe('bounds (PAGE_LIMITS, as webext/read-page.ts keeps them)', () => {
  test(`at most ${PAGE_LIMITS.tags} meta tags, then cut`, () => {
    const facts = htmlFacts(noindex.repeat(PAGE_LIMITS.tags + 50), PAGE);
    expect(facts.metas).toHaveLength(PAGE_LIMITS.tags);
    expect(facts.cut).toBe(true);
  });
  test(`a content past ${PAGE_LIMITS.attributeChars} characters is cut and marked`, () => {
    const long = `noindex,${'x'.repeat(PAGE_LIMITS.attributeChars)}`;
    const [meta] = htmlFacts(`<meta name="robots" content="${long}">`, PAGE).metas;
    expect(meta?.content).toHaveLength(PAGE_LIMITS.attributeChars);
    expect(meta?.cut).toBe(true);
  });
  test(`at most ${PAGE_LIMITS.tagChars} characters of tag text`, () => {
    const content = 'y'.repeat(8000);
    const facts = htmlFacts(`<meta name="robots" content="${content}">`.repeat(20), PAGE);
    expect(facts.metas.length).toBe(Math.floor(PAGE_LIMITS.tagChars / (8000 + 6)));
    expect(facts.cutChars).toBe(true);
  });
  test('a base URL past the bound is dropped and said', () => {
    const facts = htmlFacts(`<base href="/${'b'.repeat(PAGE_LIMITS.baseChars)}">`, PAGE);
    expect(facts.baseUrl).toBe('');
    expect(facts.baseTooLong).toBe(true);
  });
  test('a million attributes on one tag and 100,000 nested elements: read, nothing kept of them', () => {
    const attributes = ' a'.repeat(1_000_000);
    const nested = '<div>'.repeat(100_000);
    const facts = htmlFacts(`<meta${attributes} name="robots" content="noindex">${nested}`, PAGE);
    expect(essence(facts).metas).toEqual([{ name: 'robots', content: 'noindex', inBody: false }]);
  });
});

// A document from pieces that move a meta between head and body, hide it in text or a
// template, or repeat it.
const pieces = fc.constantFrom(
  '<!doctype html>',
  '<html>',
  '<head>',
  '</head>',
  '<body>',
  '</body>',
  '<title>a <b></title>',
  '<script>"<meta name=robots content=x>"</script>',
  '<style>p{}</style>',
  '<noscript>',
  '</noscript>',
  '<template>',
  '</template>',
  '<iframe>',
  '</iframe>',
  '<div>',
  '</div>',
  '<p>',
  'text',
  ' \n',
  '&nbsp;',
  // References decoded where they count (before the body: white space or not; kept attributes).
  '&#32;',
  '&#x9;&#10;',
  '&#0;',
  '&amp;',
  '&nbsp',
  '&#3',
  '2;',
  '<meta name="robots" content="noindex&comma;nofollow">',
  '<meta name="&#103;ooglebot" content="&#110;oindex&amp">',
  '<link rel="canon&#105;cal" href="/c?a=1&amp;b=2&copy=3">',
  '<!-- <meta name=robots> -->',
  '<base href="/b/">',
  '<link rel="canonical" href="/c">',
  noindex,
  '<meta name="googlebot" content="nofollow">',
  '<meta name="bingbot" content="noindex" name="x">',
  '<svg><meta name="robots" content="none"></svg>',
);

describe('generated documents', () => {
  test('the same facts as the standard tree (parse5), whatever the order of the pieces', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 14 }), (list) => {
        const html = list.join('');
        const got = essence(htmlFacts(html, PAGE));
        const want = reference(html);
        expect(got.metas).toEqual(want.metas);
        expect(got.canonicals).toEqual(want.canonicals);
        expect(got.baseUrl).toBe(want.baseUrl);
      }),
      { numRuns: numRuns(2000) },
    );
  });

  test("the tokenizer method html-facts.ts replaces is htmlparser2's own (a pinned version)", () => {
    const own = (Tokenizer.prototype as unknown as Record<string, unknown>)['fastForwardTo'];
    expect(typeof own).toBe('function');
  });

  test('a reference cut between two writes is read whole', () => {
    for (const [first, second, inBody] of [
      ['&#3', '2;', false],
      ['&Tab', ';', false],
      ['&#x4', '1;', true],
    ] as const) {
      const reader = new HtmlFactsReader(PAGE);
      reader.write(first);
      reader.write(`${second}${noindex}`);
      expect(reader.end().metas[0]?.inBody).toBe(inBody);
    }
  });

  test('read in pieces of any size: the same facts as read whole', () => {
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (list, cuts) => {
          const html = list.join('');
          const reader = new HtmlFactsReader(PAGE);
          let at = 0;
          for (const cut of [...cuts.map((c) => c % (html.length + 1))].sort((a, b) => a - b)) {
            reader.write(html.slice(at, cut));
            at = cut;
          }
          reader.write(html.slice(at));
          expect(essence(reader.end())).toEqual(essence(htmlFacts(html, PAGE)));
        },
      ),
      { numRuns: numRuns(1000) },
    );
  });

  test('any text: never throws, keeps within the bounds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (html) => {
        const facts = htmlFacts(html, PAGE);
        expect(facts.metas.length).toBeLessThanOrEqual(PAGE_LIMITS.tags);
        expect(facts.canonicals.length).toBeLessThanOrEqual(PAGE_LIMITS.tags);
      }),
      { numRuns: numRuns(1000) },
    );
  });
});
