// Reads a document's robots meta tags, canonical links and link qualifiers. Injected into the tab
// with scripting.executeScript (it runs in the extension's isolated world: the page's scripts
// cannot change what it sees of the DOM API), and run by the popup on the HTML as served, parsed
// with DOMParser. It must be self-contained: executeScript sends its source, not its closure, so
// it refers to nothing outside its own body. What it returns is plain data (structured clone),
// bounded whatever the page holds.
import { type DomFacts, LINK_OUTLINES, type LinkCounts } from '../src/page/facts.ts';

/**
 * The DOM's facts; `doc` defaults to the document it runs in. Never throws on what a page holds,
 * and keeps at most PAGE_LIMITS' characters (src/page/facts.ts): 256 of content type, 8,192 of base
 * URL and 65,536 of tag text, in at most 200 meta and 200 canonical tags: 73,984 characters, at
 * most 147,968 bytes of string data in the structured clone executeScript makes of them. As JSON (a
 * message to the popup), at most 6 bytes a character (a control character or lone surrogate is
 * written \u0001) plus 52 bytes of keys a meta tag, 27 a canonical and 150 for the rest: at most
 * 459,854 bytes, whatever the page holds.
 */
export function readPage(doc?: Document): DomFacts {
  const started = performance.now();
  // The same bounds as PAGE_LIMITS in src/page/facts.ts (repeated: this function cannot import;
  // test/webext/read-page.test.ts checks that the two agree).
  const ATTRIBUTE_CHARS = 8192;
  const TAGS = 200;
  const TAG_CHARS = 65_536;
  const BASE_CHARS = 8192;
  const CONTENT_TYPE_CHARS = 256;
  // Names that are never a robot's: skipped so that a page full of them cannot push the robots
  // tags past the bound.
  const SKIP = new Set([
    'description',
    'viewport',
    'keywords',
    'author',
    'generator',
    'theme-color',
    'referrer',
    'format-detection',
    'color-scheme',
    'application-name',
    'msapplication-tilecolor',
    'msapplication-tileimage',
    'msapplication-config',
    'apple-mobile-web-app-capable',
    'apple-mobile-web-app-title',
    'apple-mobile-web-app-status-bar-style',
    'mobile-web-app-capable',
    'google-site-verification',
    'msvalidate.01',
    'yandex-verification',
    'csrf-token',
    'csrf-param',
  ]);
  const d = doc ?? document;
  // A document takes named properties from its elements, over its own methods and getters
  // (HTMLDocument is [LegacyOverrideBuiltIns]: `<img name="body">` makes d.body that image,
  // `<img name="querySelectorAll">` hides the method; Firefox's DOMParser documents too). So every
  // one is taken from the prototypes, and every value is checked for its type.
  const member = (key: string): unknown => {
    for (let p: object | null = Document.prototype; p !== null; p = Object.getPrototypeOf(p)) {
      const found = Object.getOwnPropertyDescriptor(p, key);
      if (found !== undefined) return found.get !== undefined ? found.get.call(d) : found.value;
    }
    return undefined;
  };
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const attribute = (el: Element, name: string): string =>
    text(Element.prototype.getAttribute.call(el, name));
  const cut = (value: string) =>
    value.length > ATTRIBUTE_CHARS ? value.slice(0, ATTRIBUTE_CHARS) : value;
  const body = member('body');
  const inBody = (el: Element) =>
    body instanceof Node && Node.prototype.contains.call(body, el) === true;
  let dropped = false;
  let droppedChars = false;
  let chars = 0;
  /** Room for `length` more characters of tag text (else the tag is dropped, and so said). */
  const fits = (length: number) => {
    if (chars + length > TAG_CHARS) {
      dropped = true;
      droppedChars = true;
      return false;
    }
    chars += length;
    return true;
  };

  // One walk for both kinds of tag, in document order.
  const metas: DomFacts['metas'] = [];
  const canonicals: DomFacts['canonicals'] = [];
  const tags = Document.prototype.querySelectorAll.call(d, 'meta[name], link[rel]');
  const count = tags.length;
  for (let i = 0; i < count; i++) {
    const el = tags[i];
    if (el === undefined) continue;
    if (el.localName === 'link') {
      // Only rel="canonical": Firefox's own DOM for text/plain holds a stylesheet link.
      const rel = attribute(el, 'rel');
      // No rel that names canonical is this long: not lowercased, not read.
      if (rel.length > ATTRIBUTE_CHARS) continue;
      if (!` ${rel.toLowerCase().replace(/\s+/g, ' ')} `.includes(' canonical ')) continue;
      if (canonicals.length >= TAGS) {
        dropped = true;
        continue;
      }
      const href = cut(attribute(el, 'href'));
      if (!fits(href.length)) continue;
      canonicals.push({ href, inBody: inBody(el) });
      continue;
    }
    const name = attribute(el, 'name');
    // Robots' names are tokens; `og:title`, `twitter:card` and the like are not.
    if (name.length > 256) continue;
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 64 || /[^A-Za-z0-9._-]/.test(trimmed)) continue;
    if (SKIP.has(trimmed.toLowerCase())) continue;
    if (metas.length >= TAGS) {
      dropped = true;
      continue;
    }
    const content = attribute(el, 'content');
    const kept = cut(content);
    if (!fits(trimmed.length + kept.length)) continue;
    metas.push({
      name: trimmed,
      content: kept,
      inBody: inBody(el),
      cut: content.length > ATTRIBUTE_CHARS,
    });
  }

  const contentType = text(member('contentType'));
  // A base longer than the bound is dropped: relative hrefs then resolve against the page's own
  // URL. Said as too long only when it is not that URL (a <base href>, not a long address).
  const base = text(member('baseURI'));
  const longBase = base.length > BASE_CHARS;
  const result: DomFacts = {
    contentType: contentType.slice(0, CONTENT_TYPE_CHARS),
    baseUrl: longBase ? '' : base,
    metas,
    canonicals,
    cut: dropped,
    readMs: 0,
  };
  if (longBase && base !== text(member('URL'))) result.baseTooLong = true;
  if (droppedChars) result.cutChars = true;
  result.readMs = performance.now() - started;
  return result;
}

