// What can go wrong reading a sitemap, as codes with params: io/ gives them, src/explain/sitemaps.ts
// says them in the user's language from the catalogue.
import { printableText } from './explain/formats.ts';

/**
 * Why a sitemap could not be read, or not to its end, with its params: as a problem, the sitemap
 * (`source`) was not read; as the `reason` of a 'partial' problem, it was read only in part.
 */
export type SitemapFailureCode =
  /** `{ ms }`: no complete answer within the time limit. */
  | 'timeout'
  | 'no-file'
  | 'folder'
  | 'permission'
  /** `{ error }`: zlib's message. */
  | 'not-gzip'
  /** `{ error, cause }`: fetch's message and the reason under it (ECONNREFUSED, ENOTFOUND…). */
  | 'network'
  /** `{ error }`: any other error's message. */
  | 'error'
  /** `{ status, statusText }`: a response that is not 2xx (statusText may be ''). */
  | 'http-status'
  /** A URL of a scheme other than http(s) or file. */
  | 'other-scheme'
  | 'bad-url'
  /**
   * `{ target }`: a public address led into a private network (a redirect's Location, or the
   * `<loc>` of a public index, is `target`): not requested (io/follow-redirects.ts).
   */
  | 'private-address'
  /** `{ limit }`: more redirects than fetch follows (20). */
  | 'too-many-redirects'
  /** `{ target }`: a redirect back to `target`, asked already in the same fetch. */
  | 'redirect-cycle'
  /**
   * `{ target }`: a URL on another host than the one the reading is kept to (the extension reads
   * only the site the user is on): not requested.
   */
  | 'other-host';

/** Something in a sitemap that was skipped, and why; src/explain/sitemaps.ts says it in words. */
export type SitemapProblemCode =
  | SitemapFailureCode
  /** `{ reason: SitemapFailureCode, …its params }`: the body failed half way. */
  | 'partial'
  /** `{ target }`: redirected to an index above it. */
  | 'redirect-loop'
  /** `{ target }`: redirected to a sitemap read already. */
  | 'redirect-repeat'
  /** `{ child }`: an index lists an index above it. */
  | 'loop'
  /** `{ child }`: an index lists itself. */
  | 'self-loop'
  /** `{ child }`: an index lists a sitemap read already. */
  | 'repeat'
  /** `{ child }`: an index lists a child twice (read once). */
  | 'listed-twice'
  /** `{ level, limit }`: an index nested past maxDepth; deeper indexes are not followed. */
  | 'depth-limit'
  /** `{ limit, child }`: maxSitemaps read; `child` and the sitemaps after it are skipped. */
  | 'count-limit'
  /** `{ limit }`: maxUrls given; the URLs after them are skipped. */
  | 'url-limit'
  /** `{ limit }`: totalMs (ms) spent; the sitemap being read and those after it are skipped. */
  | 'time-limit'
  /** `{ limit }`: larger than maxBytes; the rest is skipped. */
  | 'too-large'
  /** `{ limit }`: larger than maxBytes once gunzipped; the rest is skipped. */
  | 'too-large-unzipped'
  /** `{ count }`: bad entries past the first ten, counted. */
  | 'more-skipped'
  /** `{ encoding }`: a declared encoding other than UTF-8 (read as UTF-8). */
  | 'encoding'
  /** `{ error }`: not well-formed XML (the parser's message, excerpt); the rest is skipped. */
  | 'not-xml'
  /** `{ element }`: a root element other than <urlset> or <sitemapindex>. */
  | 'wrong-root'
  /** Nothing in it. */
  | 'empty'
  /** `{ entry }`: a <url> or <sitemap> (`entry` is the element's name) without <loc>. */
  | 'no-loc'
  | 'empty-loc'
  /** `{ url }`: a <loc> that is not an http(s) URL (quotedExcerpt). */
  | 'not-http-loc'
  /** `{ url }`: a line of a text sitemap that is not an http(s) URL (quotedExcerpt). */
  | 'not-http-line'
  /**
   * `{ excerpt }`: neither XML nor a text sitemap (whose first line must be an http(s) URL,
   * sitemaps.org "Text file"): nothing of it is read; `excerpt` is its start (quotedExcerpt).
   */
  | 'not-sitemap'
  /** `{ line, limit }`: a line of a text sitemap longer than `limit` characters: skipped. */
  | 'line-too-long'
  /** `{ limit }`: a <loc> longer than `limit` characters: skipped. */
  | 'loc-too-long';

