// The canonical links of an HTTP `Link` header field value (RFC 8288 §3):
//
//   Link       = #link-value
//   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
//   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
//
// The value comes from an arbitrary server: it is scanned by hand, left to right, never
// backing up, so the time is linear; a part that does not fit the grammar is skipped up to the
// next comma that separates links, never thrown.

/** Parameters of one link-value that decide whether it is a canonical link. */
interface LinkParams {
  /** The first `rel` value (RFC 8288 §3.3: later ones are ignored); null when there is none. */
  rel: string | null;
  /** An `anchor` parameter is present (RFC 8288 §3.2): the link is about another resource. */
  hasAnchor: boolean;
}

interface Cursor {
  s: string;
  i: number;
}

/**
 * The targets (as written between `<` and `>`, unresolved) of the links in one Link header
 * value whose rel contains `canonical` and that have no anchor, in order; never throws.
 */
export function canonicalLinks(value: string): string[] {
  if (typeof value !== 'string') return [];
  const c: Cursor = { s: value, i: 0 };
  const targets: string[] = [];
  for (;;) {
    // RFC 9110 §5.6.1: a list may have empty elements (`, ,`), which recipients skip.
    while (c.i < c.s.length && (isOws(c.s[c.i]) || c.s[c.i] === ',')) c.i++;
    if (c.i >= c.s.length) return targets;
    const link = scanLinkValue(c);
    if (link === null) {
      if (!skipToNextLink(c)) return targets;
    } else if (
      !link.params.hasAnchor &&
      link.params.rel !== null &&
      hasCanonical(link.params.rel)
    ) {
      targets.push(link.target);
    }
  }
}

/**
 * One link-value from `<`; afterwards the cursor is on its closing `,` or at the end. Null when
 * it does not fit the grammar (the cursor is then somewhere inside it).
 */
function scanLinkValue(c: Cursor): { target: string; params: LinkParams } | null {
  if (c.s[c.i] !== '<') return null;
  const close = c.s.indexOf('>', c.i + 1);
  if (close === -1) return null;
  const target = c.s.slice(c.i + 1, close);
  c.i = close + 1;
  const params: LinkParams = { rel: null, hasAnchor: false };
  for (;;) {
    skipOws(c);
    if (c.i >= c.s.length || c.s[c.i] === ',') return { target, params };
    if (c.s[c.i] !== ';') return null;
    c.i++;
    skipOws(c);
    // An empty parameter (`;;`, or `;` at the end) says nothing; pass over it.
    if (c.i >= c.s.length || c.s[c.i] === ';' || c.s[c.i] === ',') continue;
    const name = token(c).toLowerCase();
    if (name === '') return null;
    skipOws(c);
    let paramValue = '';
    if (c.s[c.i] === '=') {
      c.i++;
      skipOws(c);
      // A quoted string may be empty; a token may not.
      const v = c.s[c.i] === '"' ? quotedString(c) : token(c) || null;
      if (v === null) return null;
      paramValue = v;
    }
    if (name === 'rel' && params.rel === null) params.rel = paramValue;
    if (name === 'anchor') params.hasAnchor = true;
  }
}

/**
 * After a malformed part, moves past the next comma that separates links (one outside `<…>` and
 * quoted strings). False when the value ends first.
 */
function skipToNextLink(c: Cursor): boolean {
  while (c.i < c.s.length) {
    const char = c.s[c.i];
    if (char === ',') {
      c.i++;
      return true;
    }
    if (char === '"') {
      if (quotedString(c) === null) return false;
    } else if (char === '<') {
      const close = c.s.indexOf('>', c.i + 1);
      if (close === -1) return false;
      c.i = close + 1;
    } else {
      c.i++;
    }
  }
  return false;
}

/** RFC 8288 §3.3: rel is a space-separated list of relation types, compared case-insensitively (§2.1.1). */
function hasCanonical(rel: string): boolean {
  return rel
    .split(/[ \t]/)
    .some((type) => type.length === 9 && asciiLowerCase(type) === 'canonical');
}

/** A quoted-string (RFC 9110 §5.6.4) from its opening quote, unescaped; null when it never closes. */
function quotedString(c: Cursor): string | null {
  let out = '';
  let start = c.i + 1;
  for (let i = start; i < c.s.length; i++) {
    const char = c.s[i];
    if (char === '"') {
      c.i = i + 1;
      return out + c.s.slice(start, i);
    }
    if (char === '\\') {
      // quoted-pair: the next character stands for itself.
      out += c.s.slice(start, i);
      i++;
      start = i;
    }
  }
  c.i = c.s.length;
  return null;
}

/** A token (RFC 9110 §5.6.2); '' when none starts here. */
function token(c: Cursor): string {
  const start = c.i;
  while (c.i < c.s.length && isTchar(c.s.charCodeAt(c.i))) c.i++;
  return c.s.slice(start, c.i);
}

// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
//       / DIGIT / ALPHA
const TCHAR_SYMBOLS = "!#$%&'*+-.^_`|~";

function isTchar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    TCHAR_SYMBOLS.includes(String.fromCharCode(code))
  );
}

/** OWS: spaces and horizontal tabs (RFC 9110 §5.6.3). */
function isOws(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

function skipOws(c: Cursor): void {
  while (isOws(c.s[c.i])) c.i++;
}

/** Only A-Z fold: toLowerCase would also fold non-ASCII letters, which a token cannot hold. */
function asciiLowerCase(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : s[i];
  }
  return out;
}
