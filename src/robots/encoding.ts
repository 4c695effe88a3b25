// Octet-level helpers. robots.txt is matched octet by octet (RFC 9309 §2.2.2); our input is a
// JS string, so non-ASCII characters are measured and escaped through their UTF-8 bytes.

const HEX = '0123456789ABCDEF';

/** Whether the string is all ASCII with no '%' (then no escaping or normalising can change it). */
function isPlainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80 || c === 0x25) return false;
  }
  return true;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/**
 * Writes the UTF-8 bytes of the code point at `i` to `out` and returns how many (4 for a surrogate
 * pair, two units). A lone surrogate becomes U+FFFD, as a UTF-8 encoder would write it.
 */
function utf8BytesAt(s: string, i: number, out: Uint8Array): number {
  let cp = s.charCodeAt(i);
  if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
    const lo = s.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
    else cp = 0xfffd;
  } else if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
  if (cp < 0x80) {
    out[0] = cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = 0xc0 | (cp >> 6);
    out[1] = 0x80 | (cp & 63);
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = 0xe0 | (cp >> 12);
    out[1] = 0x80 | ((cp >> 6) & 63);
    out[2] = 0x80 | (cp & 63);
    return 3;
  }
  out[0] = 0xf0 | (cp >> 18);
  out[1] = 0x80 | ((cp >> 12) & 63);
  out[2] = 0x80 | ((cp >> 6) & 63);
  out[3] = 0x80 | (cp & 63);
  return 4;
}

/** UTF-8 bytes of the code point starting at `i`: 4 for a surrogate pair (two units), a lone surrogate 3 (U+FFFD). */
function charBytes(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const lo = s.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return 4;
  }
  return 3;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII on purpose
const NON_ASCII = /[^\x00-\x7f]/;

/** UTF-8 byte length of s.slice(start, end). */
export function utf8Length(s: string, start = 0, end = s.length): number {
  if (!NON_ASCII.test(start === 0 && end === s.length ? s : s.slice(start, end)))
    return end - start;
  let n = 0;
  for (let i = start; i < end; ) {
    const b = charBytes(s, i);
    n += b;
    i += b === 4 ? 2 : 1;
  }
  return n;
}

/**
 * The largest index `cut` with s.slice(start, cut) at most `maxBytes` UTF-8 bytes, never
 * splitting a character, and not beyond `end`.
 */
export function utf8CutIndex(s: string, start: number, end: number, maxBytes: number): number {
  // Fast paths: even at 3 bytes a unit (a surrogate pair is 4 bytes for 2 units) it fits; or the
  // first `maxBytes` units are ASCII, one byte each.
  if ((end - start) * 3 <= maxBytes) return end;
  const asciiEnd = Math.min(end, start + maxBytes);
  if (!NON_ASCII.test(s.slice(start, asciiEnd))) return asciiEnd;
  let bytes = 0;
  let i = start;
  while (i < end) {
    const b = charBytes(s, i);
    if (bytes + b > maxBytes) return i;
    bytes += b;
    i += b === 4 ? 2 : 1;
  }
  return end;
}

/**
 * Google's rule normalisation (robots.cc MaybeEscapePattern): `%xx` gets upper-case hex, every
 * non-ASCII octet becomes `%XX`. Nothing else changes. Its length is the rule's match priority.
 */
export function googleEscape(value: string): string {
  return isPlainAscii(value) ? value : rewritten(value, false);
}

/** Length of googleEscape(value), without building it. */
export function googleEscapedLength(value: string): number {
  if (isPlainAscii(value)) return value.length;
  return googleEscape(value).length;
}

// --- Canonical octet units (RFC 9309 §2.2.2 normalisation) -------------------------------------
//
// Rule and path are both rewritten into one form before matching, so that every spelling of an
// octet compares equal: a character for an octet that stands for itself, and one private-use
// code unit (U+E000 + octet) for an octet that must stay percent-encoded. One unit per octet
// means a `*` can never match half of an escape.

const ESCAPED_BASE = 0xe000;

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". A `%XX` of one equals the character. */
function isUnreserved(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5f ||
    c === 0x7e
  );
}

/**
 * ASCII octets that may not appear raw in a URI (controls, space, `"<>\^`{|}`): a browser sends
 * them percent-encoded, so the raw and encoded spellings are one octet.
 */
function mustBeEncoded(c: number): boolean {
  return (
    c <= 0x20 ||
    c === 0x7f ||
    c === 0x22 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5c ||
    c === 0x5e ||
    c === 0x60 ||
    c === 0x7b ||
    c === 0x7c ||
    c === 0x7d
  );
}

