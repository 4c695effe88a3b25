import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseRobotsDate, type RobotsDate } from '../../src/page/robots-date.ts';
import { numRuns } from '../property-runs.ts';

interface Case {
  /** Where the form or rule comes from. */
  source: string;
  text: string;
  expected: RobotsDate;
}

type Format = 'rfc822' | 'rfc850' | 'asctime' | 'iso8601';

const at = (format: Format, time: number, zoneAssumed = false): RobotsDate => ({
  ok: true,
  time,
  format,
  zoneAssumed,
});
const NO: RobotsDate = { ok: false };

const GOOGLE = 'Google Search Central, Robots meta tag, data-nosnippet, and X-Robots-Tag specs';
const ISO = 'ISO 8601-1:2019';
/** Midnight UTC on a date in any year (Date.UTC reads years 0-99 as 1900-1999). */
const midnight = (year: number, monthIndex: number, day: number) =>
  new Date(0).setUTCFullYear(year, monthIndex, day);
/** RFC 9110 §5.6.7's example instant, written in each of its three forms. */
const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

const CASES: Case[] = [
  // Google's own examples.
  {
    source: `${GOOGLE}: meta example`,
    text: '2020-09-21',
    expected: at('iso8601', Date.UTC(2020, 8, 21), true),
  },
  {
    source: `${GOOGLE}: X-Robots-Tag example`,
    text: '25 Jun 2010 15:00:00 PST',
    expected: at('rfc822', Date.UTC(2010, 5, 25, 23)),
  },

  // RFC 9110 §5.6.7: the three HTTP-date forms.
  {
    source: 'RFC 9110 §5.6.7 IMF-fixdate (RFC 1123 §5.2.14)',
    text: 'Sun, 06 Nov 1994 08:49:37 GMT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 9110 §5.6.7 obsolete RFC 850 form',
    text: 'Sunday, 06-Nov-94 08:49:37 GMT',
    expected: at('rfc850', NOV_6_1994),
  },
  {
    source: 'RFC 9110 §5.6.7 asctime form: no zone written, UTC read',
    text: 'Sun Nov  6 08:49:37 1994',
    expected: at('asctime', NOV_6_1994, true),
  },
  {
    source: 'RFC 9110 §5.6.7 asctime, day as two digits',
    text: 'Sun Nov 06 08:49:37 1994',
    expected: at('asctime', NOV_6_1994, true),
  },
  {
    source: 'RFC 9110 §5.6.7 weekday not checked (Google is lenient)',
    text: 'Mon, 06 Nov 1994 08:49:37 GMT',
    expected: at('rfc822', NOV_6_1994),
  },

  // RFC 822 §5 and its profiles.
  {
    source: 'RFC 822 §5 / A.3.1: no weekday, two-digit year, no seconds, EDT',
    text: '26 Aug 76 14:29 EDT',
    expected: at('rfc822', Date.UTC(1976, 7, 26, 18, 29)),
  },
  {
    source: 'RFC 5322 A.1.1: numeric zone',
    text: 'Fri, 21 Nov 1997 09:55:06 -0600',
    expected: at('rfc822', Date.UTC(1997, 10, 21, 15, 55, 6)),
  },
  {
    source: 'RFC 5322 §3.3: +hhmm, half-hour zone',
    text: 'Thu, 13 Feb 1969 23:32:00 +0530',
    expected: at('rfc822', Date.UTC(1969, 1, 13, 18, 2)),
  },
  {
    source: 'RFC 5322 §3.3: -0000 is UTC with no local zone (still an exact instant)',
    text: 'Fri, 21 Nov 1997 09:55:06 -0000',
    expected: at('rfc822', Date.UTC(1997, 10, 21, 9, 55, 6)),
  },
  {
    source: 'RFC 5322 A.6.2: obsolete two-digit year',
    text: '21 Nov 97 09:55:06 GMT',
    expected: at('rfc822', Date.UTC(1997, 10, 21, 9, 55, 6)),
  },
  {
    source: 'RFC 822 §5: single-digit day, UT',
    text: 'Sun, 6 Nov 1994 08:49:37 UT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: EST',
    text: '06 Nov 1994 03:49:37 EST',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: CST',
    text: '06 Nov 1994 02:49:37 CST',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: CDT',
    text: '06 Nov 1994 03:49:37 CDT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: MST',
    text: '06 Nov 1994 01:49:37 MST',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: MDT',
    text: '06 Nov 1994 02:49:37 MDT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 zone names: PDT',
    text: '06 Nov 1994 01:49:37 PDT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'UTC (not in RFC 822, widely written)',
    text: 'Sun, 06 Nov 1994 08:49:37 UTC',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5 military Z = UT',
    text: 'Sun, 06 Nov 1994 08:49:37 Z',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 5322 §4.3: military letters other than Z read as -0000, zone assumed',
    text: 'Sun, 06 Nov 1994 08:49:37 A',
    expected: at('rfc822', NOV_6_1994, true),
  },
  {
    source: 'RFC 5322 §4.3: military letters, lower case',
    text: 'Sun, 06 Nov 1994 08:49:37 y',
    expected: at('rfc822', NOV_6_1994, true),
  },
  {
    source: 'RFC 5322 §4.3 obs-zone: J is not a zone',
    text: 'Sun, 06 Nov 1994 08:49:37 J',
    expected: NO,
  },
  {
    source: 'RFC 822 §5: no zone written: UTC assumed',
    text: 'Sun, 06 Nov 1994 08:49:37',
    expected: at('rfc822', NOV_6_1994, true),
  },
  {
    source: 'Full month and weekday names, any case, outer whitespace',
    text: ' \t WEDNESDAY, 25 june 2010 15:00:00 pst \n',
    expected: at('rfc822', Date.UTC(2010, 5, 25, 23)),
  },
  {
    source: 'RFC 822 §5: comma after the weekday, no space',
    text: 'Sun,06 Nov 1994 08:49:37 GMT',
    expected: at('rfc822', NOV_6_1994),
  },
  {
    source: 'RFC 822 §5: runs of spaces and tabs between fields',
    text: 'Sun,  06\tNov  1994   08:49:37\tGMT',
    expected: at('rfc822', NOV_6_1994),
  },

  // RFC 850 §2.1.4 and two-digit years.
  {
    source: 'RFC 850 §2.1.4 example',
    text: 'Friday, 19-Nov-82 16:14:55 EST',
    expected: at('rfc850', Date.UTC(1982, 10, 19, 21, 14, 55)),
  },
  {
    source: 'RFC 850 §2.1.4 with a four-digit year',
    text: 'Sunday, 06-Nov-1994 08:49:37 GMT',
    expected: at('rfc850', NOV_6_1994),
  },
  {
    source: 'RFC 850 §2.1.4, no zone: UTC assumed',
    text: 'Sunday, 06-Nov-94 08:49:37',
    expected: at('rfc850', NOV_6_1994, true),
  },
  {
    source: 'RFC 6265 §5.1.1: two-digit year 69 is 2069',
    text: 'Sunday, 06-Nov-69 08:49:37 GMT',
    expected: at('rfc850', Date.UTC(2069, 10, 6, 8, 49, 37)),
  },
  {
    source: 'RFC 6265 §5.1.1: two-digit year 70 is 1970',
    text: 'Sunday, 06-Nov-70 08:49:37 GMT',
    expected: at('rfc850', Date.UTC(1970, 10, 6, 8, 49, 37)),
  },
  {
    source: 'RFC 6265 §5.1.1: two-digit year 00 is 2000',
    text: '01 Jan 00 00:00 GMT',
    expected: at('rfc822', Date.UTC(2000, 0, 1)),
  },

  // ISO 8601 (the RFC 3339 §5.6 profile and a little more).
  {
    source: 'ISO 8601 date and time, Z',
    text: '2020-09-21T15:00:00Z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15)),
  },
  {
    source: 'ISO 8601 minutes only, no zone: UTC assumed',
    text: '2020-09-21T15:00',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15), true),
  },
  {
    source: 'RFC 3339 §5.6: space instead of T, lower-case t and z',
    text: '2020-09-21 15:00:00z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15)),
  },
  {
    source: 'ISO 8601 lower-case t',
    text: '2020-09-21t15:00:00+00:00',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15)),
  },
  {
    source: 'RFC 3339 §5.8 example: fraction',
    text: '1985-04-12T23:20:50.52Z',
    expected: at('iso8601', Date.UTC(1985, 3, 12, 23, 20, 50, 520)),
  },
  {
    source: 'RFC 3339 §5.8 example: negative offset',
    text: '1996-12-19T16:39:57-08:00',
    expected: at('iso8601', Date.UTC(1996, 11, 20, 0, 39, 57)),
  },
  {
    source: 'RFC 3339 §5.8 example: leap second, read as the next second',
    text: '1990-12-31T23:59:60Z',
    expected: at('iso8601', Date.UTC(1991, 0, 1)),
  },
  {
    source: 'RFC 3339 §5.8 example: leap second in a local zone',
    text: '1990-12-31T15:59:60-08:00',
    expected: at('iso8601', Date.UTC(1991, 0, 1)),
  },
  {
    source: 'RFC 3339 §5.8 example: +00:20 offset',
    text: '1937-01-01T12:00:27.87+00:20',
    expected: at('iso8601', Date.UTC(1937, 0, 1, 11, 40, 27, 870)),
  },
  {
    source: 'ISO 8601 basic offset ±HHMM',
    text: '2020-09-21T15:00:00+0200',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 13)),
  },
  {
    source: 'ISO 8601 hour-only offset ±HH',
    text: '2020-09-21T15:00:00-03',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 18)),
  },
  {
    source: 'ISO 8601 comma as decimal sign; digits past milliseconds are cut',
    text: '2020-09-21T15:00:00,123999Z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15, 0, 0, 123)),
  },
  {
    source: 'ISO 8601 leap day',
    text: '2024-02-29',
    expected: at('iso8601', Date.UTC(2024, 1, 29), true),
  },
  {
    source: 'ISO 8601 leap day of a 400th year',
    text: '2000-02-29T00:00Z',
    expected: at('iso8601', Date.UTC(2000, 1, 29)),
  },
  {
    source: 'ISO 8601 year 0050 is not 1950 (Date.UTC would make it so)',
    text: '0050-03-01T00:00:00Z',
    expected: at('iso8601', midnight(50, 2, 1)),
  },

  // ISO 8601-1:2019, every complete form Google's "widely adopted format" admits: basic and
  // extended, calendar, ordinal and week dates, reduced-precision times, with or without a zone.
  {
    source: `${ISO} §5.2.2: calendar date, extended; no zone, so UTC was assumed`,
    text: '2026-11-27',
    expected: at('iso8601', Date.UTC(2026, 10, 27), true),
  },
  {
    source: `${ISO} §5.2.2: calendar date, basic`,
    text: '20261127',
    expected: at('iso8601', Date.UTC(2026, 10, 27), true),
  },
  {
    source: `${ISO} §5.4.2: basic date and time, hours and minutes, Z`,
    text: '20261127T1530Z',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 15, 30)),
  },
  {
    source: `${ISO} §5.4.2: basic date and time with seconds and ±hhmm`,
    text: '20261127T153000+0100',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 14, 30)),
  },
  {
    source: `${ISO} §5.4.2: extended date and time, ±hh:mm`,
    text: '2026-11-27T15:30:00+01:00',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 14, 30)),
  },
  {
    source: `${ISO} §5.4.2: extended, no zone: UTC was assumed`,
    text: '2026-11-27T15:30',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 15, 30), true),
  },
  {
    source: `${ISO} §5.4.2: basic, no zone: UTC was assumed`,
    text: '20261127T153000',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 15, 30), true),
  },
  {
    source: `${ISO} §5.3.1.3: hours only (reduced precision)`,
    text: '2020-09-21T15',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15), true),
  },
  {
    source: `${ISO} §5.3.1.4: decimal fraction of a minute`,
    text: '2020-09-21T15:00.5Z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15, 0, 30)),
  },
  {
    source: `${ISO} §5.3.1.4: decimal fraction of an hour, basic`,
    text: '20200921T15,25Z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15, 15)),
  },
  {
    source: `${ISO} §5.3.1.4: a fraction of a minute cut to the millisecond`,
    text: '2020-09-21T15:00.57Z',
    expected: at('iso8601', Date.UTC(2020, 8, 21, 15, 0, 34, 200)),
  },
  {
    source: `${ISO} §5.2.3: ordinal date, extended`,
    text: '2026-331',
    expected: at('iso8601', Date.UTC(2026, 10, 27), true),
  },
  {
    source: `${ISO} §5.2.3: ordinal date, basic, with a time`,
    text: '2026331T1530Z',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 15, 30)),
  },
  {
    source: `${ISO} §5.2.3: day 366 of a leap year`,
    text: '2024-366',
    expected: at('iso8601', Date.UTC(2024, 11, 31), true),
  },
  {
    source: `${ISO} §5.2.4: week date, extended (2026-11-27 is a Friday of week 48)`,
    text: '2026-W48-5',
    expected: at('iso8601', Date.UTC(2026, 10, 27), true),
  },
  {
    source: `${ISO} §5.2.4: week date, basic, with a time and zone`,
    text: '2026W485T15:30+01',
    expected: at('iso8601', Date.UTC(2026, 10, 27, 14, 30)),
  },
  {
    source: `${ISO} §3.2.2: week 01 holds the first Thursday, so it may start in December`,
    text: '2026-W01-1',
    expected: at('iso8601', Date.UTC(2025, 11, 29), true),
  },
  {
    source: `${ISO} §3.2.2: a year starting on a Thursday has a week 53`,
    text: '2026-W53-7',
    expected: at('iso8601', Date.UTC(2027, 0, 3), true),
  },
  { source: `${ISO} §3.2.2: 2025 has no week 53`, text: '2025-W53-1', expected: NO },
  { source: `${ISO}: week 00`, text: '2026-W00-1', expected: NO },
  { source: `${ISO}: weekday 8`, text: '2026-W10-8', expected: NO },
  { source: `${ISO}: day 366 of a common year`, text: '2026-366', expected: NO },
  { source: `${ISO}: day 000`, text: '2026-000', expected: NO },
  { source: `${ISO}: extended week without its second hyphen`, text: '2026-W485', expected: NO },
  { source: `${ISO}: a time mixing extended and basic`, text: '2026-11-27T15:3000Z', expected: NO },
  { source: `${ISO}: a month alone names no day`, text: '2026-11', expected: NO },
  { source: `${ISO}: a year alone names no day`, text: '2026', expected: NO },
  { source: `${ISO}: six digits (a reduced basic date is not read)`, text: '202611', expected: NO },

  // Out of range.
  { source: 'ISO 8601: month 13', text: '2020-13-01', expected: NO },
  { source: 'ISO 8601: month 00', text: '2020-00-01', expected: NO },
  { source: 'ISO 8601: day 32', text: '2020-01-32', expected: NO },
  { source: 'ISO 8601: day 00', text: '2020-01-00', expected: NO },
  { source: 'ISO 8601: 30 February', text: '2020-02-30', expected: NO },
  { source: 'ISO 8601: 29 February of a common year', text: '2023-02-29', expected: NO },
  { source: 'ISO 8601: 29 February 1900 (not a leap year)', text: '1900-02-29', expected: NO },
  { source: 'ISO 8601: 31 April', text: '2020-04-31', expected: NO },
  { source: 'ISO 8601: hour 24 (24:00 not read)', text: '2020-09-21T24:00Z', expected: NO },
  { source: 'ISO 8601: minute 60', text: '2020-09-21T23:60Z', expected: NO },
  { source: 'ISO 8601: second 61', text: '2020-09-21T23:59:61Z', expected: NO },
  { source: 'ISO 8601: offset hour 24', text: '2020-09-21T23:00+24:00', expected: NO },
  { source: 'ISO 8601: offset minute 60', text: '2020-09-21T23:00+01:60', expected: NO },
  { source: 'RFC 822 §5: day 32', text: '32 Jan 2020 00:00 GMT', expected: NO },
  { source: 'RFC 822 §5: 30 Feb', text: '30 Feb 2020 00:00 GMT', expected: NO },
  { source: 'RFC 822 §5: hour 25', text: '01 Jan 2020 25:00 GMT', expected: NO },
  { source: 'RFC 822 §5: minute 60', text: '01 Jan 2020 12:60 GMT', expected: NO },
  { source: 'RFC 822 §5: zone +2400', text: '01 Jan 2020 12:00 +2400', expected: NO },
  { source: 'RFC 822 §5: zone minutes 60', text: '01 Jan 2020 12:00 +0160', expected: NO },

  // Malformed.
  { source: 'empty text', text: '', expected: NO },
  { source: 'only whitespace', text: ' \t\n', expected: NO },
  { source: 'a word', text: 'never', expected: NO },
  { source: 'trailing garbage after ISO', text: '2020-09-21 and more', expected: NO },
  { source: 'trailing garbage after zone', text: '25 Jun 2010 15:00:00 PST x', expected: NO },
  { source: 'RFC 822 comment not read', text: '25 Jun 2010 15:00:00 -0800 (PST)', expected: NO },
  { source: 'unknown zone', text: '25 Jun 2010 15:00:00 CET', expected: NO },
  { source: 'unknown month', text: '25 Jux 2010 15:00:00 GMT', expected: NO },
  { source: 'a month abbreviation of four letters', text: '25 Sept 2010 15:00 GMT', expected: NO },
  { source: 'three-digit year', text: '25 Jun 201 15:00:00 GMT', expected: NO },
  { source: 'five-digit year', text: '25 Jun 20100 15:00:00 GMT', expected: NO },
  { source: 'three-digit day', text: '025 Jun 2010 15:00:00 GMT', expected: NO },
  { source: 'one-digit hour', text: '25 Jun 2010 5:00:00 GMT', expected: NO },
  { source: 'time without minutes', text: '25 Jun 2010 15 GMT', expected: NO },
  { source: 'no space before the zone', text: '25 Jun 2010 15:00:00GMT', expected: NO },
  { source: 'RFC 822 zone with a colon', text: '25 Jun 2010 15:00:00 +08:00', expected: NO },
  { source: 'weekday glued to the day', text: 'Sun06 Nov 1994 08:49:37 GMT', expected: NO },
  { source: 'a weekday alone', text: 'Sunday', expected: NO },
  { source: 'constructor is not a month', text: '25 constructor 2010 15:00 GMT', expected: NO },
  { source: 'toString is not a zone', text: '25 Jun 2010 15:00 toString', expected: NO },
  { source: 'ISO date with a zone but no time', text: '2020-09-21Z', expected: NO },
  { source: 'ISO fraction with no digit', text: '2020-09-21T15:00:00.Z', expected: NO },
  { source: 'ISO two spaces as separator', text: '2020-09-21  15:00', expected: NO },
  { source: 'ISO space before the zone', text: '2020-09-21T15:00 Z', expected: NO },
  { source: 'ISO offset with no digits', text: '2020-09-21T15:00+', expected: NO },
  { source: 'ISO offset with one digit', text: '2020-09-21T15:00+1', expected: NO },
  { source: 'ISO offset with a colon and no minutes', text: '2020-09-21T15:00+01:', expected: NO },
  { source: 'ISO one-digit month', text: '2020-9-21', expected: NO },
  { source: 'ISO extended year', text: '+002020-09-21', expected: NO },
  { source: 'slashes', text: '2020/09/21', expected: NO },
  { source: 'US order', text: '09/21/2020', expected: NO },
  { source: 'day-month-year with digits', text: '21-09-2020', expected: NO },
  { source: 'fullwidth digits', text: '２０２０-09-21', expected: NO },
  { source: 'asctime without year', text: 'Sun Nov  6 08:49:37', expected: NO },
  { source: 'asctime with a two-digit year', text: 'Sun Nov  6 08:49:37 94', expected: NO },
  { source: 'asctime with a zone', text: 'Sun Nov  6 08:49:37 1994 GMT', expected: NO },
  { source: 'Unix time', text: '1600646400', expected: NO },
  { source: 'the directive name left in', text: 'unavailable_after: 2020-09-21', expected: NO },
];

