// robots.txt text → one call per line, read as Google's parser reads it: limits, BOM, NULs,
// comments, the key/value split and the key's meaning. What the lines form is the visitor's job.
import { diagnostic } from './diagnostic.ts';
import { utf8CutIndex, utf8Length } from './encoding.ts';
import { classifyKey } from './keys.ts';
import type { Diagnostic, RuleType } from './types.ts';

/** Parsing limit: 500 KiB = 512,000 bytes (RFC 9309 §2.5); content past it is ignored. */
export const MAX_BYTES = 512_000;

/** Google reads at most 2083 * 8 - 1 bytes of a line (robots.cc kMaxLineLen) and drops the rest. */
export const MAX_LINE_BYTES = 2083 * 8 - 1;

/**
 * Receives the meaningful lines in file order; `misspelled`: only Google's leniency reads it (for a
 * rule, the line as written, else null).
 */
export interface LineVisitor {
  /** A line with nothing on it, not even a comment. */
  blankLine(line: number): void;
  /** Values arrive trimmed, without their comment. */
  userAgent(value: string, line: number, misspelled: boolean): void;
  rule(type: RuleType, value: string, line: number, misspelled: string | null): void;
  sitemap(value: string, line: number): void;
  /** Any other key, as written. */
  other(key: string, value: string, line: number): void;
}

/** How much of the text the scan read. */
export interface ScanExtent {
  /** Lines, counted as Google does (CR, LF and CRLF end a line). */
  lineCount: number;
  /** UTF-16 units read: all of the text unless it exceeds MAX_BYTES. */
  charsRead: number;
  /** UTF-8 bytes read. */
  bytesRead: number;
}

/** absl::ascii_isspace: what Google trims around keys and values (not Unicode spaces). */
function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Controls other than TAB, LF, VT, FF and CR (which are whitespace or line ends). */
function isControl(c: number): boolean {
  return c < 0x09 || (c > 0x0d && c < 0x20) || c === 0x7f;
}

const UNUSUAL = /[^\t\n\v\f\r\x20-\x7e]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII on purpose
const NON_ASCII = /[^\x00-\x7f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\x00-\x08\x0e-\x1f\x7f]/;

/** Is s.slice(0, end) all ASCII, and does it hold a control character? One regex pass when clean. */
function scan(s: string, end: number): { ascii: boolean; control: boolean } {
  const head = end === s.length ? s : s.slice(0, end);
  if (!UNUSUAL.test(head)) return { ascii: true, control: false };
  return { ascii: !NON_ASCII.test(head), control: CONTROL.test(head) };
}

function hasControl(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isControl(s.charCodeAt(i))) return true;
  return false;
}

/** Units of a byte order mark at the start: Google skips any prefix of the BOM's bytes. */
function bomLength(text: string): number {
  const first = text.charCodeAt(0);
  if (first === 0xfeff) return 1;
  if (first === 0xfffd) return 1; // a partial BOM (EF, EF BB) decoded with replacement
  if (first !== 0xef) return 0;
  // A BOM decoded as Latin-1 (ï»¿).
  if (text.charCodeAt(1) !== 0xbb) return 1;
  return text.charCodeAt(2) === 0xbf ? 3 : 2;
}

/**
 * Index of the separator in text.slice(s, e) when the line lacks a colon, or -1. Google-specific:
 * `disallow /x` reads as `disallow: /x` when the line is two words.
 */
function missingColonAt(text: string, s: number, e: number): number {
  let w = s;
  while (w < e && text.charCodeAt(w) !== 0x20 && text.charCodeAt(w) !== 0x09) w++;
  if (w === e) return -1;
  let v = w;
  while (v < e && (text.charCodeAt(v) === 0x20 || text.charCodeAt(v) === 0x09)) v++;
  while (v < e && text.charCodeAt(v) !== 0x20 && text.charCodeAt(v) !== 0x09) v++;
  return v === e ? w : -1;
}

/**
 * Reads the first 500 KiB of `text` line by line, reports each line that carries meaning to
 * `visitor` and each line-level finding to `diagnostics` (in file order). Never throws.
 */
