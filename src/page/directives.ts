// Robots directives (the content of a robots meta tag, or an X-Robots-Tag header value): what each
// one means, who documents it, and how a value is split into them.
//
// Sources:
// - Google Search Central, "Robots meta tag, data-nosnippet, and X-Robots-Tag specifications"
//   (developers.google.com/search/docs/crawling-indexing/robots-meta-tag): the directive list,
//   comma-separated, names and values case-insensitive, "the more restrictive rule applies",
//   user agent scopes in X-Robots-Tag, the googlebot and googlebot-news names.
// - Bing Webmaster Help, "Which robots metatags does Bing support": noindex, nofollow, noarchive or
//   nocache, nosnippet, max-snippet, max-image-preview, max-video-preview; names bingbot and
//   msnbot; and the Bing blog of September 2023 (nocache and noarchive limit Bing Chat / Copilot
//   answers and the training of Microsoft's models).
// - Apple Support, "About Applebot": noindex, nosnippet, nofollow, none, all.
// - Yandex Webmaster, "Robots meta tag and X-Robots-Tag HTTP header": noindex, nofollow, none,
//   noarchive, index, follow, all; "Allow directives have priority over prohibiting directives if
//   there's a combination of both" (how each vendor combines them: PageProfile.combining).
// - The robots META tag as first defined (robotstxt.org, 1996): index, noindex, follow, nofollow,
//   all, none. What every robot that reads page tags at all understands.
import { parseRobotsDate } from './robots-date.ts';

/** Whose documented page-level rules a robot follows. */
export type PageRules =
  | 'google'
  | 'bing'
  | 'apple'
  | 'yandex'
  /** Its vendor documents nothing about page tags: the 1996 words are what it can be expected to read. */
  | 'undocumented'
  /** A robots.txt token that controls a use of content, not a crawler of pages (Google-Extended). */
  | 'control-token';

/** A page directive a vendor documents (meta robots content, X-Robots-Tag), lower case. */
export type DirectiveName =
  | 'all'
  | 'index'
  | 'follow'
  | 'noindex'
  | 'nofollow'
  | 'none'
  | 'nosnippet'
  | 'indexifembedded'
  | 'max-snippet'
  | 'max-image-preview'
  | 'max-video-preview'
  | 'notranslate'
  | 'noimageindex'
  | 'unavailable_after'
  | 'noarchive'
  | 'nocache'
  | 'noodp'
  | 'noydir';

/** What a directive does for a robot that honours it. */
export type DirectiveEffect =
  /** The default restated: no effect. */
  | 'default'
  | 'noindex'
  | 'nofollow'
  | 'noindex-nofollow'
  /** Limits how the page is shown (snippets, previews, translation, images, AI answers). */
  | 'presentation'
  /** noindex from a date on. */
  | 'expires'
  /** Retired everywhere. */
  | 'obsolete';

interface DirectiveInfo {
  effect: DirectiveEffect;
  /** Whose documentation lists it. */
  documentedBy: readonly PageRules[];
  /** It takes a value after `:` (and so `name:` does not start a user agent scope). */
  takesValue: boolean;
}

const ALL_READERS: readonly PageRules[] = ['google', 'bing', 'apple', 'yandex', 'undocumented'];

/** Every directive we know, with its effect and who documents it. */
export const DIRECTIVES: Readonly<Record<DirectiveName, DirectiveInfo>> = {
  // The 1996 META tag words: read by every reader of page tags.
  all: { effect: 'default', documentedBy: ALL_READERS, takesValue: false },
  index: { effect: 'default', documentedBy: ALL_READERS, takesValue: false },
  follow: { effect: 'default', documentedBy: ALL_READERS, takesValue: false },
  noindex: { effect: 'noindex', documentedBy: ALL_READERS, takesValue: false },
  nofollow: { effect: 'nofollow', documentedBy: ALL_READERS, takesValue: false },
  none: { effect: 'noindex-nofollow', documentedBy: ALL_READERS, takesValue: false },
  nosnippet: {
    effect: 'presentation',
    documentedBy: ['google', 'bing', 'apple'],
    takesValue: false,
  },
  indexifembedded: { effect: 'presentation', documentedBy: ['google'], takesValue: false },
  'max-snippet': { effect: 'presentation', documentedBy: ['google', 'bing'], takesValue: true },
  'max-image-preview': {
    effect: 'presentation',
    documentedBy: ['google', 'bing'],
    takesValue: true,
  },
  'max-video-preview': {
    effect: 'presentation',
    documentedBy: ['google', 'bing'],
    takesValue: true,
  },
  notranslate: { effect: 'presentation', documentedBy: ['google'], takesValue: false },
  noimageindex: { effect: 'presentation', documentedBy: ['google'], takesValue: false },
  unavailable_after: { effect: 'expires', documentedBy: ['google'], takesValue: true },
  // Google no longer uses noarchive and never used nocache; Bing reads both as limits on its AI
  // answers and training; Yandex documents noarchive.
  noarchive: { effect: 'presentation', documentedBy: ['bing', 'yandex'], takesValue: false },
  nocache: { effect: 'presentation', documentedBy: ['bing'], takesValue: false },
  noodp: { effect: 'obsolete', documentedBy: [], takesValue: false },
  noydir: { effect: 'obsolete', documentedBy: [], takesValue: false },
};

