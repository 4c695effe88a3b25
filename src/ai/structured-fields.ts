// A Structured Field Dictionary parser: RFC 9651 ("Structured Field Values for HTTP", which
// obsoletes RFC 8941) §4.2, "Parsing Structured Fields", followed step by step for dictionaries:
// every bare item type (§4.2.3.1: integer, decimal, string, token, byte sequence, boolean, date,
// display string), inner lists and parameters. Any failure fails the whole field (§4.2). Never
// throws, builds no RegExp from input, and runs in time linear in the input.

/** A bare item (RFC 9651 §3.3); byte sequences stay base64 text, as received. */
export type SfBareItem =
  | { type: 'integer'; value: number }
  | { type: 'decimal'; value: number }
  | { type: 'string'; value: string }
  | { type: 'token'; value: string }
  | { type: 'binary'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'date'; value: number }
  | { type: 'displaystring'; value: string };

/** Parameters in order; a repeated key keeps its first position and its last value (§4.2.3.2). */
export type SfParameters = [key: string, value: SfBareItem][];

export interface SfItem {
  item: SfBareItem;
  params: SfParameters;
}

export interface SfInnerList {
  innerList: SfItem[];
  params: SfParameters;
}

export type SfMember = SfItem | SfInnerList;

export type SfFailureCode =
  /** A character outside ASCII (§4.2 step 1: the field is bytes; UTF-8 text is not ASCII). */
  | 'not-ascii'
  /** The text does not follow the grammar at `at`. */
  | 'syntax';

/** A parsed dictionary, members in order (§4.2.2), or why it failed and where (0-based). */
export type SfDictionaryResult =
  | { ok: true; members: [key: string, value: SfMember][] }
  | { ok: false; code: SfFailureCode; at: number };

class Fail {
  readonly at: number;
  readonly code: SfFailureCode;
  constructor(at: number, code: SfFailureCode = 'syntax') {
    this.at = at;
    this.code = code;
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isLcalpha = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number): boolean => isLcalpha(c) || (c >= 0x41 && c <= 0x5a);
/** tchar (RFC 9110 §5.6.2). */
const isTchar = (c: number): boolean =>
  isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c));
const isBase64 = (c: number): boolean =>
  isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;
const isHexLower = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66);

class Parser {
  private readonly s: string;
  pos = 0;

  constructor(s: string) {
    this.s = s;
  }

  private peek(): number {
    return this.pos < this.s.length ? this.s.charCodeAt(this.pos) : -1;
  }

  private skipSp(): void {
    while (this.peek() === 0x20) this.pos++;
  }

  /** OWS: SP or HTAB (§4.2.2, between members). */
  private skipOws(): void {
    while (this.peek() === 0x20 || this.peek() === 0x09) this.pos++;
  }

  dictionary(): [string, SfMember][] {
    const members = new Map<string, SfMember>();
    while (this.pos < this.s.length) {
      const key = this.key();
      let member: SfMember;
      if (this.peek() === 0x3d) {
        this.pos++;
        member = this.itemOrInnerList();
      } else {
        member = { item: { type: 'boolean', value: true }, params: this.parameters() };
      }
      // §4.2.2: a repeated key overwrites the value, keeping the first position.
      members.set(key, member);
      this.skipOws();
      if (this.pos >= this.s.length) break;
      if (this.peek() !== 0x2c) throw new Fail(this.pos);
      this.pos++;
      this.skipOws();
      if (this.pos >= this.s.length) throw new Fail(this.pos); // trailing comma
    }
    return [...members];
  }

  private itemOrInnerList(): SfMember {
    if (this.peek() === 0x28) return this.innerList();
    return { item: this.bareItem(), params: this.parameters() };
  }

  private innerList(): SfInnerList {
    this.pos++; // (
    const innerList: SfItem[] = [];
    while (this.pos < this.s.length) {
      this.skipSp();
      if (this.peek() === 0x29) {
        this.pos++;
        return { innerList, params: this.parameters() };
      }
      innerList.push({ item: this.bareItem(), params: this.parameters() });
      const c = this.peek();
      if (c !== 0x20 && c !== 0x29) throw new Fail(this.pos);
    }
    throw new Fail(this.pos);
  }

