// The command line's output formats carry no raw control character from any field, and csv no
// formula (issue 28, item 7): one rule for every format and every field.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import type { CheckRecord } from '../../cli/judge.ts';
import { sourceOf } from '../../cli/sources.ts';
import {
  type CheckItem,
  checkWriter,
  csvField,
  type DiffRecord,
  diffWriter,
  FORMATS,
  type Format,
  safeJson,
} from '../../cli/writers.ts';
import { lookupIn, type Messages, translator } from '../../src/explain/index.ts';
import { outcomeOf } from '../../src/policy.ts';
import { numRuns } from '../property-runs.ts';
import { RAW_CONTROL, withoutEnds } from './raw-controls.ts';

const t = translator(lookupIn(en as Messages), 'en');

const HOSTILE = [
  'https://a.test/\u001b]0;pwned\u0007x', // OSC: sets a terminal's title
  'https://a.test/\u009b31mred', // C1 CSI
  'https://a.test/\u2028next',
  'https://a.test/\u202egnp.exe',
  '=HYPERLINK("https://evil.test","x")',
  '+1+cmd|" /C calc"!A0',
  '-2+3',
  '@SUM(A1)',
  '\tx',
  '\rx',
];

const ok = sourceOf(
  outcomeOf({
    kind: 'response',
    status: 200,
    url: 'https://a.test/robots.txt',
    redirects: [],
    contentType: 'text/plain',
    cacheControl: null,
    text: 'User-agent: *\nDisallow: /\u009bx\n',
    bytes: 26,
    truncated: false,
  }),
  'https://a.test/robots.txt',
);

const record = (url: string): CheckRecord => ({
  url,
  agent: 'X\u009b',
  allowed: false,
  line: 2,
  semantics: 'rfc9309',
  rule: 'Disallow: /\u009bx',
  robots: 'ok',
});

const items = (url: string): CheckItem[] => [
  { url, records: [record(url)], source: ok },
  { url, error: { url, error: 'not an absolute http(s) URL' } },
];

const diff = (url: string): DiffRecord => ({
  url,
  agent: 'X\u009b',
  before: true,
  after: false,
  lineBefore: null,
  lineAfter: 2,
});

function outputs(url: string): { format: Format; out: string }[] {
  return FORMATS.flatMap((format) => {
    const check = checkWriter(format, t, null);
    const diffs = diffWriter(format, t);
    return [
      {
        format,
        out: items(url)
          .map((i) => check.item(i))
          .join(''),
      },
      { format, out: diffs.record(diff(url)) },
    ];
  });
}

describe('every format, every field: no raw control character', () => {
  test.each(HOSTILE)('%j', (url) => {
    for (const { format, out } of outputs(url)) {
      expect(withoutEnds(out), format).not.toMatch(RAW_CONTROL);
    }
  });

  test("jsonl reads back as the same strings (the escapes are JSON's)", () => {
    for (const url of HOSTILE) {
      const [checkOut, errorOut] = items(url).map((i) => checkWriter('jsonl', t, null).item(i));
      expect(JSON.parse(checkOut ?? '')).toMatchObject({
        url,
        agent: 'X\u009b',
        rule: 'Disallow: /\u009bx',
      });
      expect(JSON.parse(errorOut ?? '')).toEqual({ url, error: 'not an absolute http(s) URL' });
      expect(JSON.parse(diffWriter('jsonl', t).record(diff(url)))).toMatchObject({ url });
    }
  });

  test('safeJson: C1, U+2028/2029 and bidi overrides as \\uXXXX', () => {
    expect(safeJson(JSON.stringify('a\u009bb\u2028c\u202ed'))).toBe('"a\\u009bb\\u2028c\\u202ed"');
  });
});

describe('csv: a field a spreadsheet would run as a formula starts with a quote (OWASP, CSV Injection)', () => {
  const cases: [string, string][] = [
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=A1,B1', `"'=A1,B1"`],
    ['\tx', '\\u0009x'],
    ['\rx', '\\u000dx'],
    ['/a-b', '/a-b'],
    ['https://a.test/=x', 'https://a.test/=x'],
    ['a,"b"', '"a,""b"""'],
  ];
  test.each(cases)('%j → %s', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});

describe('property: any text in any field, any format', () => {
  test('no raw control character; jsonl reads back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (url) => {
        for (const { format, out } of outputs(url)) {
          expect(withoutEnds(out), format).not.toMatch(RAW_CONTROL);
        }
        const line = checkWriter('jsonl', t, null).item({ url, error: { url, error: 'x' } });
        expect(JSON.parse(line)).toEqual({ url, error: 'x' });
      }),
      { numRuns: numRuns(100) },
    );
  }, 120_000);
});

describe('csv: a check row is each column through csvField, in the header order', () => {
  // The row is written field by field without a generic record (issue 32, item 3: no spread or
  // closure per record); this holds it to the generic form, column by column (RFC 4180 §2).
  const columns = (checkWriter('csv', t, null).header().trimEnd() ?? '').split(',');
  const answer = fc.constantFrom('yes' as const, 'no' as const, 'unset' as const);
  const anyRecord = fc.record({
    url: fc.string({ unit: 'binary', maxLength: 40 }),
    agent: fc.string({ unit: 'binary', maxLength: 12 }),
    allowed: fc.boolean(),
    line: fc.option(fc.nat(100_000)),
    semantics: fc.constantFrom('google' as const, 'rfc9309' as const, 'original1994' as const),
    rule: fc.option(fc.string({ unit: 'binary', maxLength: 40 })),
    robots: fc.constantFrom('ok' as const, 'unavailable' as const, 'unreachable' as const),
    ai: fc.option(fc.tuple(answer, answer, answer)),
  });
  test('property: any record, with and without AI answers', () => {
    fc.assert(
      fc.property(fc.array(anyRecord, { minLength: 1, maxLength: 3 }), (drawn) => {
        const url = drawn[0]?.url ?? '';
        const records: CheckRecord[] = drawn.map(({ ai, ...r }) => ({
          ...r,
          url,
          ...(ai === null ? {} : { aiTrain: ai[0], aiAnswers: ai[1], aiSearch: ai[2] }),
        }));
        const generic = records
          .map(
            (r) =>
              `${columns.map((c) => csvField((r as unknown as Record<string, unknown>)[c])).join(',')}\r\n`,
          )
          .join('');
        expect(checkWriter('csv', t, null).item({ url, records, source: ok })).toBe(generic);
      }),
      { numRuns: numRuns(300) },
    );
  });
});
