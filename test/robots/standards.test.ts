import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt, type Semantics } from '../../src/robots/index.ts';

interface Case {
  /** Where the rule comes from: an RFC 9309 section, or the 1994 text's section or example. */
  source: string;
  robotstxt: string;
  agent: string;
  url: string;
  /** Expected verdicts; a semantics left out is not asserted by this case. */
  allowed: Partial<Record<Semantics, boolean>>;
  /** Line of the deciding rule, when one decides (same under every asserted semantics). */
  line?: number | null;
}

const all = (allowed: boolean) => ({ google: allowed, rfc9309: allowed, original1994: allowed });

const MERGE =
  'user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n';
const STAR =
  'user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n';
const ENC = (rule: string) => `user-agent: *\ndisallow: /\nallow: ${rule}\n`;

const EXAMPLE_1 =
  '# robots.txt for http://www.example.com/\n\nUser-agent: *\n' +
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n' +
  'Disallow: /tmp/ # these will soon disappear\nDisallow: /foo.html\n';
const EXAMPLE_2 =
  '# robots.txt for http://www.example.com/\n\nUser-agent: *\n' +
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space\n\n' +
  '# Cybermapper knows where to go.\nUser-agent: cybermapper\nDisallow:\n';
const EXAMPLE_3 = '# go away\nUser-agent: *\nDisallow: /\n';
/** CPython's Lib/test/test_robotparser.py, the file of RobotTest 4 and 5. */
const CPYTHON_5 =
  'User-agent: figtree\nDisallow: /tmp\nDisallow: /a%3cd.html\nDisallow: /a%2fb.html\n' +
  'Disallow: /%7ejoe/index.html\n';

