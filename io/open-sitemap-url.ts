// Opens one sitemap at an http(s) URL as UTF-8 text, in the browser and in Node alike: gunzipped
// when its first bytes are gzip's (by the platform's gunzip, injected), at most maxBytes after
// gunzip (read-body.ts), within one deadline for the whole response (deadline.ts) that the walk
// pauses while its caller holds URLs. The request is the one policy's (fetch-policy.ts): the
// crawler's request, each redirect checked before it is requested (at most 5, a loop named, the
// private-network rule); what is the sitemap's own: its Accept, and the caller's bytes and time.
// open-sitemap.ts adds local files and Node's gunzip for the command line;
// sitemap-urls-browser.ts the browser's for the extension.

import {
  oneLine,
  type SitemapFailure,
  type SitemapFailureCode,
  type SitemapParams,
} from '../src/sitemap-problem.ts';
import { Deadline } from './deadline.ts';
import { requestFor } from './fetch-policy.ts';
import {
  type Followed,
  followRedirects,
  RedirectChain,
  type RedirectStrategy,
  type RequestOptions,
} from './follow-redirects.ts';
import { cappedChunks, streamChunks } from './read-body.ts';

/** Gunzips a stream of bytes (Node's zlib, or the browser's DecompressionStream). */
export type Gunzip = (chunks: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

/** What openSitemapUrl works with. */
export interface UrlOpenOptions {
  fetch: typeof fetch;
  /** How each redirect's status and Location are read: the browser's observer, or Node's. */
  redirects: RedirectStrategy;
  /** ms for the whole response, every redirect and the body, while it is not paused. */
  timeoutMs: number;
  /** Bytes of text at most, counted after gunzip. */
  maxBytes: number;
  gunzip: Gunzip;
  /** The URL of the index (or the page) that leads to this sitemap; absent for the user's own. */
  ledFrom?: string;
  /** The User-Agent header of every request (Node: the command line's); absent: the platform's. */
  userAgent?: string;
  /**
   * Whether a URL may be requested at all, checked for the sitemap's URL and for each redirect's
   * target before it is asked; one refused ends the opening with 'other-host' (default: any).
   */
  mayRequest?: (url: string) => boolean;
}

/** An opened sitemap: its text, and what the walk needs to know of it. */
export interface OpenedSitemap {
  /** The UTF-8 text (a BOM dropped), at most maxBytes; past them `isCut` is set once read. */
  readonly text: AsyncIterable<string>;
  /** The identity of what was read: the URL after redirects, or the absolute path. */
  readonly key: string;
  /** The URL that answered; null for a file. */
  readonly url: string | null;
  readonly isGzip: boolean;
  /** Null for a file, which has no time limit. */
  readonly deadline: Deadline | null;
  /** Whether the text ran past maxBytes (set once `text` has been read to the cut). */
  readonly isCut: boolean;
  /** Why the text failed half way (a time-out, a reset, a corrupt gzip). */
  failureOf(error: unknown): SitemapFailure;
  /** Ends the transfer of a text not read to its end; always called once the text is done. */
  close(): void;
}

/** An opening: the sitemap, or why it cannot be read at all. */
export type SitemapOpening = OpenedSitemap | { failure: SitemapFailure };

/** A source that cannot be read at all, and why. */
export class Unreadable extends Error {
  readonly failure: SitemapFailure;

  constructor(code: SitemapFailureCode, params: SitemapParams = {}) {
    super(code);
    this.failure = { code, params };
  }

  static of(failure: SitemapFailure): Unreadable {
    return new Unreadable(failure.code, failure.params);
  }
}

/** Bytes a gunzip could not read (not gzip, or cut short): the sitemap's fault, 'not-gzip'. */
export class GzipError extends Error {}

/** The identity of a sitemap URL, to find loops and repeats: the URL without its fragment. */
export function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Opens the sitemap at `url`. Never throws for the server's sake: it gives its failure. */
export async function openSitemapUrl(
  url: string,
  options: UrlOpenOptions,
): Promise<SitemapOpening> {
  try {
    return await openUrl(url, options);
  } catch (error) {
    if (error instanceof Unreadable) return { failure: error.failure };
    throw error;
  }
}

/** Why a chain of redirects ended without an answer, as a failure. */
function failureOfStop(
  followed: Exclude<Followed, { kind: 'answer' }>,
  chain: RedirectChain,
): Unreadable {
  switch (followed.kind) {
    case 'private-address':
      return new Unreadable('private-address', { target: followed.target });
    case 'too-many-redirects':
      return new Unreadable('too-many-redirects', { limit: chain.maxRedirects });
    case 'redirect-loop':
      return new Unreadable('redirect-cycle', { target: chain.end });
  }
}

/** `fetch`, refusing (unasked) a URL that `mayRequest` does not allow. */
function guardedFetch(fetchFn: typeof fetch, mayRequest: (url: string) => boolean): typeof fetch {
  return (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    if (!mayRequest(target)) return Promise.reject(new Unreadable('other-host', { target }));
    return fetchFn(input, init);
  };
}

/** The policy's request for a sitemap, with `userAgent` when given. */
function requestWith(userAgent: string | undefined): RequestOptions {
  const request = requestFor('sitemap');
  if (userAgent === undefined) return request;
  return {
    ...request,
    headers: { ...(request.headers as Record<string, string>), 'user-agent': userAgent },
  };
}

async function openUrl(url: string, options: UrlOpenOptions): Promise<OpenedSitemap> {
  if (!URL.canParse(url)) throw new Unreadable('bad-url');
  if (!/^https?:$/.test(new URL(url).protocol)) throw new Unreadable('other-scheme');
  const { mayRequest } = options;
  if (mayRequest !== undefined && !mayRequest(url)) {
    throw new Unreadable('other-host', { target: url });
  }
  const controller = new AbortController();
  const deadline = new Deadline(options.timeoutMs, () => controller.abort());
  deadline.resume();
  const chain = new RedirectChain(url);
  let followed: Followed;
  try {
    followed = await followRedirects(
      chain,
      {
        fetch: mayRequest === undefined ? options.fetch : guardedFetch(options.fetch, mayRequest),
        redirects: options.redirects,
        request: requestWith(options.userAgent),
        ...(options.ledFrom === undefined ? {} : { ledFrom: options.ledFrom }),
      },
      controller.signal,
    );
  } catch (error) {
    deadline.dispose();
    throw Unreadable.of(describeFailure(error, deadline));
  }
  if (followed.kind !== 'answer') {
    deadline.dispose();
    throw failureOfStop(followed, chain);
  }
  const { response, status, url: answered } = followed;
  const close = () => {
    deadline.dispose();
    // Ends the transfer of a body not read to its end (a cut, a limit, a caller that stopped).
    controller.abort();
  };
  if (status < 200 || status > 299) {
    close();
    throw new Unreadable('http-status', { status, statusText: oneLine(response.statusText) });
  }
  const where = { key: urlKey(answered), url: answered };
  return sniffed(streamChunks(response.body), where, {
    deadline,
    maxBytes: options.maxBytes,
    gunzip: options.gunzip,
    close,
  });
}

/** How an opened body is read: its deadline (null for a file), bytes, gunzip and end. */
export interface BodyTerms {
  deadline: Deadline | null;
  maxBytes: number;
  gunzip: Gunzip;
  close: () => void;
}

/**
 * Reads the first bytes to see whether they are gzip (RFC 1952 §2.3.1: 1f 8b), which a server
 * sends as such for a .xml.gz (fetch has already decoded a Content-Encoding: gzip), and gives the
 * text from the start, gunzipped or not. A first read that fails makes it unreadable.
 */
export async function sniffed(
  chunks: AsyncIterable<Uint8Array>,
  where: { key: string; url: string | null },
  { deadline, maxBytes, gunzip, close }: BodyTerms,
): Promise<OpenedSitemap> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headSize = 0;
  try {
    while (headSize < 2) {
      const next = await iterator.next();
      if (next.done) break;
      head.push(next.value);
      headSize += next.value.byteLength;
    }
  } catch (error) {
    close();
    await iterator.return?.().catch(() => {}); // the first failure is the one reported
    throw Unreadable.of(describeFailure(error, deadline));
  }
  const first = head[0];
  const second = first !== undefined && first.byteLength > 1 ? first[1] : head[1]?.[0];
  const isGzip = first?.[0] === 0x1f && second === 0x8b;
  const all = replayed(head, iterator);
  let isCut = false;
  const capped = cappedChunks(isGzip ? gunzip(all) : all, maxBytes, () => {
    isCut = true;
  });
  return {
    ...where,
    isGzip,
    deadline,
    text: decodedText(capped, () => isCut),
    get isCut() {
      return isCut;
    },
    failureOf: (error: unknown) => describeFailure(error, deadline),
    close,
  };
}

