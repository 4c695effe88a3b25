// The extension's sitemap reading: the same walk (sitemap-walk.ts), reader (sitemap-reader.ts) and
// fetch policy (fetch-policy.ts) as the command line's, with what the browser does differently:
// each redirect's status and Location come from webRequest (the hop observer, as for robots.txt
// and the page as served), a gzipped sitemap goes through the browser's DecompressionStream, and
// there are no local files.
import type { SitemapProblem } from '../src/sitemap-problem.ts';
import type { HopObserver } from './follow-redirects.ts';
import { GzipError, openSitemapUrl, urlKey } from './open-sitemap-url.ts';
import {
  type SitemapEntry,
  type SitemapLimits,
  type SitemapRead,
  walkSitemaps,
} from './sitemap-walk.ts';

export interface BrowserSitemapOptions extends SitemapLimits {
  /** Reports each hop of the extension's own requests (RedirectWatchers). */
  observer: HopObserver;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** Whether a URL (a sitemap, a child, a redirect's target) may be asked; else 'other-host'. */
  mayRequest: (url: string) => boolean;
  /** The URL the sources were named in (the page), for the private-network rule. */
  ledFrom?: string;
  onProblem?: (problem: SitemapProblem) => void;
  onSitemap?: (read: SitemapRead) => void;
}

/**
 * The page URLs of the sitemaps `sources` (http(s) URLs), each with the sitemap that lists it,
 * streamed within the limits; never throws for the sites' sake: what cannot be read is told.
 */
export function sitemapEntriesInBrowser(
  sources: readonly string[],
  options: BrowserSitemapOptions,
): AsyncGenerator<SitemapEntry> {
  const { observer, fetch: fetchOption, mayRequest, ledFrom, ...walk } = options;
  // Called as deps.fetch(…), the bare global fetch would get `this` = deps: "Illegal invocation".
  const fetchFn: typeof fetch = fetchOption ?? ((input, init) => fetch(input, init));
  return walkSitemaps(sources, {
    ...walk,
    open: (source, terms) =>
      openSitemapUrl(source, {
        ...terms,
        fetch: fetchFn,
        redirects: { kind: 'observed', observer },
        gunzip: webGunzip,
        mayRequest,
      }),
    keyOf: urlKey,
    ...(ledFrom === undefined ? {} : { topLedFrom: ledFrom }),
  });
}

/**
 * Gunzips through the Compression Streams standard's DecompressionStream('gzip') (browsers, and
 * Node 18+): one chunk in flight, so memory does not grow with the ratio. Bytes that are not gzip,
 * or a stream cut short, throw a GzipError ('not-gzip'); a failure of the source is thrown as it
 * came (a time-out, a reset). Stopped early, it cancels the source.
 */
export async function* webGunzip(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const source = chunks[Symbol.asyncIterator]();
  /** The source's own failure, kept apart from the decompressor's. */
  let sourceFailure: { error: unknown } | null = null;
  let isStopped = false;
  const pump = (async () => {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await source.next();
      } catch (error) {
        sourceFailure = { error };
        await writer.abort(error).catch(() => {}); // the reader sees the abort: rethrown below
        return;
      }
      if (isStopped) return;
      if (next.done) {
        // A stream cut short fails here: the reader sees it too.
        await writer.close().catch(() => {});
        return;
      }
      // A chunk that is not gzip fails the write and the reader alike.
      // fetch and zlib give chunks of plain ArrayBuffers, never shared ones.
      const written = await writer.write(next.value as Uint8Array<ArrayBuffer>).then(
        () => true,
        () => false,
      );
      if (!written) return;
    }
  })();
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        const failure = sourceFailure as { error: unknown } | null;
        if (failure !== null) throw failure.error;
        throw new GzipError(error instanceof Error ? error.message : String(error));
      }
      if (read.done) return;
      yield read.value;
    }
  } finally {
    isStopped = true;
    reader.cancel().catch(() => {}); // finished or failed already: nothing to stop
    // The source is released once the pump's read of it ends: not awaited here, since that read
    // may wait on the network until the opener's close() aborts it, which comes after this.
    pump.then(() => source.return?.()).catch(() => {}); // a source that failed: released already
  }
}
