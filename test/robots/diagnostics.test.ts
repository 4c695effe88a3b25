import { describe, expect, test } from 'vitest';
import {
  type DiagnosticCode,
  type DiagnosticParams,
  parseRobotsTxt,
} from '../../src/robots/index.ts';

/** [source, robots.txt, code, line, params to match] */
const CASES: [string, string, DiagnosticCode, number, Record<string, unknown>?][] = [
  [
    'robots.cc kAllowFrequentTypos',
    'user-agent: a\ndisalow: /x\n',
    'misspelled-key',
    2,
    { key: 'disalow', canonical: 'disallow', kind: 'typo' },
  ],
  [
    'robots.cc KeyIsUserAgent',
    'useragent: a\n',
    'misspelled-key',
    1,
    { canonical: 'user-agent', kind: 'typo' },
  ],
  [
    'robots.cc StartsWithIgnoreCase',
    'user-agent: a\nDisallowed: /x\n',
    'misspelled-key',
    2,
    { kind: 'prefix' },
  ],
  [
    'robots_test.cc ID_LineSyntax_Line',
    'user-agent a\ndisallow /\n',
    'missing-colon',
    1,
    { canonical: 'user-agent' },
  ],
  [
    'RFC 9309 §2.2.2 rules outside groups',
    'disallow: /\nuser-agent: a\n',
    'rule-outside-group',
    1,
    { type: 'disallow' },
  ],
  [
    'RFC 9309 §2.2 path-pattern starts with /',
    'user-agent: a\ndisallow: private\n',
    'rule-value-not-a-path',
    2,
    { value: 'private' },
  ],
  [
    'RFC 9309 §2.2 path-pattern',
    'user-agent: a\ndisallow: https://a.b/x\n',
    'rule-value-not-a-path',
    2,
  ],
  [
    '1994 "The Format": records end at blank lines',
    'user-agent: a\n\ndisallow: /x\n',
    'blank-line-in-record',
    2,
    { groupLine: 1 },
  ],
  [
    '1994 "The Format": one * record',
    'user-agent: *\ndisallow: /a\n\nuser-agent: *\ndisallow: /b\n',
    'multiple-star-records',
    4,
    { firstLine: 1 },
  ],
  ['Google: noindex unsupported since 2019-09-01', 'user-agent: *\nnoindex: /x\n', 'noindex', 2],
  [
    'Google and Yandex ignore crawl-delay',
    'user-agent: *\nCrawl-delay: 10\n',
    'crawl-delay',
    2,
    { key: 'crawl-delay', value: '10' },
  ],
  ['Yandex host', 'host: example.com\n', 'host', 1],
  ['Yandex clean-param', 'clean-param: ref /x\n', 'clean-param', 1],
  ['Cloudflare content signals', 'content-signal: search=yes, ai-train=no\n', 'content-signal', 1],
  [
    'draft-ietf-aipref-attach-05 §3: a Content-Usage rule, not an unknown key',
    'user-agent: *\ncontent-usage: /a train-ai=n\n',
    'content-usage',
    2,
    { key: 'content-usage', value: '/a train-ai=n' },
  ],
  ['non-standard', 'request-rate: 1/5\n', 'non-standard-directive', 1, { key: 'request-rate' }],
  ['RFC 9309 §2.2.4 other records', 'foo: bar\n', 'unknown-key', 1, { key: 'foo' }],
  [
    'RFC 9309 §2.5 limit',
    `user-agent: *\n${'#'.repeat(600_000)}\n`,
    'content-past-limit',
    2,
    { limit: 512_000 },
  ],
  [
    'robots.cc kMaxLineLen',
    `user-agent: *\ndisallow: /${'a'.repeat(17_000)}\n`,
    'line-too-long',
    2,
    { limit: 16_663 },
  ],
  ['robots_test.cc ID_UTF8ByteOrderMarkIsSkipped', '\uFEFFuser-agent: *\n', 'bom', 1],
  [
    'C strings end at NUL (robots.cc)',
    'user-agent: *\ndisallow: /a\0/b\n',
    'nul-character',
    2,
    { column: 13 },
  ],
  ['RFC 9309 §2.2 UTF8-char-noctl', 'user-agent: *\ndisallow: /a\u0001\n', 'control-character', 2],
  [
    'RFC 9309 §2.2.1 product token',
    'user-agent: Googlebot/2.1\n',
    'user-agent-value-cut',
    1,
    { token: 'Googlebot' },
  ],
  ['RFC 9309 §2.2.1 product token', 'user-agent:\n', 'empty-user-agent', 1],
  ['sitemaps.org: absolute URL', 'sitemap: /sitemap.xml\n', 'sitemap-not-absolute', 1],
  ['robots_test.cc reporting: unparseable line', 'absolutely random line\n', 'unparseable-line', 1],
];

