// Fetches a page for `robots-lens audit` (issue 30) the way the extension's policy fetches
// anything (fetch-policy.ts): no cookies, no cache, no referrer, each redirect followed by
// follow-redirects.ts (at most 5, each hop recorded, never from a public address into a private
// network: a URL a public sitemap lists, or a public page's canonical, is under that rule too, and
// in Node its connection checks the address again, io/node-fetch.ts), one deadline for every hop and the body. What is the audit's own: its User-Agent, the
// body read only when it is HTML and at most `maxBytes` of it (after content decoding: a gzip bomb
// costs the cap), decoded as the HTML standard sniffs its encoding and read as it arrives by
// io/html-facts.ts, so a page's memory is its chunk and the reader's bounded facts.
import { ResultType, Sniffer } from 'encoding-sniffer/sniffer';
import type { Fetched } from '../src/page/audit.ts';
import { PAGE_LIMITS, type ResponseFacts } from '../src/page/facts.ts';
import { isHtml } from '../src/page/judge.ts';
import { Deadline } from './deadline.ts';
import { charsetOf, decoderFor, headerValues } from './fetch-page.ts';
import { FETCH_POLICY, requestFor } from './fetch-policy.ts';
import { followRedirects, RedirectChain, type RedirectStrategy } from './follow-redirects.ts';
import { HtmlFactsReader } from './html-facts.ts';
import { nodeFetch } from './node-fetch.ts';
import { cappedChunks, streamChunks } from './read-body.ts';

/** Bytes of an HTML body read at most, by default (issue 30: --max-bytes, 1 MiB). */
export const AUDIT_MAX_BYTES = 1_048_576;

/** The bytes the encoding sniffer looks at for a <meta charset> (WHATWG HTML §13.2.3.2: 1024). */
const PRESCAN_BYTES = 1024;

/** The bytes of the longest byte order mark (UTF-8's: EF BB BF). */
const BOM_BYTES = 3;

export interface AuditFetchOptions {
  /** Default Node's, io/node-fetch.ts (the user's URLs: connected wherever they are). */
  fetch?: typeof fetch;
  /** How each redirect is read: Node's is NODE_REDIRECTS (io/node-fetch.ts). */
  redirects: RedirectStrategy;
  /**
   * The URL whose content named this one (the sitemap that lists it, the page whose canonical it
   * is): the URL is then under the private-network rule, never requested in a private network
   * when that URL is public ('not-fetched', why 'private-address'). Absent: the user's own URL.
   */
  ledFrom?: string;
  /** The User-Agent header sent. */
  userAgent: string;
  /** Default FETCH_POLICY.kinds.page.timeoutMs (15 s), every redirect and the body together. */
  timeoutMs?: number;
  /** Default AUDIT_MAX_BYTES. */
  maxBytes?: number;
  /** Read no body at all (a canonical's check needs only the answer): dom is then null. */
  headersOnly?: boolean;
  /** Default Date.now: when the response arrived. */
  now?: () => number;
}

export interface AuditFetch {
  fetched: Fetched;
  /** The body was longer than maxBytes and was cut. */
  cut: boolean;
  /** Retry-After as sent with a 429 or 503, or null. */
  retryAfter: string | null;
}

/**
 * Reads the HTML body into its facts: the first bytes decide the encoding (a BOM, else the
 * Content-Type's charset, else a <meta charset> among the first 1024 bytes, else windows-1252:
 * the HTML standard's sniffing, by encoding-sniffer), then every chunk is decoded and read as it
 * comes. Returns whether the body went past `maxBytes`.
 */
