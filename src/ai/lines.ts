// The robots.txt lines the AI-usage parsers need as written: found by the engine's parse, read
// back here with the engine's line numbering (CR, LF and CRLF end a line; a BOM is skipped).
import {
  type Group,
  MAX_LINE_BYTES,
  type OtherDirective,
  type RobotsTxt,
} from '../robots/index.ts';

/** A line the engine read under one key, with the user agents of the group it stands in. */
export interface KeyedLine {
  line: number;
  /** The line as written, cut to MAX_LINE_BYTES UTF-16 units (the engine reads no more). */
  written: string;
  /** The value after the colon as the engine read it: comment removed, ASCII whitespace trimmed. */
  value: string;
  /** First user-agent line of its group (RFC 9309 §2.1 as attach-05 §3 updates it), or null. */
  groupLine: number | null;
  /** That group's user-agent values as written; empty outside any group. */
  agents: string[];
}

/**
 * Lines `robots` read under `key` (lower case), in file order, each in its group as RFC 9309 forms
 * groups once draft-ietf-aipref-attach-05 §3 has made Content-Usage a rule (`robots.strictGroups`):
 * the one reading that implements the attach draft, and so the one the AI-usage answers follow.
 * A group runs from its first user-agent line to the next group's. Never throws.
 */
export function keyedLines(text: string, robots: RobotsTxt, key: string): KeyedLine[] {
  const others: readonly OtherDirective[] = Array.isArray(robots.others) ? robots.others : [];
  const found = others.filter((o) => o.key === key);
  if (found.length === 0) return [];
  const groups = Array.isArray(robots.strictGroups) ? robots.strictGroups : [];
  const written = linesAsWritten(text, new Set(found.map((o) => o.line)), robots.lineCount);
  return found.map((o) => {
    const group = groupAt(groups, o.line);
    return {
      line: o.line,
      written: written.get(o.line) ?? o.value,
      value: o.value,
      groupLine: group === null ? null : group.line,
      agents: group === null ? [] : [...group.agents],
    };
  });
}

/** The last group starting at or before `line` (groups are in file order), or null: none. */
export function groupAt(groups: readonly Group[], line: number): Group | null {
  let lo = 0;
  let hi = groups.length - 1;
  let found: Group | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const group = groups[mid];
    if (group === undefined) break;
    if (group.line <= line) {
      found = group;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Calls `visit` with each line (1-based number, text without its line end) up to `maxLines`,
 * numbered as the engine numbers them; `visit` returning false stops the walk.
 */
export function eachLine(
  text: string,
  maxLines: number,
  visit: (line: number, start: number, end: number) => boolean,
): void {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lf = text.indexOf('\n', i);
  let cr = text.indexOf('\r', i);
  for (let line = 1; line <= maxLines; line++) {
    if (lf !== -1 && lf < i) lf = text.indexOf('\n', i);
    if (cr !== -1 && cr < i) cr = text.indexOf('\r', i);
    let eol = text.length;
    if (lf !== -1 && lf < eol) eol = lf;
    if (cr !== -1 && cr < eol) eol = cr;
    if (!visit(line, i, eol) || eol >= text.length) return;
    i = text.charCodeAt(eol) === 0x0d && text.charCodeAt(eol + 1) === 0x0a ? eol + 2 : eol + 1;
  }
}

/** The wanted lines as written, each cut to MAX_LINE_BYTES units. */
function linesAsWritten(text: string, wanted: Set<number>, maxLines: number): Map<number, string> {
  const out = new Map<number, string>();
  let last = 0;
  for (const line of wanted) if (line > last) last = line;
  eachLine(text, Math.min(maxLines, last), (line, start, end) => {
    if (wanted.has(line)) out.set(line, text.slice(start, Math.min(end, start + MAX_LINE_BYTES)));
    return true;
  });
  return out;
}

/** ASCII lower case: Unicode case mapping could turn a foreign letter into an ASCII one. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x20));
}

/** Trims SP and HTAB only (the separators these formats name), not other whitespace. */
export function trimSpTab(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && (s.charCodeAt(start) === 0x20 || s.charCodeAt(start) === 0x09)) start++;
  while (end > start && (s.charCodeAt(end - 1) === 0x20 || s.charCodeAt(end - 1) === 0x09)) end--;
  return s.slice(start, end);
}
