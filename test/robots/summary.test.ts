// The file's summaries as data: what each set of robots may visit, with the rules that never
// decide left out, and the groups combined as RFC 9309 §2.2.1 combines them.
import { describe, expect, test } from 'vitest';
import {
  type GroupSummary,
  type PathPhrase,
  parseRobotsTxt,
  type ReadingOf,
  summarizeRobotsTxt,
} from '../../src/robots/index.ts';

test('1994 Example 1: all robots may not visit /cyberworld/map/, /tmp/ or /foo.html', () => {
  const text = 'User-agent: *\nDisallow: /cyberworld/map/\nDisallow: /tmp/\nDisallow: /foo.html\n';
  const [s] = summarizeRobotsTxt(parseRobotsTxt(text), 'original1994');
  expect(s).toMatchObject({
    everyone: true,
    othersNamed: false,
    access: 'all-except',
    allowed: [],
  });
  expect(s?.disallowed).toEqual([
    { kind: 'directory', path: '/cyberworld/map/', value: '/cyberworld/map/', line: 2 },
    { kind: 'directory', path: '/tmp/', value: '/tmp/', line: 3 },
    { kind: 'prefix', path: '/foo.html', value: '/foo.html', line: 4 },
  ]);
});

const values = (list: PathPhrase[]) => list.map((p) => p.value);

// [robots.txt (one `*` group), access, paths listed as disallowed, as allowed, why]
const ACCESS: [string, GroupSummary['access'], string[], string[], string][] = [
  ['User-agent: *\nDisallow: /\n', 'none', [], [], 'RFC 9309 §2.2.2'],
  ['User-agent: *\nDisallow:\n', 'all', [], [], 'RFC 9309 §2.2.2: an empty Disallow allows all'],
  ['User-agent: *\nDisallow: /\nAllow: /public/\n', 'none-except', [], ['/public/'], '§2.2.2'],
  ['User-agent: *\nAllow: /\nDisallow: /private\n', 'all-except', ['/private'], [], '§2.2.2'],
  [
    'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?\nDisallow: /$\nDisallow: /a/b$\nDisallow: /a*b\n',
    'all-except',
    ['/*.pdf$', '/*?', '/$', '/a/b$', '/a*b'],
    [],
    'one rule per kind of phrase',
  ],
  // Whole-site patterns compete by length like any rule: `/*` (2) beats `/` (1), §2.2.2. The
  // summary once said "may visit everything" here, while every verdict said disallowed.
  ['User-agent: *\nDisallow: /*\nAllow: /\n', 'none', [], [], 'longest match: /* beats /'],
  ['User-agent: *\nDisallow: /\nAllow: /*\n', 'all', [], [], 'longest match: /* beats /'],
  ['User-agent: *\nDisallow: /\nAllow: /\n', 'all', [], [], '§2.2.2: allow wins a tie'],
  // An Allow that opens nothing a Disallow closed is no exception: /products/secret stays
  // disallowed (longer), and the rest was allowed anyway. It once read "but may visit /products".
  [
    'User-agent: *\nAllow: /products\nDisallow: /products/secret\n',
    'all-except',
    ['/products/secret'],
    [],
    'the longer Disallow wins',
  ],
  ['User-agent: *\nDisallow: /a\nAllow: /a\n', 'all', [], [], '§2.2.2: allow wins a tie'],
  [
    'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n',
    'all-except',
    ['/private/'],
    ['/private/ok'],
    'the longer Allow wins inside it',
  ],
  // A Disallow inside what a whole-site Disallow lets through again.
  [
    'User-agent: *\nDisallow: /\nAllow: /public/\nDisallow: /public/drafts/\n',
    'none-except',
    ['/public/drafts/'],
    ['/public/'],
    'longest match, three levels',
  ],
  // Rules that meet only through a wildcard: /documents/x.pdf is allowed (11 > 7).
  [
    'User-agent: *\nDisallow: /*.pdf$\nAllow: /documents/\n',
    'all-except',
    ['/*.pdf$'],
    ['/documents/'],
    'the Allow overrides the wildcard inside /documents/',
  ],
  ['User-agent: *\nDisallow: foo\n', 'all', [], [], 'a value that is no path never matches'],
];

test.each(ACCESS)('%j → %s (%s %s; %s)', (text, access, disallowed, allowed) => {
  const [s] = summarizeRobotsTxt(parseRobotsTxt(text));
  expect(s?.access).toBe(access);
  expect(values(s?.disallowed ?? [])).toEqual(disallowed);
  expect(values(s?.allowed ?? [])).toEqual(allowed);
});

