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
function nameWithoutVersion(userAgent: string): string {
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

/** A product name's leading letters, digits, `-` and `_` (`MJ12bot` stays whole; `Yahoo!` → `Yahoo`). */
function nameToken(value: string): string {
  let end = 0;
  while (end < value.length) {
    const c = value.charCodeAt(end);
    if (!(isTokenChar(c) || (c >= 0x30 && c <= 0x39))) break;
    end++;
  }
  return value.slice(0, end);
}

/** A word that names a robot by itself (`360Spider`, `SomeBot`), as headers end with one. */
const ROBOT_WORD = /^[A-Za-z0-9_-]*(?:bot|spider|crawler)[A-Za-z0-9_-]*$/i;

/**
 * The name a robot goes by, from what a user gives: a bare name is returned as given (trimmed:
 * `MJ12bot`, `Screaming Frog SEO Spider`). From a full User-Agent header the robot's product name
 * is taken, digits included, without its version: the name after `compatible;`
 * (`Mozilla/5.0 (compatible; MJ12bot/v1.4.8; …)` → `MJ12bot`); else the first product with a
 * version that is not a browser engine's (`facebookexternalhit/1.1 (…)` → `facebookexternalhit`;
 * products are separated by spaces, so `Screaming Frog SEO Spider/21.0` gives `Spider`: type
 * the bare name instead); else, after a browser's products, a word that names a robot
 * (`… Safari/537.36; 360Spider` → `360Spider`).
 */
export function productToken(userAgent: string): string {
  const ua = userAgent.trim();
  if (!/[/(;]/.test(ua)) return ua;
  const compatible = /compatible;\s*([A-Za-z0-9_.!-]+)/i.exec(ua);
  if (compatible?.[1] !== undefined) {
    const t = nameToken(compatible[1]);
    if (t !== '') return t;
  }
  // Split rather than match with a lookahead: linear on a hostile 100,000-character header.
  const pieces = ua.split(/[\s();,]+/);
  for (const piece of pieces) {
    const at = piece.indexOf('/');
    if (at <= 0) continue;
    const t = nameToken(piece.slice(0, at));
    if (t !== '' && !BROWSER_PRODUCTS.has(t.toLowerCase())) return t;
  }
  const first = nameToken(ua);
  if (BROWSER_PRODUCTS.has(first.toLowerCase())) {
    const robot = pieces.find((piece) => ROBOT_WORD.test(piece));
    if (robot !== undefined) return robot;
  }
  return first === '' ? ua : first;
}