/**
 * Counts the links (`<a href>`, `<area href>`) and their rel qualifiers; `doc` defaults to the
 * document it runs in. Self-contained, like readPage, and like it immune to the document's named
 * properties. Only the links with a rel attribute get a JavaScript object: on a page of thousands
 * of links, that is most of the cost.
 */
export function countLinks(doc?: Document): LinkCounts {
  const started = performance.now();
  const d = doc ?? document;
  let links: unknown;
  for (let p: object | null = Document.prototype; p !== null; p = Object.getPrototypeOf(p)) {
    const found = Object.getOwnPropertyDescriptor(p, 'links');
    if (found === undefined) continue;
    links = found.get?.call(d);
    break;
  }
  const total = typeof links === 'object' && links !== null ? Reflect.get(links, 'length') : 0;
  const counts = {
    total: typeof total === 'number' ? total : 0,
    nofollow: 0,
    ugc: 0,
    sponsored: 0,
    readMs: 0,
  };
  const qualified = Document.prototype.querySelectorAll.call(d, 'a[href][rel], area[href][rel]');
  const count = qualified.length;
  for (let i = 0; i < count; i++) {
    const el = qualified[i];
    if (el === undefined) continue;
    const value = Element.prototype.getAttribute.call(el, 'rel');
    if (typeof value !== 'string') continue;
    const rel = ` ${value.toLowerCase().replace(/\s+/g, ' ')} `;
    if (rel.includes(' nofollow ')) counts.nofollow++;
    if (rel.includes(' ugc ')) counts.ugc++;
    if (rel.includes(' sponsored ')) counts.sponsored++;
  }
  counts.readMs = performance.now() - started;
  return counts;
}

/** The style that outlines nofollow, ugc and sponsored links (scripting.insertCSS / removeCSS). */
export const LINK_HIGHLIGHT_CSS = Object.entries(LINK_OUTLINES)
  .map(
    ([rel, color]) =>
      `a[href][rel~="${rel}" i], area[href][rel~="${rel}" i] { outline: 2px dashed ${color} !important; outline-offset: 1px !important; }`,
  )
  .join('\n');