const NAMES = new Set(Object.keys(DIRECTIVES));

/** Whether `name` (lower case) is a directive we know. */
export function isDirectiveName(name: string): name is DirectiveName {
  return NAMES.has(name);
}

/** Whether robots following `rules` honour `name`. */
export function honours(rules: PageRules, name: DirectiveName): boolean {
  const info = DIRECTIVES[name];
  if (rules === 'control-token')
    return info.effect !== 'presentation' && info.effect !== 'obsolete';
  return info.documentedBy.includes(rules);
}

export type MaxImagePreview = 'none' | 'standard' | 'large';

/** One directive as read, with its value checked. */
export type Directive =
  | {
      name: Exclude<
        DirectiveName,
        'max-snippet' | 'max-video-preview' | 'max-image-preview' | 'unavailable_after'
      >;
      text: string;
    }
  /** A number of characters or seconds; -1 is no limit. */
  | { name: 'max-snippet' | 'max-video-preview'; text: string; value: number }
  | { name: 'max-image-preview'; text: string; value: MaxImagePreview }
  /** time: ms since the epoch. */
  | { name: 'unavailable_after'; text: string; value: number; zoneAssumed: boolean };

/** A piece of a value that is not a directive honoured as written. */
export interface DirectiveProblem {
  code: /** Not a directive anyone documents (`no-index`, `nofolow`, `noindex nofollow`). */
    | 'unknown-directive'
    /** A directive that needs a value has none we can read (`max-snippet:lots`, a date we cannot read). */
    | 'bad-value'
    | 'bad-date';
  /** The piece as written (trimmed). */
  text: string;
  /** For unknown directives: the directive it probably means. */
  suggestion: DirectiveName | null;
}

/** One run of directives for one audience: all robots (agent null) or the named one. */
export interface DirectiveScope {
  /** The user agent token as written after it (X-Robots-Tag `googlebot: …`), or null for all. */
  agent: string | null;
  directives: Directive[];
  problems: DirectiveProblem[];
}

/** Reads one piece (`noindex`, `max-snippet: 20`) as a directive or a problem. */
function readPiece(piece: string, scope: DirectiveScope): void {
  const text = piece.trim();
  if (text === '') return;
  const colon = text.indexOf(':');
  const name = (colon === -1 ? text : text.slice(0, colon)).trim().toLowerCase();
  const value = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (!isDirectiveName(name) || (colon !== -1 && !DIRECTIVES[name].takesValue)) {
    scope.problems.push({ code: 'unknown-directive', text, suggestion: suggest(text) });
    return;
  }
  switch (name) {
    case 'max-snippet':
    case 'max-video-preview': {
      // Google: "If no parseable [number] is specified, this rule will be ignored."
      const n = /^(?:-1|\d{1,9})$/.test(value) ? Number(value) : null;
      if (n === null) scope.problems.push({ code: 'bad-value', text, suggestion: null });
      else scope.directives.push({ name, text, value: n });
      return;
    }
    case 'max-image-preview': {
      const v = value.toLowerCase();
      if (v === 'none' || v === 'standard' || v === 'large')
        scope.directives.push({ name, text, value: v });
      else scope.problems.push({ code: 'bad-value', text, suggestion: null });
      return;
    }
    case 'unavailable_after': {
      // Google: "This rule is ignored if no valid date/time is specified."
      const date = parseRobotsDate(value);
      if (date.ok)
        scope.directives.push({ name, text, value: date.time, zoneAssumed: date.zoneAssumed });
      else scope.problems.push({ code: 'bad-date', text, suggestion: null });
      return;
    }
    default:
      scope.directives.push({ name, text });
  }
}

