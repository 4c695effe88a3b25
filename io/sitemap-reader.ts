// A sitemap's content as it comes, chunk by chunk: the URLs of a <urlset>, the children of a
// <sitemapindex> (sitemaps.org protocol, https://www.sitemaps.org/protocol.html), or the lines of a
// text sitemap; what is wrong in it told as codes with params. No fetching here: open-sitemap.ts
// gives the text, sitemap-urls.ts walks the indexes.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import {
  excerpt,
  oneLine,
  quotedExcerpt,
  type SitemapParams,
  type SitemapProblemCode,
} from '../src/sitemap-problem.ts';
import { CappedLines, MAX_LINE_CHARS } from './capped-lines.ts';
import { ToldFirst } from './told-first.ts';

/** Tells a problem of the sitemap being read. */
export type Tell = (code: SitemapProblemCode, params?: SitemapParams) => void;

/** Bad entries of one sitemap told one by one; past this they are counted in one last problem. */
const ENTRY_PROBLEMS_TOLD = 10;

/** Characters of the XML parser's message (its words and a name from the file), at most. */
const PARSER_MESSAGE_CHARS = 120;

const HTTP_URL = /^https?:\/\//i;

/**
 * The start of a body that is not XML, read before it is judged: its first line, or this many
 * characters of it (more than an excerpt shows and "https://" needs).
 */
const TEXT_START_CHARS = 512;

/** Counts the bad entries of one sitemap: the first few told, the rest in one sum at its end. */
export class EntryProblems extends ToldFirst<[SitemapProblemCode, SitemapParams?]> {
  constructor(tellOne: Tell) {
    super(ENTRY_PROBLEMS_TOLD, tellOne, (count) => tellOne('more-skipped', { count }));
  }
}

type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

type NamespacedParser = SaxesParser<{ xmlns: true; position: true }>;

/**
 * Reads a sitemap's text as it comes: XML (a `<urlset>` of `<url><loc>`, or a `<sitemapindex>` of
 * `<sitemap><loc>`, told apart by the root element), or a text sitemap of one URL per line
 * (sitemaps.org, "Text file": "one URL per line", "no information other than the list of
 * URLs"), whose first line must then be an http(s) URL. Anything else (an HTML page without
 * markup at its start, a config file, binary, zeros) is 'not-sitemap': nothing of it is read or
 * echoed beyond a short masked excerpt (issue 28, item 1). Lines and <loc>s are cut at
 * MAX_LINE_CHARS, each chunk scanned once (item 3). Each accepted `<loc>` lands in `found` for
 * the caller to take; a fault that ends the reading lands in `failure`.
 */
