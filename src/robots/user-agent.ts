// Product tokens: what a user-agent line names, and which token a robot goes by.

function isTokenChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;
}

function isCSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * Whether a user-agent value is the `*` wildcard. Google also reads `* anything` as `*`
 * (robots.cc HandleUserAgent), and so do we in every reading.
 */
export function isStarAgent(value: string): boolean {
  return value.charCodeAt(0) === 0x2a && (value.length === 1 || isCSpace(value.charCodeAt(1)));
}

/**
 * The product token a user-agent value names: its leading `[A-Za-z_-]` characters, as Google
 * reads it (`Googlebot/2.1` → `Googlebot`, `Foo Bar` → `Foo`). RFC 9309 §2.2.1 allows only
 * these characters in a token.
 */
export function agentToken(value: string): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end))) end++;
  return end === value.length ? value : value.slice(0, end);
}

/**
 * The name a robot is matched by under a reading. Google's parser and RFC 9309: its product token
 * (productToken), compared as given with the token each user-agent line is read as (agentToken:
 * a line `MJ12bot` is read as `MJ`, so it names no robot called MJ12bot; Google's own test
 * GoogleOnly_AcceptUserAgentUpToFirstSpace: a line `Foo Bar` names `Foo`, not `Foo Bar`). The 1994
 * text matches "a case insensitive substring … of the name without version information": the
 * whole name, each `/version` removed (`FigTree Robot libwww-perl/5.04` → `FigTree Robot
 * libwww-perl`), which a record's name must be part of.
 */
export function readName(userAgent: string, original1994: boolean): string {
  return original1994 ? nameWithoutVersion(userAgent) : productToken(userAgent);
}

/** A name without its version parts (`/` and what follows it up to a space), spaces collapsed. */
export function nameWithoutVersion(userAgent: string): string {
  return userAgent.replace(/\/\S*/g, '').replace(/\s+/g, ' ').trim();
}

/** Whether `token` is a valid product token (RFC 9309 §2.2.1: non-empty, `[A-Za-z_-]` only). */
export function isValidToken(token: string): boolean {
  return token.length > 0 && agentToken(token) === token;
}

/** Products of browser engines that head crawler User-Agent headers but never name the robot. */
const BROWSER_PRODUCTS = new Set([
  'mozilla',
  'applewebkit',
  'chrome',
  'chromium',
  'safari',
  'version',
  'mobile',
  'gecko',
  'firefox',
  'khtml',
  'edg',
  'edge',
  'opr',
  'opera',
  'build',
  'crios',
  'fxios',
  'trident',
  'like',
  'compatible',
  'linux',
  'android',
  'windows',
  'macintosh',
]);

/**
 * The product token a robot goes by. A bare token is returned as given (trimmed). From a full
 * User-Agent header the robot's token is taken: the name after `compatible;`
 * (`Mozilla/5.0 (compatible; Googlebot/2.1; …)` → `Googlebot`), else the first product that is
 * not a browser engine's (`facebookexternalhit/1.1 (…)` → `facebookexternalhit`).
 */
export function productToken(userAgent: string): string {
  const ua = userAgent.trim();
  if (!/[/(;]/.test(ua)) return ua;
  const compatible = /compatible;\s*([A-Za-z0-9_.!-]+)/i.exec(ua);
  if (compatible?.[1] !== undefined) {
    const t = agentToken(compatible[1]);
    if (t !== '') return t;
  }
  // Split rather than match with a lookahead: linear on a hostile 100,000-character header.
  for (const piece of ua.split(/[\s();,]+/)) {
    const slash = piece.indexOf('/');
    if (slash <= 0) continue;
    const t = agentToken(piece.slice(0, slash));
    if (t !== '' && !BROWSER_PRODUCTS.has(t.toLowerCase())) return t;
  }
  const first = agentToken(ua);
  return first === '' ? ua : first;
}
