// Robot names: the default list, and a name as the user typed it, checked (a known crawler's
// canonical spelling, a product token reduced from a full User-Agent header, or refused). The
// extension's settings and the command line's agents both read names this way.
import { findCrawler } from './crawlers.ts';
import { productToken } from './robots/index.ts';

/** The robots shown when the user has not chosen any; the first is the badge's robot. */
export const DEFAULT_ROBOTS: readonly string[] = [
  'Googlebot',
  'Bingbot',
  'Applebot',
  'Google-Extended',
  'GPTBot',
  'ClaudeBot',
  'PerplexityBot',
  'CCBot',
];

/** At most this many robots in the list (the popup stays readable, sync storage stays small). */
export const MAX_ROBOTS = 40;

/** Longest robot name the settings accept (a product token or a name such as `Screaming Frog SEO Spider`). */
export const MAX_ROBOT_NAME = 64;

/** A robot name as the user typed it, checked: a known crawler, a name, or refused. */
export type RobotName =
  | { ok: true; token: string; known: boolean; reducedFrom: string | null }
  | { ok: false; error: 'empty' | 'too-long' | 'control-character' };

/** Whether a text holds a C0 or C1 control or DEL (a tab or a line break pasted with a name). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * Checks a robot name: any name of 1 to 64 characters without control characters, trimmed
 * (`MJ12bot`, `360Spider`, `Screaming Frog SEO Spider`: how Google's parser and RFC 9309 then
 * read the file's lines for it is the engine's business, and the verdicts say so). A full
 * User-Agent header (input with '/', '(' or ';') is reduced to its product token first
 * (`reducedFrom` says so). Known crawlers get their canonical spelling.
 */
export function checkRobotName(input: string): RobotName {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty' };
  if (hasControlCharacter(text)) return { ok: false, error: 'control-character' };
  const token = productToken(text);
  if ([...token].length > MAX_ROBOT_NAME) return { ok: false, error: 'too-long' };
  const known = findCrawler(token);
  return {
    ok: true,
    token: known?.token ?? token,
    known: known !== undefined,
    reducedFrom: token === text ? null : text,
  };
}