async function* replayed(
  head: Uint8Array[],
  iterator: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** The bytes as UTF-8 text (sitemaps.org requires it; a BOM is dropped). */
async function* decodedText(
  bytes: AsyncIterable<Uint8Array>,
  isCut: () => boolean,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
  // A character cut at the limit is no character: the text ends before it.
  if (isCut()) return;
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** Why a source could not be read, or not to its end: a code and its params (one-line texts). */
export function describeFailure(error: unknown, deadline: Deadline | null): SitemapFailure {
  if (deadline?.isExpired) return { code: 'timeout', params: { ms: deadline.limitMs } };
  if (error instanceof Unreadable) return error.failure;
  const message = oneLine(errorMessage(error));
  if (error instanceof GzipError) return { code: 'not-gzip', params: { error: message } };
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return { code: 'no-file', params: {} };
    case 'EISDIR':
      return { code: 'folder', params: {} };
    case 'EACCES':
    case 'EPERM':
      return { code: 'permission', params: {} };
  }
  // zlib's codes: Z_BUF_ERROR for a stream cut short, Z_DATA_ERROR for bytes that are not deflate.
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return { code: 'not-gzip', params: { error: message } };
  }
  // Node's fetch says "fetch failed" and puts the reason (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') {
    return { code: 'network', params: { error: message, cause: cause.code } };
  }
  if (typeof cause?.message === 'string') {
    return { code: 'network', params: { error: message, cause: oneLine(cause.message) } };
  }
  return { code: 'error', params: { error: message } };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
