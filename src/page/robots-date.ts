// The date of an `unavailable_after:` rule. Google Search Central, "Robots meta tag,
// data-nosnippet, and X-Robots-Tag specifications", asks for "a date/time specified in a widely
// adopted format including, but not limited to RFC 822, RFC 850, and ISO 8601", and gives
// `2020-09-21` (meta) and `25 Jun 2010 15:00:00 PST` (header) as examples. We read those three
// and asctime, the other form an HTTP recipient must read (RFC 9110 §5.6.7); of ISO 8601, every
// complete date and time ISO 8601-1:2019 admits, basic and extended (see scanIso).
//
// The text comes from an arbitrary server, so it is scanned by hand, left to right, with no
// RegExp and no Date.parse (whose non-ISO forms are implementation-defined): linear time, and
// never a throw.

/** A parsed `unavailable_after` date, or `{ok: false}` when the text is not one of the forms read. */
export type RobotsDate =
  | {
      ok: true;
      /** The instant, in milliseconds since the epoch (UTC). */
      time: number;
      /** `rfc822` covers its profiles RFC 1123 and RFC 5322 too. */
      format: 'rfc822' | 'rfc850' | 'asctime' | 'iso8601';
      /** The text named no zone (or an RFC 822 military letter other than Z): UTC was assumed. */
      zoneAssumed: boolean;
    }
  | { ok: false };

/** What a form's scanner read, before its ranges are checked. */
interface Fields {
  format: 'rfc822' | 'rfc850' | 'asctime' | 'iso8601';
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** Minutes east of UTC, or null when no zone was written (read as UTC). */
  offsetMinutes: number | null;
}

interface Cursor {
  s: string;
  i: number;
}

const DAY_MS = 86_400_000;

// Maps, not object literals: a word such as `constructor` must not find Object.prototype.
const MONTHS = new Map<string, number>(
  [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ].flatMap((name, i): [string, number][] => [
    [name, i + 1],
    [name.slice(0, 3), i + 1],
  ]),
);

// RFC 822 §5 abbreviates weekdays, RFC 850 §2.1.4 spells them out; either is read in any form
// and never checked against the date: a wrong weekday does not make a date unreadable.
const WEEKDAYS = new Set(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((name) => [
    name,
    name.slice(0, 3),
  ]),
);

/** Zone names (RFC 822 §5; UTC added) in minutes east of UTC; null for "read as UTC, assumed". */
const ZONES = new Map<string, number | null>([
  ['ut', 0],
  ['utc', 0],
  ['gmt', 0],
  ['z', 0],
  ['est', -300],
  ['edt', -240],
  ['cst', -360],
  ['cdt', -300],
  ['mst', -420],
  ['mdt', -360],
  ['pst', -480],
  ['pdt', -420],
]);
// RFC 822's military letters got their signs backwards; RFC 5322 §4.3 says to read them as
// -0000 (no zone information). Its obs-zone leaves out J, as RFC 822 did.
for (const letter of 'abcdefghiklmnopqrstuvwxy') ZONES.set(letter, null);

/**
 * Parses an `unavailable_after` date (RFC 822/1123/5322, RFC 850, asctime or ISO 8601), in any
 * case, with surrounding whitespace; a missing zone is UTC; never throws.
 */
export function parseRobotsDate(text: string): RobotsDate {
  if (typeof text !== 'string') return { ok: false };
  const c: Cursor = { s: text.trim(), i: 0 };
  const fields = startsIso(c.s) ? scanIso(c) : scanNamed(c);
  if (fields === null || c.i !== c.s.length) return { ok: false };
  return toRobotsDate(fields);
}

function startsIso(s: string): boolean {
  // Four digits, then the date's separator, the next digit (basic format) or a week's `W`: never
  // the start of an RFC 822, RFC 850 or asctime date (a day of one or two digits, or a word).
  return (
    isDigit(s, 0) &&
    isDigit(s, 1) &&
    isDigit(s, 2) &&
    isDigit(s, 3) &&
    (s[4] === '-' || s[4] === 'W' || s[4] === 'w' || isDigit(s, 4))
  );
}

