// The `--sitemap URL|FILE` input of `robots-lens check` and `diff` (issue 14): the page URLs of a
// sitemap or sitemap index as the sitemaps.org protocol defines them
// (https://www.sitemaps.org/protocol.html), streamed, so a run over an index of 1,000 sitemaps of
// 50,000 URLs each holds one chunk of one sitemap at a time, never the list. This module walks
// the indexes (order, loops, limits); open-sitemap.ts fetches or opens one sitemap,
// sitemap-reader.ts reads its content.

import {
  oneLine,
  type SitemapParams,
  type SitemapProblem,
  type SitemapProblemCode,
  SitemapUnreadable,
} from '../src/sitemap-problem.ts';
import type { Deadline } from './deadline.ts';
import { FETCH_POLICY } from './fetch-policy.ts';
import type { LookupAddresses } from './follow-redirects.ts';
import { nodeLookup } from './node-lookup.ts';
import { type OpenedSitemap, openSitemap, sitemapKey } from './open-sitemap.ts';
import { EntryProblems, SitemapReader, type Tell } from './sitemap-reader.ts';

export interface SitemapLimits {
  /** Nested sitemap indexes followed, at most (default 3: index → index → index → urlset). */
  maxDepth?: number;
  /** Sitemaps (index and urlset files) read in all, at most (default 1,000). */
  maxSitemaps?: number;
  /** URLs given in all, at most (default 10,000,000). */
  maxUrls?: number;
  /** Bytes of one sitemap after gunzip, at most (default 52,428,800 = 50 MiB, the sitemaps.org limit). */
  maxBytes?: number;
  /**
   * ms for one sitemap's whole response, redirects and body (default 30,000), counted while
   * waiting on the server: not while the caller holds a URL, so a slow consumer (a full pipe)
   * does not cut a sitemap.
   */
  timeoutMs?: number;
}

export type SitemapOptions = SitemapLimits & {
  /** Told each problem once, as it is found; the reading goes on (default: problems are dropped). */
  onProblem?: (problem: SitemapProblem) => void;
  /** The fetch for http(s) sources (default the global one). */
  fetch?: typeof fetch;
  /**
   * Resolves a name a public sitemap leads to (a redirect, a child's <loc>) before it is
   * requested, so one in a private network is refused unasked (default Node's resolver).
   */
  lookup?: LookupAddresses;
};

const DEFAULT_LIMITS: Readonly<Required<SitemapLimits>> = {
  maxDepth: 3,
  maxSitemaps: 1_000,
  maxUrls: 10_000_000,
  // The one fetch policy's terms for a sitemap (sitemaps.org: 50 MB uncompressed).
  maxBytes: FETCH_POLICY.kinds.sitemap.maxBytes,
  timeoutMs: FETCH_POLICY.kinds.sitemap.timeoutMs,
};

/**
 * What the reader finds in a body that is no sitemap at all (sitemaps.org: XML with a <urlset> or
 * <sitemapindex> root, or a text file of URLs): for the top source with nothing read from it, the
 * source is unreadable.
 */
const NOT_A_SITEMAP: ReadonlySet<SitemapProblemCode> = new Set([
  'not-sitemap',
  'wrong-root',
  'not-xml',
  'empty',
]);

/**
 * The page URLs of a sitemap or sitemap index (sitemaps.org protocol), from a local file path or an
 * http(s) URL, streamed in document order; nested indexes followed depth first in order. Gzip
 * (.gz or Content-Encoding/magic bytes 1f 8b) is read transparently. Never throws for bad content:
 * a child that cannot be read or parsed is reported through onProblem and skipped; only the TOP
 * source being unreadable throws, a SitemapUnreadable (for the CLI's exit status 2). Problems and
 * that error are codes with params; src/explain/sitemaps.ts says them in words.
 *
 * The private-network rule of every fetch (io/follow-redirects.ts): the top source is the user's,
 * read wherever it is; a child listed by an index at a public address, and any redirect from one,
 * is never requested in a private network ('private-address'). A file's children are the user's.
 */
export async function* sitemapUrls(
  source: string,
  options: SitemapOptions = {},
): AsyncGenerator<string> {
  for await (const entry of sitemapEntries(source, options)) yield entry.url;
}

