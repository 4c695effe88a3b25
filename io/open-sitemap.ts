// Opens one sitemap for the command line, a local file or an http(s) URL, as UTF-8 text:
// open-sitemap-url.ts reads a URL under the one fetch policy (fetch-policy.ts), with each
// redirect's target looked up before it is asked (Node's resolver); a file is read from disk with
// no time limit. Both are gunzipped by zlib when their first bytes are gzip's.

import { createReadStream } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { oneLine, type SitemapFailure } from '../src/sitemap-problem.ts';
import type { LookupAddresses } from './follow-redirects.ts';
import {
  errorMessage,
  type OpenedSitemap,
  openSitemapUrl,
  sniffed,
  Unreadable,
  urlKey,
} from './open-sitemap-url.ts';

export type { OpenedSitemap } from './open-sitemap-url.ts';

const HTTP_URL = /^https?:\/\//i;
const OTHER_SCHEME_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/** What openSitemap works with. */
export interface OpenOptions {
  fetch: typeof fetch;
  /**
   * The fetch for a name a public address leads to (Node's checks the address it connects to);
   * default `fetch`.
   */
  fetchLed?: typeof fetch;
  /** Resolves a name a public address leads to, before it is requested (Node's resolver). */
  lookup: LookupAddresses;
  /** The User-Agent header of every request (default none). */
  userAgent?: string;
  /** ms for the whole response, every redirect and the body, while it is not paused. */
  timeoutMs: number;
  /** Bytes of text at most, counted after gunzip. */
  maxBytes: number;
  /** The URL of the index that lists this sitemap; absent for the one the user gave. */
  ledFrom?: string;
}

/** The identity of a source, to find loops and repeats: a URL without its fragment, or a path. */
export function sitemapKey(source: string): string {
  if (HTTP_URL.test(source)) return urlKey(source);
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
  if (HTTP_URL.test(source)) {
    const { lookup, fetchLed = options.fetch, ...terms } = options;
    return openSitemapUrl(source, {
      ...terms,
      redirects: { kind: 'manual', lookup, fetchLed },
      gunzip: nodeGunzip,
    });
  }
  try {
    return await openFile(source, options.maxBytes);
  } catch (error) {
    if (error instanceof Unreadable) return { failure: error.failure };
    throw error;
  }
}

async function openFile(source: string, maxBytes: number): Promise<OpenedSitemap> {
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
  return sniffed(
    stream,
    { key: resolvePath(path), url: null },
    { deadline: null, maxBytes, gunzip: nodeGunzip, close: () => stream.destroy() },
  );
}

/** Streams through zlib: memory stays one chunk whatever the ratio, and maxBytes counts its output. */
function nodeGunzip(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  // pipeline hands a source's error to gunzip, whose iteration then throws it, and destroys the
  // source when the reader of gunzip stops early.
  pipeline(Readable.from(chunks, { objectMode: false }), gunzip, () => {});
  return gunzip;
}
