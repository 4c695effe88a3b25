// What a page says to each robot: its robots meta tags and X-Robots-Tag headers read, addressed
// and combined (by its vendor's rule: the most restrictive wins for Google, the allowing one for
// Yandex), its canonical, and what is wrong with them. Sources are cited in directives.ts; the
// names each robot answers to and its combining rule come from its crawler profile (crawlers.ts).
import {
  CRAWLERS,
  findCrawler,
  PAGE_NAMES,
  type PageCombining,
  pageProfileOf,
  UNREAD_NAMES,
} from '../crawlers.ts';
import {
  type Directive,
  type DirectiveProblem,
  honours,
  type PageRules,
  parseMetaContent,
  parseXRobotsTag,
  unscopedAfterScope,
} from './directives.ts';
import type { DomUnreadable, Hop, PageFacts } from './facts.ts';
import { canonicalLinks } from './link-header.ts';

/** One tag, or one scope of one header, as read. */
export interface PageSource {
  kind: 'meta' | 'header';
  /** Who it addresses, lower case: `robots` (meta) or null (header) for every robot, else a token. */
  audience: string | null;
  /** The meta name as written, or the header scope as written (null: unscoped). */
  label: string | null;
  /** The tag's content, or the header value it came from. */
  text: string;
  inBody: boolean;
  directives: Directive[];
  problems: DirectiveProblem[];
  /** The text was longer than the reader keeps. */
  cut: boolean;
}

/** A directive addressed to a robot, and whether its vendor documents it. */
export interface Applied {
  source: PageSource;
  directive: Directive;
  honoured: boolean;
}

export type IndexSignal = 'index' | 'noindex' | 'unknown';
export type FollowSignal = 'follow' | 'nofollow' | 'unknown';

/**
 * Directives addressed to one robot that disagree (`index` and `noindex`), and which won under
 * its combining rule.
 */
export interface PageConflict {
  signal: 'index' | 'follow';
  /** The first honoured `index`, `follow` or `all`. */
  allow: Applied;
  /** The first honoured `noindex`, `nofollow`, `none` (or a passed unavailable_after). */
  deny: Applied;
  winner: 'allow' | 'deny';
}

/** What the page says to one robot. */
export interface RobotPage {
  robot: string;
  rules: PageRules;
  /** How its directives combine where they disagree, and whether its vendor documents that. */
  combining: PageCombining;
  combiningDocumented: boolean;
  /** The meta names and X-Robots-Tag scopes that address it; documented by its vendor or not. */
  names: readonly string[];
  namesDocumented: boolean;
  /** Where directives addressed to it disagreed, and which won. */
  conflicts: PageConflict[];
  /** `unknown` only when a source that could say noindex was not read (headers, DOM). */
  index: IndexSignal;
  follow: FollowSignal;
  /** The first honoured directive that makes it noindex, or null. */
  noindexBy: Applied | null;
  nofollowBy: Applied | null;
  /** Everything addressed to it, in document order: meta tags first, then headers. */
  applied: Applied[];
  /** An honoured unavailable_after still in the future: when the page leaves the index. */
  expiresAt: number | null;
}

/** The page's canonical URL, from a link tag or a Link header, as judgePage reads it. */
export interface Canonical {
  /** The absolute URL, or the text as written when it is not a URL. */
  url: string;
  /** The href or Link target as written. */
  href: string;
  via: 'tag' | 'header';
  /** An http(s) URL (anything else is shown as text, never followed). */
  isHttp: boolean;
  /** It is the page's own URL (fragment aside). */
  self: boolean;
  sameHost: boolean;
  /** Always false: a canonical in `<body>` does not count and is not resolved (kept for the shape). */
  inBody: boolean;
  /** The href was relative. */
  relative: boolean;
}

