// @vitest-environment happy-dom
// The DOM reader (webext/read-page.ts) and the served page's (popup/served.ts): what a page can make
// the extension read is bounded by PAGE_LIMITS before it leaves the page (issue 28, item 2), and a
// document's named properties (`<img name="querySelectorAll">`, `<form name="body">`: HTMLDocument
// is [LegacyOverrideBuiltIns]) never make them throw or lie (item 5). happy-dom gives documents no
// named properties, so a test gives them as the browsers do: own properties of the document.
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readServed } from '../../popup/served.ts';
import type { ServedPage } from '../../src/extension/protocol.ts';
import { type DomFacts, NOT_ROBOT_NAMES, PAGE_LIMITS } from '../../src/page/facts.ts';
import { countLinks, readPage } from '../../webext/read-page.ts';
import { numRuns } from '../property-runs.ts';

const PAGE = 'https://a.test/dir/page';

/** A document parsed from `html`, as the popup parses the HTML as served. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const served = (html: string, url = PAGE): ServedPage => ({
  url,
  status: 200,
  contentType: 'text/html',
  html,
  xRobotsTag: [],
  link: [],
  cut: false,
});
const robotsMeta = (content: string) => `<meta name="robots" content="${content}">`;
const canonical = (href: string) => `<link rel="canonical" href="${href}">`;

/** Every character of strings a DomFacts carries. */
function charsOf(facts: DomFacts): number {
  let n = facts.contentType.length + facts.baseUrl.length;
  for (const m of facts.metas) n += m.name.length + m.content.length;
  for (const c of facts.canonicals) n += c.href.length;
  return n;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the bounds are PAGE_LIMITS (repeated inside readPage, which cannot import)', () => {
  test('attributeChars: a content of exactly the bound is whole, one more is cut to it', () => {
    const whole = 'x'.repeat(PAGE_LIMITS.attributeChars);
    const facts = readPage(parse(robotsMeta(whole) + robotsMeta(`${whole}y`)));
    expect(facts.metas.map((m) => [m.content.length, m.cut])).toEqual([
      [PAGE_LIMITS.attributeChars, false],
      [PAGE_LIMITS.attributeChars, true],
    ]);
    const href = `https://a.test/${'h'.repeat(PAGE_LIMITS.attributeChars)}`;
    expect(readPage(parse(canonical(href))).canonicals[0]?.href).toBe(
      href.slice(0, PAGE_LIMITS.attributeChars),
    );
  });

  test('tags: that many meta and that many canonical tags are kept, the rest dropped', () => {
    const tags = (n: number, tag: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => tag(i)).join('');
    const exact = readPage(
      parse(
        tags(PAGE_LIMITS.tags, () => robotsMeta('noindex')) +
          tags(PAGE_LIMITS.tags, (i) => canonical(`/c${i}`)),
      ),
    );
    expect([exact.metas.length, exact.canonicals.length, exact.cut]).toEqual([
      PAGE_LIMITS.tags,
      PAGE_LIMITS.tags,
      false,
    ]);
    const over = readPage(parse(tags(PAGE_LIMITS.tags + 1, () => robotsMeta('noindex'))));
    expect([over.metas.length, over.cut, over.cutChars]).toEqual([
      PAGE_LIMITS.tags,
      true,
      undefined,
    ]);
  });

  test('tagChars: tags are kept while their text fits, the next one is dropped and so said', () => {
    const content = 'n'.repeat(PAGE_LIMITS.attributeChars);
    const perTag = 'robots'.length + content.length;
    const fit = Math.floor(PAGE_LIMITS.tagChars / perTag);
    const facts = readPage(parse(robotsMeta(content).repeat(fit + 2)));
    expect(facts.metas).toHaveLength(fit);
    expect(fit * perTag).toBeLessThanOrEqual(PAGE_LIMITS.tagChars);
    expect((fit + 1) * perTag).toBeGreaterThan(PAGE_LIMITS.tagChars);
    expect([facts.cut, facts.cutChars]).toEqual([true, true]);
    // A tag that fits exactly is kept: the bound is PAGE_LIMITS.tagChars, not one less.
    const rest = PAGE_LIMITS.tagChars - fit * perTag - 'robots'.length;
    const exact = readPage(parse(robotsMeta(content).repeat(fit) + robotsMeta('r'.repeat(rest))));
    expect([exact.metas.length, exact.cut]).toEqual([fit + 1, false]);
  });

  test('baseChars: a base of exactly the bound is kept, a longer one dropped and said', () => {
    const baseOf = (length: number) => {
      const prefix = 'https://b.test/';
      return `${prefix}${'b'.repeat(length - prefix.length)}`;
    };
    const kept = readPage(parse(`<base href="${baseOf(PAGE_LIMITS.baseChars)}">`));
    expect(kept.baseUrl).toHaveLength(PAGE_LIMITS.baseChars);
    expect(kept.baseTooLong).toBeUndefined();
    const long = readPage(parse(`<base href="${baseOf(PAGE_LIMITS.baseChars + 1)}">`));
    expect([long.baseUrl, long.baseTooLong]).toEqual(['', true]);
  });

  test("baseChars: a long base that is the document's own URL is dropped, not said", () => {
    const doc = parse('<title>t</title>');
    const own = `https://a.test/${'p'.repeat(PAGE_LIMITS.baseChars)}`;
    vi.spyOn(Document.prototype, 'baseURI', 'get').mockReturnValue(own);
    vi.spyOn(Document.prototype, 'URL', 'get').mockReturnValue(own);
    const facts = readPage(doc);
    expect([facts.baseUrl, facts.baseTooLong]).toEqual(['', undefined]);
  });

  test('contentTypeChars: the content type is cut to the bound', () => {
    vi.spyOn(Document.prototype, 'contentType', 'get').mockReturnValue(
      `text/html;${'x'.repeat(PAGE_LIMITS.contentTypeChars)}`,
    );
    expect(readPage(parse('')).contentType).toHaveLength(PAGE_LIMITS.contentTypeChars);
  });
});

