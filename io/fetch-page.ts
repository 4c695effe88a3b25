// Fetches a page once as a crawler first sees it: the HTML as served, before any script runs.
// Used only when the user asks to compare the page as served with the page as rendered. The
// request is the one policy's (fetch-policy.ts): no cookies, no HTTP cache, no referrer, each
// redirect followed by follow-redirects.ts (at most 5, a loop named, never from a public page into
// a private network); what is the page's own: an Accept for HTML, at most MAX_PAGE_BYTES of body,
// 15 s for every redirect and the body together.

import type { ServedPage } from '../src/extension/protocol.ts';
import { PAGE_LIMITS } from '../src/page/facts.ts';
import { Deadline } from './deadline.ts';
import { FETCH_POLICY, requestFor } from './fetch-policy.ts';
import {
  followRedirects,
  HopUnreported,
  RedirectChain,
  type RedirectStrategy,
} from './follow-redirects.ts';
import { readBody } from './read-body.ts';

/** Bytes of a page read (FETCH_POLICY.kinds.page). */
export const MAX_PAGE_BYTES = FETCH_POLICY.kinds.page.maxBytes;

/**
 * Why the page was not read: no answer in time, none at all, a redirect refused (into a private
 * network, past the policy's 5, back to a URL of the chain), or a hop the browser never reported
 * (asked twice).
 */
export type ServedPageResult =
  | { ok: true; page: ServedPage }
  | {
      ok: false;
      reason:
        | 'timeout'
        | 'network'
        | 'private-address'
        | 'too-many-redirects'
        | 'redirect-loop'
        | 'hop-unreported';
    };

/** Options of fetchServedPage; each limit has its default. */
export interface ServedPageOptions {
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /**
   * How each redirect is read: the extension's is { kind: 'observed', observer }, Node's
   * { kind: 'manual', lookup }. No default: fetch's own following would go past the policy.
   */
  redirects: RedirectStrategy;
  /** Default FETCH_POLICY.kinds.page.timeoutMs, every redirect and the body together. */
  timeoutMs?: number;
  /** Default MAX_PAGE_BYTES; past it the page is cut and `cut` says so. */
  maxBytes?: number;
}

/** The charset label a Content-Type names, or undefined. */
export function charsetOf(contentType: string | null): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
}

/** A decoder for an encoding label, if TextDecoder knows it; else UTF-8. */
export function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    // An unknown label (RangeError): UTF-8, as browsers fall back to.
    return new TextDecoder('utf-8');
  }
}

/**
 * A header's value, within PAGE_LIMITS: fetch joins repeated ones with ", ", which the readers
 * take as they come.
 */
export function headerValues(headers: Headers, name: string): string[] {
  const value = headers.get(name);
  return value === null ? [] : [value.slice(0, PAGE_LIMITS.headerChars)];
}

/**
 * Fetches `url` as served; never throws. A hop the browser never reported is asked once more, with
 * a deadline of its own, before 'hop-unreported' stands (as robots.txt: fetch-robots-browser.ts).
 */
export async function fetchServedPage(
  url: string,
  options: ServedPageOptions,
): Promise<ServedPageResult> {
  const result = await fetchServedPageOnce(url, options);
  return !result.ok && result.reason === 'hop-unreported'
    ? fetchServedPageOnce(url, options)
    : result;
}

async function fetchServedPageOnce(
  url: string,
  options: ServedPageOptions,
): Promise<ServedPageResult> {
  const terms = FETCH_POLICY.kinds.page;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  const deadline = Deadline.started(options.timeoutMs ?? terms.timeoutMs, () => controller.abort());
  try {
    const followed = await followRedirects(
      new RedirectChain(url),
      { fetch: fetchFn, redirects: options.redirects, request: requestFor('page') },
      controller.signal,
    );
    if (followed.kind !== 'answer') return { ok: false, reason: followed.kind };
    const { response, status, url: finalUrl } = followed;
    const { bytes, truncated: cut } = await readBody(
      response.body,
      options.maxBytes ?? terms.maxBytes,
    );
    const contentType = response.headers.get('content-type');
    return {
      ok: true,
      page: {
        url: finalUrl,
        status,
        contentType,
        html: decoderFor(charsetOf(contentType)).decode(bytes),
        xRobotsTag: headerValues(response.headers, 'x-robots-tag'),
        link: headerValues(response.headers, 'link'),
        cut,
      },
    };
  } catch (error) {
    // The server answered in time, the browser did not say what (before the deadline's test).
    if (error instanceof HopUnreported) return { ok: false, reason: 'hop-unreported' };
    // Aborted by the deadline, or the network failed: the caller says which.
    return { ok: false, reason: deadline.isExpired ? 'timeout' : 'network' };
  } finally {
    deadline.dispose();
  }
}