/** A page URL a sitemap lists, and the sitemap that lists it. */
export interface SitemapEntry {
  url: string;
  /**
   * The URL of the sitemap that lists it, as it answered (after redirects); null when that sitemap
   * is a local file. A request the page's URL leads to (its origin's robots.txt) is led from it:
   * under the private-network rule, as a child of an index is (io/follow-redirects.ts, ledFrom).
   */
  listedBy: string | null;
}

/** sitemapUrls, each URL with the sitemap that lists it. */
export async function* sitemapEntries(
  source: string,
  options: SitemapOptions = {},
): AsyncGenerator<SitemapEntry> {
  const limits = limitsOf(options);
  const run: Run = {
    limits,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    lookup: options.lookup ?? nodeLookup,
    tell: options.onProblem ?? (() => {}),
    sitemapsRead: 0,
    urlsGiven: 0,
    visited: new Set([sitemapKey(source)]),
    isStopped: false,
    hasToldDepth: false,
  };
  yield* readSitemap(run, source, 1, [], undefined);
}

/** The state of one call of sitemapUrls, shared by every sitemap it reads. */
interface Run {
  readonly limits: Readonly<Required<SitemapLimits>>;
  readonly fetch: typeof fetch;
  readonly lookup: LookupAddresses;
  readonly tell: (problem: SitemapProblem) => void;
  sitemapsRead: number;
  urlsGiven: number;
  /** Every sitemap read so far, by identity (at most maxSitemaps of them, so bounded). */
  readonly visited: Set<string>;
  /** A limit that ends the whole run (sitemaps, URLs) was hit. */
  isStopped: boolean;
  hasToldDepth: boolean;
}

function limitsOf(options: SitemapLimits): Required<SitemapLimits> {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof SitemapLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    // A caller's mistake, not the sitemap's: thrown, as p2r throws for a malformed pattern.
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`sitemapUrls: ${key} = ${value} (integer ≥ 0)`);
    }
    limits[key] = value;
  }
  return limits;
}

/**
 * One sitemap at `level` (the top is 1) and, if it is an index, its children after it. An index is
 * read whole before its first child (its entries are kept, at most the sitemaps still allowed), so
 * its connection is not held open, and its time limit not spent, while the children are read.
 * `ledFrom` is the URL of the index that lists it (undefined for the top, and below a file).
 */