  private parameters(): SfParameters {
    const params = new Map<string, SfBareItem>();
    while (this.peek() === 0x3b) {
      this.pos++;
      this.skipSp();
      const key = this.key();
      let value: SfBareItem = { type: 'boolean', value: true };
      if (this.peek() === 0x3d) {
        this.pos++;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return [...params];
  }

  private key(): string {
    const start = this.pos;
    const first = this.peek();
    if (!isLcalpha(first) && first !== 0x2a) throw new Fail(this.pos);
    this.pos++;
    for (;;) {
      const c = this.peek();
      if (isLcalpha(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2a) {
        this.pos++;
      } else break;
    }
    return this.s.slice(start, this.pos);
  }

  private bareItem(): SfBareItem {
    const c = this.peek();
    if (c === 0x2d || isDigit(c)) return this.number();
    if (c === 0x22) return { type: 'string', value: this.string() };
    if (c === 0x2a || isAlpha(c)) return { type: 'token', value: this.token() };
    if (c === 0x3a) return { type: 'binary', value: this.binary() };
    if (c === 0x3f) return { type: 'boolean', value: this.boolean() };
    if (c === 0x40) {
      this.pos++;
      const n = this.number();
      if (n.type !== 'integer') throw new Fail(this.pos);
      return { type: 'date', value: n.value };
    }
    if (c === 0x25) return { type: 'displaystring', value: this.displayString() };
    throw new Fail(this.pos);
  }

  /** §4.2.4. */
  private number(): SfBareItem {
    const start = this.pos;
    let sign = 1;
    if (this.peek() === 0x2d) {
      sign = -1;
      this.pos++;
    }
    if (!isDigit(this.peek())) throw new Fail(this.pos);
    let digits = '';
    let dot = -1;
    while (this.pos < this.s.length) {
      const c = this.peek();
      if (isDigit(c)) digits += String.fromCharCode(c);
      else if (dot === -1 && c === 0x2e) {
        if (digits.length > 12) throw new Fail(this.pos);
        dot = digits.length;
      } else break;
      this.pos++;
      if (dot === -1 && digits.length > 15) throw new Fail(start);
      if (dot !== -1 && digits.length > 15) throw new Fail(start);
    }
    if (dot === -1) return { type: 'integer', value: sign * Number(digits) };
    if (dot === digits.length) throw new Fail(this.pos); // ends with '.'
    if (digits.length - dot > 3) throw new Fail(this.pos);
    const value = Number(`${digits.slice(0, dot)}.${digits.slice(dot)}`);
    return { type: 'decimal', value: sign * value };
  }

  /** §4.2.5. */
  private string(): string {
    this.pos++;
    let out = '';
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos++);
      if (c === 0x5c) {
        if (this.pos >= this.s.length) throw new Fail(this.pos);
        const next = this.s.charCodeAt(this.pos++);
        if (next !== 0x22 && next !== 0x5c) throw new Fail(this.pos - 1);
        out += String.fromCharCode(next);
      } else if (c === 0x22) return out;
      else if (c < 0x20 || c > 0x7e) throw new Fail(this.pos - 1);
      else out += String.fromCharCode(c);
    }
    throw new Fail(this.pos);
  }

  /** §4.2.6. */
  private token(): string {
    const start = this.pos;
    this.pos++;
    for (;;) {
      const c = this.peek();
      if (c !== -1 && (isTchar(c) || c === 0x3a || c === 0x2f)) this.pos++;
      else break;
    }
    return this.s.slice(start, this.pos);
  }

  /** §4.2.7: validated, kept as base64 text. */
  private binary(): string {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.s.length && this.peek() !== 0x3a) {
      if (!isBase64(this.peek())) throw new Fail(this.pos);
      this.pos++;
    }
    if (this.pos >= this.s.length) throw new Fail(this.pos);
    const value = this.s.slice(start, this.pos);
    this.pos++;
    return value;
  }

  /** §4.2.8. */
  private boolean(): boolean {
    this.pos++;
    const c = this.peek();
    if (c === 0x31 || c === 0x30) {
      this.pos++;
      return c === 0x31;
    }
    throw new Fail(this.pos);
  }

  /** §4.2.10: percent-encoded UTF-8 in a string after `%`. */
  private displayString(): string {
    this.pos++;
    if (this.peek() !== 0x22) throw new Fail(this.pos);
    this.pos++;
    const bytes: number[] = [];
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos++);
      if (c < 0x20 || c > 0x7e) throw new Fail(this.pos - 1);
      if (c === 0x25) {
        const h1 = this.s.charCodeAt(this.pos);
        const h2 = this.s.charCodeAt(this.pos + 1);
        if (!isHexLower(h1) || !isHexLower(h2)) throw new Fail(this.pos);
        bytes.push(Number.parseInt(this.s.slice(this.pos, this.pos + 2), 16));
        this.pos += 2;
      } else if (c === 0x22) {
        const decoded = decodeUtf8(bytes);
        if (decoded === null) throw new Fail(this.pos - 1);
        return decoded;
      } else bytes.push(c);
    }
    throw new Fail(this.pos);
  }
}

/** Strict UTF-8 decoding without TextDecoder (the core's lib is ES2022 only); null if invalid. */
function decodeUtf8(bytes: number[]): string | null {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    let need = 0;
    let cp = 0;
    let min = 0;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    if (b >= 0xc2 && b <= 0xdf) [need, cp, min] = [1, b & 0x1f, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, cp, min] = [2, b & 0x0f, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, cp, min] = [3, b & 0x07, 0x10000];
    else return null;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/**
 * Parses a Dictionary field value (RFC 9651 §4.2 with field type "dictionary"). Several field
 * lines are joined with ", " first, as §4.2 step 2 says. Never throws.
 */
export function parseSfDictionary(value: string | readonly string[]): SfDictionaryResult {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Array.isArray(value)) text = value.filter((v) => typeof v === 'string').join(', ');
  else text = '';
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) return { ok: false, code: 'not-ascii', at: i };
  }
  // §4.2 steps 3 and 4: leading and trailing SP are discarded.
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  const parser = new Parser(text.slice(start, end));
  try {
    return { ok: true, members: parser.dictionary() };
  } catch (error) {
    if (error instanceof Fail) return { ok: false, code: error.code, at: start + error.at };
    return { ok: false, code: 'syntax', at: start + parser.pos };
  }
}
