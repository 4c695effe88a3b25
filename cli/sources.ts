// Where the command line's robots.txt comes from: a local file, or a URL fetched exactly as the
// extension fetches it (io/fetch-robots-node.ts, src/policy.ts outcomeOf), and, without
// --robots, each URL's own origin's /robots.txt, fetched once per run with a bounded number of
// fetches in flight.
import { open } from 'node:fs/promises';
import { fetchRobotsTxtInNode, type NodeFetchOptions } from '../io/fetch-robots-node.ts';
import pkg from '../package.json';
import { hostScope } from '../src/addresses.ts';
import { errorCodeOf } from '../src/explain/failures.ts';
import {
  MAX_BODY_BYTES,
  type Outcome,
  outcomeOf,
  parseRobotsTxt,
  type RobotsTxt,
  robotsOrigin,
} from '../src/index.ts';
import { PAST_CUT_BYTES, type PastCut, pastCutOf } from '../src/policy.ts';
import { AiFile } from './ai.ts';
import { defaultUserAgent } from './audit.ts';
import { Slots } from './slots.ts';

/**
 * A robots.txt ready to judge with: its rules (and, when it has Content-Signal or Content-Usage
 * lines, their reader; null for the others), or what its fetch outcome decides for all.
 */
export type Source =
  | {
      kind: 'ok';
      parsed: RobotsTxt;
      url: string | null;
      ai: AiFile | null;
      /**
       * What lies past the 500 KiB cut (RFC 9309 §2.5: read, never used): the file's size and the
       * user-agent lines there, as the popup says them; absent or null when the file was read whole.
       */
      cut?: PastCut | null;
    }
  | { kind: 'unavailable' | 'unreachable'; outcome: Outcome; url: string };

/**
 * An input that cannot be read: the command line exits 2 with one line. `file` and `why` (an
 * error code such as ENOENT, or null) are worded by the catalogue (cliCannotRead, errorCodeText);
 * else `message` is already in words.
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

/**
 * The User-Agent of every request the command line makes unless `audit --user-agent` says
 * another: `robots-lens/VERSION (+project URL)`, never Node's `node` (issue 41, item 4).
 */
export const CLI_USER_AGENT = defaultUserAgent(pkg.version);

/** Decodes a file's bytes as a crawler does: UTF-8, bad bytes replaced (the parser skips a BOM). */
function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

/** The outcome of one fetch as a Source. */
export function sourceOf(outcome: Outcome, url: string): Source {
  if (outcome.kind !== 'ok') return { kind: outcome.kind, outcome, url };
  const cut = outcome.truncated
    ? (outcome.pastCut ?? { bytes: outcome.bytes, ended: false, agents: [] })
    : null;
  return okSource(outcome.text, parseRobotsTxt(outcome.text), url, cut);
}

/** A file's text and rules as a Source, the AI-usage lines told apart once. */
function okSource(
  text: string,
  parsed: RobotsTxt,
  url: string | null,
  cut: PastCut | null = null,
): Source {
  return { kind: 'ok', parsed, url, ai: AiFile.of(text, parsed), cut };
}

/**
 * Fetches one robots.txt URL with the extension's policy: `ledFrom`, the URL whose content named
 * it (a sitemap), puts it under the private-network rule; without, it is the user's own. The
 * User-Agent is CLI_USER_AGENT unless `userAgent` says another.
 */
export async function fetchSource(url: string, options: NodeFetchOptions = {}): Promise<Source> {
  const facts = await fetchRobotsTxtInNode(url, { userAgent: CLI_USER_AGENT, ...options });
  return sourceOf(outcomeOf(facts), url);
}

/**
 * The first `maxBytes` of a file (default MAX_BODY_BYTES, as a fetch keeps), and how many bytes
 * it has past them (0: none; read one byte past to tell, then its size says how many, at least
 * what was read for a device or a pipe; `ended` when that is its real size). A 10 GB file or
 * /dev/zero costs 500 KiB, not its size, plus `tailBytes` read past the cut only to say what lies
 * there (`tail`, as a fetch looks at PAST_CUT_BYTES more).
 */
