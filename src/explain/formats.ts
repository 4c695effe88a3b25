// Small pieces every sentence is built from: sizes, ages, rules as written, lists.
import type { Rule } from '../robots/index.ts';
import type { MessageKey, Translator } from './translator.ts';

/** Vendor names a language writes its own way (Russian: Яндекс); the rest are written as is. */
const VENDOR_KEYS: Readonly<Record<string, MessageKey>> = { Yandex: 'vendorYandex' };

/** A crawler vendor's name as the translator's language writes it. */
export function vendorText(vendor: string, t: Translator): string {
  const key = Object.hasOwn(VENDOR_KEYS, vendor) ? VENDOR_KEYS[vendor] : undefined;
  return key === undefined ? vendor : t(key);
}

/** An exact byte count in words ("4,300 bytes"), with the locale's digits and plural. */
export function bytesText(bytes: number, t: Translator): string {
  return t.plural('byteCount', bytes);
}

/**
 * A byte count: exact below 1 KiB ("512 bytes"), else in KiB (1,024 bytes) with one decimal and
 * the exact count beside it ("4.2 KiB (4,300 bytes)"); `fractionDigits` 0 for round limits.
 */
export function sizeText(bytes: number, t: Translator, fractionDigits = 1): string {
  if (bytes < 1024) return bytesText(bytes, t);
  return t('sizeKib', t.number(bytes / 1024, fractionDigits), bytesText(bytes, t));
}

/** How long ago, rounded to minutes then hours ("3 minutes ago"). */
export function ageText(ms: number, t: Translator): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return t('ageJustNow');
  if (minutes < 60) return t.plural('ageMinutes', minutes);
  return t.plural('ageHours', Math.round(minutes / 60));
}

/** A rule as a robots.txt line shows it: `Disallow: /private/`. The keys are not translated. */
export function ruleText(rule: Pick<Rule, 'type' | 'value'>): string {
  return `${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${rule.value}`;
}

/**
 * A message whose values are elements the page builds (a `<code>`, a muted span): its text cut
 * at the values, each value as its index (0 for the first), in the order the translation puts
 * them. The message stays whole in the catalogue, where a translator sees it.
 */
export function messageParts(t: Translator, key: MessageKey, values: number): (string | number)[] {
  const marks = Array.from({ length: values }, (_, i) => `\uE010${i}\uE011`);
  return t(key, ...marks)
    .split(/\uE010(\d+)\uE011/)
    .map((part, i) => (i % 2 === 1 ? Number(part) : part))
    .filter((part) => part !== '');
}

/** "a, b and c" ('and') or "a, b or c" ('or') in the translator's language. */
export function listText(
  items: readonly string[],
  t: Translator,
  kind: 'and' | 'or' = 'and',
): string {
  const type = kind === 'and' ? 'conjunction' : 'disjunction';
  const format = new Intl.ListFormat(t.locale, { type });
  // Thai writes no spaces between words, but names and paths are Latin text: spaced from the
  // conjunction ("Google และ Bing"), they stay readable, as the Thai catalogue does elsewhere.
  // Intl's Thai list has no comma, only a space, which leaves Latin items (URLs, names) with no
  // visible boundary: a comma there, as the 2026-11b review asks (code-level point 6). Thai
  // text next to a conjunction joins it ("และอีก 5 รายการ").
  if (!t.locale.startsWith('th')) return format.format(items);
  const parts = format.formatToParts(items);
  return parts
    .map((part, i) => {
      if (part.type !== 'literal') return part.value;
      const before = parts[i - 1]?.value ?? '';
      const after = parts[i + 1]?.value ?? '';
      const word = part.value.trim();
      if (word === '' || word === ',')
        return isThai(before.at(-1)) && isThai(after[0]) ? ' ' : ', ';
      return `${isThai(before.at(-1)) ? '' : ' '}${word}${isThai(after[0]) ? '' : ' '}`;
    })
    .join('');
}

/** Whether a character is Thai script (U+0E00–U+0E7F). */
const isThai = (c: string | undefined) => c !== undefined && /[\u0E00-\u0E7F]/.test(c);

/**
 * Text from a server made safe to show on one line (or, `multiline`, keeping tabs and line
 * breaks): control characters, line and paragraph separators and bidirectional overrides shown
 * as \uXXXX escapes, so nothing hides or reorders what is shown.
 */
export function printableText(text: string, multiline = false): string {
  const pattern = multiline
    ? // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
    : // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  return text.replace(pattern, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Reason phrases of the statuses a page is seen with (RFC 9110 §15), for `404 Not Found`. */
const REASONS: Record<number, string> = {
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** An HTTP status with its reason phrase when it has a standard one: `404 Not Found`, `299`. */
export function statusText(status: number): string {
  const reason = REASONS[status];
  return reason === undefined ? String(status) : `${status} ${reason}`;
}