/** Something wrong in what the page says about itself, as data (pageProblemText words it). */
export type PageProblem =
  | (DirectiveProblem & { source: PageSource })
  /** A meta name close to a robot's that addresses nobody (`robot`, `google-bot`). */
  | { code: 'unknown-robots-name'; name: string; suggestion: string }
  /**
   * A meta name or header scope that is a robot's token, but that no vendor documents as a name
   * its robot reads (`GPTBot`, `Googlebot-Image`): it addresses nobody.
   */
  | { code: 'unread-robots-name'; name: string; kind: 'meta' | 'header' }
  /** A specific tag says index or follow where the generic one says no: the no wins. */
  | {
      code: 'contradicts-generic';
      name: string;
      says: 'index' | 'follow';
      generic: 'noindex' | 'nofollow';
    }
  | { code: 'canonicals-disagree'; urls: string[] }
  | { code: 'canonical-relative'; href: string }
  | { code: 'canonical-cross-host'; url: string }
  | { code: 'canonical-not-http'; href: string }
  | { code: 'canonical-in-body'; href: string }
  /** The document's base URL was too long to keep: relative URLs resolved against the page's. */
  | { code: 'base-too-long' }
  | { code: 'meta-in-body'; name: string }
  | { code: 'content-cut'; name: string }
  /** Tags past the reader's bounds were dropped; `chars`: past its characters, not its count. */
  | { code: 'tags-cut'; chars?: boolean }
  | { code: 'headers-cut' }
  /**
   * One X-Robots-Tag value where directives follow a robot's scope with no name of their own
   * (`after`): read as that robot's, as in one header line; if the value joined two lines, they
   * were for every robot.
   */
  | { code: 'header-maybe-joined'; value: string; after: string[] };

