// --resume FILE for `robots-lens audit` (issue 30): the jsonl a previous run wrote, cut anywhere
// (killed mid-line, or between two robots' records of one URL). The complete URLs, those with a
// record for each robot, are a prefix of the input (records come out in input order): the file is
// cut back to their end, and the run skips them, checking each against the input, then appends
// the rest. Memory stays flat: the file is read twice as a stream, never held.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** The lines of a file's first `end` bytes, each with the offset just after its newline. */
async function* linesOf(
  path: string,
  end: number,
): AsyncGenerator<{ line: string; after: number }> {
  if (end === 0) return;
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  for await (const chunk of createReadStream(path, {
    start: 0,
    end: end - 1,
  }) as AsyncIterable<Buffer>) {
    let data = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      yield { line: data.toString('utf8', start, nl), after: offset + nl + 1 };
      start = nl + 1;
    }
    offset += start;
    data = data.subarray(start);
    carry = data;
  }
  // Bytes after the last newline: a line cut short, never a record.
}

/** The URL of a record line, or null when the line is not one of ours. */
function urlOf(line: string): string | null {
  try {
    const record = JSON.parse(line) as { url?: unknown; agent?: unknown };
    return typeof record.url === 'string' && typeof record.agent === 'string' ? record.url : null;
  } catch {
    return null;
  }
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
   * Reads `path` (a missing file is an empty one), counts its complete URLs for `agents` robots
   * each, and cuts the file back to their end.
   */
  static async open(path: string, agents: number): Promise<ResumeFile> {
    const handle = await open(path, 'a+');
    try {
      const { size } = await handle.stat();
      let end = 0;
      let done = 0;
      let current: string | null = null;
      let records = 0;
      for await (const { line, after } of linesOf(path, size)) {
        const url = urlOf(line);
        // Not a record: the file is ours only up to here.
        if (url === null) break;
        if (url !== current) {
          current = url;
          records = 0;
        }
        records++;
        if (records === agents) {
          end = after;
          done++;
          current = null;
        }
      }
      if (end < size) await handle.truncate(end);
      return new ResumeFile(path, end, done, agents);
    } finally {
      await handle.close();
    }
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
        for await (const { line } of linesOf(path, end)) {
          if (n++ % agents === 0) {
            const url = urlOf(line);
            if (url !== null) yield url;
          }
        }
      })(this.path, this.end);
    }
    const next = await this.urls.next();
    this.given++;
    return next.done ? null : next.value;
  }
}
