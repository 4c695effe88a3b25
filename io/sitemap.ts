// The `--sitemap URL|FILE` input of `robots-lens check` and `diff` (issue 14): the page URLs of a
// sitemap or sitemap index as the sitemaps.org protocol defines them
// (https://www.sitemaps.org/protocol.html), streamed, so a run over an index of 1,000 sitemaps of
// 50,000 URLs each holds one chunk of one sitemap at a time, never the list.

import { createReadStream } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { SaxesParser, type SaxesTagNS } from 'saxes';

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
   * ms for one sitemap's whole response (default 30,000), counted while waiting on the server:
   * not while the caller holds a URL, so a slow consumer (a full pipe) does not cut a sitemap.
   */
  timeoutMs?: number;
}

/**
 * Why a sitemap could not be read, or not to its end, with its params: as a problem, the sitemap
 * (`source`) was not read; as the `reason` of a 'partial' problem, it was read only in part.
 */
export type SitemapFailureCode =
  /** `{ ms }`: no complete answer within the time limit. */
  | 'timeout'
  | 'no-file'
  | 'folder'
  | 'permission'
  /** `{ error }`: zlib's message. */
  | 'not-gzip'
  /** `{ error, cause }`: fetch's message and the reason under it (ECONNREFUSED, ENOTFOUND…). */
  | 'network'
  /** `{ error }`: any other error's message. */
  | 'error'
  /** `{ status, statusText }`: a response that is not 2xx (statusText may be ''). */
  | 'http-status'
  /** A URL of a scheme other than http(s) or file. */
  | 'other-scheme'
  | 'bad-url';

/** Something in a sitemap that was skipped, and why; cli/sitemap-words.ts says it in words. */
export type SitemapProblemCode =
  | SitemapFailureCode
  /** `{ reason: SitemapFailureCode, …its params }`: the body failed half way. */
  | 'partial'
  /** `{ target }`: redirected to an index above it. */
  | 'redirect-loop'
  /** `{ target }`: redirected to a sitemap read already. */
  | 'redirect-repeat'
  /** `{ child }`: an index lists an index above it. */
  | 'loop'
  /** `{ child }`: an index lists itself. */
  | 'self-loop'
  /** `{ child }`: an index lists a sitemap read already. */
  | 'repeat'
  /** `{ child }`: an index lists a child twice (read once). */
  | 'listed-twice'
  /** `{ level, limit }`: an index nested past maxDepth; deeper indexes are not followed. */
  | 'depth-limit'
  /** `{ limit, child }`: maxSitemaps read; `child` and the sitemaps after it are skipped. */
  | 'count-limit'
  /** `{ limit }`: maxUrls given; the URLs after them are skipped. */
  | 'url-limit'
  /** `{ limit }`: larger than maxBytes; the rest is skipped. */
  | 'too-large'
  /** `{ limit }`: larger than maxBytes once gunzipped; the rest is skipped. */
  | 'too-large-unzipped'
  /** `{ count }`: bad entries past the first ten, counted. */
  | 'more-skipped'
  /** `{ encoding }`: a declared encoding other than UTF-8 (read as UTF-8). */
  | 'encoding'
  /** `{ error }`: not well-formed XML (the parser's message); the rest is skipped. */
  | 'not-xml'
  /** `{ element }`: a root element other than <urlset> or <sitemapindex>. */
  | 'wrong-root'
  /** Nothing in it. */
  | 'empty'
  /** `{ entry }`: a <url> or <sitemap> (`entry` is the element's name) without <loc>. */
  | 'no-loc'
  | 'empty-loc'
  /** `{ url }`: a <loc> that is not an http(s) URL (in JSON quotes, cut at 200 characters). */
  | 'not-http-loc'
  /** `{ url }`: a line of a text sitemap that is not an http(s) URL (in JSON quotes, cut at 200 characters). */
  | 'not-http-line';

export type SitemapParams = Record<string, string | number>;