export async function readFileCapped(
  path: string,
  maxBytes = MAX_BODY_BYTES,
  tailBytes = 0,
): Promise<{ bytes: Uint8Array; pastBytes: number; tail: Uint8Array; ended: boolean }> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(maxBytes + Math.max(1, tailBytes));
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    const tail = buffer.subarray(maxBytes, Math.min(size, maxBytes + tailBytes));
    if (size <= maxBytes)
      return { bytes: buffer.subarray(0, size), pastBytes: 0, tail, ended: true };
    const { size: fileSize } = await handle.stat();
    return {
      bytes: buffer.subarray(0, maxBytes),
      pastBytes: Math.max(size - maxBytes, fileSize - maxBytes),
      tail,
      // The end was read, or a regular file's size says it (a pipe's or a device's is 0).
      ended: size < buffer.length || fileSize >= size,
    };
  } finally {
    await handle.close();
  }
}

/**
 * A file's first MAX_BODY_BYTES parsed; past them the parse is marked truncated with its
 * 'content-past-limit' warning, as when the parser itself cuts a longer text (RFC 9309 §2.5).
 */
async function parseFile(
  path: string,
): Promise<{ text: string; parsed: RobotsTxt; cut: PastCut | null }> {
  const { bytes, pastBytes, tail, ended } = await readFileCapped(
    path,
    MAX_BODY_BYTES,
    PAST_CUT_BYTES,
  );
  const text = decode(bytes);
  const parsed = parseRobotsTxt(text);
  if (pastBytes === 0) return { text, parsed, cut: null };
  // What lies past the cut, as a fetch says it (its size, the groups there): never used.
  const cut = pastCutOf(bytes.byteLength, decode(tail), pastBytes, ended);
  if (parsed.truncated) return { text, parsed, cut };
  return {
    text,
    cut,
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
    const { text, parsed, cut } = await parseFile(place);
    return okSource(text, parsed, null, cut);
  } catch (error) {
    const why = errorCodeOf(error);
    throw new UnreadableInput(`${place}: ${why ?? ''}`, place, why);
  }
}

/**
 * The robots.txt text OriginSources keeps parsed, at most, counted in bytes of text: 16 MiB, 32
 * files at the 512,000-byte cut of RFC 9309 §2.5, about 750 of the corpus's (test/fixtures/
 * corpus: 22 KB on average). A parsed file, once judged, costs 3 to 16 times its text (its rules
 * compiled for matching: 8 MB for a 500 KB file of 20,000 rules, measured), so the cache holds
 * 256 MiB at worst. An origin is fetched again only in a run that reads more than 16 MiB of other
 * sites' robots.txt between two of its URLs.
 */
export const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/**
 * What a kept source costs besides its text: its outcome, its parse and the verdicts' compiled
 * rules (a 35-byte file judged for two robots: 7.6 KB, measured), so a run over many hosts with
 * small files keeps about 2,000 of them, not 16,000 (issue 41, item 3: 120 MB of them at 20,000
 * hosts before).
 */
const SOURCE_OVERHEAD_BYTES = 8192;

/** The cost of a source against MAX_KEPT_BYTES: its text's bytes and a fixed part. */
function keptBytes(source: Source): number {
  return SOURCE_OVERHEAD_BYTES + (source.kind === 'ok' ? source.parsed.bytesRead : 0);
}

/** How a robots.txt URL is fetched: `ledFrom` is the sitemap that listed the page, if any. */
export type FetchOne = (url: string, ledFrom: string | null) => Promise<Source>;

/** robots.txt fetched with `userAgent` (default CLI_USER_AGENT), led from a sitemap or not. */
export function robotsFetcher(userAgent: string = CLI_USER_AGENT): FetchOne {
  return (url, ledFrom) =>
    fetchSource(url, ledFrom === null ? { userAgent } : { userAgent, ledFrom });
}

const fetchLed: FetchOne = robotsFetcher();