describe('parseRobotsDate', () => {
  test.each(CASES)('$source: $text', ({ text, expected }) => {
    expect(parseRobotsDate(text)).toEqual(expected);
  });

  test('values that are not strings', () => {
    expect(parseRobotsDate(null as unknown as string)).toEqual(NO);
    expect(parseRobotsDate(20200921 as unknown as string)).toEqual(NO);
  });

  // Linear time: a quadratic path on 1 MB would exceed vitest's 5 s timeout.
  test('1 MB inputs', () => {
    const mb = 1_000_000;
    expect(parseRobotsDate('9'.repeat(mb))).toEqual(NO);
    expect(parseRobotsDate('a'.repeat(mb))).toEqual(NO);
    expect(parseRobotsDate(`${' '.repeat(mb)}x${' '.repeat(mb)}`)).toEqual(NO);
    expect(parseRobotsDate('Sun, '.repeat(mb / 5))).toEqual(NO);
    expect(parseRobotsDate(`25 Jun 2010 15:00:00 ${'P'.repeat(mb)}`)).toEqual(NO);
    expect(parseRobotsDate(`2020-09-21T15:00:00.${'1'.repeat(mb)}Z`)).toEqual(
      at('iso8601', Date.UTC(2020, 8, 21, 15, 0, 0, 111)),
    );
  });
});