/** Something in a sitemap that was skipped, and why. */
export interface SitemapProblem {
  /** The sitemap it was found in: the path or URL given, or the `<loc>` of the index that listed it. */
  source: string;
  code: SitemapProblemCode;
  params: SitemapParams;
}

/** The top source cannot be read at all; `message` is the code, the words are the caller's. */
export class SitemapUnreadable extends Error {
  readonly source: string;
  readonly code: SitemapFailureCode;
  readonly params: SitemapParams;

  constructor(source: string, failure: Failure) {
    super(failure.code);
    this.source = source;
    this.code = failure.code;
    this.params = failure.params;
  }
}

/** Why a source could not be read, or not to its end. */
interface Failure {
  readonly code: SitemapFailureCode;
  readonly params: SitemapParams;
}

/** Tells a problem of the sitemap being read. */
type Tell = (code: SitemapProblemCode, params?: SitemapParams) => void;

export type SitemapOptions = SitemapLimits & {
  /** Told each problem once, as it is found; the reading goes on (default: problems are dropped). */
  onProblem?: (problem: SitemapProblem) => void;
  /** The fetch for http(s) sources (default the global one). */
  fetch?: typeof fetch;
};

const DEFAULT_LIMITS: Readonly<Required<SitemapLimits>> = {
  maxDepth: 3,
  maxSitemaps: 1_000,
  maxUrls: 10_000_000,
  // sitemaps.org: "no larger than 50MB (52,428,800 bytes)", uncompressed.
  maxBytes: 52_428_800,
  timeoutMs: 30_000,
};

/** Bad entries of one sitemap told one by one; past this they are counted in one last problem. */
const ENTRY_PROBLEMS_TOLD = 10;

/** Characters of a bad `<loc>` quoted in a problem. */
const QUOTED_CHARS = 200;