describe("a document's named properties change nothing (item 5)", () => {
  const HTML = `<html><head>${robotsMeta('noindex')}${canonical('/canon')}</head><body>
    <a href="/a" rel="nofollow">a</a><a href="/b">b</a>
    <img name="querySelectorAll"><form name="body"></form><img name="contentType">
    <img name="baseURI"><embed name="links"><img name="URL"><img name="querySelector">
    </body></html>`;

  /** The document as Chromium and Firefox make it: each name shadows the builtin. */
  function shadowed(doc: Document): Document {
    for (const name of [
      'querySelectorAll',
      'querySelector',
      'body',
      'contentType',
      'baseURI',
      'links',
      'URL',
    ]) {
      const el = doc.createElement('img');
      Object.defineProperty(doc, name, { value: el, configurable: true });
    }
    return doc;
  }

  test('readPage reads the tags as if the names were not there', () => {
    const plain = readPage(parse(HTML));
    const facts = readPage(shadowed(parse(HTML)));
    expect({ ...facts, readMs: 0 }).toEqual({ ...plain, readMs: 0 });
    expect(facts.metas.map((m) => m.content)).toEqual(['noindex']);
    expect(facts.canonicals).toEqual([{ href: '/canon', inBody: false }]);
    expect(typeof facts.contentType).toBe('string');
    expect(typeof facts.baseUrl).toBe('string');
  });

  test('countLinks counts the links as if the names were not there', () => {
    const counts = countLinks(shadowed(parse(HTML)));
    expect({ ...counts, readMs: 0 }).toEqual({
      total: 2,
      nofollow: 1,
      ugc: 0,
      sponsored: 0,
      readMs: 0,
    });
  });

  test('readServed reads a served page whose names shadow the document', () => {
    const parseFromString = DOMParser.prototype.parseFromString;
    vi.spyOn(DOMParser.prototype, 'parseFromString').mockImplementation(function (
      this: DOMParser,
      html: string,
      type: DOMParserSupportedType,
    ) {
      return shadowed(parseFromString.call(this, html, type));
    });
    const facts = readServed(served(HTML.replace('<head>', '<head><base href="/base/">')));
    expect(facts).not.toBeNull();
    expect(facts?.metas.map((m) => m.content)).toEqual(['noindex']);
    expect(facts?.baseUrl).toBe('https://a.test/base/');
  });

  test('readServed answers null, never throws, when reading fails', () => {
    vi.spyOn(DOMParser.prototype, 'parseFromString').mockImplementation(() => {
      throw new Error('a page the parser chokes on');
    });
    expect(readServed(served(HTML))).toBeNull();
  });
});

