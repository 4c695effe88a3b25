// robots.txt text → plain data, in one pass, with a diagnostic for every line worth one.
import { DIRECTIVE_SUPPORT } from './directives.ts';
import { utf8CutIndex, utf8Length } from './encoding.ts';
import { asciiLower, classifyKey, type KeyKind } from './keys.ts';
import type { Diagnostic, Group, OtherDirective, RobotsTxt, Rule } from './types.ts';
import { agentToken, isStarAgent } from './user-agent.ts';

/** Parsing limit: 500 KiB = 512,000 bytes (RFC 9309 §2.5); content past it is ignored. */
export const MAX_BYTES = 512_000;

/** Google reads at most 2083 * 8 - 1 bytes of a line (robots.cc kMaxLineLen) and drops the rest. */
export const MAX_LINE_BYTES = 2083 * 8 - 1;

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

interface Formation {
  groups: Group[];
  current: Group | null;
  inRules: boolean;
}

function newFormation(): Formation {
  return { groups: [], current: null, inRules: false };
}

/** A user-agent line: joins the open group, or starts one after rules (RFC 9309 §2.1). */
function addAgent(f: Formation, value: string, line: number): void {
  if (f.current === null || f.inRules) {
    f.current = { agents: [value], rules: [], line };
    f.groups.push(f.current);
    f.inRules = false;
  } else f.current.agents.push(value);
}

function addRule(f: Formation, rule: Rule): boolean {
  if (f.current === null) return false;
  f.current.rules.push(rule);
  f.inRules = true;
  return true;
}