const HTTP_URL = /^https?:\/\//i;
const OTHER_SCHEME_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * The page URLs of a sitemap or sitemap index (sitemaps.org protocol), from a local file path or an
 * http(s) URL, streamed in document order; nested indexes followed depth first in order. Gzip
 * (.gz or Content-Encoding/magic bytes 1f 8b) is read transparently. Never throws for bad content:
 * a child that cannot be read or parsed is reported through onProblem and skipped; only the TOP
 * source being unreadable throws, a SitemapUnreadable (for the CLI's exit status 2). Problems and
 * that error are codes with params; cli/sitemap-words.ts says them in words.
 */
export async function* sitemapUrls(
  source: string,
  options: SitemapOptions = {},
): AsyncGenerator<string> {
  const limits = limitsOf(options);
  const run: Run = {
    limits,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    tell: options.onProblem ?? (() => {}),
    sitemapsRead: 0,
    urlsGiven: 0,
    visited: new Set([keyOf(source)]),
    isStopped: false,
    hasToldDepth: false,
  };
  yield* readSitemap(run, source, 1, []);
}

/** The state of one call of sitemapUrls, shared by every sitemap it reads. */
interface Run {
  readonly limits: Readonly<Required<SitemapLimits>>;
  readonly fetch: typeof fetch;
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
 */
async function* readSitemap(
  run: Run,
  source: string,
  level: number,
  ancestors: readonly string[],
): AsyncGenerator<string> {
  const isTop = level === 1;
  const tell: Tell = (code, params = {}) => run.tell({ source, code, params });
  run.sitemapsRead++;
  let opened: Opened;
  try {
    opened = await openSource(run, source);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    if (isTop) throw new SitemapUnreadable(oneLine(source), error.failure);
    tell(error.failure.code, error.failure.params);
    return;
  }
  const selfKeys = opened.key === keyOf(source) ? [opened.key] : [keyOf(source), opened.key];
  // The chain from the top to this sitemap: a child found in it is a loop.
  const path = [...ancestors, ...selfKeys];
  const children: string[] = [];
  const entryProblems = new EntryProblems(tell);
  try {
    // A redirect may lead back up the chain, or to a sitemap read already.
    if (opened.key !== keyOf(source)) {
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
    const index: IndexEntries = { children, keys: new Set(), path, selfKeys, isCut: false };
    for await (const text of decodedText(opened.bytes, run.limits.maxBytes, opened)) {
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
        yield* giveUrls(run, reader.found, opened.deadline, tell);
        if (run.isStopped) return;
      }
      if (reader.failure !== null) break;
    }
    if (!opened.isCut && !index.isCut && reader.failure === null) reader.close();
    if (reader.kind === 'sitemapindex') {
      keepChildren(run, reader.found, index, entryProblems, tell);
    } else {
      yield* giveUrls(run, reader.found, opened.deadline, tell);
      if (run.isStopped) return;
    }
    if (reader.failure !== null) tell(reader.failure.code, reader.failure.params);
    if (opened.isCut) {
      tell(opened.isGzip ? 'too-large-unzipped' : 'too-large', { limit: run.limits.maxBytes });
    }
  } catch (error) {
    // The body failed half way: a time-out, a connection reset, a truncated or corrupt gzip.
    const failure = describeFailure(error, opened.deadline);
    tell('partial', { reason: failure.code, ...failure.params });
  } finally {
    entryProblems.tellRest();
    opened.close();
  }
  for (const child of children) {
    if (run.isStopped) return;
    const key = keyOf(child);
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
    yield* readSitemap(run, child, level + 1, path);
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
    const key = keyOf(child);
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
  deadline: Deadline | null,
  tell: Tell,
): AsyncGenerator<string> {
  deadline?.pause();
  try {
    for (const url of found) {
      if (run.urlsGiven >= run.limits.maxUrls) {
        tell('url-limit', { limit: run.limits.maxUrls });
        run.isStopped = true;
        return;
      }
      run.urlsGiven++;
      yield url;
    }
  } finally {
    found.length = 0;
    deadline?.resume();
  }
}

/** Counts the bad entries of one sitemap: the first few told, the rest in one sum at its end. */
class EntryProblems {
  private count = 0;
  private readonly tellOne: Tell;

  constructor(tellOne: Tell) {
    this.tellOne = tellOne;
  }

  tell(code: SitemapProblemCode, params?: SitemapParams): void {
    this.count++;
    if (this.count <= ENTRY_PROBLEMS_TOLD) this.tellOne(code, params);
  }

  tellRest(): void {
    const rest = this.count - ENTRY_PROBLEMS_TOLD;
    if (rest > 0) this.tellOne('more-skipped', { count: rest });
  }
}

// ---- Reading the content ------------------------------------------------------------------------

type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

type NamespacedParser = SaxesParser<{ xmlns: true; position: true }>;

/**
 * Reads a sitemap's text as it comes: XML (a `<urlset>` of `<url><loc>`, or a `<sitemapindex>` of
 * `<sitemap><loc>`, told apart by the root element), or, when its first character is not `<`, a
 * text sitemap of one URL per line (sitemaps.org, "Text file"). Each accepted `<loc>` lands in
 * `found` for the caller to take; a fault that ends the reading lands in `failure`.
 */
class SitemapReader {
  kind: SitemapKind | undefined;
  readonly found: string[] = [];
  failure: { code: SitemapProblemCode; params: SitemapParams } | null = null;
  private xml: NamespacedParser | undefined;
  private pendingLine = '';
  // Where the XML parser stands: the depth of the open element, the root's namespace (the
  // sitemap elements must share it, so <image:loc> and <xhtml:link> inside a <url> are not pages).
  private depth = 0;
  private rootUri = '';
  private isInEntry = false;
  private hasLoc = false;
  private isInLoc = false;
  private loc = '';

  private readonly entryProblems: EntryProblems;
  private readonly tell: Tell;

  constructor(entryProblems: EntryProblems, tell: Tell) {
    this.entryProblems = entryProblems;
    this.tell = tell;
  }

  write(text: string): void {
    if (this.failure !== null) return;
    if (this.kind === undefined && this.xml === undefined) {
      // The BOM is gone (TextDecoder). Leading white space is skipped: XML forbids it before the
      // declaration, yet sitemaps written by templates often start with a blank line.
      const start = text.search(/\S/);
      if (start === -1) return;
      text = text.slice(start);
      if (text.startsWith('<')) this.xml = this.newXmlParser();
      else this.kind = 'text';
    }
    if (this.xml !== undefined) this.xml.write(text);
    else this.readLines(text, false);
  }

  /** The end of the content: the last line of a text sitemap, unclosed elements of XML. */
  close(): void {
    if (this.failure !== null) return;
    if (this.xml !== undefined) this.xml.close();
    else if (this.kind === 'text') this.readLines('', true);
    else this.failure = { code: 'empty', params: {} };
  }

  private readLines(text: string, isLast: boolean): void {
    const lines = (this.pendingLine + text).split(/\r\n|\n|\r/);
    // The last piece may be a line cut by the chunk's end: kept for the next chunk.
    this.pendingLine = isLast ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (line.trim() !== '') this.accept(line, 'line');
    }
  }

  private newXmlParser(): NamespacedParser {
    const xml: NamespacedParser = new SaxesParser({ xmlns: true, position: true });
    xml.on('xmldecl', (decl) => {
      const encoding = decl.encoding;
      if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) {
        // sitemaps.org: "The Sitemap must … Use UTF-8 encoding."
        this.tell('encoding', { encoding: oneLine(encoding) });
      }
    });
    xml.on('opentag', (tag) => this.open(tag));
    xml.on('closetag', () => this.closeElement());
    xml.on('text', (text) => {
      if (this.isInLoc) this.loc += text;
    });
    xml.on('cdata', (text) => {
      if (this.isInLoc) this.loc += text;
    });
    xml.on('error', (error) => {
      // XML 1.0 §1.2: a well-formedness error is fatal. saxes would go on, but what it reads after
      // one (an unescaped & swallows the rest of the file) is not the sitemap.
      if (this.failure === null) {
        this.failure = { code: 'not-xml', params: { error: oneLine(error.message) } };
      }
    });
    return xml;
  }

  private open(tag: SaxesTagNS): void {
    if (this.failure !== null) return;
    this.depth++;
    if (this.depth === 1) {
      if (tag.local === 'urlset' || tag.local === 'sitemapindex') {
        this.kind = tag.local;
        this.rootUri = tag.uri;
      } else {
        this.failure = { code: 'wrong-root', params: { element: oneLine(tag.name) } };
      }
    } else if (this.depth === 2) {
      this.isInEntry = tag.uri === this.rootUri && tag.local === this.entryName();
      this.hasLoc = false;
    } else if (this.depth === 3 && this.isInEntry && tag.local === 'loc') {
      this.isInLoc = tag.uri === this.rootUri;
      this.loc = '';
    }
  }

  private closeElement(): void {
    if (this.failure !== null) return;
    if (this.depth === 3 && this.isInLoc) {
      this.isInLoc = false;
      this.hasLoc = true;
      this.accept(this.loc, 'loc');
      this.loc = '';
    } else if (this.depth === 2 && this.isInEntry) {
      this.isInEntry = false;
      // sitemaps.org: <loc> is required in every <url> and <sitemap>.
      if (!this.hasLoc) this.entryProblems.tell('no-loc', { entry: this.entryName() });
    }
    this.depth--;
  }

  private entryName(): 'url' | 'sitemap' {
    return this.kind === 'sitemapindex' ? 'sitemap' : 'url';
  }

  /** sitemaps.org: a `<loc>` is an absolute URL beginning with the protocol; only http(s) is read. */
  private accept(raw: string, what: 'loc' | 'line'): void {
    const url = raw.trim();
    if (isHttpUrl(url)) this.found.push(url);
    // A blank line is skipped before it gets here: only a <loc> can be empty.
    else if (url === '') this.entryProblems.tell('empty-loc');
    else {
      this.entryProblems.tell(what === 'loc' ? 'not-http-loc' : 'not-http-line', {
        url: quoted(url),
      });
    }
  }
}

function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text) && URL.canParse(text);
}