/**
 * Canonical units of `s` (see above). `*` and `$` are literal here: for a rule, the caller splits
 * at wildcards and removes an anchoring `$` first. `%2A`/`%24` and raw `*`/`$` give the same unit,
 * so a rule's `%2A` matches a literal `*` in the URL (RFC 9309 §2.2.3); `%2F` stays distinct from `/`.
 * A `%` that does not begin an escape is the percent sign itself, the same octet as `%25`.
 */
const NEEDS_CANONICAL = /[^!#&'()+,-;=?@A-Z[\]_a-z~]/;

export function canonicalUnits(s: string): string {
  // Most paths hold only characters that stand for themselves: nothing to rewrite.
  return NEEDS_CANONICAL.test(s) ? rewritten(s, true) : s;
}

const REWRITTEN = new Uint16Array(12);

/**
 * `s` read one character (or escape) at a time by ruleUnitsAt, as googleEscape (`canonical`
 * false) or canonicalUnits writes it; runs it leaves as they are are sliced, not copied.
 */
function rewritten(s: string, canonical: boolean): string {
  let out = '';
  let runStart = 0;
  for (let i = 0; i < s.length; ) {
    const read = ruleUnitsAt(s, i, canonical, REWRITTEN);
    const count = read & 15;
    const next = i + (read >> 4);
    let same = count === next - i;
    for (let k = 0; same && k < count; k++) same = REWRITTEN[k] === s.charCodeAt(i + k);
    if (!same) {
      out += s.slice(runStart, i);
      for (let k = 0; k < count; k++) out += String.fromCharCode(REWRITTEN[k] as number);
      runStart = next;
    }
    i = next;
  }
  return runStart === 0 ? s : out + s.slice(runStart);
}

/**
 * Per ASCII unit other than `%`: its canonical unit. `*` and `$` are literal here (a rule's
 * wildcards are the matcher's business) and stay escaped, as `%2A` and `%24` do; a unit a URI may
 * not hold raw is the octet its escape spells; any other stands for itself.
 */
const ASCII_CANONICAL = Uint16Array.from({ length: 128 }, (_, c) =>
  c === 0x2a || c === 0x24 || mustBeEncoded(c) ? ESCAPED_BASE + c : c,
);

const RULE_BYTES = new Uint8Array(4);

/**
 * The units that rule text `s` at `i` stands for when matched, one character (or escape) at a
 * time: as googleEscape writes them (`canonical` false) or as canonicalUnits does; `*` and `$` are
 * not special here. Writes them to `out` (room for 12) and returns units written + 16 × units of
 * `s` read, so that a matcher can read a rule as written without building its escaped form.
 */
export function ruleUnitsAt(s: string, i: number, canonical: boolean, out: Uint16Array): number {
  const c = s.charCodeAt(i);
  if (c < 0x80 && c !== 0x25) {
    out[0] = canonical ? (ASCII_CANONICAL[c] as number) : c;
    return 1 + 16;
  }
  if (c === 0x25) {
    const h1 = s.charCodeAt(i + 1);
    const h2 = s.charCodeAt(i + 2);
    if (!isHex(h1) || !isHex(h2)) {
      out[0] = canonical ? ESCAPED_BASE + c : c;
      return 1 + 16;
    }
    if (canonical) {
      const byte = hexValue(h1) * 16 + hexValue(h2);
      out[0] = isUnreserved(byte) ? byte : ESCAPED_BASE + byte;
      return 1 + 48;
    }
    // Google upper-cases the hex digits of an escape (robots.cc MaybeEscapePattern).
    out[0] = c;
    out[1] = h1 >= 0x61 ? h1 - 0x20 : h1;
    out[2] = h2 >= 0x61 ? h2 - 0x20 : h2;
    return 3 + 48;
  }
  const bytes = utf8BytesAt(s, i, RULE_BYTES);
  let n = 0;
  for (let k = 0; k < bytes; k++) {
    const b = RULE_BYTES[k] as number;
    if (canonical) out[n++] = ESCAPED_BASE + b;
    else {
      out[n++] = 0x25;
      out[n++] = HEX.charCodeAt(b >> 4);
      out[n++] = HEX.charCodeAt(b & 15);
    }
  }
  return n + 16 * (bytes === 4 ? 2 : 1);
}

/** canonicalUnits of one ASCII unit `c` other than `%` (which may begin an escape of three). */
export function asciiCanonicalUnit(c: number): number {
  return ASCII_CANONICAL[c] ?? c;
}
