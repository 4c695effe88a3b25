// Problems in a robots.txt, in words: one row per DiagnosticCode, each produced by parsing a real
// line, with the English sentence and its parameters filled in.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import {
  diagnosticText,
  lookupIn,
  type Messages,
  severityText,
  supportText,
  translator,
} from '../../src/explain/index.ts';
import { type DiagnosticCode, parseRobotsTxt, type Severity } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');

/** [code, where the finding comes from, robots.txt, line, severity, the sentence] */
const CASES: [DiagnosticCode, string, string, number, Severity, string][] = [
  [
    'bom',
    'robots_test.cc ID_UTF8ByteOrderMarkIsSkipped',
    '\uFEFFUser-agent: *\nDisallow: /x\n',
    1,
    'info',
    'The file starts with a byte order mark. Google skips it; some parsers read it as part of the first line.',
  ],
  [
    'nul-character',
    'robots.cc reads C strings: a NUL ends the line',
    'User-agent: *\nDisallow: /a\0/b\n',
    2,
    'error',
    'A NUL character at column 13: Google stops reading the line there.',
  ],
  [
    'control-character',
    'RFC 9309 §2.2 UTF8-char-noctl',
    'User-agent: *\nDisallow: /a\u0001\n',
    2,
    'warning',
    'Control characters in this line: RFC 9309 does not allow them.',
  ],
  [
    'content-past-limit',
    'RFC 9309 §2.5: at most 500 KiB is read',
    `User-agent: *\n${'#'.repeat(600_000)}\n`,
    2,
    'warning',
    'The file is larger than 500 KiB: everything after that is ignored (RFC 9309 §2.5).',
  ],
  [
    'line-too-long',
    'robots.cc kMaxLineLen',
    `User-agent: *\nDisallow: /${'a'.repeat(17_000)}\n`,
    2,
    'warning',
    'This line has 17,011 bytes: Google reads only the first 16,663.',
  ],
  [
    'unparseable-line',
    'robots.cc: a line without a key is skipped',
    'User-agent: *\nabsolutely random line\n',
    2,
    'warning',
    'Not a “key: value” line: every crawler ignores it.',
  ],
  [
    'misspelled-key',
    'robots.cc kAllowFrequentTypos',
    'User-agent: *\ndisalow: /x\n',
    2,
    'warning',
    '“disalow” is not a standard key: Google reads it as disallow, other crawlers may ignore the line.',
  ],
  [
    'missing-colon',
    'robots_test.cc ID_LineSyntax_Line',
    'User-agent: *\nDisallow /x\n',
    2,
    'warning',
    '“Disallow” has no colon: Google reads it as disallow, other crawlers ignore the line.',
  ],
  [
    'rule-outside-group',
    'RFC 9309 §2.2.2: rules belong to a group',
    'Disallow: /x\nUser-agent: *\n',
    1,
    'warning',
    'This rule comes before any User-agent line: no robot obeys it.',
  ],
  [
    'rule-value-not-a-path',
    'RFC 9309 §2.2: a path-pattern starts with /',
    'User-agent: *\nDisallow: private\n',
    2,
    'warning',
    '“private” does not start with / or *: it never matches any URL.',
  ],
  [
    'empty-user-agent',
    'RFC 9309 §2.2.1: a product token is required',
    'User-agent:\nDisallow: /x\n',
    1,
    'warning',
    'An empty User-agent line addresses no robot.',
  ],
  [
    'user-agent-value-cut',
    'RFC 9309 §2.2.1: the product token is letters, - and _',
    'User-agent: Googlebot/2.1\nDisallow: /x\n',
    1,
    'warning',
    '“Googlebot/2.1” is read as the robot name “Googlebot”: only letters, - and _ count.',
  ],
  [
    'blank-line-in-record',
    '1994 "The Format": records end at blank lines',
    'User-agent: *\n\nDisallow: /x\n',
    2,
    'warning',
    'A blank line inside the group of line 1: parsers of the 1994 standard end the group here.',
  ],
  [
    'multiple-star-records',
    '1994 "The Format": one * record',
    'User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n',
    4,
    'warning',
    'A second * group (the first is at line 1): the 1994 standard allows one; Google and RFC 9309 combine them.',
  ],
  ['empty-sitemap', 'sitemaps.org: a URL', 'Sitemap:\n', 1, 'warning', 'An empty Sitemap line.'],
  [
    'sitemap-not-absolute',
    'sitemaps.org: an absolute URL',
    'Sitemap: /sitemap.xml\n',
    1,
    'warning',
    '“/sitemap.xml” is not a full URL: sitemaps must be given as absolute URLs.',
  ],
  [
    'noindex',
    'Google dropped noindex on 2019-09-01',
    'User-agent: *\nNoindex: /x\n',
    2,
    'warning',
    'Noindex in robots.txt has not worked at Google since 1 September 2019.',
  ],
  [
    'crawl-delay',
    'Bing honours crawl-delay; Google and Yandex ignore it',
    'User-agent: *\nCrawl-delay: 10\n',
    2,
    'info',
    'Crawl-delay 10: Bing honours it; Google and Yandex ignore it.',
  ],
  [
    'host',
    'Yandex dropped host in 2018',
    'Host: example.com\n',
    1,
    'info',
    'Host was a Yandex directive; Yandex dropped it in 2018 and no crawler reads it now.',
  ],
  [
    'clean-param',
    'Yandex clean-param',
    'Clean-param: ref /x\n',
    1,
    'info',
    'Clean-param is read by Yandex only.',
  ],
  [
    'content-signal',
    "Cloudflare's Content Signals Policy (2025)",
    'Content-Signal: search=yes, ai-train=no\n',
    1,
    'info',
    "Content-Signal states your preferences for AI use (Cloudflare's Content Signals Policy); no crawler is documented to enforce it.",
  ],
  [
    'content-usage',
    'draft-ietf-aipref-attach-05 §3 (rule =/ content-usage); google/robotstxt robots.cc ignores unknown keys',
    'User-agent: *\nContent-Usage: train-ai=n\n',
    2,
    'info',
    "Content-Usage states your preferences for AI use (IETF aipref, draft-ietf-aipref-attach-05). Read as that draft updates RFC 9309, it is a rule of its group, so a User-agent line after it starts a new group; Google's parser ignores the line and joins such a User-agent line to this group. No crawler is documented to enforce it.",
  ],
  [
    'non-standard-directive',
    'request-rate: never standardised',
    'Request-rate: 1/5\n',
    1,
    'info',
    '“request-rate” is not part of robots.txt: major crawlers ignore it.',
  ],
  [
    'unknown-key',
    'RFC 9309 §2.2.4: other records are ignored',
    'Foo: bar\n',
    1,
    'warning',
    'Unknown key “Foo”: crawlers ignore this line.',
  ],
];