// ---- Fetching and opening -----------------------------------------------------------------------

/** A source that cannot be read at all, and why. */
class Unreadable extends Error {
  readonly failure: Failure;

  constructor(code: SitemapFailureCode, params: SitemapParams = {}) {
    super(code);
    this.failure = { code, params };
  }

  static of(failure: Failure): Unreadable {
    return new Unreadable(failure.code, failure.params);
  }
}

interface Opened {
  /** The bytes as stored or sent, gunzipped when they start with gzip's magic bytes. */
  readonly bytes: AsyncIterable<Uint8Array>;
  /** The identity of what was read: the URL after redirects, or the absolute path. */
  readonly key: string;
  readonly isGzip: boolean;
  /** Null for a file, which has no time limit. */
  readonly deadline: Deadline | null;
  /** Set by decodedText when the body ran past maxBytes. */
  isCut: boolean;
  close(): void;
}

/** The identity of a source, to find loops and repeats: a URL without its fragment, or a path. */
function keyOf(source: string): string {
  if (HTTP_URL.test(source)) {
    try {
      const url = new URL(source);
      url.hash = '';
      return url.href;
    } catch {
      return source;
    }
  }
  if (/^file:/i.test(source)) {
    try {
      return resolvePath(fileURLToPath(source));
    } catch {
      return source;
    }
  }
  return resolvePath(source);
}

