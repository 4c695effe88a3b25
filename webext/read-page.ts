// Reads a document's robots meta tags, canonical links and link qualifiers. Injected into the tab
// with scripting.executeScript (it runs in the extension's isolated world: the page's scripts
// cannot change what it sees of the DOM API), and run by the popup on the HTML as served, parsed
// with DOMParser. It must be self-contained: executeScript sends its source, not its closure, so
// it refers to nothing outside its own body. What it returns is plain data (structured clone),
// bounded whatever the page holds.
import type { DomFacts, LinkCounts } from '../src/page/facts.ts';

/** The DOM's facts; `doc` defaults to the document it runs in. */
export function readPage(doc?: Document): DomFacts {
  const started = performance.now();
  const d = doc ?? document;
  // The same bounds as PAGE_LIMITS in src/page/facts.ts (repeated: this function cannot import).
  const ATTRIBUTE_CHARS = 8192;
  const TAGS = 200;
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
  const cut = (text: string) =>
    text.length > ATTRIBUTE_CHARS ? text.slice(0, ATTRIBUTE_CHARS) : text;
  const inBody = (el: Element) => d.body?.contains(el) === true;
  let dropped = false;

  // One walk for both kinds of tag, in document order.
  const metas: DomFacts['metas'] = [];
  const canonicals: DomFacts['canonicals'] = [];
  const tags = d.querySelectorAll('meta[name], link[rel]');
  for (let i = 0; i < tags.length; i++) {
    const el = tags[i];
    if (el === undefined) continue;
    if (el.localName === 'link') {
      // Only rel="canonical": Firefox's own DOM for text/plain holds a stylesheet link.
      const rel = ` ${(el.getAttribute('rel') ?? '').toLowerCase().replace(/\s+/g, ' ')} `;
      if (!rel.includes(' canonical ')) continue;
      if (canonicals.length >= TAGS) {
        dropped = true;
        continue;
      }
      canonicals.push({ href: cut(el.getAttribute('href') ?? ''), inBody: inBody(el) });
      continue;
    }
    const trimmed = (el.getAttribute('name') ?? '').trim();
    // Robots' names are tokens; `og:title`, `twitter:card` and the like are not.
    if (trimmed === '' || trimmed.length > 64 || /[^A-Za-z0-9._-]/.test(trimmed)) continue;
    if (SKIP.has(trimmed.toLowerCase())) continue;
    if (metas.length >= TAGS) {
      dropped = true;
      continue;
    }
    const content = el.getAttribute('content') ?? '';
    metas.push({
      name: trimmed,
      content: cut(content),
      inBody: inBody(el),
      cut: content.length > ATTRIBUTE_CHARS,
    });
  }

  return {
    contentType: d.contentType,
    baseUrl: d.baseURI,
    metas,
    canonicals,
    cut: dropped,
    readMs: performance.now() - started,
  };
}

/**
 * Counts the links (`<a href>`, `<area href>`) and their rel qualifiers; `doc` defaults to the
 * document it runs in. Self-contained, like readPage. Only the links with a rel attribute get a
 * JavaScript object: on a page of thousands of links, that is most of the cost.
 */
export function countLinks(doc?: Document): LinkCounts {
  const started = performance.now();
  const d = doc ?? document;
  const counts = {
    total: d.links.length,
    nofollow: 0,
    ugc: 0,
    sponsored: 0,
    readMs: 0,
  };
  const qualified = d.querySelectorAll('a[href][rel], area[href][rel]');
  for (let i = 0; i < qualified.length; i++) {
    const rel = ` ${(qualified[i]?.getAttribute('rel') ?? '').toLowerCase().replace(/\s+/g, ' ')} `;
    if (rel.includes(' nofollow ')) counts.nofollow++;
    if (rel.includes(' ugc ')) counts.ugc++;
    if (rel.includes(' sponsored ')) counts.sponsored++;
  }
  counts.readMs = performance.now() - started;
  return counts;
}

/** The style that outlines nofollow, ugc and sponsored links (scripting.insertCSS / removeCSS). */
export const LINK_HIGHLIGHT_CSS = [
  'a[href][rel~="nofollow" i], area[href][rel~="nofollow" i] { outline: 2px dashed #cf222e !important; outline-offset: 1px !important; }',
  'a[href][rel~="ugc" i], area[href][rel~="ugc" i] { outline: 2px dashed #9a6700 !important; outline-offset: 1px !important; }',
  'a[href][rel~="sponsored" i], area[href][rel~="sponsored" i] { outline: 2px dashed #8250df !important; outline-offset: 1px !important; }',
].join('\n');