test('phrases of each kind', () => {
  const [s] = summarizeRobotsTxt(parseRobotsTxt(ACCESS[4]?.[0] ?? ''));
  expect(s?.disallowed.map((p) => p.kind)).toEqual([
    'file-type',
    'containing',
    'home-page',
    'exact',
    'pattern',
  ]);
});

/** [first line, lines, agents, everyone, othersNamed] of each summary, in order. */
const shape = (text: string, reading?: ReadingOf) =>
  summarizeRobotsTxt(parseRobotsTxt(text), reading).map((s) => [
    s.line,
    s.lines,
    s.agents,
    s.everyone,
    s.othersNamed,
  ]);

describe('one summary per set of robots following the same rules (RFC 9309 §2.2.1)', () => {
  test('two groups naming Googlebot are one set of rules', () => {
    const text =
      'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /b\n';
    expect(shape(text)).toEqual([
      [1, [1, 7], ['Googlebot'], false, false],
      [4, [4], [], true, true],
    ]);
    expect(values(summarizeRobotsTxt(parseRobotsTxt(text))[0]?.disallowed ?? [])).toEqual([
      '/a',
      '/b',
    ]);
  });

  test('a group naming two robots, one of them named again: two summaries from one line', () => {
    const text =
      'User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text));
    expect(shape(text)).toEqual([
      [1, [1, 5], ['Googlebot'], false, false],
      [1, [1], ['Bingbot'], false, false],
    ]);
    expect(summaries.map((s) => values(s.disallowed))).toEqual([['/a', '/b'], ['/a']]);
  });

  test('the `*` groups are one set of rules; "all robots" only when no other robot is named', () => {
    expect(shape('User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n')).toEqual([
      [1, [1, 4], [], true, false],
    ]);
    expect(shape('User-agent: *\nUser-agent: GPTBot\nDisallow: /\n')).toEqual([
      [1, [1], ['GPTBot'], true, false],
    ]);
    expect(
      shape(
        'User-agent: *\nUser-agent: GPTBot\nDisallow: /x\n\nUser-agent: Bingbot\nDisallow: /\n',
      ),
    ).toEqual([
      [1, [1], ['GPTBot'], true, true],
      [5, [5], ['Bingbot'], false, false],
    ]);
  });

  test('an empty group is a set of rules of its own: its robot may visit everything', () => {
    const text = 'User-agent: GPTBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text));
    expect(summaries.map((s) => [s.agents, s.access])).toEqual([
      [['GPTBot'], 'all'],
      [[], 'none'],
    ]);
  });

  test('a group whose User-agent lines are empty names no robot', () => {
    expect(shape('User-agent:\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n')).toEqual([
      [1, [1], [], false, false],
      [4, [4], [], true, false],
    ]);
  });
});

describe('each robot read as its crawler profile reads it', () => {
  const readingOf: ReadingOf = (token) =>
    token.toLowerCase().startsWith('google') ? 'google' : 'rfc9309';

  // `Disalow` is a misspelling only Google reads (robots.cc kAllowFrequentTypos).
  test('a misspelled rule in the `*` group: one summary per reading, each saying whose', () => {
    const text = 'User-agent: *\nDisalow: /x\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text), readingOf);
    expect(summaries.map((s) => [s.onlyFor, s.access, values(s.disallowed)])).toEqual([
      ['google', 'all-except', ['/x']],
      ['rfc9309', 'all', []],
    ]);
  });

  test('a misspelled rule in a named group: each robot gets its reading, marked', () => {
    const text = 'User-agent: Googlebot\nUser-agent: GPTBot\nDisalow: /x\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text), readingOf);
    expect(summaries.map((s) => [s.agents, s.onlyFor, s.access])).toEqual([
      [['Googlebot'], 'google', 'all-except'],
      [['GPTBot'], 'rfc9309', 'all'],
    ]);
  });

  test('readings that agree give one summary, unmarked', () => {
    const text =
      'User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text), readingOf);
    expect(summaries.map((s) => [s.agents, s.onlyFor, s.everyone])).toEqual([
      [['Googlebot', 'GPTBot'], null, false],
      [[], null, true],
    ]);
  });

  test('a misspelled User-agent line: the other reading has no `*` group there', () => {
    const text = 'User agent: *\nDisallow: /\n';
    const summaries = summarizeRobotsTxt(parseRobotsTxt(text), readingOf);
    expect(summaries.map((s) => [s.everyone, s.onlyFor, s.access])).toEqual([
      [true, 'google', 'none'],
    ]);
  });
});
