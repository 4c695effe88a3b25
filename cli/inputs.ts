// The URLs a command reads, in batches (never all in memory): the arguments; else --urls FILE
// (`-`: stdin); else --sitemap URL|FILE; else stdin. Blank lines and lines starting with `#` are
// skipped. And the ordered pipeline that judges them while fetches are in flight.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { SitemapUnreadable } from '../io/sitemap-problem.ts';
import { sitemapUrls } from '../io/sitemap-urls.ts';
import type { Translator } from '../src/index.ts';
import { sitemapProblemText } from './sitemap-words.ts';
import { UnreadableInput } from './sources.ts';

/** Lines per batch: a batch is judged and written at once (one await per batch, not per line). */
const BATCH = 1024;

/** An input line worth reading, trimmed; null for a blank line or a `#` comment. */
function meaningful(raw: string): string | null {
  const line = raw.trim();
  return line === '' || line.startsWith('#') ? null : line;
}

/** The meaningful lines of a stream, in batches. */
async function* batchesOf(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const raw of lines) {
    const line = meaningful(raw);
    if (line === null) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The lines of a stream (LF, CRLF or CR ends), read chunk by chunk as they are asked for: the
 * stream waits while a batch is judged, so memory stays flat however long the input (readline's
 * iterator reads ahead without bound).
 */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  stream.setEncoding('utf8');
  let rest = '';
  let lastWasCr = false;
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = rest + chunk;
    // A CRLF split across chunks: the LF that ends the previous CR's line is no line of its own.
    if (lastWasCr && rest === '' && text.startsWith('\n')) text = text.slice(1);
    let start = 0;
    // The next CR, searched again only once passed: each chunk is scanned once for it.
    let cr = text.indexOf('\r');
    for (;;) {
      const lf = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) break;
      yield text.slice(start, end);
      if (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a) start = end + 2;
      else start = end + 1;
    }
    lastWasCr = text.endsWith('\r');
    rest = text.slice(start);
  }
  if (rest !== '') yield rest;
}

/** Opens a file for reading, or throws UnreadableInput before anything was written. */
async function openFile(path: string): Promise<Readable> {
  const stream = createReadStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new UnreadableInput(
          `${path}: ${error.code ?? error.message}`,
          path,
          error.code ?? error.message,
        ),
      ),
    );
  });
  return stream;
}

export interface UrlOptions {
  args: readonly string[];
  urls: string | undefined;
  sitemap: string | undefined;
  stdin: Readable;
  /** A sitemap's problem, in words: a child that could not be read… (the run goes on). */
  onProblem: (message: string) => void;
  /** Words the sitemap's problems and an unreadable top sitemap. */
  t: Translator;
}

/**
 * The URL lines to judge, in input order. Files are opened (and the top sitemap read) before the
 * first line is given, so an unreadable one fails the run before any output (exit status 2).
 */
export async function urlInputs(options: UrlOptions): Promise<AsyncIterable<string[]>> {
  const { args, urls, sitemap, stdin, t } = options;
  if (args.length > 0) return batchesOf(args);
  if (urls !== undefined) return batchesOf(linesOf(urls === '-' ? stdin : await openFile(urls)));
  if (sitemap !== undefined) {
    const found = sitemapUrls(sitemap, {
      onProblem: (p) => options.onProblem(sitemapProblemText(p, t)),
    });
    // The top sitemap is read now: unreadable, it throws here, before any output.
    let first: IteratorResult<string>;
    try {
      first = await found.next();
    } catch (error) {
      if (error instanceof SitemapUnreadable) {
        throw new UnreadableInput(sitemapProblemText({ ...error }, t));
      }
      throw new UnreadableInput(error instanceof Error ? error.message : String(error));
    }
    return batchesOf(
      (async function* () {
        if (first.done) return;
        yield first.value;
        yield* found;
      })(),
    );
  }
  return batchesOf(linesOf(stdin));
}

/**
 * Applies `work` to each item and gives the results in input order, with up to `window` items
 * under way at once (a robots.txt fetch of a new origin does not hold up the others'), so memory
 * stays bounded whatever the number of items.
 */
export async function* inOrder<T, R>(
  items: AsyncIterable<T>,
  work: (item: T) => R | Promise<R>,
  window = 8,
): AsyncGenerator<R> {
  // A FIFO of results under way; a result given out is dropped from it at once.
  let queue: (R | Promise<R>)[] = [];
  let head = 0;
  const next = async (): Promise<R> => {
    const result = queue[head] as R | Promise<R>;
    queue[head++] = undefined as unknown as R;
    if (head >= 64) {
      queue = queue.slice(head);
      head = 0;
    }
    return result;
  };
  for await (const item of items) {
    queue.push(work(item));
    while (queue.length - head >= window || (head < queue.length && !isPromise(queue[head])))
      yield await next();
  }
  while (head < queue.length) yield await next();
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