/** What the page says, to each robot in the list. */
export interface PageJudgement {
  /** The page's signals could be read at all (an http(s) page). */
  readable: boolean;
  /** The response headers are those of the page's current URL. */
  headers: 'seen' | 'same-document' | 'not-seen';
  /** The page's own HTTP status as the browser received it; null when its response was not seen. */
  status: number | null;
  /** The redirects on the way to the page, in order (none when its response was not seen). */
  redirects: Hop[];
  /** The DOM was read and counts (an HTML document), read but not HTML, or not read. */
  dom: 'html' | 'not-html' | 'unreadable';
  /** Why the DOM was not read, when it was not (the browser refused, or the page did not answer). */
  domWhy: DomUnreadable | null;
  sources: PageSource[];
  robots: RobotPage[];
  /** The canonical that counts (the first in `<head>`, else the header's), or null. */
  canonical: Canonical | null;
  /**
   * The canonicals that count, resolved, tags first: each distinct href once, at most
   * CANONICALS_RESOLVED (those in `<body>` are only said, in problems).
   */
  canonicals: Canonical[];
  problems: PageProblem[];
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The Content-Type names an HTML document (its essence); null when there is none. */
export function isHtml(contentType: string | null): boolean | null {
  if (contentType === null) return null;
  return HTML_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** A URL, or null (never throws). */
function urlOf(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    // Not a URL: the caller shows the text as written.
    return null;
  }
}

/** A canonical href resolved against `base`; `self`: the page's URL without its fragment. */
function canonicalOf(
  href: string,
  base: string,
  page: { url: URL; self: string } | null,
  via: Canonical['via'],
): Canonical {
  const trimmed = href.trim();
  const url = urlOf(trimmed, base);
  const isHttp = url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
  return {
    url: url?.href ?? trimmed,
    href,
    via,
    isHttp,
    self: url !== null && page !== null && withoutFragment(url) === page.self,
    sameHost: url !== null && page !== null && url.host === page.url.host,
    inBody: false,
    relative: urlOf(trimmed) === null,
  };
}

/** Meta names that look like a robot's but address nobody: `robot`, `googlebots`, `bing-bot`. */
function nearRobotName(name: string): string | null {
  const squashed = name.replace(/[\s_-]+/g, '');
  for (const known of PAGE_NAMES) {
    const k = known.replace(/[\s_-]+/g, '');
    if (squashed === k) return known;
    if (squashed.length >= 5 && Math.abs(squashed.length - k.length) <= 1 && close(squashed, k))
      return known;
  }
  return null;
}

/** Edit distance at most 1. */
function close(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Reads the page's tags and headers into sources, with the problems of their own. */
function readSources(
  facts: PageFacts,
  audiences: ReadonlySet<string>,
  tokens: ReadonlySet<string>,
  problems: PageProblem[],
): PageSource[] {
  const unread = (name: string) =>
    !audiences.has(name) && !PAGE_NAMES.has(name) && (UNREAD_NAMES.has(name) || tokens.has(name));
  const sources: PageSource[] = [];
  if (facts.dom.ok && isHtmlDom(facts)) {
    for (const meta of facts.dom.facts.metas) {
      const name = meta.name.trim().toLowerCase();
      if (unread(name)) {
        problems.push({ code: 'unread-robots-name', name: meta.name, kind: 'meta' });
        continue;
      }
      if (!PAGE_NAMES.has(name) && !audiences.has(name)) {
        const near = nearRobotName(name);
        if (near !== null)
          problems.push({ code: 'unknown-robots-name', name: meta.name, suggestion: near });
        continue;
      }
      const scope = parseMetaContent(meta.content);
      sources.push({
        kind: 'meta',
        audience: name,
        label: meta.name,
        text: meta.content,
        inBody: meta.inBody,
        directives: scope.directives,
        problems: scope.problems,
        cut: meta.cut,
      });
      if (meta.inBody) problems.push({ code: 'meta-in-body', name: meta.name });
      if (meta.cut) problems.push({ code: 'content-cut', name: meta.name });
    }
    if (facts.dom.facts.cut)
      problems.push(
        facts.dom.facts.cutChars === true
          ? { code: 'tags-cut', chars: true }
          : { code: 'tags-cut' },
      );
  }
  if (facts.headers.ok) {
    const values = facts.headers.facts.xRobotsTag;
    // Two values or more: the lines came apart, so none is a join. One value may be several lines
    // a browser or fetch joined with commas; where that changes whom a directive addresses, say so.
    const [only] = values;
    if (values.length === 1 && only !== undefined) {
      const after = unscopedAfterScope(only);
      if (after.length > 0) problems.push({ code: 'header-maybe-joined', value: only, after });
    }
    for (const value of values) {
      for (const scope of parseXRobotsTag(value)) {
        if (scope.agent !== null && unread(scope.agent.toLowerCase()))
          problems.push({ code: 'unread-robots-name', name: scope.agent, kind: 'header' });
        sources.push({
          kind: 'header',
          audience: scope.agent?.toLowerCase() ?? null,
          label: scope.agent,
          text: value,
          inBody: false,
          directives: scope.directives,
          problems: scope.problems,
          cut: false,
        });
      }
    }
    if (facts.headers.facts.cut) problems.push({ code: 'headers-cut' });
  }
  for (const source of sources)
    for (const problem of source.problems) problems.push({ ...problem, source });
  return sources;
}

function isHtmlDom(facts: PageFacts): boolean {
  // The response's type when it is known for this URL (a PDF viewer's DOM is the viewer's), else
  // the document's.
  const fromHeaders = facts.headers.ok ? isHtml(facts.headers.facts.contentType) : null;
  if (fromHeaders !== null) return fromHeaders;
  return facts.dom.ok ? (isHtml(facts.dom.facts.contentType) ?? true) : false;
}

const NOINDEX = new Set(['noindex', 'none']);
const NOFOLLOW = new Set(['nofollow', 'none']);
const INDEX = new Set(['index', 'all']);
const FOLLOW = new Set(['follow', 'all']);

/** The conflict of an allowing and a prohibiting directive, settled by `combining`. */
function conflictOf(
  signal: PageConflict['signal'],
  allow: Applied | null,
  deny: Applied | null,
  combining: PageCombining,
): PageConflict[] {
  if (allow === null || deny === null) return [];
  return [{ signal, allow, deny, winner: combining === 'allow-wins' ? 'allow' : 'deny' }];
}

function judgeRobot(
  robot: string,
  sources: PageSource[],
  complete: boolean,
  now: number,
): RobotPage {
  const profile = pageProfileOf(robot);
  const audience = new Set(profile.audience);
  const applied: Applied[] = [];
  for (const source of sources) {
    const addressed =
      source.audience === null ? !profile.ignoresGeneric : audience.has(source.audience);
    if (!addressed) continue;
    for (const directive of source.directives)
      applied.push({ source, directive, honoured: honours(profile.rules, directive.name) });
  }
  let noindexBy: Applied | null = null;
  let nofollowBy: Applied | null = null;
  let indexBy: Applied | null = null;
  let followBy: Applied | null = null;
  let expiresAt: number | null = null;
  for (const a of applied) {
    if (!a.honoured) continue;
    const { directive } = a;
    if (noindexBy === null && NOINDEX.has(directive.name)) noindexBy = a;
    if (nofollowBy === null && NOFOLLOW.has(directive.name)) nofollowBy = a;
    if (indexBy === null && INDEX.has(directive.name)) indexBy = a;
    if (followBy === null && FOLLOW.has(directive.name)) followBy = a;
    if (directive.name === 'unavailable_after') {
      // Google: after that date the page is no longer shown; before it, the rule has no effect.
      if (directive.value <= now) noindexBy ??= a;
      else expiresAt = Math.min(expiresAt ?? directive.value, directive.value);
    }
  }
  const conflicts = [
    ...conflictOf('index', indexBy, noindexBy, profile.combining),
    ...conflictOf('follow', followBy, nofollowBy, profile.combining),
  ];
  // Yandex: the allowing directive cancels the prohibiting one.
  for (const c of conflicts) {
    if (c.winner !== 'allow') continue;
    if (c.signal === 'index') noindexBy = null;
    else nofollowBy = null;
  }
  return {
    robot,
    rules: profile.rules,
    combining: profile.combining,
    combiningDocumented: profile.combiningDocumented,
    names: profile.names,
    namesDocumented: profile.namesDocumented,
    conflicts,
    index: noindexBy !== null ? 'noindex' : complete ? 'index' : 'unknown',
    follow: nofollowBy !== null ? 'nofollow' : complete ? 'follow' : 'unknown',
    noindexBy,
    nofollowBy,
    applied,
    expiresAt: noindexBy === null ? expiresAt : null,
  };
}

/** Meta names and header scopes every one of whose readers lets the allowing directive win. */
const ALLOW_WINS_NAMES: ReadonlySet<string> = new Set(
  [...PAGE_NAMES].filter((name) => {
    const readers = CRAWLERS.filter((c) => c.page.names.includes(name));
    return readers.length > 0 && readers.every((c) => c.page.combining === 'allow-wins');
  }),
);

/** A specific tag that says index/follow where the generic one says no. */
function contradictions(sources: PageSource[], problems: PageProblem[]): void {
  const generic = sources.filter((s) => s.audience === null || s.audience === 'robots');
  const genericSays = (names: Set<string>) =>
    generic.some((s) => s.directives.some((d) => names.has(d.name)));
  const noindex = genericSays(NOINDEX);
  const nofollow = genericSays(NOFOLLOW);
  const seen = new Set<string>();
  for (const source of sources) {
    if (source.audience === null || source.audience === 'robots') continue;
    // A name no robot reads (`gptbot`) contradicts nothing; nor does one whose robots let the
    // allowing directive win (Yandex), where the specific tag is not overruled.
    if (!PAGE_NAMES.has(source.audience) || ALLOW_WINS_NAMES.has(source.audience)) continue;
    // A robot the generic tag does not address (AdsBot-Google) has nothing to contradict.
    if (findCrawler(source.audience)?.page.ignoresGeneric === true) continue;
    for (const d of source.directives) {
      const says =
        d.name === 'index' || d.name === 'all'
          ? noindex
            ? 'index'
            : null
          : d.name === 'follow' && nofollow
            ? 'follow'
            : null;
      if (says === null) continue;
      const key = `${source.audience}:${says}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({
        code: 'contradicts-generic',
        name: source.label ?? source.audience,
        says,
        generic: says === 'index' ? 'noindex' : 'nofollow',
      });
    }
  }
}

/** The canonical that counts for a page, as judgePage finds it, without judging the rest. */
export function pageCanonical(facts: PageFacts): Canonical | null {
  return readCanonicals(facts, urlOf(facts.url), [])[0] ?? null;
}

/**
 * Canonical hrefs resolved at most: Google uses one canonical and may ignore them all when they
 * disagree, so the first (the one that counts) and enough others to show the disagreement are
 * resolved; never all of 200 relative hrefs against a long base.
 */
export const CANONICALS_RESOLVED = 10;

/**
 * The canonicals that count (in `<head>`, then the Link header's), resolved: at most
 * CANONICALS_RESOLVED distinct hrefs, the first being the one that counts. Problems of them are
 * added to `problems`.
 */
function readCanonicals(facts: PageFacts, page: URL | null, problems: PageProblem[]): Canonical[] {
  const declared: { href: string; base: string; via: Canonical['via'] }[] = [];
  if (facts.dom.ok && isHtmlDom(facts)) {
    const { baseUrl, baseTooLong, canonicals } = facts.dom.facts;
    // A base the reader dropped (too long): relative hrefs resolve against the page's own URL.
    if (baseTooLong === true) problems.push({ code: 'base-too-long' });
    const base = baseUrl === '' ? facts.url : baseUrl;
    for (const tag of canonicals) {
      // Google reads rel="canonical" only in <head>: a <body> one is said, not resolved.
      if (tag.inBody) problems.push({ code: 'canonical-in-body', href: tag.href });
      else declared.push({ href: tag.href, base, via: 'tag' });
    }
  }
  if (facts.headers.ok) {
    const { url } = facts.headers.facts;
    for (const value of facts.headers.facts.link)
      for (const target of canonicalLinks(value))
        declared.push({ href: target, base: url, via: 'header' });
  }
  const self = page === null ? null : { url: page, self: withoutFragment(page) };
  // The same href against the same base is the same URL: each resolved once.
  const resolved: Canonical[] = [];
  const seen = new Set<string>();
  let unresolved = false;
  for (const { href, base, via } of declared) {
    const key = `${via === 'tag' ? 't' : 'h'}${href.trim()}`;
    if (seen.has(key)) continue;
    if (resolved.length >= CANONICALS_RESOLVED) {
      unresolved = true;
      break;
    }
    seen.add(key);
    resolved.push(canonicalOf(href, base, self, via));
  }
  const distinct = [...new Set(resolved.map((c) => c.url))];
  // More distinct hrefs than resolved: they disagree as written, whatever they resolve to.
  if (distinct.length > 1 || unresolved)
    problems.push({ code: 'canonicals-disagree', urls: distinct });
  for (const c of resolved) {
    if (!c.isHttp) problems.push({ code: 'canonical-not-http', href: c.url });
    else if (!c.sameHost) problems.push({ code: 'canonical-cross-host', url: c.url });
    if (c.relative && c.via === 'tag') problems.push({ code: 'canonical-relative', href: c.href });
  }
  return resolved;
}

/** A robot's page row where nothing of the page could be read. */
export function unknownPage(robot: string): RobotPage {
  const profile = pageProfileOf(robot);
  return {
    robot,
    rules: profile.rules,
    combining: profile.combining,
    combiningDocumented: profile.combiningDocumented,
    names: profile.names,
    namesDocumented: profile.namesDocumented,
    conflicts: [],
    index: 'unknown',
    follow: 'unknown',
    noindexBy: null,
    nofollowBy: null,
    applied: [],
    expiresAt: null,
  };
}

/**
 * What the page says to each of `robots` (names as in the user's list), given what was read of it;
 * null facts: not a page whose signals can be read (not http(s)). `now` decides whether an
 * unavailable_after date has passed.
 */
export function judgePage(
  facts: PageFacts | null,
  robots: readonly string[],
  now: number,
): PageJudgement {
  if (facts === null) {
    return {
      readable: false,
      headers: 'not-seen',
      status: null,
      redirects: [],
      dom: 'unreadable',
      domWhy: null,
      sources: [],
      robots: robots.map(unknownPage),
      canonical: null,
      canonicals: [],
      problems: [],
    };
  }
  const page = urlOf(facts.url);
  const problems: PageProblem[] = [];
  const audiences = new Set(robots.flatMap((r) => pageProfileOf(r).audience));
  const tokens = new Set(robots.map((r) => pageProfileOf(r).token));
  const sources = readSources(facts, audiences, tokens, problems);
  contradictions(sources, problems);
  // A response that is not HTML (a PDF, an image, text) is judged by its headers alone.
  const headersSayHtml = facts.headers.ok ? isHtml(facts.headers.facts.contentType) : null;
  const dom =
    headersSayHtml === false
      ? 'not-html'
      : !facts.dom.ok
        ? 'unreadable'
        : isHtmlDom(facts)
          ? 'html'
          : 'not-html';
  // Every source that could say no was read: the headers, and the DOM when the page is HTML.
  const complete = facts.headers.ok && dom !== 'unreadable';
  const canonicals = readCanonicals(facts, page, problems);
  const canonical = canonicals[0] ?? null;
  return {
    readable: true,
    headers: facts.headers.ok ? 'seen' : facts.headers.why,
    status: facts.headers.ok ? facts.headers.facts.status : null,
    redirects: facts.headers.ok ? (facts.headers.facts.redirects ?? []) : [],
    dom,
    domWhy: facts.dom.ok ? null : facts.dom.why,
    sources,
    robots: robots.map((robot) => judgeRobot(robot, sources, complete, now)),
    canonical,
    canonicals,
    problems,
  };
}