async function* readSitemap(
  run: Run,
  source: string,
  level: number,
  ancestors: readonly string[],
  ledFrom: string | undefined,
): AsyncGenerator<SitemapEntry> {
  const isTop = level === 1;
  const tell: Tell = (code, params = {}) => run.tell({ source, code, params });
  run.sitemapsRead++;
  const { fetch, lookup, limits } = run;
  const opening = await openSitemap(source, {
    fetch,
    lookup,
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
    ...(ledFrom === undefined ? {} : { ledFrom }),
  });
  if ('failure' in opening) {
    if (isTop) throw new SitemapUnreadable(oneLine(source), opening.failure);
    tell(opening.failure.code, opening.failure.params);
    return;
  }
  const opened: OpenedSitemap = opening;
  const key = sitemapKey(source);
  const selfKeys = opened.key === key ? [opened.key] : [key, opened.key];
  // The chain from the top to this sitemap: a child found in it is a loop.
  const path = [...ancestors, ...selfKeys];
  const children: string[] = [];
  const entryProblems = new EntryProblems(tell);
  /** Set when the top source turns out to be no sitemap: thrown once it is closed. */
  let notASitemap: { code: SitemapProblemCode; params: SitemapParams } | null = null;
  try {
    // A redirect may lead back up the chain, or to a sitemap read already.
    if (opened.key !== key) {
      if (ancestors.includes(opened.key)) {
        tell('redirect-loop', { target: opened.key });
        return;
      }
      if (run.visited.has(opened.key)) {
        tell('redirect-repeat', { target: opened.key });
        return;
      }
      run.visited.add(opened.key);
    }
    const reader = new SitemapReader(entryProblems, tell);
    const listedBy = opened.url;
    const index: IndexEntries = { children, keys: new Set(), path, selfKeys, isCut: false };
    for await (const text of opened.text) {
      reader.write(text);
      if (reader.kind === 'sitemapindex') {
        if (level > run.limits.maxDepth) {
          if (!run.hasToldDepth) {
            tell('depth-limit', { level, limit: run.limits.maxDepth });
            run.hasToldDepth = true;
          }
          return;
        }
        keepChildren(run, reader.found, index, entryProblems, tell);
        if (index.isCut) break;
      } else if (reader.found.length > 0) {
        yield* giveUrls(run, reader.found, listedBy, opened.deadline, tell);
        if (run.isStopped) return;
      }
      if (reader.failure !== null) break;
    }
    if (!opened.isCut && !index.isCut && reader.failure === null) reader.close();
    if (reader.kind === 'sitemapindex') {
      keepChildren(run, reader.found, index, entryProblems, tell);
    } else {
      yield* giveUrls(run, reader.found, listedBy, opened.deadline, tell);
      if (run.isStopped) return;
    }
    if (reader.failure !== null) {
      // The sitemap the user named is no sitemap at all, and gave nothing: unreadable (exit 2),
      // not a run with no URLs that a CI job would take for a pass.
      if (
        isTop &&
        run.urlsGiven === 0 &&
        children.length === 0 &&
        NOT_A_SITEMAP.has(reader.failure.code)
      ) {
        notASitemap = reader.failure;
      } else tell(reader.failure.code, reader.failure.params);
    }
    if (opened.isCut) {
      tell(opened.isGzip ? 'too-large-unzipped' : 'too-large', { limit: run.limits.maxBytes });
    }
  } catch (error) {
    // The body failed half way: a time-out, a connection reset, a truncated or corrupt gzip.
    const failure = opened.failureOf(error);
    tell('partial', { reason: failure.code, ...failure.params });
  } finally {
    entryProblems.tellRest();
    opened.close();
  }
  if (notASitemap !== null) throw new SitemapUnreadable(oneLine(source), notASitemap);
  for (const child of children) {
    if (run.isStopped) return;
    const key = sitemapKey(child);
    // A sitemap read since this index was read, below one of its earlier children.
    if (run.visited.has(key)) {
      tell('repeat', { child });
      continue;
    }
    if (run.sitemapsRead >= run.limits.maxSitemaps) {
      tell('count-limit', { limit: run.limits.maxSitemaps, child });
      run.isStopped = true;
      return;
    }
    run.visited.add(key);
    // A child of a URL is led from it (the private-network rule); a file's are the user's.
    yield* readSitemap(run, child, level + 1, path, opened.url ?? undefined);
  }
}

/** The children an index lists, kept until the index is read. */
interface IndexEntries {
  readonly children: string[];
  readonly keys: Set<string>;
  readonly path: readonly string[];
  readonly selfKeys: readonly string[];
  /** Enough children are kept to reach maxSitemaps: the rest of the index is not read. */
  isCut: boolean;
}

function loopOf(key: string, index: IndexEntries): 'self-loop' | 'loop' {
  return index.selfKeys.includes(key) ? 'self-loop' : 'loop';
}

/**
 * Moves an index's entries from `found` to `index.children`, telling loops and repeats at once.
 * Keeps at most one more than the sitemaps still allowed: each kept child is a sitemap not read
 * yet, which costs one whether it is read as this child or below an earlier one, so one more is
 * enough to know the limit will be hit.
 */
function keepChildren(
  run: Run,
  found: string[],
  index: IndexEntries,
  entryProblems: EntryProblems,
  tell: Tell,
): void {
  const room = run.limits.maxSitemaps - run.sitemapsRead + 1;
  for (const child of found) {
    if (index.isCut) break;
    const key = sitemapKey(child);
    if (index.path.includes(key)) tell(loopOf(key, index), { child });
    else if (index.keys.has(key)) entryProblems.tell('listed-twice', { child });
    else if (run.visited.has(key)) tell('repeat', { child });
    else if (index.children.length >= room) index.isCut = true;
    else {
      index.keys.add(key);
      index.children.push(child);
    }
  }
  found.length = 0;
}

/** Gives the URLs of one chunk, stopping the run at maxUrls; the caller's time is not the server's. */
async function* giveUrls(
  run: Run,
  found: string[],
  listedBy: string | null,
  deadline: Deadline | null,
  tell: Tell,
): AsyncGenerator<SitemapEntry> {
  deadline?.pause();
  try {
    for (const url of found) {
      if (run.urlsGiven >= run.limits.maxUrls) {
        tell('url-limit', { limit: run.limits.maxUrls });
        run.isStopped = true;
        return;
      }
      run.urlsGiven++;
      yield { url, listedBy };
    }
  } finally {
    found.length = 0;
    deadline?.resume();
  }
}
