// The verdict table as text and as CSV (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180): what the
// popup's export menu copies, including text a hostile robots.txt or robot list could carry.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import {
  type ExportRow,
  lookupIn,
  type Messages,
  translator,
  verdictTableCsv,
  verdictTableText,
} from '../../src/explain/index.ts';
import type { Rule } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const PAGE = 'https://shop.test/cart?id=1';

/** A row as the popup shows it; the page pills where the page was read. */
function row(
  robot: string,
  verdict: ExportRow['verdict'],
  rule: Pick<Rule, 'type' | 'value' | 'line'> | null,
  why: string,
  extra: Partial<ExportRow> = {},
): ExportRow {
  return {
    robot,
    verdict,
    rule: rule === null ? null : { ...rule },
    why,
    others: [],
    note: null,
    nameCut: null,
    groupLines: [],
    verdictRfc9309: verdict,
    verdict1994: verdict,
    ...extra,
  };
}

const page = (
  index: 'index' | 'noindex' | 'unknown',
  follow: 'follow' | 'nofollow' | 'unknown',
) => ({
  index,
  follow,
  pills: 'read' as const,
  muted: null,
  lines: [],
  conflicts: [],
  undocumented: false,
});

const ROWS: ExportRow[] = [
  row(
    'Googlebot',
    'allowed',
    { type: 'allow', value: '/cart', line: 6 },
    'its group (line 5); longest match',
    {
      page: page('index', 'follow'),
    },
  ),
  row(
    'GPTBot',
    'disallowed',
    { type: 'disallow', value: '/', line: 12 },
    'its group (line 11); longest match',
    {
      page: page('noindex', 'nofollow'),
      verdict1994: 'allowed',
    },
  ),
  row('CCBot', 'allowed', null, 'no group names it; no rule matches', {
    page: page('unknown', 'unknown'),
  }),
];

