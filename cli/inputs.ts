// The URLs a command reads, in batches (never all in memory): the arguments; else --urls FILE
// (`-`: stdin); else --sitemap URL|FILE; else stdin. Blank lines and lines starting with `#` are
// skipped; a line longer than MAX_LINE_CHARS (io/capped-lines.ts) is no URL: told, skipped, never
// kept. A sitemap's URLs carry the sitemap that lists them (their robots.txt is led from it). And
// the ordered pipeline that judges them while fetches are in flight.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CappedLines, MAX_LINE_CHARS } from '../io/capped-lines.ts';
import { type SitemapEntry, sitemapEntries } from '../io/sitemap-urls.ts';
import { ToldFirst } from '../io/told-first.ts';
import { errorCodeOf, errorCodeText } from '../src/explain/failures.ts';
import { sitemapProblemText } from '../src/explain/sitemaps.ts';
import { printableText, type Translator } from '../src/index.ts';
import { SitemapUnreadable } from '../src/sitemap-problem.ts';
import type { Parked } from './slots.ts';
import { UnreadableInput } from './sources.ts';

/** Lines per batch: a batch is judged and written at once (one await per batch, not per line). */
const BATCH = 1024;

/** An input line worth reading, trimmed; null for a blank line or a `#` comment. */
function meaningful(raw: string): string | null {
  const line = raw.trim();
  return line === '' || line.startsWith('#') ? null : line;
}

/**
 * A batch of input lines. `listedBy` is set for the URLs of a sitemap: the URL of the sitemap
 * that lists each one (null for a local file's), which their robots.txt fetch is led from (the
 * private-network rule); null for the user's own lines (arguments, --urls, stdin).
 */
export interface InputBatch {
  lines: string[];
  listedBy: (string | null)[] | null;
}

/** The meaningful lines of a stream, in batches. */
async function* batchesOf(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<InputBatch> {
  let batch: string[] = [];
  for await (const raw of lines) {
    const line = meaningful(raw);
    if (line === null) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      yield { lines: batch, listedBy: null };
      batch = [];
    }
  }
  if (batch.length > 0) yield { lines: batch, listedBy: null };
}

/** A sitemap's URLs (already trimmed http(s) URLs), in batches, each with where it is listed. */
async function* entryBatchesOf(entries: AsyncIterable<SitemapEntry>): AsyncGenerator<InputBatch> {
  let lines: string[] = [];
  let listedBy: (string | null)[] = [];
  for await (const entry of entries) {
    lines.push(entry.url);
    listedBy.push(entry.listedBy);
    if (lines.length >= BATCH) {
      yield { lines, listedBy };
      lines = [];
      listedBy = [];
    }
  }
  if (lines.length > 0) yield { lines, listedBy };
}

/** Over-long lines told one by one; past this they are counted in one line at the end. */
const LONG_LINES_TOLD = 10;

/** Says the input lines skipped for their length: the first few by number, the rest counted. */
function longLinesOf(options: UrlOptions): ToldFirst<[lineNumber: number]> {
  const { t, onProblem } = options;
  return new ToldFirst(
    LONG_LINES_TOLD,
    (lineNumber: number) =>
      onProblem(t('cliInputLineTooLong', t.number(lineNumber), t.number(MAX_LINE_CHARS))),
    (rest) => onProblem(t.plural('cliInputLinesTooLong', rest, t.number(MAX_LINE_CHARS))),
  );
}

/**
 * The lines of a stream (LF, CRLF or CR ends), read chunk by chunk as they are asked for: the
 * stream waits while a batch is judged, so memory stays flat however long the input (readline's
 * iterator reads ahead without bound). A line longer than MAX_LINE_CHARS is no URL: it is told
 * and skipped to its end without being kept, so an endless one (/dev/zero) is read at constant
 * memory, as `wc -l` reads it, until the user stops it.
 */
