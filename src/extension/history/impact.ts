// The verdict impact of a change to an origin's robots.txt: which URLs change verdict for which
// of the user's robots, with the old and the new deciding lines (issue 16, "History", item 2).
// Verdicts come from the engine, each robot under its own crawler profile (src/crawlers.ts
// checkCrawler: its vendor's reading, fallback tokens, `*` ignored or not); matching is RFC 9309
// (September 2022, https://www.rfc-editor.org/rfc/rfc9309) §2.2 as the engine implements it.
import { checkCrawler } from '../../crawlers.ts';
import { ParsedFiles } from '../../parsed-files.ts';
import { MAX_ROBOTS } from '../../robot-names.ts';
import type { RobotsTxt, Verdict } from '../../robots/index.ts';

/** At most this many URLs are checked per comparison; the rest are counted in `skippedUrls`. */
export const MAX_IMPACT_URLS = 2_000;

/** What is compared: two versions of one origin's robots.txt, for the user's robots and URLs. */
export interface ChangeInput {
  /** The older text, as served. */
  before: string;
  /** The newer text, as served. */
  after: string;
  /** Robot names as in the settings (product tokens or names), in display order. */
  robots: readonly string[];
  /** Absolute http(s) URLs of the origin: paths seen on the site and the user's test URLs. */
  urls: readonly string[];
  /** When given, URLs of any other origin are not checked (counted in `invalidUrls`). */
  origin?: string;
}

/** The line that decided a verdict: 1-based number and the line as written (no line end). */
export interface DecidingLine {
  line: number;
  text: string;
}

/** One side of a change: allowed or not, and the deciding line (null when no rule decided). */
export interface VerdictSide {
  allowed: boolean;
  line: DecidingLine | null;
}

/** A robot whose verdict on a URL differs between the two versions. */
export interface VerdictChange {
  url: string;
  robot: string;
  before: VerdictSide;
  after: VerdictSide;
}

/** A robot's verdict on `/` (the whole site) under each version, changed or not. */
export interface RootVerdict {
  robot: string;
  before: VerdictSide;
  after: VerdictSide;
}

export interface VerdictImpact {
  /** Each URL × robot whose verdict changes, in URL order, then robot order. */
  changes: VerdictChange[];
  /** Every robot's verdict on `/`, in robot order (the robots list, distinct names). */
  root: RootVerdict[];
  /** The robots of `root` whose verdict on `/` changes. */
  rootChanges: RootVerdict[];
  /** Distinct valid URLs checked (at most MAX_IMPACT_URLS). */
  checkedUrls: number;
  /** Distinct valid URLs past the cap, not checked. */
  skippedUrls: number;
  /** Entries that are not absolute http(s) URLs (or of another origin than `origin`). */
  invalidUrls: number;
}

/** Starts of each line (CR, LF and CRLF end a line, as the engine counts them). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) starts.push(i + 1);
    else if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Lines of `text` by number, as written, read only when first asked and then remembered. */
export function lineReader(text: string): (line: number) => string {
  let starts: number[] | null = null;
  const known = new Map<number, string>();
  return (line) => {
    const cached = known.get(line);
    if (cached !== undefined) return cached;
    starts ??= lineStarts(text);
    const start = starts[line - 1];
    let out = '';
    if (start !== undefined) {
      let end = start;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === 0x0a || c === 0x0d) break;
        end++;
      }
      out = text.slice(start, end);
      // The engine reads line 1 after a byte order mark; the mark is not part of what is written.
      if (line === 1 && out.charCodeAt(0) === 0xfeff) out = out.slice(1);
    }
    known.set(line, out);
    return out;
  };
}

function sideOf(verdict: Verdict, lineText: (line: number) => string): VerdictSide {
  const rule = verdict.rule;
  return {
    allowed: verdict.allowed,
    line: rule === null ? null : { line: rule.line, text: lineText(rule.line) },
  };
}

/** The distinct robot names of a list, strings only, at most MAX_ROBOTS. */
export function robotsOf(robots: unknown): string[] {
  if (!Array.isArray(robots)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const robot of robots) {
    if (typeof robot !== 'string' || seen.has(robot)) continue;
    seen.add(robot);
    out.push(robot);
    if (out.length === MAX_ROBOTS) break;
  }
  return out;
}

function isHttpUrl(value: string, origin: string | undefined): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return origin === undefined || url.origin === origin;
  } catch {
    return false;
  }
}

/**
 * Which of `urls` change verdict between `before` and `after` for each of `robots`, and every
 * robot's verdict on `/`. Each text is parsed once (through `files` when given, else a cache of
 * this call). Checks at most `maxUrls` (default MAX_IMPACT_URLS) distinct URLs. Never throws.
 */
export function verdictImpact(
  input: ChangeInput,
  files: ParsedFiles = new ParsedFiles(2),
  maxUrls: number = MAX_IMPACT_URLS,
): VerdictImpact {
  const beforeText = typeof input?.before === 'string' ? input.before : '';
  const afterText = typeof input?.after === 'string' ? input.after : '';
  const robots = robotsOf(input?.robots);
  const origin = typeof input?.origin === 'string' ? input.origin : undefined;
  const old: RobotsTxt = files.get(beforeText);
  const now: RobotsTxt = files.get(afterText);
  const oldLine = lineReader(beforeText);
  const newLine = lineReader(afterText);

  const root: RootVerdict[] = robots.map((robot) => ({
    robot,
    before: sideOf(checkCrawler(old, robot, '/'), oldLine),
    after: sideOf(checkCrawler(now, robot, '/'), newLine),
  }));

  const cap = Number.isFinite(maxUrls) ? Math.max(0, Math.floor(maxUrls)) : MAX_IMPACT_URLS;
  const urls = Array.isArray(input?.urls) ? input.urls : [];
  const seen = new Set<string>();
  let invalidUrls = 0;
  const skipped = new Set<string>();
  const changes: VerdictChange[] = [];
  for (const url of urls) {
    if (typeof url !== 'string' || !isHttpUrl(url, origin)) {
      invalidUrls++;
      continue;
    }
    if (seen.has(url)) continue;
    if (seen.size >= cap) {
      skipped.add(url);
      continue;
    }
    seen.add(url);
    for (const robot of robots) {
      const a = checkCrawler(old, robot, url);
      const b = checkCrawler(now, robot, url);
      if (a.allowed === b.allowed) continue;
      changes.push({ url, robot, before: sideOf(a, oldLine), after: sideOf(b, newLine) });
    }
  }

  return {
    changes,
    root,
    rootChanges: root.filter((r) => r.before.allowed !== r.after.allowed),
    checkedUrls: seen.size,
    skippedUrls: skipped.size,
    invalidUrls,
  };
}