async function readHtml(
  body: ReadableStream<Uint8Array> | null,
  reader: HtmlFactsReader,
  contentType: string | null,
  maxBytes: number,
): Promise<boolean> {
  let cut = false;
  let decoder: TextDecoder | null = null;
  const head: Uint8Array[] = [];
  let headSize = 0;
  const decide = () => {
    const bytes = head.length === 1 ? (head[0] as Uint8Array) : Buffer.concat(head);
    const sniffer = new Sniffer({ transportLayerEncodingLabel: charsetOf(contentType) });
    // A charset the Content-Type names is overridden by a byte order mark alone (§13.2.3.2 steps
    // 1-2, before the prescan): the sniffer need not walk its 1024 bytes (2.6% of the audit's CPU
    // on the bench's pages).
    sniffer.write(sniffer.resultType === ResultType.PASSED ? bytes.subarray(0, BOM_BYTES) : bytes);
    decoder = decoderFor(sniffer.encoding);
    reader.write(decoder.decode(bytes, { stream: true }));
  };
  const chunks = cappedChunks(streamChunks(body), maxBytes, () => {
    cut = true;
  });
  for await (const chunk of chunks) {
    if (decoder === null) {
      head.push(chunk);
      headSize += chunk.byteLength;
      if (headSize >= PRESCAN_BYTES) decide();
      continue;
    }
    reader.write((decoder as TextDecoder).decode(chunk, { stream: true }));
  }
  if (decoder === null) decide();
  reader.write((decoder as unknown as TextDecoder).decode());
  return cut;
}

/** Fetches `url` for the audit; never throws. */
export async function fetchForAudit(url: string, options: AuditFetchOptions): Promise<AuditFetch> {
  const fetchFn = options.fetch ?? nodeFetch;
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const deadline = Deadline.started(options.timeoutMs ?? FETCH_POLICY.kinds.page.timeoutMs, () =>
    controller.abort(),
  );
  const request = requestFor('page');
  request.headers = {
    ...(request.headers as Record<string, string>),
    'user-agent': options.userAgent,
  };
  const chain = new RedirectChain(url);
  try {
    const followed = await followRedirects(
      chain,
      {
        fetch: fetchFn,
        redirects: options.redirects,
        request,
        ...(options.ledFrom === undefined ? {} : { ledFrom: options.ledFrom }),
      },
      controller.signal,
    );
    // The URL itself refused by the rule (before it was asked, or at connect time): not fetched.
    if (followed.kind === 'private-address' && chain.hops.length === 0)
      return {
        fetched: { kind: 'not-fetched', why: 'private-address' },
        cut: false,
        retryAfter: null,
      };
    if (followed.kind !== 'answer')
      return { fetched: { kind: 'unreachable', why: followed.kind }, cut: false, retryAfter: null };
    const { response, status, url: finalUrl } = followed;
    const headers = response.headers;
    const contentType = headers.get('content-type');
    const facts: ResponseFacts = {
      url: finalUrl,
      status,
      redirects: chain.hops.slice(0, PAGE_LIMITS.hops),
      contentType: contentType?.slice(0, PAGE_LIMITS.contentTypeChars) ?? null,
      xRobotsTag: headerValues(headers, 'x-robots-tag'),
      link: headerValues(headers, 'link'),
      contentUsage: headerValues(headers, 'content-usage'),
      cut: false,
      at: now(),
    };
    const retryAfter = status === 429 || status === 503 ? headers.get('retry-after') : null;
    // Only a page's own answer is read: a 4xx or 5xx body says nothing an index keeps.
    // No Content-Type at all is read as HTML, as browsers sniff it.
    if (options.headersOnly === true || isHtml(contentType) === false || status >= 300) {
      await response.body?.cancel().catch(() => {}); // ended already: nothing of it is read
      return { fetched: { kind: 'answer', response: facts, dom: null }, cut: false, retryAfter };
    }
    const reader = new HtmlFactsReader(finalUrl, contentType === null ? 'text/html' : contentType);
    const cut = await readHtml(
      response.body,
      reader,
      contentType,
      options.maxBytes ?? AUDIT_MAX_BYTES,
    );
    return { fetched: { kind: 'answer', response: facts, dom: reader.end() }, cut, retryAfter };
  } catch {
    // Aborted by the deadline, or the network failed.
    return {
      fetched: { kind: 'unreachable', why: deadline.isExpired ? 'timeout' : 'network' },
      cut: false,
      retryAfter: null,
    };
  } finally {
    deadline.dispose();
  }
}
