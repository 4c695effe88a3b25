// Cloudflare's Content Signals Policy in robots.txt: `Content-Signal:` lines and the
// Cloudflare-managed block markers.
//
// Implemented from:
// - Cloudflare, "robots.txt setting" (developers.cloudflare.com/bots/additional-configurations/
//   managed-robots-txt/, cloudflare-docs commit 00ff42de): the policy text, the managed block
//   `# BEGIN Cloudflare Managed content` … `# END Cloudflare Managed Content` (this exact mixed
//   case), and `Content-signal: search=yes, ai-train=no` inside the `User-Agent: *` group.
// - contentsignals.org / blog.cloudflare.com/content-signals-policy (2025-09-24): signals
//   `search`, `ai-input`, `ai-train`, each `yes` or `no`, comma-separated on one line; an omitted
//   signal "neither grants nor restricts".
// - Cloudflare changelog 2026-08-31 "Crawl endpoint now respects the Content Signals use
//   directive" and the managed policy text ("use: how AI systems may consume the content
//   (immediate, reference, or full)"): the `use` key, least to most permissive.
//
// Decisions the sources leave open, taken here:
// - Keys and values are matched ASCII case-insensitively (robots.txt keys are, RFC 9309 §2.2;
//   Cloudflare itself writes both `Content-signal` and `Content-Signal`); spaces and tabs around
//   `,` and `=` are ignored (Cloudflare writes both `search=yes, ai-train=no` and
//   `search=yes,ai-train=no`).
// - A line belongs to the group it stands in as RFC 9309 §2.1 forms groups (the engine's
//   grouping): a line after a group's rules, even past blank lines, still belongs to that group
//   until the next user-agent line; Cloudflare places the line inside a group and describes it as
//   applying to that group's crawlers. A line before any user-agent line belongs to no group,
//   applies to no robot, and carries the problem 'outside-group' (as a rule there would, §2.1).
// - A key repeated on one line: 'duplicate-key'; of conflicting values the most restrictive
//   counts (`no` over `yes`; `immediate` < `reference` < `full`), in the spirit of policy
//   clause (b) and of the aipref combining rule.
import { parseRobotsTxt, type RobotsTxt } from '../robots/index.ts';
import { asciiLower, eachLine, keyedLines, trimSpTab } from './lines.ts';

/** The yes/no signals the policy defines. */
export type ContentSignalName = 'search' | 'ai-input' | 'ai-train';

export const CONTENT_SIGNAL_NAMES: readonly ContentSignalName[] = [
  'search',
  'ai-input',
  'ai-train',
];

/** `use`: how far AI systems may consume the content, least permissive first. */
export type ContentUseLevel = 'immediate' | 'reference' | 'full';

export const CONTENT_USE_LEVELS: readonly ContentUseLevel[] = ['immediate', 'reference', 'full'];

/** The known keys a line set, typed; a key absent here was not stated (or not validly). */
export interface ContentSignalValues {
  search?: 'yes' | 'no';
  'ai-input'?: 'yes' | 'no';
  'ai-train'?: 'yes' | 'no';
  use?: ContentUseLevel;
}

/** One `key=value` item of the line, as written (trimmed). */
export interface ContentSignalEntry {
  key: string;
  value: string;
  /** The key is one of the policy's (any case). */
  isKnown: boolean;
}

export type ContentSignalProblemCode =
  /** Known key, value not among its values (`search=maybe`, `search=`). */
  | 'bad-value'
  /** A key the policy does not define; the item is kept in `entries`. */
  | 'unknown-key'
  /** The key appeared earlier on the same line. */
  | 'duplicate-key'
  /** `=value` with nothing before the `=`. */
  | 'missing-key'
  /** An item without `=`. */
  | 'missing-value'
  /** An empty item between commas, or a line with no value at all. */
  | 'empty-item'
  /** The line stands before any user-agent line: it applies to no robot. */
  | 'outside-group';

export interface ContentSignalProblem {
  code: ContentSignalProblemCode;
  /** The item's key and value as written ('' where there is none). */
  key: string;
  value: string;
}

/** One `Content-Signal:` line. */
export interface ContentSignalLine {
  /** 1-based line number in the file as served. */
  line: number;
  /** The line as written (cut to the engine's per-line limit). */
  written: string;
  /** The value after the colon, comment removed, trimmed. */
  value: string;
  signals: ContentSignalValues;
  /** Every item in file order, unknown keys included. */
  entries: ContentSignalEntry[];
  problems: ContentSignalProblem[];
  /** First user-agent line of its group; null before any user-agent line. */
  groupLine: number | null;
  /** The user agents of its group, as written; empty outside any group. */
  agents: string[];
}

/** Lines of the Cloudflare-managed block markers; a missing marker is null. */
export interface ManagedBlock {
  begin: number | null;
  end: number | null;
}

export interface ContentSignals {
  lines: ContentSignalLine[];
  /** null when the file has neither marker. */
  managedBlock: ManagedBlock | null;
}

