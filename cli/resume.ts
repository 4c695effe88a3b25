// --resume FILE for `robots-lens audit` (issues 30, 41): the jsonl a previous run wrote, cut
// anywhere (killed mid-line, or between two robots' records of one URL). The complete URLs, those
// with a record for each robot, are a prefix of the input (records come out in input order): the
// run skips them, checking each against the input, then appends the rest.
//
// The file is only ever appended to when it is verifiably ours: a regular file, no input of the
// run (same path or same inode), every line a record of the same robots in the same order. Then,
// and only then, a torn end (a last line without its newline, the first robots' records of a URL
// without the others') is cut off: appending after it would corrupt the file. Anything else is
// refused before a byte changes. Reading is linear: a line is kept as chunks and joined once, and
// one longer than MAX_RECORD_BYTES is no record of ours, so the read stops there. Memory stays
// flat: the file is read twice as a stream, never held.
import { createReadStream, fstatSync, type Stats } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AUDIT_STATES } from '../src/page/audit.ts';

/**
 * The longest record line of ours, in bytes: a URL is at most 65,536 characters (an input line),
 * a canonical at most 8,192, a redirect's Location within Node's 16 KiB of headers; escaped and
 * repeated in the reasons, a record stays well under this.
 */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** Why a file cannot be resumed: not a file of ours, an input of the run, other robots'. */
export class NotResumable extends Error {
  readonly why: 'not-ours' | 'input' | 'robots';
  /** The robots of the file's first URL, for 'robots'. */
  readonly robots: readonly string[];

  constructor(why: NotResumable['why'], robots: readonly string[] = []) {
    super(why);
    this.why = why;
    this.robots = robots;
  }
}

/** Bytes read by the line readers of this module, for tests (reading is linear and capped). */
export const resumeReading = { bytes: 0 };

/**
 * The lines of a file's first `end` bytes, each with the offset just after its newline, then the
 * bytes after the last newline (`tail`). A line is kept as its chunks and joined once, at its
 * newline; one past MAX_RECORD_BYTES throws NotResumable without reading further.
 */
async function* linesOf(
  path: string,
  end: number,
): AsyncGenerator<{ line: string; after: number } | { tail: string }> {
  if (end === 0) return;
  let pieces: Buffer[] = [];
  let pending = 0;
  let offset = 0;
  for await (const chunk of createReadStream(path, {
    start: 0,
    end: end - 1,
  }) as AsyncIterable<Buffer>) {
    resumeReading.bytes += chunk.length;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const line =
        pending === 0
          ? chunk.toString('utf8', start, nl)
          : Buffer.concat([...pieces, chunk.subarray(start, nl)]).toString('utf8');
      offset += pending + nl - start + 1;
      pieces = [];
      pending = 0;
      yield { line, after: offset };
      start = nl + 1;
    }
    if (start < chunk.length) {
      pieces.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > MAX_RECORD_BYTES) throw new NotResumable('not-ours');
    }
  }
  if (pending > 0) yield { tail: Buffer.concat(pieces).toString('utf8') };
}

/** A record line's URL and robot (an object with them and a state of the audit's), or null. */
function recordOf(line: string): { url: string; agent: string } | null {
  try {
    const record = JSON.parse(line) as Record<string, unknown> | null;
    if (typeof record !== 'object' || record === null) return null;
    const { url, agent, state } = record;
    return typeof url === 'string' &&
      typeof agent === 'string' &&
      typeof state === 'string' &&
      (AUDIT_STATES as readonly string[]).includes(state)
      ? { url, agent }
      : null;
  } catch {
    return null;
  }
}

/** How every record line of ours starts (jsonl keys in order: url first). */
const RECORD_START = '{"url":';

/** Whether a torn last line can be the start of a record of ours. */
const tornRecord = (tail: string) => tail.startsWith(RECORD_START) || RECORD_START.startsWith(tail);

/** What the run reads as input, so that --resume is never one of them. */
export interface RunInputs {
  /** Local files read (--urls, --sitemap given as a path); missing ones are skipped. */
  files: readonly string[];
  /** stdin's file descriptor when stdin is read, else null. */
  stdin: number | null;
}

