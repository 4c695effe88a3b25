// A sitemap's content as it comes, chunk by chunk: the URLs of a <urlset>, the children of a
// <sitemapindex> (sitemaps.org protocol, https://www.sitemaps.org/protocol.html), or the lines of a
// text sitemap; what is wrong in it told as codes with params. No fetching here: open-sitemap.ts
// gives the text, sitemap-urls.ts walks the indexes.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { oneLine, type SitemapParams, type SitemapProblemCode } from './sitemap-problem.ts';

/** Tells a problem of the sitemap being read. */
export type Tell = (code: SitemapProblemCode, params?: SitemapParams) => void;

/** Bad entries of one sitemap told one by one; past this they are counted in one last problem. */
const ENTRY_PROBLEMS_TOLD = 10;

/** Characters of a bad `<loc>` quoted in a problem. */
const QUOTED_CHARS = 200;

const HTTP_URL = /^https?:\/\//i;

/** Counts the bad entries of one sitemap: the first few told, the rest in one sum at its end. */
export class EntryProblems {
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

type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

type NamespacedParser = SaxesParser<{ xmlns: true; position: true }>;

/**
 * Reads a sitemap's text as it comes: XML (a `<urlset>` of `<url><loc>`, or a `<sitemapindex>` of
 * `<sitemap><loc>`, told apart by the root element), or, when its first character is not `<`, a
 * text sitemap of one URL per line (sitemaps.org, "Text file"). Each accepted `<loc>` lands in
 * `found` for the caller to take; a fault that ends the reading lands in `failure`.
 */
export class SitemapReader {
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

function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text);
}