/** The params each code carries: names the UI and stored reports read, checked against the type. */
const PARAM_NAMES: { [C in DiagnosticCode]: (keyof DiagnosticParams[C])[] } = {
  bom: [],
  'nul-character': ['column'],
  'control-character': [],
  'content-past-limit': ['limit', 'ignoredChars'],
  'line-too-long': ['bytes', 'limit'],
  'unparseable-line': ['text'],
  'misspelled-key': ['key', 'canonical', 'kind'],
  'missing-colon': ['key', 'canonical'],
  'rule-outside-group': ['type'],
  'rule-value-not-a-path': ['type', 'value'],
  'empty-user-agent': [],
  'user-agent-value-cut': ['value', 'token'],
  'blank-line-in-record': ['groupLine'],
  'multiple-star-records': ['firstLine'],
  'empty-sitemap': [],
  'sitemap-not-absolute': ['value'],
  noindex: ['key', 'value'],
  'crawl-delay': ['key', 'value'],
  host: ['key', 'value'],
  'clean-param': ['key', 'value'],
  'content-signal': ['key', 'value'],
  'content-usage': ['key', 'value'],
  'non-standard-directive': ['key', 'value'],
  'unknown-key': ['key'],
};

describe('diagnostics', () => {
  test.each(CASES)('%s: %j → %s', (_, text, code, line, params) => {
    const found = parseRobotsTxt(text).diagnostics.filter((d) => d.code === code);
    expect(found.map((d) => d.line)).toContain(line);
    if (params) expect(found.find((d) => d.line === line)?.params).toMatchObject(params);
  });

  test('each code carries exactly its params', () => {
    const seen = new Set<DiagnosticCode>();
    for (const text of [...CASES.map((c) => c[1]), 'sitemap:\n']) {
      for (const d of parseRobotsTxt(text).diagnostics) {
        seen.add(d.code);
        expect(Object.keys(d.params).sort(), d.code).toEqual([...PARAM_NAMES[d.code]].sort());
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(PARAM_NAMES).sort());
  });

  test('a clean file has none', () => {
    const text =
      'User-agent: *\nDisallow: /tmp/\nAllow: /tmp/public\n\nSitemap: https://a.b/s.xml\n';
    expect(parseRobotsTxt(text).diagnostics).toEqual([]);
  });

  test('every diagnostic has a severity and sorted lines', () => {
    const d = parseRobotsTxt('disallow: /\nuseragent a\nnoindex: /\n\n\nfoo\n').diagnostics;
    expect(d.map((x) => x.line)).toEqual([...d.map((x) => x.line)].sort((a, b) => a - b));
    for (const x of d) expect(['error', 'warning', 'info']).toContain(x.severity);
  });

  test('misspelled rules are kept and flagged, for Google only, with the line as written', () => {
    const r = parseRobotsTxt('user-agent: a\n  Disalow :  /x  # old\ndisallow /z\ndisallow: /y\n');
    expect(r.groups[0]?.rules).toEqual([
      { type: 'disallow', value: '/x', line: 2, misspelled: true, written: 'Disalow :  /x' },
      { type: 'disallow', value: '/z', line: 3, misspelled: true, written: 'disallow /z' },
      { type: 'disallow', value: '/y', line: 4 },
    ]);
    expect(r.strictGroups[0]?.rules).toEqual([{ type: 'disallow', value: '/y', line: 4 }]);
  });

  test('other directives are kept with their group', () => {
    const r = parseRobotsTxt('user-agent: bingbot\ncrawl-delay: 5\n\nhost: a.b\n');
    expect(r.others).toEqual([
      { key: 'crawl-delay', value: '5', line: 2, groupLine: 1 },
      { key: 'host', value: 'a.b', line: 4, groupLine: 1 },
    ]);
  });
});