/** Whether `file` is the same file as one of the run's inputs: its path or its inode. */
async function isInput(path: string, file: Stats, inputs: RunInputs): Promise<boolean> {
  const same = (other: Stats) => other.dev === file.dev && other.ino === file.ino;
  for (const input of inputs.files) {
    if (resolve(input) === resolve(path)) return true;
    const other = await stat(input).catch(() => null);
    if (other !== null && same(other)) return true;
  }
  if (inputs.stdin !== null) {
    let other: Stats | null = null;
    try {
      other = fstatSync(inputs.stdin);
    } catch {
      other = null;
    }
    if (other !== null && same(other)) return true;
  }
  return false;
}

export class ResumeFile {
  readonly path: string;
  /** Bytes of complete URLs: the file is cut back to this. */
  readonly end: number;
  /** URLs complete in the file. */
  readonly done: number;
  private readonly agents: number;
  private urls: AsyncGenerator<string> | null = null;
  private given = 0;

  private constructor(path: string, end: number, done: number, agents: number) {
    this.path = path;
    this.end = end;
    this.done = done;
    this.agents = agents;
  }

  /**
   * Reads `path` (a missing or empty file starts fresh), checks that it is an audit of `agents`
   * and no input of the run, counts its complete URLs, and cuts off a torn end. Throws
   * NotResumable, the file unchanged, when it is not ours; a file system error as it comes.
   */
  static async open(
    path: string,
    agents: readonly string[],
    inputs: RunInputs = { files: [], stdin: null },
  ): Promise<ResumeFile> {
    const file = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (file !== null && (await isInput(path, file, inputs))) throw new NotResumable('input');
    if (file === null || (file.isFile() && file.size === 0))
      return new ResumeFile(path, 0, 0, agents.length);
    if (!file.isFile()) throw new NotResumable('not-ours');
    const { size } = file;
    let end = 0;
    let done = 0;
    let current = '';
    let position = 0;
    // The robots of the file's first URL, to say whose audit it is.
    const first: string[] = [];
    let firstUrl: string | null = null;
    let collecting = true;
    let otherRobots = false;
    for await (const read of linesOf(path, size)) {
      if ('tail' in read) {
        if (!tornRecord(read.tail)) throw new NotResumable('not-ours');
        break;
      }
      const record = recordOf(read.line);
      if (record === null) throw new NotResumable('not-ours');
      firstUrl ??= record.url;
      collecting &&= record.url === firstUrl && first.length <= agents.length;
      if (collecting) first.push(record.agent);
      else if (otherRobots) break;
      // A URL with fewer records than robots, or another robot's: another run's robots (its
      // first URL's robots read on, to be named).
      if ((position > 0 && record.url !== current) || record.agent !== agents[position])
        otherRobots = true;
      if (otherRobots) continue;
      current = record.url;
      position++;
      if (position === agents.length) {
        end = read.after;
        done++;
        position = 0;
      }
    }
    if (otherRobots) throw new NotResumable('robots', first);
    // No URL complete: whose robots these are cannot be told, so it is not taken for ours.
    if (done === 0) throw new NotResumable(first.length > 0 ? 'robots' : 'not-ours', first);
    // Ours: only a torn end is cut off.
    if (end < size) await truncate(path, end);
    return new ResumeFile(path, end, done, agents.length);
  }

  /** Whether URLs done remain to be skipped. */
  get pending(): boolean {
    return this.given < this.done;
  }

  /** The next URL done, in order; null once all were given. */
  async next(): Promise<string | null> {
    if (!this.pending) return null;
    if (this.urls === null) {
      const agents = this.agents;
      this.urls = (async function* (path: string, end: number) {
        let n = 0;
        for await (const read of linesOf(path, end)) {
          if ('tail' in read) break;
          if (n++ % agents === 0) {
            const record = recordOf(read.line);
            if (record !== null) yield record.url;
          }
        }
      })(this.path, this.end);
    }
    const next = await this.urls.next();
    this.given++;
    return next.done ? null : next.value;
  }
}