export function scanLines(
  text: string,
  visitor: LineVisitor,
  diagnostics: Diagnostic[],
): ScanExtent {
  // RFC 9309 §2.5: read at most 500 KiB; Google ignores content after that too.
  const head = scan(text, Math.min(text.length, MAX_BYTES));
  const end = head.ascii
    ? Math.min(text.length, MAX_BYTES)
    : utf8CutIndex(text, 0, text.length, MAX_BYTES);

  const start = bomLength(text);
  if (start > 0) diagnostics.push(diagnostic('bom', 'info', 1, {}));

  const firstNul = text.indexOf('\0');
  const hasNul = firstNul !== -1 && firstNul < end;

  // Next occurrences, searched again only once passed: each search scans the text once overall.
  let lf = text.indexOf('\n', start);
  let cr = text.indexOf('\r', start);
  let hash = text.indexOf('#', start);
  let colon = text.indexOf(':', start);
  let lineNo = 0;
  let i = start;

  for (;;) {
    if (lf !== -1 && lf < i) lf = text.indexOf('\n', i);
    if (cr !== -1 && cr < i) cr = text.indexOf('\r', i);
    let eol = end;
    if (lf !== -1 && lf < eol) eol = lf;
    if (cr !== -1 && cr < eol) eol = cr;
    const line = ++lineNo;

    // The part of the line Google reads: at most MAX_LINE_BYTES, and up to a NUL (C strings).
    let lineEnd = eol;
    if ((eol - i) * 3 > MAX_LINE_BYTES) {
      lineEnd = utf8CutIndex(text, i, eol, MAX_LINE_BYTES);
      if (lineEnd < eol) {
        diagnostics.push(
          diagnostic('line-too-long', 'warning', line, {
            bytes: utf8Length(text, i, eol),
            limit: MAX_LINE_BYTES,
          }),
        );
      }
    }
    if (hasNul) {
      const nul = text.indexOf('\0', i);
      if (nul !== -1 && nul < lineEnd) {
        lineEnd = nul;
        diagnostics.push(diagnostic('nul-character', 'error', line, { column: nul - i + 1 }));
      }
    }
    // `end` never exceeds MAX_BYTES units (a unit is at least one byte): `head` saw every line.
    if (head.control && hasControl(text, i, lineEnd)) {
      diagnostics.push(diagnostic('control-character', 'warning', line, {}));
    }

    if (hash !== -1 && hash < i) hash = text.indexOf('#', i);
    const hasComment = hash !== -1 && hash < lineEnd;
    let s = i;
    let e = hasComment ? hash : lineEnd;
    while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
    while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;

    if (s === e) {
      if (!hasComment) visitor.blankLine(line);
    } else {
      if (colon !== -1 && colon < s) colon = text.indexOf(':', s);
      let sep = colon !== -1 && colon < e ? colon : -1;
      let missingColon = false;
      if (sep === -1) {
        sep = missingColonAt(text, s, e);
        missingColon = sep !== -1;
      }
      let ke = sep;
      while (ke > s && isAsciiSpace(text.charCodeAt(ke - 1))) ke--;
      if (sep === -1 || ke === s) {
        diagnostics.push(
          diagnostic('unparseable-line', 'warning', line, { text: text.slice(s, e) }),
        );
      } else {
        let vs = sep + 1;
        while (vs < e && isAsciiSpace(text.charCodeAt(vs))) vs++;
        const value = text.slice(vs, e);
        const { kind, misspelling } = classifyKey(text, s, ke);
        const misspelled = misspelling !== null || missingColon;
        if (kind === 'other') visitor.other(text.slice(s, ke), value, line);
        else {
          if (misspelled) {
            const key = text.slice(s, ke);
            if (misspelling !== null) {
              diagnostics.push(
                diagnostic('misspelled-key', 'warning', line, {
                  key,
                  canonical: kind,
                  kind: misspelling,
                }),
              );
            }
            if (missingColon) {
              diagnostics.push(
                diagnostic('missing-colon', 'warning', line, { key, canonical: kind }),
              );
            }
          }
          if (kind === 'user-agent') visitor.userAgent(value, line, misspelled);
          else if (kind === 'sitemap') visitor.sitemap(value, line);
          else visitor.rule(kind, value, line, misspelled ? text.slice(s, e) : null);
        }
      }
    }

    if (eol >= end) break;
    i =
      text.charCodeAt(eol) === 0x0d && eol + 1 < end && text.charCodeAt(eol + 1) === 0x0a
        ? eol + 2
        : eol + 1;
  }

  return {
    lineCount: lineNo,
    charsRead: end,
    bytesRead: head.ascii ? end : utf8Length(text, 0, end),
  };
}
