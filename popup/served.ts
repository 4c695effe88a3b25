// The page as served, read the way the page as rendered is read: the HTML parsed by the browser's
// own parser (DOMParser: no scripts run, nothing is loaded) and passed to the same reader.

import type { ServedPage } from '../src/extension/protocol.ts';
import type { DomFacts } from '../src/page/facts.ts';
import { readPage } from '../webext/read-page.ts';

/** The DOM facts of a served page; relative URLs resolve against the URL it came from. */
export function readServed(served: ServedPage): DomFacts {
  const doc = new DOMParser().parseFromString(served.html, 'text/html');
  const facts = readPage(doc);
  // A parsed document's base is the popup's own URL: use the page's (or its <base href>).
  const baseHref = doc.querySelector('base[href]')?.getAttribute('href') ?? null;
  let baseUrl = served.url;
  try {
    if (baseHref !== null) baseUrl = new URL(baseHref, served.url).href;
  } catch {
    // A <base href> that is not a URL is ignored, as browsers do.
  }
  return { ...facts, baseUrl };
}
