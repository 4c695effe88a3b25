// The URLs a command reads, one at a time (never all in memory): the arguments; else --urls FILE
// (`-`: stdin); else --sitemap URL|FILE; else stdin. Blank lines and lines starting with `#` are
// skipped. And the ordered pipeline that judges them while fetches are in flight.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Translator } from '../src/explain/index.ts';
import { SitemapUnreadable, sitemapUrls } from './sitemap.ts';
import { sitemapProblemText } from './sitemap-words.ts';
import { UnreadableInput } from './sources.ts';

/** The lines of a stream, each without its line end. */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) yield line;
}

/** Input lines worth reading: trimmed, not blank, not a `#` comment. */
async function* meaningful(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  for await (const raw of lines) {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#')) yield line;
  }
}

/** Opens a file for reading, or throws UnreadableInput before anything was written. */
async function openFile(path: string): Promise<Readable> {
  const stream = createReadStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UnreadableInput(`${path}: ${error.code ?? error.message}`)),
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
export async function urlInputs(options: UrlOptions): Promise<AsyncIterable<string>> {
  const { args, urls, sitemap, stdin, t } = options;
  if (args.length > 0) return meaningful(args);
  if (urls !== undefined) return meaningful(linesOf(urls === '-' ? stdin : await openFile(urls)));
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
    return (async function* () {
      if (first.done) return;
      yield first.value;
      yield* found;
    })();
  }
  return meaningful(linesOf(stdin));
}

/**
 * Applies `work` to each item and gives the results in input order, with up to `window` items
 * under way at once (a robots.txt fetch of a new origin does not hold up the others'), so memory
 * stays bounded whatever the number of items.
 */
export async function* inOrder<T, R>(
  items: AsyncIterable<T>,
  work: (item: T) => R | Promise<R>,
  window = 512,
): AsyncGenerator<R> {
  const queue: (R | Promise<R>)[] = [];
  let head = 0;
  for await (const item of items) {
    queue.push(work(item));
    while (queue.length - head >= window || (head < queue.length && !isPromise(queue[head]))) {
      yield await (queue[head++] as R | Promise<R>);
      if (head > 4096) {
        queue.splice(0, head);
        head = 0;
      }
    }
  }
  while (head < queue.length) yield await (queue[head++] as R | Promise<R>);
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