describe('readServed: the base of the HTML as served', () => {
  test("no <base href>: the page's URL", () => {
    expect(readServed(served('<title>t</title>'))?.baseUrl).toBe(PAGE);
  });

  test('a <base href> longer than PAGE_LIMITS.baseChars: dropped and said', () => {
    const facts = readServed(served(`<base href="/${'b'.repeat(PAGE_LIMITS.baseChars)}">`));
    expect([facts?.baseUrl, facts?.baseTooLong]).toEqual(['', true]);
  });

  test("a long URL of the page's own, no <base>: dropped, not said", () => {
    const url = `https://a.test/${'p'.repeat(PAGE_LIMITS.baseChars)}`;
    const facts = readServed(served('<title>t</title>', url));
    expect([facts?.baseUrl, facts?.baseTooLong]).toEqual(['', undefined]);
  });
});

describe('properties', () => {
  /** HTML made of the pieces the readers look at, named properties and long values included. */
  const piece = fc.oneof(
    fc.constantFrom(
      '<meta name="robots" content="noindex">',
      '<meta name="googlebot" content="nofollow">',
      '<link rel="canonical" href="/c">',
      '<link rel=" CANONICAL  alternate" href="https://b.test/">',
      '<base href="/b/">',
      '<img name="querySelectorAll">',
      '<img name="querySelector">',
      '<form name="body"></form>',
      '<img name="contentType">',
      '<img name="baseURI">',
      '<embed name="links">',
      '<a href="/x" rel="nofollow ugc">x</a>',
      '<area href="/y" rel="sponsored">',
      '<body>',
      '</head>',
      '<svg><link rel="canonical" href="/svg"/></svg>',
      '<template><meta name="robots" content="noindex"></template>',
      '<!--',
      '"',
      '<',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .tuple(fc.constantFrom('robots', 'googlebot', 'x'), fc.integer({ min: 0, max: 12_000 }))
      .map(([name, n]) => `<meta name="${name}" content="${'z'.repeat(n)}">`),
    fc.integer({ min: 0, max: 12_000 }).map((n) => `<base href="/${'b'.repeat(n)}">`),
    fc.integer({ min: 0, max: 12_000 }).map((n) => `<link rel=canonical href="${'c'.repeat(n)}">`),
  );
  const html = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
  const bound = PAGE_LIMITS.contentTypeChars + PAGE_LIMITS.baseChars + PAGE_LIMITS.tagChars;

  test('readPage and readServed never throw, and carry at most the bounded characters', () => {
    fc.assert(
      fc.property(html, (text) => {
        const facts = readPage(parse(text));
        expect(charsOf(facts)).toBeLessThanOrEqual(bound);
        expect(facts.metas.length).toBeLessThanOrEqual(PAGE_LIMITS.tags);
        expect(facts.canonicals.length).toBeLessThanOrEqual(PAGE_LIMITS.tags);
        const fromServed = readServed(served(text));
        expect(fromServed).not.toBeNull();
        if (fromServed !== null) expect(charsOf(fromServed)).toBeLessThanOrEqual(bound);
        countLinks(parse(text));
      }),
      { numRuns: numRuns(200) },
    );
  });

  test('the worst page gives a reply within the bytes read-page.ts states (459,854 as JSON)', () => {
    // Control characters are written \u0001 in JSON: 6 bytes each, the most a character takes.
    const nasty = '\u0001'.repeat(PAGE_LIMITS.attributeChars);
    const metas = `<meta name="${'m'.repeat(64)}" content="${nasty}">`.repeat(PAGE_LIMITS.tags);
    const links = `<link rel="canonical" href="${nasty}">`.repeat(PAGE_LIMITS.tags);
    const base = `<base href="https://a.test/${'\u0001'.repeat(PAGE_LIMITS.baseChars)}">`;
    for (const facts of [
      readPage(parse(base + metas + links)),
      readPage(parse(base + links + metas)),
    ]) {
      const bytes = new TextEncoder().encode(JSON.stringify(facts)).length;
      expect(charsOf(facts)).toBeLessThanOrEqual(bound);
      expect(bytes).toBeLessThanOrEqual(459_854);
    }
  });
});

describe('meta names that are never a robot’s', () => {
  test('the DOM reader skips every name of NOT_ROBOT_NAMES (src/page/facts.ts), in any case', () => {
    const names = [...NOT_ROBOT_NAMES];
    const html = [...names, ...names.map((n) => n.toUpperCase()), 'robots', 'googlebot', 'x-robot']
      .map((name) => `<meta name="${name}" content="noindex">`)
      .join('');
    expect(readPage(parse(html)).metas.map((m) => m.name)).toEqual([
      'robots',
      'googlebot',
      'x-robot',
    ]);
  });
});