async function* linesOf(stream: Readable, options: UrlOptions): AsyncGenerator<string> {
  const longLines = longLinesOf(options);
  stream.setEncoding('utf8');
  const ready: string[] = [];
  const lines = new CappedLines({
    line: (line) => ready.push(line),
    tooLong: (lineNumber) => {
      options.onLineSkipped?.();
      longLines.tell(lineNumber);
    },
  });
  for await (const chunk of stream as AsyncIterable<string>) {
    lines.write(chunk);
    // Handed over before the next chunk is read: one chunk's lines at a time.
    for (let i = 0; i < ready.length; i++) yield ready[i] as string;
    ready.length = 0;
  }
  lines.close();
  yield* ready;
  longLines.tellRest();
}

/** Opens a file for reading, or throws UnreadableInput before anything was written. */
async function openFile(path: string): Promise<Readable> {
  const stream = createReadStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UnreadableInput(`${path}: ${error.code ?? ''}`, path, error.code ?? null)),
    );
  });
  return stream;
}

export interface UrlOptions {
  args: readonly string[];
  urls: string | undefined;
  /** Sitemaps, read one after the other (--sitemap, repeatable). */
  sitemap: readonly string[] | undefined;
  stdin: Readable;
  /**
   * A problem of the input, in words: an input line too long to be a URL, a sitemap's child that
   * could not be read… (the run goes on).
   */
  onProblem: (message: string) => void;
  /** Words the sitemap's problems and an unreadable top sitemap. */
  t: Translator;
  /** Called for each input line skipped for its length (it counts as a line that is no URL). */
  onLineSkipped?: () => void;
  /** The User-Agent of a sitemap's requests (default none: Node's `node`). */
  userAgent?: string;
}

/** A sitemap's entries, its first read now (unreadable, it throws UnreadableInput here). */
async function openSitemap(
  place: string,
  options: UrlOptions,
): Promise<AsyncIterable<SitemapEntry>> {
  const { t } = options;
  const found = sitemapEntries(place, {
    onProblem: (p) => options.onProblem(sitemapProblemText(p, t)),
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
  });
  let first: IteratorResult<SitemapEntry>;
  try {
    first = await found.next();
  } catch (error) {
    if (error instanceof SitemapUnreadable) {
      throw new UnreadableInput(sitemapProblemText({ ...error }, t));
    }
    throw new UnreadableInput(
      t('cliSitemapUnreadable', printableText(place, false), errorCodeText(errorCodeOf(error), t)),
    );
  }
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* found;
  })();
}

/**
 * The URL lines to judge, in input order. Files are opened (and each top sitemap read) before the
 * first line is given, so an unreadable one fails the run before any output (exit status 2).
 */
export async function urlInputs(options: UrlOptions): Promise<AsyncIterable<InputBatch>> {
  const { args, urls, sitemap, stdin } = options;
  if (args.length > 0) return batchesOf(args);
  if (urls !== undefined) {
    const stream = urls === '-' ? stdin : await openFile(urls);
    return batchesOf(linesOf(stream, options));
  }
  if (sitemap !== undefined && sitemap.length > 0) {
    // Every top sitemap is read now, in order: an unreadable one fails the run before any output.
    const opened: AsyncIterable<SitemapEntry>[] = [];
    for (const place of sitemap) opened.push(await openSitemap(place, options));
    return entryBatchesOf(
      (async function* () {
        for (const entries of opened) yield* entries;
      })(),
    );
  }
  return batchesOf(linesOf(stdin, options));
}

/** How far the ordered pipeline may run ahead of its oldest result (inOrder). */
export interface OrderWindow<R> {
  /** Items under way at once, those parked aside. */
  size: number;
  /**
   * Items under way that wait on something of their own (a host's Retry-After or crawl-delay):
   * they do not count in `size`, so the items behind them go on.
   */
  parked?: Parked;
  /** At most this many items from the oldest not given out to the newest started (default `size`). */
  ahead?: number;
  /** At most this much weight of finished results held back for the order (default no bound). */
  held?: number;
  /** A finished result's weight (its bytes, roughly). */
  weigh?: (result: R) => number;
}

