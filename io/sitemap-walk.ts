// The walk over sitemaps and sitemap indexes (sitemaps.org protocol,
// https://www.sitemaps.org/protocol.html), streamed: a walk over an index of 1,000 sitemaps of
// 50,000 URLs each holds one chunk of one sitemap at a time, never the list. This module keeps the
// order, the loops and the limits; how one sitemap is opened is the platform's (open-sitemap.ts
// for the command line, sitemap-urls-browser.ts for the extension); sitemap-reader.ts reads its
// content.

import {
  oneLine,
  type SitemapParams,
  type SitemapProblem,
  type SitemapProblemCode,
  SitemapUnreadable,
} from '../src/sitemap-problem.ts';
import type { Deadline } from './deadline.ts';
import { FETCH_POLICY } from './fetch-policy.ts';
import type { OpenedSitemap, SitemapOpening } from './open-sitemap-url.ts';
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
  /**
   * ms for the whole walk, the caller's time included (default: no limit): no sitemap is opened
   * past it, and the one being read is cut there ('time-limit').
   */
  totalMs?: number;
}

/** How a walk opens one sitemap: within `timeoutMs` and `maxBytes`, led from `ledFrom`. */
export type SitemapOpener = (
  source: string,
  terms: { timeoutMs: number; maxBytes: number; ledFrom?: string },
) => Promise<SitemapOpening>;

/** A sitemap the walk opened, once it has been read (to its end, or in part: its problems say). */
export interface SitemapRead {
  /** As its index (or the caller) names it. */
  source: string;
  /** The URL that answered, after redirects; null for a local file. */
  url: string | null;
  /** What it turned out to be; null when nothing of it could be read as a sitemap. */
  kind: 'urlset' | 'sitemapindex' | 'text' | null;
  /** The page URLs it gave. */
  urls: number;
}

export type WalkOptions = SitemapLimits & {
  open: SitemapOpener;
  /** The identity of a source, to find loops and repeats. */
  keyOf: (source: string) => string;
  /** Told each problem once, as it is found; the reading goes on (default: problems are dropped). */
  onProblem?: (problem: SitemapProblem) => void;
  /** Told each sitemap opened, once read, before its children (default: nothing). */
  onSitemap?: (read: SitemapRead) => void;
  /**
   * A top source that cannot be read, or is no sitemap, throws a SitemapUnreadable (the command
   * line's exit status 2); otherwise it is told as a problem like any child (default false).
   */
  throwsForTop?: boolean;
  /** The URL the top sources were named in (robots.txt, the page), for the private-network rule. */
  topLedFrom?: string;
};

