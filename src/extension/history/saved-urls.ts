// The test URLs the user saves for a site, on purpose, from the tester (issue 16, "History", item
// 2: "which of the user's saved test URLs change verdict"): the verdict impact checks them on every
// change of the site's robots.txt. Plain JSON data, one list per origin; the caller stores it and
// decides whether to keep any (never for a private window). A URL is kept as resolveTestUrl gives
// it (a path alone put after the origin), fragment included: the engine ignores the fragment
// (RFC 9309, September 2022, §2.2.2), the user may not.
import { resolveTestUrl, robotsOrigin } from '../../policy.ts';

/** At most this many URLs are kept per origin, most recently saved first. */
export const MAX_SAVED_URLS = 50;
/** Longer URLs are refused ('too-long'): 50 of them stay under about 100 KB. */
export const MAX_SAVED_URL_CHARS = 2_000;

/** One origin's saved test URLs, most recently saved first, distinct, at most MAX_SAVED_URLS. */
export interface SavedUrls {
  /** `scheme://host[:port]`, as robotsOrigin gives it. */
  origin: string;
  urls: string[];
}

/** Why a URL cannot be saved for a site. */
export type SavedUrlProblem =
  /** Not a path nor an http(s) URL a browser would load. */
  | 'invalid-url'
  /** An URL of another origin: its own robots.txt applies there. */
  | 'not-this-site'
  /** Longer than MAX_SAVED_URL_CHARS once resolved. */
  | 'too-long';

/**
 * What the user typed as the URL to keep for `origin`: a path alone resolved against it, a full
 * URL kept when of the same origin (resolveTestUrl), at most MAX_SAVED_URL_CHARS. Never throws.
 */
export function savedUrlOf(
  input: string,
  origin: string,
): { url: string } | { problem: SavedUrlProblem } {
  if (typeof input !== 'string' || typeof origin !== 'string') return { problem: 'invalid-url' };
  const target = resolveTestUrl(input, origin);
  if ('otherSite' in target) return { problem: 'not-this-site' };
  if ('invalid' in target || robotsOrigin(target.url) === null) return { problem: 'invalid-url' };
  if (robotsOrigin(target.url) !== origin.toLowerCase()) return { problem: 'not-this-site' };
  if (target.url.length > MAX_SAVED_URL_CHARS) return { problem: 'too-long' };
  return { url: target.url };
}

/**
 * `list` with `url` put first (moved there when already saved), any past MAX_SAVED_URLS dropped.
 * A null list starts one for `origin`. `url` must come from savedUrlOf for that origin.
 */
export function addSaved(list: SavedUrls | null, origin: string, url: string): SavedUrls {
  const rest = (list?.urls ?? []).filter((u) => u !== url);
  return { origin: list?.origin ?? origin, urls: [url, ...rest].slice(0, MAX_SAVED_URLS) };
}

/** `list` without `url` (the same list when it was not saved); null stays null. */
export function removeSaved(list: SavedUrls | null, url: string): SavedUrls | null {
  if (list === null) return null;
  return { origin: list.origin, urls: list.urls.filter((u) => u !== url) };
}

/**
 * A stored value read back as a list: null unless it has an http(s) origin and a urls array;
 * entries that are not a URL of that origin of at most MAX_SAVED_URL_CHARS are dropped, then
 * repeats and any past MAX_SAVED_URLS (order kept). Never throws.
 */
export function readSaved(value: unknown): SavedUrls | null {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { origin, urls } = value as Record<string, unknown>;
    if (typeof origin !== 'string' || robotsOrigin(origin) !== origin) return null;
    if (!Array.isArray(urls)) return null;
    const out: string[] = [];
    for (const url of urls) {
      if (out.length === MAX_SAVED_URLS) break;
      if (typeof url !== 'string' || out.includes(url)) continue;
      const checked = savedUrlOf(url, origin);
      if ('url' in checked && checked.url === url) out.push(url);
    }
    return { origin, urls: out };
  } catch {
    return null;
  }
}