export type SitemapParams = Record<string, string | number>;

/** Something in a sitemap that was skipped, and why. */
export interface SitemapProblem {
  /** The sitemap it was found in: the path or URL given, or the `<loc>` of the index that listed it. */
  source: string;
  code: SitemapProblemCode;
  params: SitemapParams;
}

/** Why a source could not be read, or not to its end. */
export interface SitemapFailure {
  readonly code: SitemapFailureCode;
  readonly params: SitemapParams;
}

/**
 * The top source cannot be read at all, or is no sitemap; `message` is the code, the words are the
 * caller's.
 */
export class SitemapUnreadable extends Error {
  readonly source: string;
  /** A failure to read it, or what shows it is no sitemap at all ('not-sitemap', 'wrong-root'…). */
  readonly code: SitemapProblemCode;
  readonly params: SitemapParams;

  constructor(source: string, failure: { code: SitemapProblemCode; params: SitemapParams }) {
    super(failure.code);
    this.source = source;
    this.code = failure.code;
    this.params = failure.params;
  }
}

/** Text from a file or a server, made one line for the terminal. */
export function oneLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

/**
 * Characters of server text a problem quotes, at most (issue 28, item 1: a body that is not a
 * sitemap is never echoed beyond a short excerpt).
 */
export const EXCERPT_CHARS = 40;

/**
 * What a credential looks like, masked in every quote of server text before it is cut: a value
 * after a name that says it is one (`key=`, `token:`, `password=`, `Authorization: Bearer`…), the
 * user and password of a URL, a JSON Web Token, and any run of 16 or more characters of the
 * base64, base64url and hex alphabets (API keys, session ids, signatures; a long word goes too).
 */
const SECRETS: readonly RegExp[] = [
  /((?:key|token|secret|passw(?:or)?d|pwd|pass|auth\w*|session\w*|sig(?:nature)?|credentials?|cookie)["']?\s*[=:]\s*(?:bearer\s+|basic\s+)?)[^\s&;,"'<>]+/gi,
  /(\b(?:bearer|basic)\s+)[^\s&;,"'<>]+/gi,
  /(\/\/)[^/@\s]*(?=@)/g,
  /()eyJ[\w-]*\.[\w-]*(?:\.[\w-]*)?/g,
  /()[A-Za-z0-9+/=_-]{16,}/g,
];

/** What stands for a masked secret. */
const MASK = '***';

/**
 * Server text as a problem may show it: its first line only, secret-shaped runs masked, cut at
 * `maxChars` (an ellipsis marks the cut), control characters as \uXXXX (src/explain
 * printableText). A body quoted this way cannot carry a token or a page of content into a log.
 */
export function excerpt(text: string, maxChars = EXCERPT_CHARS): string {
  return printableText(cutMasked(text, maxChars));
}

/** excerpt in JSON quotes (a quote and a backslash in it escaped), for an entry quoted whole. */
export function quotedExcerpt(text: string, maxChars = EXCERPT_CHARS): string {
  return printableText(JSON.stringify(cutMasked(text, maxChars)));
}

function cutMasked(text: string, maxChars: number): string {
  // A window past the cut, so that a secret crossing it is seen whole and masked whole.
  const span = text.slice(0, maxChars + 256);
  const lineEnd = span.search(/[\r\n]/);
  let line = lineEnd === -1 ? span : span.slice(0, lineEnd);
  const isCut = line.length < text.length;
  for (const secret of SECRETS) line = line.replace(secret, `$1${MASK}`);
  if (line.length <= maxChars && !isCut) return line;
  // Not between the two halves of a character outside the BMP.
  const high = line.charCodeAt(maxChars - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? maxChars - 1 : maxChars;
  return `${line.slice(0, end)}…`;
}