/** Parses robots.txt text. Never throws: any string gives a result, bad lines give diagnostics. */
export function parseRobotsTxt(input: string): RobotsTxt {
  let text: string;
  try {
    text = typeof input === 'string' ? input : String(input ?? '');
  } catch {
    text = '';
  }
  const diagnostics: Diagnostic[] = [];
  const diag = (
    code: Diagnostic['code'],
    severity: Diagnostic['severity'],
    line: number,
    params: Diagnostic['params'] = {},
  ) => {
    diagnostics.push({ code, severity, line, params });
  };

  // RFC 9309 §2.5: read at most 500 KiB; Google ignores content after that too.
  const head = scan(text, Math.min(text.length, MAX_BYTES));
  const end = head.ascii
    ? Math.min(text.length, MAX_BYTES)
    : utf8CutIndex(text, 0, text.length, MAX_BYTES);
  const truncated = end < text.length;

  let start = 0;
  const first = text.charCodeAt(0);
  if (first === 0xfeff) start = 1;
  else if (first === 0xfffd)
    start = 1; // a partial BOM (EF, EF BB) decoded with replacement
  else if (first === 0xef) {
    // A BOM decoded as Latin-1 (ï»¿); Google skips any prefix of the BOM bytes.
    start = 1;
    if (text.charCodeAt(1) === 0xbb) start = text.charCodeAt(2) === 0xbf ? 3 : 2;
  }
  if (start > 0) diag('bom', 'info', 1);

  const google = newFormation();
  // RFC 9309's grouping equals Google's until the first line only Google accepts; from there on
  // it is built apart (see forkStrict).
  let strict: Formation | null = null;
  const original = newFormation();
  const sitemaps: string[] = [];
  const others: OtherDirective[] = [];
  let blankInGroup = 0;

  const firstNul = text.indexOf('\0');
  const hasNul = firstNul !== -1 && firstNul < end;

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
        diag('line-too-long', 'warning', line, {
          bytes: utf8Length(text, i, eol),
          limit: MAX_LINE_BYTES,
        });
      }
    }
    if (hasNul) {
      const nul = text.indexOf('\0', i);
      if (nul !== -1 && nul < lineEnd) {
        lineEnd = nul;
        diag('nul-character', 'error', line, { column: nul - i + 1 });
      }
    }
    // `end` never exceeds MAX_BYTES units (a unit is at least one byte): `head` saw every line.
    if (head.control && hasControl(text, i, lineEnd)) {
      diag('control-character', 'warning', line);
    }

    if (hash !== -1 && hash < i) hash = text.indexOf('#', i);
    const hasComment = hash !== -1 && hash < lineEnd;
    let s = i;
    let e = hasComment ? hash : lineEnd;
    while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
    while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;

    if (s === e) {
      if (!hasComment) {
        // A blank line ends a record in the 1994 standard; RFC 9309 and Google read on.
        original.current = null;
        if (google.current !== null && blankInGroup === 0) blankInGroup = line;
      }
    } else {
      if (colon !== -1 && colon < s) colon = text.indexOf(':', s);
      let sep = colon !== -1 && colon < e ? colon : -1;
      let missingColon = false;
      if (sep === -1) {
        // Google-specific: `disallow /x` reads as `disallow: /x` when the line is two words.
        let w = s;
        while (w < e && text.charCodeAt(w) !== 0x20 && text.charCodeAt(w) !== 0x09) w++;
        if (w < e) {
          let v = w;
          while (v < e && (text.charCodeAt(v) === 0x20 || text.charCodeAt(v) === 0x09)) v++;
          let more = v;
          while (more < e && text.charCodeAt(more) !== 0x20 && text.charCodeAt(more) !== 0x09)
            more++;
          if (more === e) {
            sep = w;
            missingColon = true;
          }
        }
      }
      let ke = sep;
      while (ke > s && isAsciiSpace(text.charCodeAt(ke - 1))) ke--;
      if (sep === -1 || ke === s) {
        diag('unparseable-line', 'warning', line, { text: text.slice(s, e) });
      } else {
        let vs = sep + 1;
        while (vs < e && isAsciiSpace(text.charCodeAt(vs))) vs++;
        const value = text.slice(vs, e);
        const { kind, misspelling } = classifyKey(text, s, ke);
        const misspelled = misspelling !== null || missingColon;
        const key = kind === 'other' || misspelled ? text.slice(s, ke) : '';
        if (kind !== 'other') {
          if (misspelling !== null) {
            diag('misspelled-key', 'warning', line, { key, canonical: kind, kind: misspelling });
          }
          if (missingColon) diag('missing-colon', 'warning', line, { key, canonical: kind });
        }
        handleDirective(kind, key, value, line, misspelled);
      }
    }

    if (eol >= end) break;
    i =
      text.charCodeAt(eol) === 0x0d && eol + 1 < end && text.charCodeAt(eol + 1) === 0x0a
        ? eol + 2
        : eol + 1;
  }

  /** Copies Google's grouping so far into an RFC 9309 grouping that goes its own way from here. */
  function forkStrict(): void {
    if (strict !== null) return;
    const groups = google.groups.map((g) => ({
      agents: [...g.agents],
      rules: [...g.rules],
      line: g.line,
    }));
    strict = { groups, current: groups[groups.length - 1] ?? null, inRules: google.inRules };
  }

  function handleDirective(
    kind: KeyKind,
    key: string,
    value: string,
    line: number,
    misspelled: boolean,
  ): void {
    switch (kind) {
      case 'user-agent': {
        if (blankInGroup !== 0 && !google.inRules) {
          diag('blank-line-in-record', 'warning', blankInGroup, {
            groupLine: google.current?.line ?? line,
          });
        }
        blankInGroup = 0;
        if (misspelled) forkStrict();
        addAgent(google, value, line);
        if (!misspelled) {
          if (strict !== null) addAgent(strict, value, line);
          addAgent(original, value, line);
        }
        if (value === '') diag('empty-user-agent', 'warning', line);
        else if (!isStarAgent(value) && agentToken(value) !== value) {
          diag('user-agent-value-cut', 'warning', line, { value, token: agentToken(value) });
        }
        return;
      }
      case 'allow':
      case 'disallow': {
        const rule: Rule = misspelled
          ? { type: kind, value, line, misspelled: true }
          : { type: kind, value, line };
        if (blankInGroup !== 0 && google.current !== null) {
          diag('blank-line-in-record', 'warning', blankInGroup, { groupLine: google.current.line });
        }
        blankInGroup = 0;
        if (misspelled) forkStrict();
        if (!addRule(google, rule)) diag('rule-outside-group', 'warning', line, { type: kind });
        if (!misspelled) {
          if (strict !== null) addRule(strict, rule);
          // The 1994 standard knows only Disallow.
          if (kind === 'disallow') addRule(original, rule);
        }
        if (value !== '' && value[0] !== '/' && value[0] !== '*') {
          diag('rule-value-not-a-path', 'warning', line, { type: kind, value });
        }
        return;
      }
      case 'sitemap': {
        if (value === '') diag('empty-sitemap', 'warning', line);
        else {
          sitemaps.push(value);
          if (!/^https?:\/\//i.test(value))
            diag('sitemap-not-absolute', 'warning', line, { value });
        }
        return;
      }
      case 'other': {
        const lower = asciiLower(key);
        others.push({ key: lower, value, line, groupLine: google.current?.line ?? null });
        const support = Object.hasOwn(DIRECTIVE_SUPPORT, lower)
          ? DIRECTIVE_SUPPORT[lower]
          : undefined;
        if (support !== undefined)
          diag(support.code, support.severity, line, { key: lower, value });
        else diag('unknown-key', 'warning', line, { key });
        return;
      }
    }
  }

  let firstStar = 0;
  for (const group of google.groups) {
    if (!group.agents.some(isStarAgent)) continue;
    if (firstStar === 0) firstStar = group.line;
    else diag('multiple-star-records', 'warning', group.line, { firstLine: firstStar });
  }
  if (truncated) {
    diag('content-past-limit', 'warning', lineNo, {
      limit: MAX_BYTES,
      ignoredChars: text.length - end,
    });
  }
  diagnostics.sort((a, b) => a.line - b.line);

  return {
    groups: google.groups,
    strictGroups: strict === null ? google.groups : (strict as Formation).groups,
    records1994: original.groups,
    sitemaps,
    others,
    diagnostics,
    lineCount: lineNo,
    bytesRead: head.ascii ? end : utf8Length(text, 0, end),
    truncated,
  };
}