/** Instants that Date writes with a four-digit year (0000-9999), a day away from either end. */
const instant = fc.integer({ min: midnight(0, 0, 2), max: midnight(9999, 11, 31) - 1 });

/** Text made of date parts, so that the scanners' branches are reached. */
const soup = fc
  .array(
    fc.constantFrom(
      'Sun',
      'Sunday',
      ',',
      ' ',
      '  ',
      '\t',
      '-',
      ':',
      '.',
      '+',
      'T',
      'Z',
      'Nov',
      'june',
      'GMT',
      'PST',
      'a',
      'J',
      '06',
      '6',
      '94',
      '1994',
      '2020',
      '08',
      '49',
      '37',
      '60',
      '0000',
      '0530',
      '99',
      '123',
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

function checkResult(result: RobotsDate): void {
  if (result.ok) {
    expect(Number.isInteger(result.time)).toBe(true);
    expect(Number.isNaN(new Date(result.time).getTime())).toBe(false);
  } else {
    expect(result).toEqual(NO);
  }
}

describe('properties', () => {
  test('never throws on arbitrary text, and a result is a valid instant', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), soup), (text) => {
        checkResult(parseRobotsDate(text));
      }),
      { numRuns: numRuns(2000) },
    );
  });

  test('ISO 8601: Date#toISOString round-trips', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(parseRobotsDate(new Date(ms).toISOString())).toEqual(at('iso8601', ms));
      }),
    );
  });

  test('ISO 8601: any offset, separator and offset form round-trips', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        fc.constantFrom('T', 't', ' '),
        fc.boolean(),
        (ms, offset, sep, hasColon) => {
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
          const abs = Math.abs(offset);
          const hh = String(Math.floor(abs / 60)).padStart(2, '0');
          const mm = String(abs % 60).padStart(2, '0');
          const zone = `${offset < 0 ? '-' : '+'}${hh}${hasColon ? ':' : ''}${mm}`;
          const text = `${local.slice(0, 10)}${sep}${local.slice(11)}${zone}`;
          expect(parseRobotsDate(text)).toEqual(at('iso8601', ms));
        },
      ),
    );
  });

  test('ISO 8601: the basic form of Date#toISOString round-trips', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = new Date(ms).toISOString().replace(/[-:]/g, '');
        expect(parseRobotsDate(text)).toEqual(at('iso8601', ms));
      }),
    );
  });

  test('ISO 8601: an ordinal date names the same day as its calendar date', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const iso = new Date(ms).toISOString();
        const year = Number(iso.slice(0, 4));
        const day = Math.floor((ms - new Date(0).setUTCFullYear(year, 0, 1)) / 86_400_000) + 1;
        const ordinal = `${iso.slice(0, 4)}-${String(day).padStart(3, '0')}${iso.slice(10)}`;
        expect(parseRobotsDate(ordinal)).toEqual(at('iso8601', ms));
      }),
    );
  });

  test('RFC 1123: Date#toUTCString round-trips to the second (RFC 9110 §5.6.7 IMF-fixdate)', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = new Date(ms).toUTCString();
        expect(parseRobotsDate(text)).toEqual(at('rfc822', Math.floor(ms / 1000) * 1000));
      }),
    );
  });

  test('RFC 850 and asctime, written from the same instant, agree with RFC 1123', () => {
    const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    // RFC 6265 §5.1.1's two-digit years cover 1970-2069.
    const window = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2069, 11, 31) });
    fc.assert(
      fc.property(window, (ms) => {
        const d = new Date(ms);
        const [, day, month, year, time] = d.toUTCString().split(' ');
        const weekday = weekdays[d.getUTCDay()] ?? '';
        const second = Math.floor(ms / 1000) * 1000;
        const rfc850 = `${weekday}, ${day}-${month}-${year?.slice(2)} ${time} GMT`;
        expect(parseRobotsDate(rfc850)).toEqual(at('rfc850', second));
        const asctime = `${weekday.slice(0, 3)} ${month} ${String(d.getUTCDate()).padStart(2)} ${time} ${year}`;
        expect(parseRobotsDate(asctime)).toEqual(at('asctime', second, true));
      }),
    );
  });
});
