// Opens one sitemap, a local file or an http(s) URL, as UTF-8 text: gunzipped when its first bytes
// are gzip's, at most maxBytes after gunzip (read-body.ts), within one deadline for the whole
// response (deadline.ts) that the walk pauses while its caller holds URLs. A URL is fetched under
// the one policy of every fetch of the tool (fetch-policy.ts), as robots.txt is: the crawler's
// request, each redirect checked before it is requested (at most 5, a loop named, the
// private-network rule); what is the sitemap's own: its Accept, and the caller's bytes and time.

import { createReadStream } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
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
  type LookupAddresses,
  RedirectChain,
} from './follow-redirects.ts';
import { cappedChunks, streamChunks } from './read-body.ts';

const HTTP_URL = /^https?:\/\//i;
const OTHER_SCHEME_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/** What openSitemap works with. */
export interface OpenOptions {
  fetch: typeof fetch;
  /** Resolves a name a public address leads to, before it is requested (Node's resolver). */
  lookup: LookupAddresses;
  /** ms for the whole response, every redirect and the body, while it is not paused. */
  timeoutMs: number;
  /** Bytes of text at most, counted after gunzip. */
  maxBytes: number;
  /** The URL of the index that lists this sitemap; absent for the one the user gave. */
  ledFrom?: string;
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

/** A source that cannot be read at all, and why. */
class Unreadable extends Error {
  readonly failure: SitemapFailure;

  constructor(code: SitemapFailureCode, params: SitemapParams = {}) {
    super(code);
    this.failure = { code, params };
  }

  static of(failure: SitemapFailure): Unreadable {
    return new Unreadable(failure.code, failure.params);
  }
}

/** The identity of a source, to find loops and repeats: a URL without its fragment, or a path. */
export function sitemapKey(source: string): string {
  if (HTTP_URL.test(source)) {
    try {
      const url = new URL(source);
      url.hash = '';
      return url.href;
    } catch {
      return source;
    }
  }
  if (/^file:/i.test(source)) {
    try {
      return resolvePath(fileURLToPath(source));
    } catch {
      return source;
    }
  }
  return resolvePath(source);
}

/**
 * Opens `source`: a path, a file: URL or an http(s) URL. Never throws for the source's sake: a
 * source that cannot be read gives its failure; only a programmer's error is thrown.
 */
export async function openSitemap(
  source: string,
  options: OpenOptions,
): Promise<OpenedSitemap | { failure: SitemapFailure }> {
  try {
    return await openSource(source, options);
  } catch (error) {
    if (error instanceof Unreadable) return { failure: error.failure };
    throw error;
  }
}

async function openSource(source: string, options: OpenOptions): Promise<OpenedSitemap> {
  if (HTTP_URL.test(source)) return openUrl(source, options);
  if (OTHER_SCHEME_URL.test(source) && !/^file:/i.test(source)) {
    throw new Unreadable('other-scheme');
  }
  let path = source;
  if (/^file:/i.test(source)) {
    try {
      path = fileURLToPath(source);
    } catch (error) {
      throw new Unreadable('error', { error: oneLine(errorMessage(error)) });
    }
  }
  const stream = createReadStream(path);
  // The file is opened on the first read: a missing file or a folder fails in the peek below.
  return sniffed(stream, { key: resolvePath(path), url: null }, null, options.maxBytes, () =>
    stream.destroy(),
  );
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

async function openUrl(url: string, options: OpenOptions): Promise<OpenedSitemap> {
  if (!URL.canParse(url)) throw new Unreadable('bad-url');
  const controller = new AbortController();
  const deadline = new Deadline(options.timeoutMs, () => controller.abort());
  deadline.resume();
  const chain = new RedirectChain(url);
  let followed: Followed;
  try {
    followed = await followRedirects(
      chain,
      {
        fetch: options.fetch,
        redirects: { kind: 'manual', lookup: options.lookup },
        request: requestFor('sitemap'),
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
  const where = { key: sitemapKey(answered), url: answered };
  return sniffed(streamChunks(response.body), where, deadline, options.maxBytes, close);
}

/**
 * Reads the first bytes to see whether they are gzip (RFC 1952 §2.3.1: 1f 8b), which a server
 * sends as such for a .xml.gz (Node's fetch has already decoded a Content-Encoding: gzip), and
 * gives the text from the start, gunzipped or not. A first read that fails makes it unreadable.
 */
async function sniffed(
  chunks: AsyncIterable<Uint8Array>,
  where: { key: string; url: string | null },
  deadline: Deadline | null,
  maxBytes: number,
  close: () => void,
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
  const capped = cappedChunks(isGzip ? gunzipped(all) : all, maxBytes, () => {
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

/** Streams through zlib: memory stays one chunk whatever the ratio, and maxBytes counts its output. */
function gunzipped(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  // pipeline hands a source's error to gunzip, whose iteration then throws it, and destroys the
  // source when the reader of gunzip stops early.
  pipeline(Readable.from(chunks, { objectMode: false }), gunzip, () => {});
  return gunzip;
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
function describeFailure(error: unknown, deadline: Deadline | null): SitemapFailure {
  if (deadline?.isExpired) return { code: 'timeout', params: { ms: deadline.limitMs } };
  if (error instanceof Unreadable) return error.failure;
  const message = oneLine(errorMessage(error));
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

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