/** Every code of the DiagnosticCode union, once: a new code fails the type check here. */
const ALL_CODES = {
  bom: true,
  'nul-character': true,
  'control-character': true,
  'content-past-limit': true,
  'line-too-long': true,
  'unparseable-line': true,
  'misspelled-key': true,
  'missing-colon': true,
  'rule-outside-group': true,
  'rule-value-not-a-path': true,
  'empty-user-agent': true,
  'user-agent-value-cut': true,
  'blank-line-in-record': true,
  'multiple-star-records': true,
  'empty-sitemap': true,
  'sitemap-not-absolute': true,
  noindex: true,
  'crawl-delay': true,
  host: true,
  'clean-param': true,
  'content-signal': true,
  'content-usage': true,
  'non-standard-directive': true,
  'unknown-key': true,
} satisfies Record<DiagnosticCode, true>;

/** The first diagnostic of `code` that parsing `text` produces. */
function diagnosticOf(text: string, code: DiagnosticCode) {
  const found = parseRobotsTxt(text).diagnostics.find((d) => d.code === code);
  if (found === undefined) throw new Error(`${JSON.stringify(text.slice(0, 60))} gives no ${code}`);
  return found;
}

describe('diagnosticText', () => {
  test.each(CASES)('%s (%s)', (code, _source, text, line, severity, sentence) => {
    const d = diagnosticOf(text, code);
    expect([d.line, d.severity]).toEqual([line, severity]);
    expect(diagnosticText(d, t)).toBe(sentence);
  });

  test('the table has one row for every code of the DiagnosticCode union', () => {
    const codes = CASES.map(([code]) => code);
    expect(codes).toHaveLength(new Set(codes).size);
    expect([...codes].sort()).toEqual(Object.keys(ALL_CODES).sort());
  });

  test.each([
    ['es', es],
    ['ru', ru],
    ['th', th],
  ])('every code in %s: a sentence of its own, every placeholder filled', (lang, messages) => {
    const tr = translator(lookupIn(messages as Messages), lang);
    for (const [code, , text] of CASES) {
      const sentence = diagnosticText(diagnosticOf(text, code), tr);
      expect(sentence, code).not.toMatch(/[{}$]|^diag[A-Z]/);
      expect(sentence, code).not.toBe(diagnosticText(diagnosticOf(text, code), t));
    }
  });
});

