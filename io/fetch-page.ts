// Fetches a page once as a crawler first sees it: the HTML as served, before any script runs, with
// no cookies, no HTTP cache and no referrer, at most MAX_PAGE_BYTES of body in at most 15 s for
// every redirect and the body together. Used only when the user asks to compare the page as served
// with the page as rendered. Redirects go through follow-redirects.ts, under the private-network
// rule of every fetch: the page is the user's, a public page's redirect into a private network is
// not requested.

import type { ServedPage } from '../src/extension/protocol.ts';
import { PAGE_LIMITS } from '../src/page/facts.ts';
import { FETCH_TIMEOUT_MS } from '../src/policy.ts';
import { Deadline } from './deadline.ts';
import { BROWSER_REQUEST } from './fetch-robots-browser.ts';
import {
  followRedirects,
  MAX_FETCH_REDIRECTS,
  RedirectChain,
  type RedirectStrategy,
} from './follow-redirects.ts';
import { readBody } from './read-body.ts';

/** Bytes of a page read: the head, where the tags that matter live, comes well before this. */
export const MAX_PAGE_BYTES = 2_000_000;

/**
 * Why the page was not read. A redirect refused (into a private network, past the limit, a loop)
 * is 'network' until the protocol names it (src/extension/protocol.ts, servedPage's error).
 */
export type ServedPageResult =
  | { ok: true; page: ServedPage }
  | { ok: false; reason: 'timeout' | 'network' | 'private-address' };

/** Options of fetchServedPage, each with its default. */
export interface ServedPageOptions {
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /**
   * How each redirect is read (the extension's: { kind: 'observed', observer }). Absent, fetch
   * follows redirects itself and the private-network rule is not applied: TODO(2027-01-31) drop
   * this once background/main.ts passes its RedirectWatchers.
   */
  redirects?: RedirectStrategy;
  /** Default FETCH_TIMEOUT_MS, every redirect and the body together. */
  timeoutMs?: number;
  /** Default MAX_PAGE_BYTES; past it the page is cut and `cut` says so. */
  maxBytes?: number;
}

/** The charset a Content-Type names, if TextDecoder knows it; else UTF-8. */
function decoderFor(contentType: string | null): TextDecoder {
  const label = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    // An unknown label (RangeError): UTF-8, as browsers fall back to.
    return new TextDecoder('utf-8');
  }
}

/** A header's value: fetch joins repeated ones with ", ", which the readers take as they come. */
function headerValues(headers: Headers, name: string): string[] {
  const value = headers.get(name);
  return value === null ? [] : [value.slice(0, PAGE_LIMITS.headerChars)];
}

/** Fetches `url` as served; never throws. */
export async function fetchServedPage(
  url: string,
  options: ServedPageOptions = {},
): Promise<ServedPageResult> {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  const deadline = Deadline.started(options.timeoutMs ?? FETCH_TIMEOUT_MS, () =>
    controller.abort(),
  );
  // The crawler's request, as for robots.txt: no cookies, no HTTP cache, no referrer.
  const request = {
    ...BROWSER_REQUEST,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' },
  };
  try {
    let response: Response;
    let status: number;
    let finalUrl: string;
    if (options.redirects === undefined) {
      response = await fetchFn(url, { ...request, redirect: 'follow', signal: controller.signal });
      status = response.status;
      finalUrl = response.url || url;
    } else {
      const chain = new RedirectChain(url, MAX_FETCH_REDIRECTS);
      const deps = { fetch: fetchFn, redirects: options.redirects, request };
      const followed = await followRedirects(chain, deps, controller.signal);
      if (followed.kind === 'private-address') return { ok: false, reason: 'private-address' };
      if (followed.kind !== 'answer') return { ok: false, reason: 'network' };
      ({ response, status, url: finalUrl } = followed);
    }
    const { bytes, truncated: cut } = await readBody(
      response.body,
      options.maxBytes ?? MAX_PAGE_BYTES,
    );
    const contentType = response.headers.get('content-type');
    return {
      ok: true,
      page: {
        url: finalUrl,
        status,
        contentType,
        html: decoderFor(contentType).decode(bytes),
        xRobotsTag: headerValues(response.headers, 'x-robots-tag'),
        link: headerValues(response.headers, 'link'),
        cut,
      },
    };
  } catch {
    // Aborted by the deadline, or the network failed: the caller says which.
    return { ok: false, reason: deadline.isExpired ? 'timeout' : 'network' };
  } finally {
    deadline.dispose();
  }
}