async function openSource(run: Run, source: string): Promise<Opened> {
  if (HTTP_URL.test(source)) return openUrl(run, source);
  if (OTHER_SCHEME_URL.test(source) && !/^file:/i.test(source)) {
    throw new Unreadable('other-scheme');
  }
  let path = source;
  if (/^file:/i.test(source)) {
    try {
      path = fileURLToPath(source);
    } catch (error) {
      throw new Unreadable('error', { error: oneLine(errorMessage(error)) });
    }
  }
  const stream = createReadStream(path);
  // The file is opened on the first read: a missing file or a folder fails in the peek below.
  return sniffed(stream, resolvePath(path), null, () => stream.destroy());
}

async function openUrl(run: Run, url: string): Promise<Opened> {
  if (!URL.canParse(url)) throw new Unreadable('bad-url');
  const controller = new AbortController();
  const deadline = new Deadline(run.limits.timeoutMs, controller);
  deadline.resume();
  let response: Response;
  try {
    response = await run.fetch(url, {
      // As the robots.txt fetch: no cookies, no HTTP cache, no referrer. Redirects are followed
      // (fetch's default `redirect`, left unset).
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
      headers: { accept: 'application/xml, text/xml;q=0.9, text/plain;q=0.8, */*;q=0.5' },
    });
  } catch (error) {
    deadline.dispose();
    throw Unreadable.of(describeFailure(error, deadline));
  }
  const close = () => {
    deadline.dispose();
    // Ends the transfer of a body not read to its end (a cut, a limit, a caller that stopped).
    controller.abort();
  };
  if (!response.ok) {
    close();
    throw new Unreadable('http-status', {
      status: response.status,
      statusText: oneLine(response.statusText),
    });
  }
  const body = response.body;
  const chunks = body === null ? emptyChunks() : readerChunks(body);
  return sniffed(chunks, keyOf(response.url || url), deadline, close);
}

/**
 * Reads the first bytes to see whether they are gzip (RFC 1952 §2.3.1: 1f 8b), which a server
 * sends as such for a .xml.gz (Node's fetch has already decoded a Content-Encoding: gzip), and
 * gives the bytes from the start, gunzipped or not. A first read that fails makes it unreadable.
 */
