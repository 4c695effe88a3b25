// Where the command line's robots.txt comes from: a local file, or a URL fetched exactly as the
// extension fetches it (io/fetch-robots-node.ts, src/policy.ts outcomeOf), and, without
// --robots, each URL's own origin's /robots.txt, fetched once per run with a bounded number of
// fetches in flight.
import { open } from 'node:fs/promises';
import { fetchRobotsTxtInNode } from '../io/fetch-robots-node.ts';
import {
  MAX_BODY_BYTES,
  type Outcome,
  outcomeOf,
  parseRobotsTxt,
  type RobotsTxt,
  robotsOrigin,
} from '../src/index.ts';
import { AiFile } from './ai.ts';

/**
 * A robots.txt ready to judge with: its rules (and, when it has Content-Signal or Content-Usage
 * lines, their reader; null for the others), or what its fetch outcome decides for all.
 */
export type Source =
  | { kind: 'ok'; parsed: RobotsTxt; url: string | null; ai: AiFile | null }
  | { kind: 'unavailable' | 'unreachable'; outcome: Outcome; url: string };

/**
 * An input that cannot be read: the command line exits 2 with one line. `file` and `why` (an
 * error code such as ENOENT) are worded by the catalogue (cliCannotRead); else `message` is
 * already in words.
 */
export class UnreadableInput extends Error {
  readonly file: string | null;
  readonly why: string | null;

  constructor(message: string, file: string | null = null, why: string | null = null) {
    super(message);
    this.file = file;
    this.why = why;
  }
}

const isUrl = (text: string) => /^https?:\/\//i.test(text);

/** Decodes a file's bytes as a crawler does: UTF-8, bad bytes replaced (the parser skips a BOM). */
function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

/** The outcome of one fetch as a Source. */
export function sourceOf(outcome: Outcome, url: string): Source {
  return outcome.kind === 'ok'
    ? okSource(outcome.text, parseRobotsTxt(outcome.text), url)
    : { kind: outcome.kind, outcome, url };
}

/** A file's text and rules as a Source, the AI-usage lines told apart once. */
function okSource(text: string, parsed: RobotsTxt, url: string | null): Source {
  return { kind: 'ok', parsed, url, ai: AiFile.of(text, parsed) };
}

/** Fetches one robots.txt URL with the extension's policy. */
export async function fetchSource(url: string, userAgent?: string): Promise<Source> {
  const facts = await fetchRobotsTxtInNode(url, userAgent === undefined ? {} : { userAgent });
  return sourceOf(outcomeOf(facts), url);
}

/**
 * The first `maxBytes` of a file (default MAX_BODY_BYTES, as a fetch keeps), and how many bytes
 * it has past them (0: none; read one byte past to tell, then its size says how many, at least
 * 1 for a device or a pipe). A 10 GB file or /dev/zero costs 500 KiB, not its size.
 */
export async function readFileCapped(
  path: string,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ bytes: Uint8Array; pastBytes: number }> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(maxBytes + 1);
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    if (size <= maxBytes) return { bytes: buffer.subarray(0, size), pastBytes: 0 };
    const { size: fileSize } = await handle.stat();
    return { bytes: buffer.subarray(0, maxBytes), pastBytes: Math.max(1, fileSize - maxBytes) };
  } finally {
    await handle.close();
  }
}

/**
 * A file's first MAX_BODY_BYTES parsed; past them the parse is marked truncated with its
 * 'content-past-limit' warning, as when the parser itself cuts a longer text (RFC 9309 §2.5).
 */
async function parseFile(path: string): Promise<{ text: string; parsed: RobotsTxt }> {
  const { bytes, pastBytes } = await readFileCapped(path);
  const text = decode(bytes);
  const parsed = parseRobotsTxt(text);
  if (pastBytes === 0 || parsed.truncated) return { text, parsed };
  return {
    text,
    parsed: {
      ...parsed,
      truncated: true,
      diagnostics: [
        ...parsed.diagnostics,
        {
          code: 'content-past-limit',
          severity: 'warning',
          line: parsed.lineCount,
          // Not read, so counted in bytes: the characters of an ASCII file.
          params: { limit: MAX_BODY_BYTES, ignoredChars: pastBytes },
        },
      ],
    },
  };
}

/** --robots, OLD or NEW: a local file, or an http(s) URL. Throws UnreadableInput for a file. */
export async function readSource(place: string): Promise<Source> {
  if (isUrl(place)) return fetchSource(place);
  try {
    const { text, parsed } = await parseFile(place);
    return okSource(text, parsed, null);
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UnreadableInput(`${place}: ${why}`, place, why);
  }
}

/**
 * Each origin's /robots.txt, fetched once per run: the first URL of an origin starts its fetch,
 * at most `inFlight` at a time; later URLs of the origin share it.
 */
export class OriginSources {
  private readonly known = new Map<string, Promise<Source>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight: number;
  private readonly fetchOne: (url: string) => Promise<Source>;

  constructor(inFlight = 8, fetchOne: (url: string) => Promise<Source> = fetchSource) {
    this.inFlight = inFlight;
    this.fetchOne = fetchOne;
  }

  /** Sources already fetched, by origin: a URL of a known origin is judged without waiting. */
  private readonly ready = new Map<string, Source>();

  /**
   * The source for a URL's origin (itself once fetched, else the fetch under way), or null when
   * the URL has no robots.txt (not http(s)).
   */
  forUrl(url: string): Source | Promise<Source> | null {
    const origin = robotsOrigin(url);
    if (origin === null) return null;
    const ready = this.ready.get(origin);
    if (ready !== undefined) return ready;
    let source = this.known.get(origin);
    if (source === undefined) {
      source = this.limited(() => this.fetchOne(`${origin}/robots.txt`));
      this.known.set(origin, source);
      void source.then((s) => this.ready.set(origin, s));
    }
    return source;
  }

  /** How many origins were fetched (or are being fetched). */
  get size(): number {
    return this.known.size;
  }

  private async limited(work: () => Promise<Source>): Promise<Source> {
    if (this.running >= this.inFlight) await new Promise<void>((go) => this.waiting.push(go));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