const CASES: Case[] = [
  // RFC 9309 §2.2.1: groups naming the same token are combined.
  {
    source: 'RFC 9309 §2.2.1 merge example',
    robotstxt: MERGE,
    agent: 'ExampleBot',
    url: '/baz',
    allowed: { google: false, rfc9309: false },
    line: 6,
  },
  {
    source: '1994: only the first matching record counts',
    robotstxt: MERGE,
    agent: 'ExampleBot',
    url: '/baz',
    allowed: { original1994: true },
    line: null,
  },
  {
    source: 'RFC 9309 §2.2.1 merge example',
    robotstxt: MERGE,
    agent: 'examplebot',
    url: '/foo',
    allowed: { google: false, rfc9309: false },
    line: 2,
  },
  // §2.2.1: no matching group: the `*` group.
  {
    source: 'RFC 9309 §2.2.1 "*" example',
    robotstxt: STAR,
    agent: 'ExampleBot',
    url: '/foo',
    allowed: all(false),
    line: 2,
  },
  {
    source: 'RFC 9309 §2.2.1 "*" example',
    robotstxt: STAR,
    agent: 'ExampleBot',
    url: '/baz',
    allowed: all(true),
    line: null,
  },
  {
    source: 'RFC 9309 §2.2.1 no groups',
    robotstxt: 'sitemap: https://a.b/s.xml\n',
    agent: 'ExampleBot',
    url: '/',
    allowed: all(true),
    line: null,
  },
  {
    source: 'RFC 9309 §2.2.1 User-Agent header example',
    robotstxt: 'user-agent: ExampleBot\ndisallow: /\n',
    agent: 'Mozilla/5.0 (compatible; ExampleBot/0.1; https://www.example.com/bot.html)',
    url: 'https://www.example.com/x',
    allowed: all(false),
    line: 2,
  },
  // §2.2.2: most octets wins; equivalent allow and disallow: allow.
  {
    source: 'RFC 9309 §2.2.2 most specific',
    robotstxt: 'user-agent: *\ndisallow: /a\nallow: /a/b\n',
    agent: 'x',
    url: '/a/b/c',
    allowed: { google: true, rfc9309: true },
    line: 3,
  },
  {
    source: 'RFC 9309 §2.2.2 equivalent rules',
    robotstxt: 'user-agent: *\ndisallow: /a\nallow: /a\n',
    agent: 'x',
    url: '/a',
    allowed: { google: true, rfc9309: true },
    line: 3,
  },
  {
    source: 'RFC 9309 §2.2.2 case-sensitive',
    robotstxt: 'user-agent: *\ndisallow: /A\n',
    agent: 'x',
    url: '/a',
    allowed: all(true),
  },
  // §2.2.2 implicit allow of /robots.txt (RFC only; Google's parser has no such rule).
  {
    source: 'RFC 9309 §2.2.2 /robots.txt implicitly allowed',
    robotstxt: 'user-agent: *\ndisallow: /\n',
    agent: 'x',
    url: 'https://a.b/robots.txt',
    allowed: { google: false, rfc9309: true },
  },
  // §2.2.2 percent-encoding table.
  {
    source: 'RFC 9309 §2.2.2 table row 1',
    robotstxt: ENC('/foo/bar?baz=quz'),
    agent: 'x',
    url: '/foo/bar?baz=quz',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 table row 3 (UTF-8)',
    robotstxt: ENC('/foo/bar/ツ'),
    agent: 'x',
    url: '/foo/bar/%E3%83%84',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 table row 3, URL not encoded',
    robotstxt: ENC('/foo/bar/ツ'),
    agent: 'x',
    url: '/foo/bar/ツ',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 table row 4',
    robotstxt: ENC('/foo/bar/%E3%83%84'),
    agent: 'x',
    url: '/foo/bar/ツ',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 hex is case-insensitive',
    robotstxt: ENC('/foo/bar/%e3%83%84'),
    agent: 'x',
    url: '/foo/bar/%E3%83%84',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 hex is case-insensitive (URL)',
    robotstxt: ENC('/foo/bar/%E3%83%84'),
    agent: 'x',
    url: '/foo/bar/%e3%83%84',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 table row 5 (unreserved)',
    robotstxt: ENC('/foo/bar/%62%61%7A'),
    agent: 'x',
    url: '/foo/bar/baz',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 unreserved in the URL',
    robotstxt: ENC('/foo/bar/baz'),
    agent: 'x',
    url: '/foo/bar/%62%61%7A',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 %2F is not /',
    robotstxt: 'user-agent: *\ndisallow: /a/b\n',
    agent: 'x',
    url: '/a%2Fb',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 %2F is not / (rule)',
    robotstxt: 'user-agent: *\ndisallow: /a%2Fb\n',
    agent: 'x',
    url: '/a/b',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.2 a wildcard never splits an escape',
    robotstxt: 'user-agent: *\ndisallow: /a*0b\n',
    agent: 'x',
    url: '/a%20b',
    allowed: { google: false, rfc9309: true },
  },
  // §2.2.3: %2A and %24 in a rule match a literal * and $.
  {
    source: 'RFC 9309 §2.2.3 %2A example',
    robotstxt: 'user-agent: *\ndisallow: /path/file-with-a-%2A.html\n',
    agent: 'x',
    url: 'https://www.example.com/path/file-with-a-*.html',
    allowed: { google: true, rfc9309: false },
  },
  {
    source: 'RFC 9309 §2.2.3 %24 example',
    robotstxt: 'user-agent: *\ndisallow: /path/foo-%24\n',
    agent: 'x',
    url: 'https://www.example.com/path/foo-$',
    allowed: { google: true, rfc9309: false },
  },
  {
    source: 'RFC 9309 §2.2.3 $ anchors',
    robotstxt: 'user-agent: *\ndisallow: /a$\n',
    agent: 'x',
    url: '/ab',
    allowed: { google: true, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2.3 * and $',
    robotstxt: 'user-agent: *\ndisallow: /*.pdf$\n',
    agent: 'x',
    url: '/docs/a.pdf',
    allowed: { google: false, rfc9309: false, original1994: true },
  },
  // §2.2.4: other records do not end a group.
  {
    source: 'RFC 9309 §2.2.4 sitemap inside a group',
    robotstxt: 'user-agent: a\nsitemap: https://x/s.xml\nuser-agent: b\ndisallow: /\n',
    agent: 'a',
    url: '/',
    allowed: { google: false, rfc9309: false },
  },
  // §2.2.2: rules before the first user-agent line are ignored.
  {
    source: 'RFC 9309 §2.2.2 rules outside groups',
    robotstxt: 'disallow: /\nuser-agent: a\nallow: /x\n',
    agent: 'b',
    url: '/',
    allowed: all(true),
  },
  // Misspelled keys count for Google only (RFC 9309 §2.2 grammar; robots.cc kAllowFrequentTypos).
  {
    source: 'RFC 9309 §2.2 grammar: useragent',
    robotstxt: 'useragent: foo\ndisallow: /\n',
    agent: 'foo',
    url: '/',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2 grammar: disalow',
    robotstxt: 'user-agent: foo\ndisalow: /\n',
    agent: 'foo',
    url: '/',
    allowed: { google: false, rfc9309: true, original1994: true },
  },
  {
    source: 'RFC 9309 §2.2 grammar: prefix key',
    robotstxt: 'user-agent: foo\ndisallowed: /\n',
    agent: 'foo',
    url: '/',
    allowed: { google: false, rfc9309: true },
  },
  {
    source: 'RFC 9309 §2.2 grammar: a misspelled user-agent ends nothing',
    robotstxt: 'user-agent: a\ndisallow: /x\nuseragent: b\ndisallow: /y\n',
    agent: 'a',
    url: '/y',
    allowed: { google: true, rfc9309: false },
  },

  // The 1994 standard, "The Format" and "Examples".
  {
    source: '1994 Example 1',
    robotstxt: EXAMPLE_1,
    agent: 'AnyBot',
    url: '/cyberworld/map/index.html',
    allowed: all(false),
    line: 4,
  },
  {
    source: '1994 Example 1',
    robotstxt: EXAMPLE_1,
    agent: 'AnyBot',
    url: '/tmp/a',
    allowed: all(false),
    line: 5,
  },
  {
    source: '1994 Example 1',
    robotstxt: EXAMPLE_1,
    agent: 'AnyBot',
    url: '/foo.html',
    allowed: all(false),
    line: 6,
  },
  {
    source: '1994 Example 1',
    robotstxt: EXAMPLE_1,
    agent: 'AnyBot',
    url: '/index.html',
    allowed: all(true),
    line: null,
  },
  {
    source: '1994 Example 2',
    robotstxt: EXAMPLE_2,
    agent: 'cybermapper',
    url: '/cyberworld/map/x',
    allowed: all(true),
    line: null,
  },
  {
    source: '1994 Example 2',
    robotstxt: EXAMPLE_2,
    agent: 'AnyBot',
    url: '/cyberworld/map/x',
    allowed: all(false),
    line: 4,
  },
  {
    source: '1994 Example 2: substring of the name',
    robotstxt: EXAMPLE_2,
    agent: 'CyberMapper-Pro',
    url: '/cyberworld/map/x',
    allowed: { google: false, rfc9309: false, original1994: true },
  },
  {
    source: '1994 Example 3',
    robotstxt: EXAMPLE_3,
    agent: 'AnyBot',
    url: '/',
    allowed: all(false),
    line: 3,
  },
  {
    source: '1994 Disallow: /help',
    robotstxt: 'User-agent: *\nDisallow: /help\n',
    agent: 'x',
    url: '/help.html',
    allowed: all(false),
    line: 2,
  },
  {
    source: '1994 Disallow: /help',
    robotstxt: 'User-agent: *\nDisallow: /help\n',
    agent: 'x',
    url: '/help/index.html',
    allowed: all(false),
    line: 2,
  },
  {
    source: '1994 Disallow: /help/',
    robotstxt: 'User-agent: *\nDisallow: /help/\n',
    agent: 'x',
    url: '/help/index.html',
    allowed: all(false),
    line: 2,
  },
  {
    source: '1994 Disallow: /help/',
    robotstxt: 'User-agent: *\nDisallow: /help/\n',
    agent: 'x',
    url: '/help.html',
    allowed: all(true),
    line: null,
  },
  {
    source: '1994 empty Disallow allows all',
    robotstxt: 'User-agent: *\nDisallow:\n',
    agent: 'x',
    url: '/a',
    allowed: all(true),
    line: null,
  },
  {
    source: '1994: Allow is not part of the standard',
    robotstxt: 'User-agent: *\nDisallow: /\nAllow: /public\n',
    agent: 'x',
    url: '/public',
    allowed: { google: true, rfc9309: true, original1994: false },
  },
  {
    source: '1994: no wildcards, * is a character',
    robotstxt: 'User-agent: *\nDisallow: /*.pdf\n',
    agent: 'x',
    url: '/*.pdf',
    allowed: all(false),
  },
  {
    source: '1994: records are separated by blank lines',
    robotstxt: 'User-agent: foo\n\nDisallow: /\n',
    agent: 'foo',
    url: '/',
    allowed: { google: false, rfc9309: false, original1994: true },
  },
  {
    source: '1994: a comment line is no record boundary',
    robotstxt: 'User-agent: foo\n# note\nDisallow: /\n',
    agent: 'foo',
    url: '/',
    allowed: all(false),
  },
  {
    source: '1994: the first matching record wins',
    robotstxt: 'User-agent: bot\nDisallow: /a\n\nUser-agent: foobot\nDisallow: /b\n',
    agent: 'FooBot',
    url: '/a',
    allowed: { google: true, rfc9309: true, original1994: false },
  },
  {
    source: '1994: the first matching record wins',
    robotstxt: 'User-agent: bot\nDisallow: /a\n\nUser-agent: foobot\nDisallow: /b\n',
    agent: 'FooBot',
    url: '/b',
    allowed: { google: false, rfc9309: false, original1994: true },
  },
  {
    source: '1994: name without version',
    robotstxt: 'User-agent: Cybermapper/1.0\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n',
    agent: 'cybermapper',
    url: '/y',
    allowed: all(true),
  },
  {
    source: '1994: the * record is the default only',
    robotstxt: 'User-agent: *\nDisallow: /\n\nUser-agent: foo\nDisallow: /x\n',
    agent: 'foo',
    url: '/y',
    allowed: all(true),
  },
  {
    source: '1994: substring, Googlebot record for Googlebot-News',
    robotstxt: 'User-agent: Googlebot\nDisallow: /news\n\nUser-agent: *\nDisallow:\n',
    agent: 'Googlebot-News',
    url: '/news',
    allowed: { google: true, rfc9309: true, original1994: false },
  },

  // A `%` that does not begin an escape is the percent sign, the octet `%25` spells: in the rule
  // and in the URL (RFC 9309 §2.2.2 compares octets; RFC 3986 §2.1 / §2.4). Google's parser
  // compares the characters as written (robots.cc MaybeEscapePattern leaves a lone `%`).
  ...(
    [
      ['/p2%', '/p2%25', all(false)],
      ['/p2%', '/p2%2525', all(false)],
      ['/100%', '/100%25', all(false)],
      ['/100%', '/100%', all(false)],
      ['/p2%25', '/p2%', { google: true, rfc9309: false, original1994: false }],
      ['/a%zz', '/a%25zz', { google: true, rfc9309: false, original1994: false }],
      ['/a%25zz', '/a%zz', { google: true, rfc9309: false, original1994: false }],
      ['/a%2', '/a%252', all(false)],
      ['/a%2g', '/a%252g', { google: true, rfc9309: false, original1994: false }],
      ['/p2%', '/p2', all(true)],
      ['/p2%', '/p2%2F', { google: false, rfc9309: true, original1994: true }],
    ] as const
  ).map(
    ([rule, url, allowed]): Case => ({
      source: 'RFC 9309 §2.2.2 octets: a lone % is %25 (issue 13); Google: as written',
      robotstxt: `user-agent: *\ndisallow: ${rule}\n`,
      agent: 'ExampleBot',
      url,
      allowed,
    }),
  ),

  // 1994, "The Format": "a case insensitive substring match of the name without version
  // information", of the whole name: CPython's test_robotparser asks with the full name
  // `FigTree Robot libwww-perl/5.04` (RobotTest 5). Google's parser and RFC 9309 take the robot's
  // product token (`libwww-perl`), which no `figtree` line names.
  ...(
    [
      '/tmp',
      '/tmp.html',
      '/tmp/a.html',
      '/a%3cd.html',
      '/a%3Cd.html',
      '/a%2fb.html',
      '/~joe/index.html',
    ] as const
  ).map(
    (url): Case => ({
      source: "1994 'The Format'; CPython test_robotparser RobotTest 5 (bad)",
      robotstxt: CPYTHON_5,
      agent: 'FigTree Robot libwww-perl/5.04',
      url,
      allowed: { google: true, rfc9309: true, original1994: false },
    }),
  ),
  ...(['/', '/test.html'] as const).map(
    (url): Case => ({
      source: "1994 'The Format'; CPython test_robotparser RobotTest 5 (good)",
      robotstxt: CPYTHON_5,
      agent: 'FigTree Robot libwww-perl/5.04',
      url,
      allowed: all(true),
    }),
  ),
  {
    source: "1994 'The Format': any part of the name without version (`libwww-perl`)",
    robotstxt: 'user-agent: libwww-perl\ndisallow: /x\n',
    agent: 'FigTree Robot libwww-perl/5.04',
    url: '/x',
    allowed: all(false),
    line: 2,
  },
  {
    source: "1994 'The Format': the version is not part of the name",
    robotstxt: 'user-agent: 5.04\ndisallow: /x\n',
    agent: 'FigTree Robot libwww-perl/5.04',
    url: '/x',
    allowed: all(true),
  },

  // Robot names with digits and spaces (issue 13). Google's parser reads a user-agent line as its
  // leading [A-Za-z_-] characters (robots.cc ExtractUserAgent; GoogleOnly_AcceptUserAgentUpToFirstSpace)
  // and compares the robot's name as given, so a line `MJ12bot` (read `MJ`) names no robot called
  // MJ12bot; RFC 9309 §2.2.1 allows only those characters in a product token. The 1994 reading
  // finds the name as a substring.
  ...(
    [
      ['MJ12bot', 'MJ12bot', { google: true, rfc9309: true, original1994: false }],
      ['MJ12bot', 'MJ', { google: false, rfc9309: false, original1994: true }],
      ['360Spider', '360Spider', { google: true, rfc9309: true, original1994: false }],
      ['k2spider', 'k2spider', { google: true, rfc9309: true, original1994: false }],
      [
        'Screaming Frog SEO Spider',
        'Screaming Frog SEO Spider',
        { google: true, rfc9309: true, original1994: false },
      ],
      [
        'Screaming Frog SEO Spider',
        'Screaming',
        { google: false, rfc9309: false, original1994: true },
      ],
      ['AhrefsBot', 'AhrefsBot', all(false)],
      ['SemrushBot-SA', 'SemrushBot-SA', all(false)],
      ['SemrushBot-SA', 'SemrushBot', { google: true, rfc9309: true, original1994: true }],
      ['SemrushBot', 'SemrushBot-SA', { google: true, rfc9309: true, original1994: false }],
    ] as const
  ).map(
    ([line, agent, allowed]): Case => ({
      source: 'robots.cc ExtractUserAgent; RFC 9309 §2.2.1 product token; 1994 substring',
      robotstxt: `user-agent: ${line}\ndisallow: /\n`,
      agent,
      url: '/x',
      allowed,
    }),
  ),
];

describe.each(['google', 'rfc9309', 'original1994'] as const)('%s', (semantics) => {
  const rows = CASES.filter((c) => c.allowed[semantics] !== undefined);
  test.each(rows.map((c) => [`${c.source}: ${c.agent} ${c.url}`, c] as const))('%s', (_, c) => {
    const verdict = checkUrl(parseRobotsTxt(c.robotstxt), c.agent, c.url, semantics);
    expect(verdict.allowed).toBe(c.allowed[semantics]);
    if (c.line !== undefined) expect(verdict.rule?.line ?? null).toBe(c.line);
  });
});

describe('reasons', () => {
  test('merged groups name both groups (RFC 9309 §2.2.1)', () => {
    const v = checkUrl(parseRobotsTxt(MERGE), 'ExampleBot', '/baz');
    expect(v.reason.groups).toEqual({
      code: 'merged-groups',
      lines: [1, 5],
      agent: 'ExampleBot',
      starIgnored: false,
    });
    expect(v.reason.decision.code).toBe('longest-match');
  });

  test('fallback to the * group', () => {
    const v = checkUrl(parseRobotsTxt(STAR), 'ExampleBot', '/foo', 'google');
    expect(v.reason.groups.code).toBe('star-group');
    expect(v.reason.groups.lines).toEqual([1]);
  });

  test('no group at all', () => {
    const v = checkUrl(parseRobotsTxt('user-agent: a\ndisallow: /\n'), 'b', '/');
    expect(v).toMatchObject({
      allowed: true,
      rule: null,
      reason: { groups: { code: 'no-group', lines: [] }, decision: { code: 'no-match' } },
    });
  });

  test('equal length: allow wins, and the losing rule is named', () => {
    const v = checkUrl(
      parseRobotsTxt('user-agent: *\ndisallow: /a\nallow: /a\n'),
      'x',
      '/a',
      'google',
    );
    expect(v.rule?.line).toBe(3);
    expect(v.reason.decision).toEqual({
      code: 'allow-wins-tie',
      matchLength: 2,
      competing: { type: 'disallow', value: '/a', line: 2 },
      indexHtml: false,
    });
  });

  test('longest match names the shorter rule it beat', () => {
    const v = checkUrl(
      parseRobotsTxt('user-agent: *\nallow: /\ndisallow: /private\n'),
      'x',
      '/private/x',
      'google',
    );
    expect(v.allowed).toBe(false);
    expect(v.reason.decision).toMatchObject({
      code: 'longest-match',
      matchLength: 8,
      competing: { line: 2 },
    });
  });

  test('index.html directory form is reported (GoogleOnly_IndexHTMLisDirectory)', () => {
    const robots = parseRobotsTxt('User-Agent: *\nAllow: /d/index.html\nDisallow: /\n');
    const v = checkUrl(robots, 'x', '/d/', 'google');
    expect(v).toMatchObject({
      allowed: true,
      rule: { line: 2 },
      reason: { decision: { indexHtml: true, matchLength: 4 } },
    });
  });

  test('/robots.txt under RFC 9309', () => {
    const v = checkUrl(
      parseRobotsTxt('user-agent: *\ndisallow: /\n'),
      'x',
      '/robots.txt',
      'rfc9309',
    );
    expect(v.reason.decision.code).toBe('robots-txt-always-allowed');
  });

  test('1994 reasons', () => {
    const robots = parseRobotsTxt(EXAMPLE_2);
    expect(checkUrl(robots, 'x', '/cyberworld/map/', 'original1994').reason).toMatchObject({
      groups: { code: 'default-record', lines: [3] },
      decision: { code: 'first-match' },
    });
    expect(checkUrl(robots, 'CyberMapper-Pro', '/', 'original1994').reason.groups).toMatchObject({
      code: 'substring-record',
      agent: 'cybermapper',
      lines: [7],
    });
  });

  test('default semantics is rfc9309; the path is reported as matched', () => {
    const v = checkUrl(parseRobotsTxt(''), 'x', 'https://a.b/p?q=1#frag');
    expect(v.reason.semantics).toBe('rfc9309');
    expect(v.reason.path).toBe('/p?q=1');
  });

  test('fallback tokens and ignoring *', () => {
    const robots = parseRobotsTxt(
      'user-agent: Googlebot\ndisallow: /g\n\nuser-agent: *\ndisallow: /\n',
    );
    const fb = checkUrl(robots, 'Applebot', '/x', 'rfc9309', { fallbackTokens: ['Googlebot'] });
    expect(fb.allowed).toBe(true);
    expect(fb.reason.groups).toMatchObject({
      code: 'fallback-token',
      agent: 'Googlebot',
      lines: [1],
    });
    const ignore = checkUrl(robots, 'AdsBot-Google', '/x', 'google', { ignoreStarGroup: true });
    expect(ignore.allowed).toBe(true);
    expect(ignore.reason.groups).toMatchObject({ code: 'no-group', starIgnored: true });
  });
});
