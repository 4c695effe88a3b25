// What a page says about itself, as read by the extension (or any other client): the main-frame
// response's headers and the DOM's meta robots and canonical tags. Plain data, built by the
// adapters (webext/read-page.ts for the DOM, background/page-headers.ts for the headers) and
// judged by src/page/judge.ts. Every string in it came from an arbitrary server.

import type { Hop } from '../policy.ts';

export type { Hop };

/**
 * The response is the page itself, as a search engine would index it: a 2xx, or a 304 (the copy
 * the browser revalidated). A redirect, 4xx or 5xx is not a page of its own in any index.
 */
export function isPageStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304;
}

/**
 * The page a URL shows: the URL without its fragment, which is the browser's and never sent. A
 * page's headers, and what the popup keeps of a page, are of this.
 */
export function pageUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** A `<meta name content>` whose name could be a robot's (every meta with a name is kept). */
export interface MetaTag {
  /** The name attribute as written (case kept, trimmed). */
  name: string;
  /** The content attribute, cut at PAGE_LIMITS.attributeChars. */
  content: string;
  /** In `<body>` rather than `<head>`: Google reads it there too, others may not. */
  inBody: boolean;
  /** The content was longer than PAGE_LIMITS.attributeChars and was cut. */
  cut: boolean;
}

/** A `<link rel="canonical" href>`. */
export interface CanonicalTag {
  /** The href attribute as written, cut at PAGE_LIMITS.attributeChars. */
  href: string;
  inBody: boolean;
}

/**
 * Links on the page (`<a href>`, `<area href>`) and how many carry each rel qualifier. Counted
 * apart from the tags, only when the Page view asks: on a page with thousands of links the count
 * costs more than the tags.
 */
export interface LinkCounts {
  total: number;
  nofollow: number;
  ugc: number;
  sponsored: number;
  /** How long the count took on the page's main thread, in milliseconds. */
  readMs: number;
}

/** The DOM as rendered when it was read. */
export interface DomFacts {
  /** document.contentType (cut at PAGE_LIMITS.contentTypeChars): only HTML documents' tags count. */
  contentType: string;
  /**
   * document.baseURI: relative hrefs resolve against it. Empty when it is longer than
   * PAGE_LIMITS.baseChars: relative hrefs then resolve against the page's own URL.
   */
  baseUrl: string;
  /**
   * The base was longer than PAGE_LIMITS.baseChars and is not the document's own URL (a long
   * `<base href>`): dropped, and the page's URL used instead. Absent in facts read before
   * 2026-12 (issue 28).
   */
  baseTooLong?: boolean;
  /** Meta tags whose name is a robot's name, `robots`, or close to it; in document order. */
  metas: MetaTag[];
  canonicals: CanonicalTag[];
  /** More tags than the reader keeps (PAGE_LIMITS.tags, .tagChars): the rest were dropped. */
  cut: boolean;
  /**
   * Tags were dropped because their text reached PAGE_LIMITS.tagChars (not only their number).
   * Absent in facts read before 2026-12 (issue 28).
   */
  cutChars?: boolean;
  /** How long the read took on the page's main thread, in milliseconds. */
  readMs: number;
}

/** The main-frame response that loaded the page, as the browser reported it. */
export interface ResponseFacts {
  /** The URL the response answered (after redirects). */
  url: string;
  /** The page's own HTTP status, as the browser received it. */
  status: number;
  /**
   * The redirects the request followed before this response, in order: each URL that answered
   * with a 3xx (cut at PAGE_LIMITS.attributeChars) and its status; at most PAGE_LIMITS.hops.
   * Absent in responses recorded before 2026-11-27.
   */
  redirects?: Hop[];
  /** The Content-Type header, or null when there was none. */
  contentType: string | null;
  /** Every X-Robots-Tag header value, in order (a browser may have joined repeated ones). */
  xRobotsTag: string[];
  /** Every Link header value, in order. */
  link: string[];
  /**
   * Every Content-Usage header value, in order (IETF aipref: what the site says about AI use of
   * the page). Absent in responses recorded before 2026-11-23.
   */
  contentUsage?: string[];
  /** More header bytes than kept (MAX_HEADER_CHARS in all): the rest were dropped. */
  cut: boolean;
  /** When the response arrived (ms since the epoch). */
  at: number;
}

/** Why the response headers are not known for the page's URL. */
export type HeadersUnknown =
  /** The tab changed its URL in the page (history.pushState, a hash change) since it loaded. */
  | 'same-document'
  /** No response was seen: the tab loaded before the extension started, or from a cache the browser does not report. */
  | 'not-seen';

/** Why the DOM was not read. */
export type DomUnreadable =
  /** The browser refused to run the reader there (a store page, a viewer, an error page). */
  | 'refused'
  /** The page did not answer in time. */
  | 'timeout';

/** Everything known about a page: what the judge takes. */
export interface PageFacts {
  /** The tab's URL now. */
  url: string;
  dom: { ok: true; facts: DomFacts } | { ok: false; why: DomUnreadable };
  headers: { ok: true; facts: ResponseFacts } | { ok: false; why: HeadersUnknown };
}

/**
 * Cut points for what a hostile page can make the extension keep. The DOM's are applied inside
 * the page, before anything crosses to the background (webext/read-page.ts repeats them: it cannot
 * import; test/webext/read-page.test.ts checks they are equal). With them, a DomFacts holds at most
 * contentTypeChars + baseChars + tagChars characters of strings (73,984), in at most 2 × tags
 * tags: see docs in read-page.ts for the bytes of a reply.
 */
export const PAGE_LIMITS = {
  /** Characters kept of one attribute (meta content, href). */
  attributeChars: 8192,
  /** Meta tags kept, and canonical tags kept (each). */
  tags: 200,
  /**
   * Characters kept of all tags together: meta names and contents, canonical hrefs. A tag that
   * would go past it is dropped (and the rest), as past `tags`.
   */
  tagChars: 65_536,
  /** Characters of document.baseURI kept; a longer one is dropped (the page's URL stands in). */
  baseChars: 8192,
  /** Characters of document.contentType kept (a MIME type: short by nature). */
  contentTypeChars: 256,
  /** Characters kept of all X-Robots-Tag, Link and Content-Usage values together. */
  headerChars: 65_536,
  /** Redirects kept of one navigation (browsers follow at most 20). */
  hops: 20,
} as const;

/**
 * Meta names that are never a robot's, lowercased: a reader skips them, so that a page full of them
 * cannot push the robots tags past PAGE_LIMITS. webext/read-page.ts repeats the list (it cannot
 * import); test/webext/read-page.test.ts checks that it skips each of these.
 */
export const NOT_ROBOT_NAMES: ReadonlySet<string> = new Set([
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

/**
 * The outline colours of links by rel when the user asks to see them (the page's CSS, drawn by
 * webext/read-page.ts), and the Page view's legend of them.
 */
export const LINK_OUTLINES = {
  nofollow: '#cf222e',
  ugc: '#9a6700',
  sponsored: '#8250df',
} as const;
