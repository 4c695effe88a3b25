// Text cut into lines as it comes, chunk by chunk: the `--urls` and stdin input of the command
// line and the lines of a text sitemap. Each chunk is scanned once, and a line may not grow past
// a limit: an endless line (a file of zeros, /dev/zero, a 50 MiB gzip bomb) costs the limit, not
// its length, and time linear in its length (issue 28, item 3: the old reader joined the pending
// line to each new chunk and searched it again from its start).

/**
 * The longest line read, in UTF-16 code units (the characters of an ASCII URL): 65,536. A URL
 * is far shorter: sitemaps.org caps a <loc> under 2,048 characters, and RFC 9110 §4.1 asks
 * senders and recipients to support URIs of at least 8,000 octets; this is eight times that, so
 * no URL a crawler would request is cut, while a line that is no URL costs 128 KiB at most.
 */
export const MAX_LINE_CHARS = 65_536;

/** Where the lines go: each whole line, and each line too long to keep (its number, from 1). */
export interface LineSink {
  line(text: string): void;
  /** Told once, as soon as the line passes the limit; its text is not kept, its end is awaited. */
  tooLong(lineNumber: number): void;
}

/**
 * Splits text fed chunk by chunk into lines ended by LF, CRLF or CR (a CRLF split between two
 * chunks is one end). A line longer than `maxChars` is dropped as soon as it passes them and
 * skipped to its end without keeping its bytes.
 */
export class CappedLines {
  /** Lines ended so far (whole or skipped). */
  lineCount = 0;
  private readonly sink: LineSink;
  private readonly maxChars: number;
  /** The start of the current line, from earlier chunks. */
  private parts: string[] = [];
  private partsLength = 0;
  /** The current line passed the limit: what comes before its end is dropped. */
  private isSkipping = false;
  /** The last chunk ended with CR: an LF at the start of the next one ends nothing. */
  private wasCr = false;

  constructor(sink: LineSink, maxChars = MAX_LINE_CHARS) {
    this.sink = sink;
    this.maxChars = maxChars;
  }

  /** Reads a chunk: gives each line it ends, keeps (or drops) the start of the next. */
  write(chunk: string): void {
    if (chunk === '') return;
    let start = this.wasCr && chunk.charCodeAt(0) === 0x0a ? 1 : 0;
    this.wasCr = false;
    // The next LF and CR at or after `start`, each searched again only once passed, so the chunk
    // is scanned once for each (-1: none left in it).
    let lf = chunk.indexOf('\n', start);
    let cr = chunk.indexOf('\r', start);
    while (start < chunk.length) {
      if (lf !== -1 && lf < start) lf = chunk.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = chunk.indexOf('\r', start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) {
        this.keep(chunk, start);
        return;
      }
      this.end(chunk, start, end);
      if (chunk.charCodeAt(end) === 0x0d) {
        if (end + 1 === chunk.length) this.wasCr = true;
        else if (chunk.charCodeAt(end + 1) === 0x0a) {
          start = end + 2;
          continue;
        }
      }
      start = end + 1;
    }
  }

  /** The end of the text: its last line, when it has no line end. */
  close(): void {
    if (this.isSkipping) {
      this.lineCount++;
      this.isSkipping = false;
    } else if (this.partsLength > 0) {
      this.lineCount++;
      this.sink.line(this.parts.join(''));
    }
    this.parts = [];
    this.partsLength = 0;
  }

  /** The rest of a chunk, with no line end in it: the start of a line still open. */
  private keep(chunk: string, start: number): void {
    if (this.isSkipping) return;
    const length = chunk.length - start;
    if (this.partsLength + length > this.maxChars) {
      this.skip();
      return;
    }
    this.parts.push(start === 0 ? chunk : chunk.slice(start));
    this.partsLength += length;
  }

  /** A line that ends at `end` of the chunk. */
  private end(chunk: string, start: number, end: number): void {
    if (this.isSkipping) {
      this.isSkipping = false;
      this.lineCount++;
      return;
    }
    if (this.partsLength + (end - start) > this.maxChars) {
      this.skip();
      this.isSkipping = false;
      this.lineCount++;
      return;
    }
    this.lineCount++;
    const piece = chunk.slice(start, end);
    if (this.partsLength === 0) this.sink.line(piece);
    else {
      this.parts.push(piece);
      this.sink.line(this.parts.join(''));
      this.parts = [];
      this.partsLength = 0;
    }
  }

  /** The current line passed the limit: told, and its start dropped. */
  private skip(): void {
    this.isSkipping = true;
    this.parts = [];
    this.partsLength = 0;
    this.sink.tooLong(this.lineCount + 1);
  }
}