const WEEKDAY_THEN_COMMA =
  /unavailable_after\s*:\s*(?:mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*$/i;

/**
 * Splits at commas; the comma right after a weekday that starts an `unavailable_after:` date
 * (RFC 822 `Wed, 25 Jun…`, RFC 850 `Sunday, 06-Nov-94…`) belongs to the date.
 */
function pieces(value: string): string[] {
  const parts = value.split(',');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i] ?? '';
    const next = parts[i + 1];
    if (next !== undefined && WEEKDAY_THEN_COMMA.test(part)) {
      part = `${part},${next}`;
      i++;
    }
    out.push(part);
  }
  return out;
}

/** The directives of a robots meta tag's content: one scope, for the tag's own audience. */
export function parseMetaContent(content: string): DirectiveScope {
  const scope: DirectiveScope = { agent: null, directives: [], problems: [] };
  for (const piece of pieces(content)) readPiece(piece, scope);
  return scope;
}

/**
 * The scopes of one X-Robots-Tag value. `name: directives` addresses one robot until the next
 * such name; a `name:` that is a directive taking a value (`max-snippet:`, `unavailable_after:`…)
 * is that directive. A browser may join repeated headers with commas (Firefox does), which this
 * reads the same as separate headers.
 */
export function parseXRobotsTag(value: string): DirectiveScope[] {
  const scopes: DirectiveScope[] = [];
  let scope: DirectiveScope = { agent: null, directives: [], problems: [] };
  scopes.push(scope);
  for (const piece of pieces(value)) {
    const head = scopeHead(piece);
    if (head !== null) {
      scope = { agent: head, directives: [], problems: [] };
      scopes.push(scope);
      readPiece(piece.slice(piece.indexOf(':') + 1), scope);
    } else {
      readPiece(piece, scope);
    }
  }
  return scopes.filter((s) => s.agent !== null || s.directives.length > 0 || s.problems.length > 0);
}

/** The robot a piece names before its colon (`googlebot: noindex`), or null. */
function scopeHead(piece: string): string | null {
  const colon = piece.indexOf(':');
  if (colon === -1) return null;
  const head = piece.slice(0, colon).trim();
  const lower = head.toLowerCase();
  if (head === '' || !/^[a-z0-9._-]+$/i.test(head)) return null;
  return isDirectiveName(lower) && DIRECTIVES[lower].takesValue ? null : head;
}

/**
 * The pieces of one X-Robots-Tag value that follow a robot's scope with no name of their own
 * (`googlebot: nofollow, noindex` → `noindex`). Read as one header line, they are that robot's, as
 * Google reads a line; but a browser or fetch that joined two lines (`googlebot: nofollow` and
 * `noindex`) with a comma gives the same text, and then they were for every robot. The value
 * cannot be split unambiguously: empty when it can.
 */
export function unscopedAfterScope(value: string): string[] {
  const after: string[] = [];
  let scoped = false;
  for (const piece of pieces(value)) {
    if (scopeHead(piece) !== null) scoped = true;
    else if (scoped && piece.trim() !== '') after.push(piece.trim());
  }
  return after;
}

/** The known directive a misspelt piece most likely means (`no-index`, `nofolow`), or null. */
export function suggest(text: string): DirectiveName | null {
  const squashed = text.toLowerCase().replace(/[\s_-]+/g, '');
  if (squashed.length > 24) return null;
  // `noindex nofollow` or `noindex;nofollow`: two directives without a comma.
  const first = text
    .toLowerCase()
    .split(/[\s;]+/)
    .find((w) => w !== '');
  if (first !== undefined && first !== text.toLowerCase() && isDirectiveName(first)) return first;
  let best: DirectiveName | null = null;
  let bestDistance = 3;
  for (const name of NAMES as Set<DirectiveName>) {
    const d = distance(squashed, name.replace(/[_-]/g, ''));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return bestDistance <= (squashed.length <= 5 ? 1 : 2) ? best : null;
}

/** Levenshtein distance of two short strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
