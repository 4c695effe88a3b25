// Fetches a page once as a crawler first sees it: the HTML as served, before any script runs, with
// no cookies, no HTTP cache and no referrer, at most MAX_PAGE_BYTES of body in at most 15 s. Used
// only when the user asks to compare the page as served with the page as rendered.

import type { ServedPage } from '../src/extension/protocol.ts';
import { PAGE_LIMITS } from '../src/page/facts.ts';
import { FETCH_TIMEOUT_MS } from '../src/policy.ts';
import { readCapped } from './fetch-robots.ts';
import { BROWSER_REQUEST } from './fetch-robots-browser.ts';

/** Bytes of a page read: the head, where the tags that matter live, comes well before this. */
export const MAX_PAGE_BYTES = 2_000_000;

export type ServedPageResult =
  | { ok: true; page: ServedPage }
  | { ok: false; reason: 'timeout' | 'network' };

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
  options: { fetch?: typeof fetch; timeoutMs?: number; maxBytes?: number } = {},
): Promise<ServedPageResult> {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    // The crawler's request, as for robots.txt: no cookies, no HTTP cache, no referrer.
    const response = await fetchFn(url, {
      ...BROWSER_REQUEST,
      redirect: 'follow',
      signal: controller.signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' },
    });
    const { bytes: body, truncated: cut } = await readCapped(response, maxBytes);
    const contentType = response.headers.get('content-type');
    return {
      ok: true,
      page: {
        url: response.url || url,
        status: response.status,
        contentType,
        html: decoderFor(contentType).decode(body),
        xRobotsTag: headerValues(response.headers, 'x-robots-tag'),
        link: headerValues(response.headers, 'link'),
        cut,
      },
    };
  } catch {
    // Aborted by the timer, or the network failed: the caller says which.
    return { ok: false, reason: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}