async function sniffed(
  chunks: AsyncIterable<Uint8Array>,
  key: string,
  deadline: Deadline | null,
  close: () => void,
): Promise<Opened> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headSize = 0;
  try {
    while (headSize < 2) {
      const next = await iterator.next();
      if (next.done) break;
      head.push(next.value);
      headSize += next.value.byteLength;
    }
  } catch (error) {
    close();
    await iterator.return?.().catch(() => {});
    throw Unreadable.of(describeFailure(error, deadline));
  }
  const first = head[0];
  const second = first !== undefined && first.byteLength > 1 ? first[1] : head[1]?.[0];
  const isGzip = first?.[0] === 0x1f && second === 0x8b;
  const all = replayed(head, iterator);
  return {
    bytes: isGzip ? gunzipped(all) : all,
    key,
    isGzip,
    deadline,
    isCut: false,
    close,
  };
}

async function* replayed(
  head: Uint8Array[],
  iterator: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Streams through zlib: memory stays one chunk whatever the ratio, and maxBytes counts its output. */
function gunzipped(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  // pipeline hands a source's error to gunzip, whose iteration then throws it, and destroys the
  // source when the reader of gunzip stops early.
  pipeline(Readable.from(chunks, { objectMode: false }), gunzip, () => {});
  return gunzip;
}

async function* readerChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the transfer of the rest; on a finished or failed stream it changes nothing.
    reader.cancel().catch(() => {});
  }
}

async function* emptyChunks(): AsyncGenerator<Uint8Array> {}

/**
 * The bytes as UTF-8 text (sitemaps.org requires it; a BOM is dropped), at most `maxBytes` of them:
 * past that, `opened.isCut` is set and the text ends at the limit.
 */
async function* decodedText(
  bytes: AsyncIterable<Uint8Array>,
  maxBytes: number,
  opened: Opened,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  for await (const chunk of bytes) {
    if (size + chunk.byteLength > maxBytes) {
      opened.isCut = true;
      yield decoder.decode(chunk.subarray(0, maxBytes - size), { stream: true });
      return;
    }
    size += chunk.byteLength;
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * The time limit of one response, counted only while waiting on the server: it stops while the
 * caller handles the URLs of a chunk, so a slow consumer (a full pipe) does not cut the sitemap.
 */
class Deadline {
  isExpired = false;
  readonly limitMs: number;
  private leftMs: number;
  private startedAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isDisposed = false;

  private readonly controller: AbortController;

  constructor(limitMs: number, controller: AbortController) {
    this.limitMs = limitMs;
    this.leftMs = limitMs;
    this.controller = controller;
  }

  resume(): void {
    if (this.timer !== undefined || this.isExpired || this.isDisposed) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => {
      this.isExpired = true;
      this.timer = undefined;
      this.controller.abort();
    }, this.leftMs);
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.leftMs = Math.max(0, this.leftMs - (performance.now() - this.startedAt));
  }

  dispose(): void {
    this.pause();
    this.isDisposed = true;
  }
}

// ---- Failures -----------------------------------------------------------------------------------

/** Why a source could not be read, or not to its end: a code and its params (one-line texts). */
function describeFailure(error: unknown, deadline: Deadline | null): Failure {
  if (deadline?.isExpired) return { code: 'timeout', params: { ms: deadline.limitMs } };
  if (error instanceof Unreadable) return error.failure;
  const message = oneLine(errorMessage(error));
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return { code: 'no-file', params: {} };
    case 'EISDIR':
      return { code: 'folder', params: {} };
    case 'EACCES':
    case 'EPERM':
      return { code: 'permission', params: {} };
  }
  // zlib's codes: Z_BUF_ERROR for a stream cut short, Z_DATA_ERROR for bytes that are not deflate.
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return { code: 'not-gzip', params: { error: message } };
  }
  // Node's fetch says "fetch failed" and puts the reason (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') {
    return { code: 'network', params: { error: message, cause: cause.code } };
  }
  if (typeof cause?.message === 'string') {
    return { code: 'network', params: { error: message, cause: oneLine(cause.message) } };
  }
  return { code: 'error', params: { error: message } };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Text from a file or a server, made one line for the terminal. */
function oneLine(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
}