/**
 * ISO 8601-1:2019, every complete date and every time it admits, in basic or extended format:
 * the date as calendar (`2026-11-27`, `20261127`), ordinal (`2026-331`, `2026331`) or week date
 * (`2026-W48-5`, `2026W485`); then optionally `T` (or one space, as RFC 3339 §5.6 allows) and a
 * time of hours, hours and minutes or hours, minutes and seconds (`15`, `15:30`, `1530`,
 * `15:30:00`, `153000`), the last with a decimal fraction if any (`.` or `,`); then `Z`, `±hh`,
 * `±hh:mm`, `±hhmm` or nothing (read as UTC, assumed). Each part may be basic or extended on its
 * own: a reader of "widely adopted formats" takes `2026-11-27T153000Z` too. Not read: a date
 * alone with a zone, reduced dates (a month, a year), expanded years (`+002026`), 24:00.
 */
function scanIso(c: Cursor): Fields | null {
  const date = scanIsoDate(c);
  if (date === null) return null;
  const day = { format: 'iso8601' as const, ...date };
  if (c.i === c.s.length) {
    return { ...day, hour: 0, minute: 0, second: 0, ms: 0, offsetMinutes: null };
  }
  if (!(eat(c, 'T') || eat(c, 't') || eat(c, ' '))) return null;
  const time = scanIsoTime(c);
  if (time === null) return null;
  let offsetMinutes: number | null = null;
  if (eat(c, 'Z') || eat(c, 'z')) {
    offsetMinutes = 0;
  } else if (c.s[c.i] === '+' || c.s[c.i] === '-') {
    const sign = c.s[c.i] === '-' ? -1 : 1;
    c.i++;
    const hours = fixed(c, 2);
    const minutes = eat(c, ':') || isDigit(c.s, c.i) ? fixed(c, 2) : 0;
    if (!(hours <= 23 && minutes <= 59)) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  return { ...day, ...time, offsetMinutes };
}

/** A complete ISO 8601 date (calendar, ordinal or week), as a calendar date; null if none. */
function scanIsoDate(c: Cursor): { year: number; month: number; day: number } | null {
  const year = fixed(c, 4);
  const extended = eat(c, '-');
  if (eat(c, 'W') || eat(c, 'w')) {
    // Week date: week 01 is the one with the year's first Thursday (ISO 8601-1 §3.2.2).
    const week = fixed(c, 2);
    if (extended && !eat(c, '-')) return null;
    const weekday = fixed(c, 1);
    if (!(week >= 1 && weekday >= 1 && weekday <= 7)) return null;
    const first = firstMonday(year);
    if (week > (firstMonday(year + 1) - first) / 7) return null;
    return civilFromDays(first + (week - 1) * 7 + weekday - 1);
  }
  const start = c.i;
  while (isDigit(c.s, c.i) && c.i - start < 4) c.i++;
  const digits = c.s.slice(start, c.i);
  // Calendar: MM-DD or MMDD; ordinal: DDD (three digits, then no more).
  if (digits.length === 3 && !(extended && c.s[c.i] === '-')) {
    const ordinal = Number(digits);
    const length = daysInMonth(year, 2) === 29 ? 366 : 365;
    if (!(ordinal >= 1 && ordinal <= length)) return null;
    return civilFromDays(daysFromCivil(year, 1, 1) + ordinal - 1);
  }
  c.i = start;
  const month = fixed(c, 2);
  if (extended && !eat(c, '-')) return null;
  const day = fixed(c, 2);
  return Number.isNaN(month + day) ? null : { year, month, day };
}

/** The day (since the epoch) of the Monday that starts week 01 of an ISO week-numbering year. */
function firstMonday(year: number): number {
  const january4 = daysFromCivil(year, 1, 4);
  return january4 - (isoWeekday(january4) - 1);
}

/** 1 for Monday to 7 for Sunday (1970-01-01 was a Thursday). */
function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * An ISO 8601 time of day: `hh`, `hh:mm`, `hh:mm:ss` (extended) or `hh`, `hhmm`, `hhmmss`
 * (basic), the last unit with a decimal fraction if any (cut to the millisecond, not rounded).
 */
function scanIsoTime(
  c: Cursor,
): { hour: number; minute: number; second: number; ms: number } | null {
  const hour = fixed(c, 2);
  let minute = 0;
  let second = 0;
  let unitMs = HOUR_MS;
  const extended = c.s[c.i] === ':';
  if (extended ? eat(c, ':') : isDigit(c.s, c.i)) {
    minute = fixed(c, 2);
    unitMs = MINUTE_MS;
    if (extended ? eat(c, ':') : isDigit(c.s, c.i)) {
      second = fixed(c, 2);
      unitMs = 1000;
    }
  }
  if (Number.isNaN(hour + minute + second)) return null;
  let ms = 0;
  if (eat(c, '.') || eat(c, ',')) {
    const start = c.i;
    while (isDigit(c.s, c.i)) c.i++;
    if (c.i === start) return null;
    // Nine digits at most: digits × 3,600,000 stays an exact integer, and the division by a power
    // of ten is then exact where the result is whole, so the cut never loses a millisecond.
    const digits = c.s.slice(start, Math.min(c.i, start + 9));
    ms = Math.floor((Number(digits) * unitMs) / 10 ** digits.length);
  }
  return { hour, minute, second, ms };
}

/**
 * The forms that spell the month: RFC 822 `[Wed, ]25 Jun 2010 15:00[:00][ zone]`, RFC 850
 * `[Sunday, ]06-Nov-94 08:49:37[ zone]` and asctime `[Sun ]Nov  6 08:49:37 1994`.
 */
function scanNamed(c: Cursor): Fields | null {
  let word = letters(c);
  if (WEEKDAYS.has(word)) {
    const hasComma = eat(c, ',');
    if (spaces(c) === 0 && !hasComma) return null;
    word = letters(c);
  }
  return word === '' ? scanDayFirst(c) : scanAsctime(c, word);
}

/** RFC 822 §5 `date time` and RFC 850 §2.1.4 `DD-Mon-YY HH:MM:SS TIMEZONE`, after the weekday. */
function scanDayFirst(c: Cursor): Fields | null {
  const day = run(c, 1, 2);
  const format = eat(c, '-') ? 'rfc850' : 'rfc822';
  if (format === 'rfc822' && spaces(c) === 0) return null;
  const month = MONTHS.get(letters(c));
  if (month === undefined) return null;
  if (format === 'rfc850' ? !eat(c, '-') : spaces(c) === 0) return null;
  const yearDigits = c.i;
  let year = run(c, 2, 4);
  const width = c.i - yearDigits;
  if (width === 3) return null;
  if (width === 2) year = fullYear(year);
  if (spaces(c) === 0) return null;
  const time = scanTime(c);
  if (time === null) return null;
  if (c.i === c.s.length) return { format, year, month, day, ...time, ms: 0, offsetMinutes: null };
  if (spaces(c) === 0) return null;
  const offsetMinutes = scanZone(c);
  if (offsetMinutes === undefined) return null;
  return { format, year, month, day, ...time, ms: 0, offsetMinutes };
}

/** asctime (RFC 9110 §5.6.7 `asctime-date`) after the weekday: no zone is written, UTC is read. */
function scanAsctime(c: Cursor, monthWord: string): Fields | null {
  const month = MONTHS.get(monthWord);
  if (month === undefined || spaces(c) === 0) return null;
  const day = run(c, 1, 2);
  if (spaces(c) === 0) return null;
  const time = scanTime(c);
  if (time === null || spaces(c) === 0) return null;
  const year = run(c, 4, 4);
  return { format: 'asctime', year, month, day, ...time, ms: 0, offsetMinutes: null };
}

/** `HH:MM` or `HH:MM:SS`; ranges are checked later. */
function scanTime(
  c: Cursor,
): { hour: number; minute: number; second: number; hasSeconds: boolean } | null {
  const hour = fixed(c, 2);
  if (!eat(c, ':')) return null;
  const minute = fixed(c, 2);
  const hasSeconds = eat(c, ':');
  const second = hasSeconds ? fixed(c, 2) : 0;
  return Number.isNaN(hour + minute + second) ? null : { hour, minute, second, hasSeconds };
}

/** An RFC 822 §5 zone: a name, a military letter or `±hhmm`; undefined when it is none. */
function scanZone(c: Cursor): number | null | undefined {
  const sign = c.s[c.i] === '-' ? -1 : c.s[c.i] === '+' ? 1 : 0;
  if (sign === 0) return ZONES.get(letters(c));
  c.i++;
  const hours = fixed(c, 2);
  const minutes = fixed(c, 2);
  // RFC 5322 §3.3 lets hh reach 99; no zone is that far out, and RFC 3339 caps it at 23.
  if (!(hours <= 23 && minutes <= 59)) return undefined;
  return sign * (hours * 60 + minutes);
}

/**
 * A two-digit year, as RFC 6265 §5.1.1 reads it: 70-99 are 19xx, 00-69 are 20xx. RFC 9110
 * §5.6.7 instead reads a year that "appears to be more than 50 years in the future" as the
 * century before, which needs a clock (a pure parser has none): in 2026 that gives 20xx for
 * 00-76. RFC 5322 §4.3 pivots at 50. All three agree on 00-49 and 77-99 (as of 2026).
 */
function fullYear(twoDigits: number): number {
  return twoDigits >= 70 ? 1900 + twoDigits : 2000 + twoDigits;
}

function toRobotsDate(f: Fields): RobotsDate {
  // Written so that a NaN (a field that was not there) fails every test.
  const inRange =
    f.year >= 0 &&
    f.month >= 1 &&
    f.month <= 12 &&
    f.day >= 1 &&
    f.day <= daysInMonth(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    // 60 is a leap second (RFC 5322 §3.3, RFC 3339 §5.6); a Date has none, so it reads as the
    // first second of the next minute.
    f.second <= 60;
  if (!inRange) return { ok: false };
  const time =
    daysFromCivil(f.year, f.month, f.day) * DAY_MS +
    ((f.hour * 60 + f.minute - (f.offsetMinutes ?? 0)) * 60 + f.second) * 1000 +
    f.ms;
  return { ok: true, time, format: f.format, zoneAssumed: f.offsetMinutes === null };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
 * Not Date.UTC: it reads years 0-99 as 1900-1999.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The proleptic Gregorian date of a day since 1970-01-01 (Howard Hinnant's civil_from_days). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function isDigit(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  return code >= 48 && code <= 57;
}

/** Exactly n ASCII digits as a number, or NaN (which fails every range check). */
function fixed(c: Cursor, n: number): number {
  let value = 0;
  for (let k = 0; k < n; k++) {
    if (!isDigit(c.s, c.i)) return Number.NaN;
    value = value * 10 + c.s.charCodeAt(c.i) - 48;
    c.i++;
  }
  return value;
}

/** A run of min to max ASCII digits as a number, or NaN when the run is shorter or longer. */
function run(c: Cursor, min: number, max: number): number {
  const start = c.i;
  while (isDigit(c.s, c.i)) c.i++;
  const width = c.i - start;
  return width >= min && width <= max ? Number(c.s.slice(start, c.i)) : Number.NaN;
}

/** A run of ASCII letters, lower-cased ('' when there is none). */
function letters(c: Cursor): string {
  const start = c.i;
  for (;;) {
    const code = c.s.charCodeAt(c.i) | 0x20;
    if (code < 97 || code > 122) break;
    c.i++;
  }
  return c.s.slice(start, c.i).toLowerCase();
}

/** Spaces and tabs between fields; how many were skipped. */
function spaces(c: Cursor): number {
  const start = c.i;
  while (c.s[c.i] === ' ' || c.s[c.i] === '\t') c.i++;
  return c.i - start;
}

function eat(c: Cursor, char: string): boolean {
  if (c.s[c.i] !== char) return false;
  c.i++;
  return true;
}