/**
 * Each origin's /robots.txt, fetched once per run: the first URL of an origin starts its fetch,
 * at most `inFlight` at a time; later URLs of the origin share it. The fetched files are kept in
 * least-recently-used order up to `maxBytes` of text (MAX_KEPT_BYTES): past that, the origin
 * judged longest ago is dropped, and fetched again if one of its URLs comes later (a run over
 * more than 16 MiB of robots.txt between two URLs of the origin; a fetch under way is never
 * dropped). 200 origins of 500 KB took 2.2 GB when every file was kept (issue 28, item 3).
 *
 * A URL a sitemap lists (`ledFrom`, the sitemap's URL) is not the user's: its robots.txt is
 * fetched under the private-network rule (io/follow-redirects.ts), so a public sitemap cannot
 * make the command line ask a private address; refused, the source is 'unreachable' with reason
 * 'private-address' (src/policy.ts outcomeOf). The same origin may then be fetched twice in one
 * run, once as the user's and once as led from a public sitemap: they are kept apart.
 */
export class OriginSources {
  /** By origin (and whether led from a public sitemap): a fetch under way, or its source. */
  private readonly kept = new Map<string, { source: Source | Promise<Source>; bytes: number }>();
  private keptBytes = 0;
  /** The key given last: already the most recently used. */
  private lastKey = '';
  private fetches = 0;
  /** The robots.txt fetches under way, at most `inFlight`. */
  private readonly slots: Slots;
  private readonly fetchOne: FetchOne;
  private readonly maxBytes: number;

  constructor(inFlight = 8, fetchOne: FetchOne = fetchLed, maxBytes = MAX_KEPT_BYTES) {
    this.slots = new Slots(inFlight);
    this.fetchOne = fetchOne;
    this.maxBytes = maxBytes;
  }

  /**
   * The source for a URL's origin (itself once fetched, else the fetch under way), or null when
   * the URL has no robots.txt (not http(s)). `ledFrom`: the URL of the sitemap that lists it.
   */
  forUrl(url: string, ledFrom: string | null = null): Source | Promise<Source> | null {
    const origin = robotsOrigin(url);
    if (origin === null) return null;
    // Only a public sitemap's lead is checked (follow-redirects.ts): a private one's is the user's.
    const led = ledFrom !== null && isPublicUrl(ledFrom) ? ledFrom : null;
    const key = led === null ? origin : `${origin} led`;
    const entry = this.kept.get(key);
    if (entry !== undefined) {
      // Most recently used last (a Map iterates in insertion order); the URLs of one origin
      // mostly come together, and then nothing moves.
      if (key !== this.lastKey) {
        this.kept.delete(key);
        this.kept.set(key, entry);
        this.lastKey = key;
      }
      return entry.source;
    }
    this.fetches++;
    const fetching = this.slots.run(() => this.fetchOne(`${origin}/robots.txt`, led));
    const fresh = { source: fetching as Source | Promise<Source>, bytes: 0 };
    this.kept.set(key, fresh);
    this.lastKey = key;
    // Once fetched, the source itself is given (no wait), and counted: an entry under way is
    // never dropped, so `fresh` is still kept here.
    void fetching.then((source) => {
      fresh.source = source;
      fresh.bytes = keptBytes(source);
      this.keptBytes += fresh.bytes;
      this.evict();
    });
    return fetching;
  }

  /** How many robots.txt fetches were made (or are under way). */
  get size(): number {
    return this.fetches;
  }

  /** Drops the least recently used fetched sources until the rest fit in maxBytes. */
  private evict(): void {
    for (const [key, entry] of this.kept) {
      if (this.keptBytes <= this.maxBytes) return;
      if (entry.source instanceof Promise) continue;
      this.kept.delete(key);
      this.keptBytes -= entry.bytes;
    }
  }
}

/** Whether a URL's host is not in a private network by its name (src/addresses.ts hostScope). */
function isPublicUrl(url: string): boolean {
  try {
    return hostScope(new URL(url).hostname) !== 'private';
  } catch {
    return true;
  }
}
