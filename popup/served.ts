// The page as served, read the way the page as rendered is read: the HTML parsed by the browser's
// own parser (DOMParser: no scripts run, nothing is loaded) and passed to the same reader.

import type { ServedPage } from '../src/extension/protocol.ts';
import { type DomFacts, PAGE_LIMITS } from '../src/page/facts.ts';
import { readPage } from '../webext/read-page.ts';

/**
 * The DOM facts of a served page, relative URLs resolving against the URL it came from; null when
 * its HTML could not be read (never throws: the popup says so).
 */
export function readServed(served: ServedPage): DomFacts | null {
  try {
    const doc = new DOMParser().parseFromString(served.html, 'text/html');
    const facts = readPage(doc);
    // A parsed document's base is the popup's own URL: use the page's (or its <base href>). Its
    // methods are the prototype's: the page's elements name properties of the document (see
    // readPage).
    const base = Document.prototype.querySelector.call(doc, 'base[href]');
    const baseHref = base === null ? null : Element.prototype.getAttribute.call(base, 'href');
    let baseUrl = served.url;
    let tooLong = false;
    if (typeof baseHref === 'string') {
      if (baseHref.length > PAGE_LIMITS.baseChars) tooLong = true;
      else {
        try {
          baseUrl = new URL(baseHref, served.url).href;
        } catch {
          // A <base href> that is not a URL is ignored, as browsers do.
        }
      }
    }
    // As in the tab: a base past the bound is dropped, and the page's URL stands in; said when it
    // is not that URL.
    if (baseUrl.length > PAGE_LIMITS.baseChars) tooLong ||= baseUrl !== served.url;
    const { baseTooLong: _, ...rest } = facts;
    if (tooLong) return { ...rest, baseUrl: '', baseTooLong: true };
    return { ...rest, baseUrl: baseUrl.length > PAGE_LIMITS.baseChars ? '' : baseUrl };
  } catch {
    // Whatever the page held that the reader did not expect: the popup says it could not read it.
    return null;
  }
}