const YES_NO: Readonly<Record<string, 'yes' | 'no'>> = { yes: 'yes', no: 'no' };
const LEVELS: Readonly<Record<string, ContentUseLevel>> = {
  immediate: 'immediate',
  reference: 'reference',
  full: 'full',
};
const KNOWN_KEYS = new Set<string>([...CONTENT_SIGNAL_NAMES, 'use']);

/** The more restrictive of two levels. */
function leastUse(a: ContentUseLevel, b: ContentUseLevel): ContentUseLevel {
  return CONTENT_USE_LEVELS.indexOf(a) <= CONTENT_USE_LEVELS.indexOf(b) ? a : b;
}

/** Reads the value of one `Content-Signal:` line into typed signals and problems. Never throws. */
export function parseContentSignalValue(value: string): {
  signals: ContentSignalValues;
  entries: ContentSignalEntry[];
  problems: ContentSignalProblem[];
} {
  const signals: ContentSignalValues = {};
  const entries: ContentSignalEntry[] = [];
  const problems: ContentSignalProblem[] = [];
  const text = typeof value === 'string' ? value : '';
  if (trimSpTab(text) === '') {
    problems.push({ code: 'empty-item', key: '', value: '' });
    return { signals, entries, problems };
  }
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const item = trimSpTab(raw);
    if (item === '') {
      problems.push({ code: 'empty-item', key: '', value: '' });
      continue;
    }
    const eq = item.indexOf('=');
    if (eq === -1) {
      problems.push({ code: 'missing-value', key: item, value: '' });
      continue;
    }
    const key = trimSpTab(item.slice(0, eq));
    const val = trimSpTab(item.slice(eq + 1));
    if (key === '') {
      problems.push({ code: 'missing-key', key: '', value: val });
      continue;
    }
    const lowerKey = asciiLower(key);
    const isKnown = KNOWN_KEYS.has(lowerKey);
    entries.push({ key, value: val, isKnown });
    if (seen.has(lowerKey)) problems.push({ code: 'duplicate-key', key, value: val });
    seen.add(lowerKey);
    if (!isKnown) {
      problems.push({ code: 'unknown-key', key, value: val });
      continue;
    }
    const lowerVal = asciiLower(val);
    if (lowerKey === 'use') {
      const level = Object.hasOwn(LEVELS, lowerVal) ? LEVELS[lowerVal] : undefined;
      if (level === undefined) problems.push({ code: 'bad-value', key, value: val });
      else signals.use = signals.use === undefined ? level : leastUse(signals.use, level);
      continue;
    }
    const yn = Object.hasOwn(YES_NO, lowerVal) ? YES_NO[lowerVal] : undefined;
    const name = lowerKey as ContentSignalName;
    if (yn === undefined) problems.push({ code: 'bad-value', key, value: val });
    else signals[name] = signals[name] === 'no' ? 'no' : yn;
  }
  return { signals, entries, problems };
}

const BEGIN = /^#[ \t]*begin[ \t]+cloudflare[ \t]+managed[ \t]+content[ \t]*$/i;
const END = /^#[ \t]*end[ \t]+cloudflare[ \t]+managed[ \t]+content[ \t]*$/i;

/**
 * The managed block's marker lines: the first BEGIN, and the first END after it (or the first
 * END at all when there is no BEGIN). Markers match ignoring case and runs of spaces; Cloudflare
 * writes `# BEGIN Cloudflare Managed content` and `# END Cloudflare Managed Content`.
 */
export function findManagedBlock(
  text: string,
  maxLines = Number.POSITIVE_INFINITY,
): ManagedBlock | null {
  let begin: number | null = null;
  let end: number | null = null;
  if (typeof text !== 'string') return null;
  eachLine(text, maxLines, (line, start, stop) => {
    // Markers are short: a long line is not one, and is not copied.
    if (stop - start > 80) return true;
    const written = trimSpTab(text.slice(start, stop));
    if (written.charCodeAt(0) !== 0x23) return true;
    if (begin === null && BEGIN.test(written)) begin = line;
    else if (END.test(written)) {
      end = line;
      return false;
    }
    return true;
  });
  return begin === null && end === null ? null : { begin, end };
}

/**
 * Every `Content-Signal:` line of a robots.txt, with its group, and the managed block. Pass the
 * engine's parse of the same text as `robots` to avoid parsing it twice. Never throws.
 */
export function parseContentSignals(text: string, robots?: RobotsTxt): ContentSignals {
  const body = typeof text === 'string' ? text : '';
  const parsed = robots ?? parseRobotsTxt(body);
  const lines = keyedLines(body, parsed, 'content-signal').map((k): ContentSignalLine => {
    const { signals, entries, problems } = parseContentSignalValue(k.value);
    if (k.groupLine === null) problems.push({ code: 'outside-group', key: '', value: '' });
    return { ...k, signals, entries, problems };
  });
  return { lines, managedBlock: findManagedBlock(body, parsed.lineCount) };
}