describe('severityText', () => {
  test.each([
    ['error', 'Error'],
    ['warning', 'Warning'],
    ['info', 'Note'],
  ] as const)('%s → %s', (severity, name) => {
    expect(severityText(severity, t)).toBe(name);
  });
});

describe('supportText', () => {
  test.each([
    [
      'crawl-delay',
      'honoured by Microsoft Bing, DuckDuckGo, and Yahoo; ignored by Google and Yandex',
    ],
    ['clean-param', 'honoured by Yandex; ignored by Google'],
    ['content-signal', 'no crawler is documented to honour it'],
    ['content-usage', 'no crawler is documented to honour it'],
    ['noindex', 'no crawler is documented to honour it'],
    ['foo', 'no crawler is documented to honour it'],
    // Not a key of the table, though every object has it.
    ['constructor', 'no crawler is documented to honour it'],
  ])('%s', (key, text) => {
    expect(supportText(key, t)).toBe(text);
  });

  test('in Spanish, with its own list words', () => {
    const tes = translator(lookupIn(es), 'es');
    const text = supportText('crawl-delay', tes);
    expect(text).toContain('Microsoft Bing, DuckDuckGo y Yahoo');
    expect(text).toContain('Google y Yandex');
  });

  test('in Russian, Yandex is written as the catalogue writes it elsewhere (issue 12, item 16)', () => {
    const tru = translator(lookupIn(ru), 'ru');
    expect(supportText('clean-param', tru)).toContain('Яндекс');
    expect(supportText('clean-param', tru)).not.toContain('Yandex');
  });
});

test.each([
  // CLDR: ru 2,002 is "few" (байта), 5,000 "many" (байт); es 1,000,000 "many" (de bytes).
  ['ru', 2002, 'В строке 2\u00a0002 байта: Google читает только первые 2\u00a0000.'],
  ['ru', 5000, 'В строке 5\u00a0000 байт: Google читает только первые 2\u00a0000.'],
  ['es', 1_000_000, 'Esta línea tiene 1.000.000 de bytes: Google solo lee los primeros 2000.'],
  ['en', 2001, 'This line has 2,001 bytes: Google reads only the first 2,000.'],
] as const)('a line too long: its bytes in the plural form of %s (%i)', (lang, bytes, text) => {
  const t = translator(lookupIn({ en, es, ru, th }[lang] as Messages), lang);
  const d = {
    code: 'line-too-long',
    severity: 'warning',
    line: 1,
    params: { bytes, limit: 2000 },
  } as unknown as Parameters<typeof diagnosticText>[0];
  expect(diagnosticText(d, t)).toBe(text);
});