export class SitemapReader {
  kind: SitemapKind | undefined;
  readonly found: string[] = [];
  failure: { code: SitemapProblemCode; params: SitemapParams } | null = null;
  private xml: NamespacedParser | undefined;
  /** The start of a body that is not XML, until it tells whether it may be a text sitemap. */
  private head = '';
  /** The lines of a text sitemap. */
  private readonly lines = new CappedLines({
    line: (line) => this.acceptLine(line),
    tooLong: (lineNumber) => this.skipLine(lineNumber),
  });
  /** The first line of a text sitemap was a URL: the body is one. */
  private hasFirstUrl = false;
  /** The start of a text sitemap's body, for the excerpt of a first line that is no URL. */
  private start = '';
  /** The <loc> being read passed MAX_LINE_CHARS: the rest of it is not kept. */
  private isLocTooLong = false;
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
      if (this.head === '') {
        // The BOM is gone (TextDecoder). Leading white space is skipped: XML forbids it before the
        // declaration, yet sitemaps written by templates often start with a blank line.
        const start = text.search(/\S/);
        if (start === -1) return;
        text = text.slice(start);
        if (text.startsWith('<')) this.xml = this.newXmlParser();
      }
      if (this.xml === undefined) {
        // Not XML: a text sitemap only if it starts as an http(s) URL does.
        this.head += text;
        if (this.head.length < TEXT_START_CHARS && !/[\r\n]/.test(text)) return;
        text = this.head;
        this.head = '';
        if (!this.startText(text)) return;
      }
    }
    if (this.xml !== undefined) this.xml.write(text);
    else this.lines.write(text);
  }

  /** The end of the content: the last line of a text sitemap, unclosed elements of XML. */
  close(): void {
    if (this.failure !== null) return;
    if (this.xml !== undefined) this.xml.close();
    else if (this.kind === 'text') this.lines.close();
    else if (this.head !== '') {
      // A body of one short line: a sitemap of one URL, or none.
      if (this.startText(this.head)) {
        this.lines.write(this.head);
        this.lines.close();
      }
    } else this.failure = { code: 'empty', params: {} };
  }

  /** The start of a body that is not XML: a text sitemap, or 'not-sitemap'. */
  private startText(text: string): boolean {
    if (!HTTP_URL.test(text)) {
      this.failure = { code: 'not-sitemap', params: { excerpt: quotedExcerpt(text) } };
      return false;
    }
    this.kind = 'text';
    this.start = text.slice(0, TEXT_START_CHARS);
    return true;
  }

  /** A line of a text sitemap: the first must be a URL (else nothing of it is a sitemap). */
  private acceptLine(line: string): void {
    if (this.failure !== null || line.trim() === '') return;
    if (this.hasFirstUrl) {
      this.accept(line, 'line');
      return;
    }
    if (isHttpUrl(line.trim())) {
      this.hasFirstUrl = true;
      this.accept(line, 'line');
    } else this.failure = { code: 'not-sitemap', params: { excerpt: quotedExcerpt(line) } };
  }

  /** A line of a text sitemap longer than any URL: skipped, or, the first, no sitemap at all. */
  private skipLine(lineNumber: number): void {
    if (this.failure !== null) return;
    if (this.hasFirstUrl) {
      this.entryProblems.tell('line-too-long', { line: lineNumber, limit: MAX_LINE_CHARS });
    } else {
      this.failure = { code: 'not-sitemap', params: { excerpt: quotedExcerpt(this.start) } };
    }
  }

  private newXmlParser(): NamespacedParser {
    const xml: NamespacedParser = new SaxesParser({ xmlns: true, position: true });
    xml.on('xmldecl', (decl) => {
      const encoding = decl.encoding;
      if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) {
        // sitemaps.org: "The Sitemap must … Use UTF-8 encoding."
        this.tell('encoding', { encoding: excerpt(oneLine(encoding)) });
      }
    });
    xml.on('opentag', (tag) => this.open(tag));
    xml.on('closetag', () => this.closeElement());
    xml.on('text', (text) => this.addToLoc(text));
    xml.on('cdata', (text) => this.addToLoc(text));
    xml.on('error', (error) => {
      // XML 1.0 §1.2: a well-formedness error is fatal. saxes would go on, but what it reads after
      // one (an unescaped & swallows the rest of the file) is not the sitemap.
      if (this.failure === null) {
        const message = excerpt(oneLine(error.message), PARSER_MESSAGE_CHARS);
        this.failure = { code: 'not-xml', params: { error: message } };
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
        this.failure = { code: 'wrong-root', params: { element: excerpt(oneLine(tag.name)) } };
      }
    } else if (this.depth === 2) {
      this.isInEntry = tag.uri === this.rootUri && tag.local === this.entryName();
      this.hasLoc = false;
    } else if (this.depth === 3 && this.isInEntry && tag.local === 'loc') {
      this.isInLoc = tag.uri === this.rootUri;
      this.loc = '';
      this.isLocTooLong = false;
    }
  }

  private closeElement(): void {
    if (this.failure !== null) return;
    if (this.depth === 3 && this.isInLoc) {
      this.isInLoc = false;
      this.hasLoc = true;
      if (this.isLocTooLong) this.entryProblems.tell('loc-too-long', { limit: MAX_LINE_CHARS });
      else this.accept(this.loc, 'loc');
      this.loc = '';
    } else if (this.depth === 2 && this.isInEntry) {
      this.isInEntry = false;
      // sitemaps.org: <loc> is required in every <url> and <sitemap>.
      if (!this.hasLoc) this.entryProblems.tell('no-loc', { entry: this.entryName() });
    }
    this.depth--;
  }

  /**
   * Text of the <loc> being read, up to MAX_LINE_CHARS (white space around the URL included):
   * past them it is no URL, and not kept.
   */
  private addToLoc(text: string): void {
    if (!this.isInLoc || this.isLocTooLong) return;
    if (this.loc.length + text.length > MAX_LINE_CHARS) {
      this.isLocTooLong = true;
      this.loc = '';
    } else this.loc += text;
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
        url: quotedExcerpt(url),
      });
    }
  }
}

function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text) && URL.canParse(text);
}