/** A result under way or held back for the order. */
interface Pending<R> {
  done: boolean;
  value?: R;
  failed?: { error: unknown };
  weight: number;
}

/**
 * Applies `work` to each item and gives the results in input order, with up to `window` items
 * under way at once (a robots.txt fetch of a new origin does not hold up the others'), so memory
 * stays bounded whatever the number of items. Parked items (`window.parked`) do not count: the
 * items behind a waiting one go on, their results held back for the order up to `ahead` items and
 * `held` weight (issue 41: one host's Retry-After no longer stalls the others').
 */
export async function* inOrder<T, R>(
  items: AsyncIterable<T>,
  work: (item: T) => R | Promise<R>,
  window: number | OrderWindow<R> = 8,
): AsyncGenerator<R> {
  const {
    size,
    parked,
    ahead = size,
    held = Number.POSITIVE_INFINITY,
    weigh,
  } = typeof window === 'number' ? { size: window } : window;
  // A FIFO of results under way or held; a result given out is dropped from it at once.
  let queue: (Pending<R> | undefined)[] = [];
  let head = 0;
  let unfinished = 0;
  let heldWeight = 0;
  let wake: (() => void) | null = null;
  const poke = () => {
    const woken = wake;
    wake = null;
    woken?.();
  };
  const finish = (pending: Pending<R>, value: R) => {
    pending.done = true;
    pending.value = value;
    pending.weight = weigh?.(value) ?? 0;
    heldWeight += pending.weight;
  };
  const start = (item: T) => {
    const pending: Pending<R> = { done: false, weight: 0 };
    queue.push(pending);
    const result = work(item);
    if (!isPromise(result)) return finish(pending, result as R);
    unfinished++;
    (result as Promise<R>).then(
      (value) => {
        unfinished--;
        finish(pending, value);
        poke();
      },
      (error: unknown) => {
        unfinished--;
        pending.done = true;
        pending.failed = { error };
        poke();
      },
    );
  };
  if (parked !== undefined) parked.onPark = poke;
  const iterator = items[Symbol.asyncIterator]();
  let exhausted = false;
  try {
    for (;;) {
      for (let first = queue[head]; first?.done === true; first = queue[head]) {
        queue[head++] = undefined;
        if (head >= 64) {
          queue = queue.slice(head);
          head = 0;
        }
        if (first.failed !== undefined) throw first.failed.error;
        heldWeight -= first.weight;
        yield first.value as R;
      }
      const room =
        unfinished - (parked?.count ?? 0) < size &&
        queue.length - head < ahead &&
        heldWeight < held;
      if (!exhausted && room) {
        const next = await iterator.next();
        if (next.done === true) exhausted = true;
        else start(next.value);
        continue;
      }
      if (exhausted && head >= queue.length) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (parked !== undefined && parked.onPark === poke) parked.onPark = null;
    if (!exhausted) await iterator.return?.();
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * How many URL lines a regular file holds (blank and `#` lines aside), read once ahead for a
 * progress bar; null when it is not a regular file (a pipe, /dev/stdin) or cannot be read: the
 * run then shows a count without a total.
 */
export async function countUrlLines(path: string): Promise<number | null> {
  try {
    const { stat } = await import('node:fs/promises');
    if (!(await stat(path)).isFile()) return null;
    let count = 0;
    const lines = new CappedLines({
      line: (line) => {
        if (meaningful(line) !== null) count++;
      },
      tooLong: () => undefined,
    });
    for await (const chunk of createReadStream(path, { encoding: 'utf8' }))
      lines.write(chunk as string);
    lines.close();
    return count;
  } catch {
    return null;
  }
}