/**
 * An RFC 4180 reader, written here so the test does not trust the writer: fields separated by
 * commas, records by CRLF; a quoted field may hold commas, CRLF, LF and "" for a quote.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      i++;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      fields.push(field);
      records.push(fields);
      fields = [];
      field = '';
      i += 2;
    } else if (c === '\r' || c === '\n') {
      throw new Error(`a bare line break outside quotes at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || fields.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/**
 * What RFC 4180 text may not hold, besides the CRLF between records: control characters other
 * than the quoted line feed (and the tab, kept for readers that expect it), bidi overrides.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

const HEADER = [
  'url',
  'robot',
  'verdict',
  'rule',
  'line',
  'verdict_rfc9309',
  'verdict_1994',
  'page_index',
  'page_follow',
  'why',
];

describe('verdictTableCsv', () => {
  test('a header row, one record per robot, CRLF after each', () => {
    const csv = verdictTableCsv(ROWS, PAGE);
    expect(csv.split('\r\n')).toEqual([
      HEADER.join(','),
      'https://shop.test/cart?id=1,Googlebot,allowed,Allow: /cart,6,allowed,allowed,index,follow,its group (line 5); longest match',
      'https://shop.test/cart?id=1,GPTBot,disallowed,Disallow: /,12,disallowed,allowed,noindex,nofollow,its group (line 11); longest match',
      'https://shop.test/cart?id=1,CCBot,allowed,,,allowed,allowed,unknown,unknown,no group names it; no rule matches',
      '',
    ]);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('rows without page signals (the tester) leave page_index and page_follow empty', () => {
    const [, record] = parseCsv(
      verdictTableCsv([row('Bingbot', 'unknown', null, 'no access')], PAGE),
    );
    expect(record).toEqual([
      PAGE,
      'Bingbot',
      'unknown',
      '',
      '',
      'unknown',
      'unknown',
      '',
      '',
      'no access',
    ]);
  });

  test('no rows: the header alone', () => {
    expect(verdictTableCsv([], PAGE)).toBe(`${HEADER.join(',')}\r\n`);
  });

  // [case, rule value, robot, why, what the reader gets back in the rule, robot and why fields]
  const HOSTILE: [string, string, string, string, [string, string, string]][] = [
    ['a comma', '/a,b', 'Bot', 'x', ['Disallow: /a,b', 'Bot', 'x']],
    ['quotes', '/"quoted"', 'Bot "q"', 'say "hi"', ['Disallow: /"quoted"', 'Bot "q"', 'say "hi"']],
    ['a quote alone', '/"', 'Bot', '"', ['Disallow: /"', 'Bot', '"']],
    ['a line feed', '/a\nb', 'Bot', 'one\ntwo', ['Disallow: /a\nb', 'Bot', 'one\ntwo']],
    [
      'CRLF: the CR escaped, the LF kept',
      '/a\r\nb',
      'Bot',
      'x',
      ['Disallow: /a\\u000d\nb', 'Bot', 'x'],
    ],
    ['a bare CR: escaped', '/a\rb', 'Bot', 'x', ['Disallow: /a\\u000db', 'Bot', 'x']],
    [
      'NUL and bell: escaped',
      '/a\u0000b\u0007',
      'Bot',
      'x',
      ['Disallow: /a\\u0000b\\u0007', 'Bot', 'x'],
    ],
    [
      'a bidi override, which would reorder what a spreadsheet shows: escaped',
      '/\u202eexe.txt',
      'Bot',
      'x',
      ['Disallow: /\\u202eexe.txt', 'Bot', 'x'],
    ],
    ['a tab: kept, quoted', '/a\tb', 'Bot', 'x', ['Disallow: /a\tb', 'Bot', 'x']],
    [
      'a formula in a robot name or a why: read as text (OWASP CSV injection)',
      '/x',
      '=HYPERLINK("http://evil.test","Bot")',
      '+1+1',
      ['Disallow: /x', '\'=HYPERLINK("http://evil.test","Bot")', "'+1+1"],
    ],
    ['@ and - at the start', '/x', '@Bot', '-x', ['Disallow: /x', "'@Bot", "'-x"]],
    ['all at once', '/"a",\n=b', '"', ',', ['Disallow: /"a",\n=b', '"', ',']],
    [
      'non-Latin text kept',
      '/корзина/ตะกร้า',
      'Яндекс',
      'ทำไม',
      ['Disallow: /корзина/ตะกร้า', 'Яндекс', 'ทำไม'],
    ],
  ];

  test.each(HOSTILE)(
    '%s: one record, read back as written or escaped',
    (_, value, robot, why, back) => {
      const csv = verdictTableCsv(
        [row(robot, 'disallowed', { type: 'disallow', value, line: 3 }, why)],
        PAGE,
      );
      const records = parseCsv(csv);
      expect(records).toHaveLength(2);
      expect(records[0]).toEqual(HEADER);
      const record = records[1] ?? [];
      expect(record).toHaveLength(HEADER.length);
      expect([record[3], record[1], record[9]]).toEqual(back);
      expect(record[4]).toBe('3');
      expect(csv.replace(/\r\n/g, '')).not.toMatch(CONTROLS);
    },
  );
});

describe('verdictTableText', () => {
  test('the page on top, then aligned columns: robot, verdict, rule, line, why', () => {
    expect(verdictTableText(ROWS, PAGE, t).split('\n')).toEqual([
      'Verdicts for https://shop.test/cart?id=1',
      '',
      'Robot      Verdict     Rule          Line  Why',
      '---------  ----------  ------------  ----  ----------------------------------',
      'Googlebot  Allowed     Allow: /cart  6     its group (line 5); longest match',
      'GPTBot     Disallowed  Disallow: /   12    its group (line 11); longest match',
      'CCBot      Allowed                         no group names it; no rule matches',
    ]);
  });

  test('in the translator’s language', () => {
    const ts = translator(lookupIn(es as Messages), 'es');
    const lines = verdictTableText(ROWS.slice(0, 1), PAGE, ts).split('\n');
    expect(lines[0]).toBe('Veredictos para https://shop.test/cart?id=1');
    expect(lines[2]).toMatch(/^Robot\s+Veredicto\s+Regla\s+Línea\s+Por qué$/);
  });

  // [case, rule value, robot, why, the line of that row]
  const HOSTILE: [string, string, string, string, string][] = [
    [
      'a line feed in a rule stays on one line',
      '/a\nb',
      'Bot',
      'x',
      'Bot    Disallowed  Disallow: /a\\u000ab  3     x',
    ],
    [
      'CR, NUL, a bidi override',
      '/\r\u0000\u202e',
      'B\u0007',
      'y\nz',
      'B\\u0007  Disallowed  Disallow: /\\u000d\\u0000\\u202e  3     y\\u000az',
    ],
    [
      'quotes and commas as they are',
      '/"a",b',
      'Bot',
      'say "hi", twice',
      'Bot    Disallowed  Disallow: /"a",b  3     say "hi", twice',
    ],
  ];

  test.each(HOSTILE)('%s', (_, value, robot, why, line) => {
    const lines = verdictTableText(
      [row(robot, 'disallowed', { type: 'disallow', value, line: 3 }, why)],
      PAGE,
      t,
    ).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(line);
  });

  test('columns line up with wide characters counted once (astral symbols, Cyrillic)', () => {
    const text = verdictTableText(
      [
        row('Яндекс', 'allowed', null, 'a'),
        row('𝒢bot', 'allowed', null, 'b'),
        row('LongerBotName', 'allowed', null, 'c'),
      ],
      PAGE,
      t,
    );
    const starts = text
      .split('\n')
      .slice(4)
      .map((line) => [...line].indexOf('A'));
    expect(new Set(starts).size).toBe(1);
  });
});