const DEFAULT_LIMITS: Readonly<Required<SitemapLimits>> = {
  maxDepth: 3,
  maxSitemaps: 1_000,
  maxUrls: 10_000_000,
  // The one fetch policy's terms for a sitemap (sitemaps.org: 50 MB uncompressed).
  maxBytes: FETCH_POLICY.kinds.sitemap.maxBytes,
  timeoutMs: FETCH_POLICY.kinds.sitemap.timeoutMs,
  totalMs: Number.POSITIVE_INFINITY,
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

/**
 * The page URLs of the sitemaps `sources` (each a sitemap or a sitemap index), streamed in
 * document order, each source in turn and nested indexes depth first; a source named twice is
 * read once. The limits count for the whole walk. Never throws for bad content: what cannot be
 * read or parsed is told through onProblem and skipped (a top source throws only with
 * throwsForTop).
 */
export async function* walkSitemaps(
  sources: readonly string[],
  options: WalkOptions,
): AsyncGenerator<SitemapEntry> {
  const limits = limitsOf(options);
  const run: Run = {
    limits,
    open: options.open,
    keyOf: options.keyOf,
    tell: options.onProblem ?? (() => {}),
    onSitemap: options.onSitemap ?? (() => {}),
    throwsForTop: options.throwsForTop ?? false,
    endsAt: performance.now() + limits.totalMs,
    sitemapsRead: 0,
    urlsGiven: 0,
    visited: new Set(),
    isStopped: false,
    hasToldDepth: false,
  };
  for (const [i, source] of sources.entries()) {
    const key = run.keyOf(source);
    if (run.visited.has(key)) continue;
    const tell: Tell = (code, params = {}) => run.tell({ source, code, params });
    // The first source is read whatever maxSitemaps says, as the command line's one source is.
    if (!mayOpen(run, source, tell, i > 0)) return;
    run.visited.add(key);
    yield* readSitemap(run, source, 1, [], options.topLedFrom);
    if (run.isStopped) return;
  }
}

/** The state of one walk, shared by every sitemap it reads. */
interface Run {
  readonly limits: Readonly<Required<SitemapLimits>>;
  readonly open: SitemapOpener;
  readonly keyOf: (source: string) => string;
  readonly tell: (problem: SitemapProblem) => void;
  readonly onSitemap: (read: SitemapRead) => void;
  readonly throwsForTop: boolean;
  /** performance.now() when totalMs is spent. */
  readonly endsAt: number;
  sitemapsRead: number;
  urlsGiven: number;
  /** Every sitemap read so far, by identity (at most maxSitemaps of them, so bounded). */
  readonly visited: Set<string>;
  /** A limit that ends the whole run (sitemaps, URLs, time) was hit. */
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

/** The time left of totalMs, in ms (0 once it is spent). */
function timeLeft(run: Run): number {
  return Math.max(0, run.endsAt - performance.now());
}

/** Stops the walk at totalMs, telling it once. */
function stopForTime(run: Run, tell: Tell): void {
  tell('time-limit', { limit: run.limits.totalMs });
  run.isStopped = true;
}

/**
 * Whether `source` may be opened now: not when totalMs is spent, nor (when `counts`) when
 * maxSitemaps have been read; either stops the walk, told once.
 */
function mayOpen(run: Run, source: string, tell: Tell, counts: boolean): boolean {
  if (timeLeft(run) === 0) {
    stopForTime(run, tell);
    return false;
  }
  if (counts && run.sitemapsRead >= run.limits.maxSitemaps) {
    tell('count-limit', { limit: run.limits.maxSitemaps, child: source });
    run.isStopped = true;
    return false;
  }
  return true;
}

/**
 * One sitemap at `level` (the top is 1) and, if it is an index, its children after it. An index is
 * read whole before its first child (its entries are kept, at most the sitemaps still allowed), so
 * its connection is not held open, and its time limit not spent, while the children are read.
 * `ledFrom` is the URL of the index that lists it (the caller's for the top, none below a file).
 */
async function* readSitemap(
  run: Run,
  source: string,
  level: number,
  ancestors: readonly string[],
  ledFrom: string | undefined,
): AsyncGenerator<SitemapEntry> {
  const isTop = level === 1;
  const throwsHere = isTop && run.throwsForTop;
  const tell: Tell = (code, params = {}) => run.tell({ source, code, params });
  run.sitemapsRead++;
  const { limits } = run;
  const opening = await run.open(source, {
    // totalMs ends the opening too: the rest of the walk's time, if less than a sitemap's.
    timeoutMs: Math.min(limits.timeoutMs, Math.ceil(timeLeft(run))),
    maxBytes: limits.maxBytes,
    ...(ledFrom === undefined ? {} : { ledFrom }),
  });
  if ('failure' in opening) {
    if (opening.failure.code === 'timeout' && timeLeft(run) === 0) {
      stopForTime(run, tell);
      return;
    }
    if (throwsHere) throw new SitemapUnreadable(oneLine(source), opening.failure);
    tell(opening.failure.code, opening.failure.params);
    return;
  }
  const opened: OpenedSitemap = opening;
  const key = run.keyOf(source);
  const selfKeys = opened.key === key ? [opened.key] : [key, opened.key];
  // The chain from the top to this sitemap: a child found in it is a loop.
  const path = [...ancestors, ...selfKeys];
  const children: string[] = [];
  const entryProblems = new EntryProblems(tell);
  const urlsBefore = run.urlsGiven;
  let kind: SitemapRead['kind'] = null;
  /** Its content is being read (not a redirect to a sitemap read already). */
  let isRead = false;
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
    isRead = true;
    const reader = new SitemapReader(entryProblems, tell);
    const listedBy = opened.url;
    const index: IndexEntries = { children, keys: new Set(), path, selfKeys, isCut: false };
    try {
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
    } finally {
      kind = reader.kind ?? null;
    }
    if (reader.failure !== null) {
      // The sitemap the user named is no sitemap at all, and gave nothing: unreadable (exit 2),
      // not a run with no URLs that a CI job would take for a pass.
      if (
        throwsHere &&
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
    if (failure.code === 'timeout' && timeLeft(run) === 0) stopForTime(run, tell);
    else tell('partial', { reason: failure.code, ...failure.params });
  } finally {
    entryProblems.tellRest();
    opened.close();
    if (isRead && notASitemap === null) {
      run.onSitemap({ source, url: opened.url, kind, urls: run.urlsGiven - urlsBefore });
    }
  }
  if (notASitemap !== null) throw new SitemapUnreadable(oneLine(source), notASitemap);
  for (const child of children) {
    if (run.isStopped) return;
    const key = run.keyOf(child);
    // A sitemap read since this index was read, below one of its earlier children.
    if (run.visited.has(key)) {
      tell('repeat', { child });
      continue;
    }
    if (!mayOpen(run, child, tell, true)) return;
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
    const key = run.keyOf(child);
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
