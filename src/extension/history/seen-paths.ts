// The paths of one origin seen while the extension was active (issue 16, "History", item 2: "the
// URLs of this origin visited while the extension was active, kept bounded and only if the user
// turns that on"): the URLs the verdict impact checks. Plain JSON data; the caller stores one
// list per origin and decides whether to keep any. A path is what robots.txt rules match: path,
// params and query, without the fragment (RFC 9309, September 2022, §2.2.2), as the engine reads
// it (pathOfUrl).
import { pathOfUrl } from '../../robots/index.ts';

/** At most this many distinct paths are kept per origin, most recent first. */
export const MAX_SEEN_PATHS = 200;
/** Longer paths are not kept (storage stays small: 200 paths take at most about 400 KB). */
export const MAX_SEEN_PATH_CHARS = 2_048;

export interface SeenPath {
  /** Path, params and query as in the URL, starting with '/', without the fragment. */
  path: string;
  /** When it was last seen (ms since the epoch). */
  seenAt: number;
}

/** The paths seen on one origin, most recent first, distinct, at most MAX_SEEN_PATHS. */
export interface SeenPaths {
  /** `scheme://host[:port]`, as URL.origin gives it. */
  origin: string;
  paths: SeenPath[];
}

/** The origin of an http(s) URL, or null for anything else. */
export function seenOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function isPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && value.length <= MAX_SEEN_PATH_CHARS;
}

/**
 * `list` with `url`'s path put first, seen at `now`, its older entry and any past
 * MAX_SEEN_PATHS dropped. A null list starts one for `url`'s origin. Returns `list` itself when
 * `url` is not http(s), is of another origin or its path is too long, or `now` is not a time.
 */
export function addSeen(list: SeenPaths | null, url: string, now: number): SeenPaths | null {
  if (typeof url !== 'string' || typeof now !== 'number' || !Number.isFinite(now)) return list;
  const origin = seenOriginOf(url);
  if (origin === null || (list !== null && list.origin !== origin)) return list;
  const path = pathOfUrl(url);
  if (!isPath(path)) return list;
  const rest = (list?.paths ?? []).filter((p) => p.path !== path);
  return { origin, paths: [{ path, seenAt: now }, ...rest].slice(0, MAX_SEEN_PATHS) };
}

/** The absolute URLs of a list, most recent first: what `verdictImpact` takes. */
export function seenUrls(list: SeenPaths | null): string[] {
  return list === null ? [] : list.paths.map((p) => list.origin + p.path);
}

/**
 * A stored value read back as a list: null unless it has an http(s) origin and a paths array;
 * entries that are not a path with a finite time are dropped, the rest put most recent first
 * (stable), then repeats and any past MAX_SEEN_PATHS dropped. Never throws.
 */
export function readSeen(value: unknown): SeenPaths | null {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { origin, paths } = value as Record<string, unknown>;
    if (typeof origin !== 'string' || seenOriginOf(origin) !== origin) return null;
    if (!Array.isArray(paths)) return null;
    const valid: SeenPath[] = [];
    for (const entry of paths) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { path, seenAt } = entry as Record<string, unknown>;
      if (!isPath(path) || path.includes('#')) continue;
      if (typeof seenAt !== 'number' || !Number.isFinite(seenAt)) continue;
      valid.push({ path, seenAt });
    }
    valid.sort((a, b) => b.seenAt - a.seenAt);
    const out: SeenPath[] = [];
    const seen = new Set<string>();
    for (const entry of valid) {
      if (out.length === MAX_SEEN_PATHS) break;
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      out.push(entry);
    }
    return { origin, paths: out };
  } catch {
    return null;
  }
}
