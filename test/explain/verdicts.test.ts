// Verdicts in words, from real verdicts of the real engine on small files: each group choice and
// each rule decision says why, the other readings say where they differ, profiles add caveats.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { checkCrawler, verdictsFor } from '../../src/crawlers.ts';
import {
  explainBlanket,
  explainVerdict,
  explainVerdicts,
  lookupIn,
  nameCutText,
  noteText,
  otherReadingsText,
  translator,
  whyText,
} from '../../src/explain/index.ts';
import {
  checkUrl,
  type DecisionCode,
  type GroupChoiceCode,
  parseRobotsTxt,
  type Semantics,
  type Verdict,
} from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');

/** A verdict of the engine itself: checkUrl with a token, or checkCrawler with a profile. */
const url = (
  text: string,
  robot: string,
  path: string,
  semantics: Semantics = 'rfc9309',
): Verdict => checkUrl(parseRobotsTxt(text), robot, `https://a.test${path}`, semantics);
const crawler = (text: string, robot: string, path: string): Verdict =>
  checkCrawler(parseRobotsTxt(text), robot, `https://a.test${path}`);

describe('whyText: the group choice', () => {
  // [code, where the behaviour comes from, the verdict, the sentence]
  const CASES: [GroupChoiceCode, string, Verdict, string][] = [
    [
      'exact-token',
      'RFC 9309 §2.2.1: the group that names the product token',
      url(
        'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n',
        'GPTBot',
        '/private/x',
      ),
      'its group (line 4); longest match',
    ],
    [
      'merged-groups',
      'RFC 9309 §2.2.1: groups naming the same token are combined',
      url(
        'User-agent: GPTBot\nDisallow: /a/\n\nUser-agent: *\nDisallow: /\n\nUser-agent: gptbot\nDisallow: /b/\n',
        'GPTBot',
        '/b/x',
      ),
      'its groups (lines 1, 7), combined; longest match',
    ],
    [
      'fallback-token',
      'Apple: Applebot follows the Googlebot group when none names it',
      crawler('User-agent: Googlebot\nDisallow: /private/\n', 'Applebot', '/private/x'),
      'Applebot has no group here; it follows the Googlebot group (line 1); longest match',
    ],
    [
      'star-group',
      'RFC 9309 §2.2.1: the * group when none names the robot',
      url(
        'User-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n',
        'GPTBot',
        '/tmp/a',
      ),
      'no group names it; the * group applies (line 4); longest match',
    ],
    [
      'no-group',
      'RFC 9309 §2.2.1: no group, no rules',
      url('User-agent: Bingbot\nDisallow: /\n', 'GPTBot', '/x'),
      'no group applies to it; no rule matches',
    ],
    [
      'no-group',
      'Google: AdsBot-Google ignores the * group (starIgnored)',
      crawler('User-agent: *\nDisallow: /\n', 'AdsBot-Google', '/x'),
      'no group names it, and it ignores the * group; no rule matches',
    ],
    [
      'substring-record',
      '1994 "The Format": a record whose name is a substring of the robot name',
      url('User-agent: google\nDisallow: /x\n', 'Googlebot', '/x/y', 'original1994'),
      'the first record that names it (line 1); first matching Disallow',
    ],
    [
      'default-record',
      '1994 "The Format": the * record is the default',
      url(
        'User-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n',
        'GPTBot',
        '/x',
        'original1994',
      ),
      'the default * record (line 4); first matching Disallow',
    ],
  ];

  test.each(CASES)('%s (%s)', (code, _source, verdict, why) => {
    expect(verdict.reason.groups.code).toBe(code);
    expect(whyText(verdict, t)).toBe(why);
  });

  test('every group-choice code has a case', () => {
    const all = {
      'exact-token': true,
      'merged-groups': true,
      'fallback-token': true,
      'star-group': true,
      'no-group': true,
      'substring-record': true,
      'default-record': true,
    } satisfies Record<GroupChoiceCode, true>;
    expect(new Set(CASES.map(([code]) => code))).toEqual(new Set(Object.keys(all)));
    // Both readings of no-group: with and without a * group the robot ignores.
    expect(
      CASES.filter(([code]) => code === 'no-group').map(([, , v]) => v.reason.groups.starIgnored),
    ).toEqual([false, true]);
  });
});

describe('whyText: the rule decision', () => {
  const CASES: [DecisionCode | 'index.html', string, Verdict, string][] = [
    [
      'longest-match',
      'RFC 9309 §2.2.2: the longest match wins',
      url('User-agent: *\nDisallow: /a\nAllow: /a/b\n', 'GPTBot', '/a/b/c'),
      'no group names it; the * group applies (line 1); longest match',
    ],
    [
      'allow-wins-tie',
      'RFC 9309 §2.2.2: on equal length Allow wins',
      url('User-agent: *\nDisallow: /a\nAllow: /a\n', 'GPTBot', '/a'),
      'no group names it; the * group applies (line 1); equal length: Allow wins',
    ],
    [
      'no-match',
      'RFC 9309 §2.2.2: no rule matches, allowed',
      url('User-agent: GPTBot\nDisallow: /a\n', 'GPTBot', '/b'),
      'its group (line 1); no rule matches',
    ],
    [
      'robots-txt-always-allowed',
      'RFC 9309 §2.2.2: /robots.txt is implicitly allowed',
      url('User-agent: *\nDisallow: /\n', 'GPTBot', '/robots.txt'),
      'no group names it; the * group applies (line 1); /robots.txt is always allowed',
    ],
    [
      'first-match',
      '1994: the first Disallow the path starts with',
      url('User-agent: *\nDisallow: /a\nDisallow: /a/b\n', 'GPTBot', '/a/b', 'original1994'),
      'the default * record (line 1); first matching Disallow',
    ],
    [
      'index.html',
      'Google: /dir/index.html also covers /dir/',
      url('User-agent: *\nDisallow: /\nAllow: /dir/index.html\n', 'Googlebot', '/dir/', 'google'),
      'no group names it; the * group applies (line 1); longest match (…/index.html also covers its folder (Google only))',
    ],
  ];

  test.each(CASES)('%s (%s)', (code, _source, verdict, why) => {
    if (code === 'index.html') expect(verdict.reason.decision.indexHtml).toBe(true);
    else expect(verdict.reason.decision.code).toBe(code);
    expect(whyText(verdict, t)).toBe(why);
  });

  test('every decision code has a case', () => {
    const all = {
      'longest-match': true,
      'allow-wins-tie': true,
      'no-match': true,
      'robots-txt-always-allowed': true,
      'first-match': true,
    } satisfies Record<DecisionCode, true>;
    expect(new Set(CASES.map(([, , v]) => v.reason.decision.code))).toEqual(
      new Set(Object.keys(all)),
    );
  });
});

describe('explainVerdict: the other readings', () => {
  // Only Google reads the misspelled `disalow`; the strict RFC and the 1994 standard skip it.
  const MISSPELLED = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\ndisalow: /x\n';
  const verdicts = (text: string, robot: string, path: string) => {
    const [v] = verdictsFor(parseRobotsTxt(text), [robot], `https://a.test${path}`);
    if (v === undefined) throw new Error('no verdict');
    return v;
  };

  test('Googlebot: both others would allow what Google disallows', () => {
    const e = explainVerdict(verdicts(MISSPELLED, 'Googlebot', '/x'), t);
    expect(e).toEqual({
      robot: 'Googlebot',
      verdict: 'disallowed',
      rule: { type: 'disallow', value: '/x', line: 5, misspelled: true, written: 'disalow: /x' },
      why: 'its group (line 4); longest match',
      others: ['The strict RFC 9309 reading would allow it', 'The 1994 standard would allow it'],
      note: null,
      nameCut: null,
      groupLines: [4],
      verdictRfc9309: 'allowed',
      verdict1994: 'allowed',
    });
  });

  test('Googlebot: both others would disallow what index.html allows', () => {
    const e = explainVerdict(
      verdicts('User-agent: *\nDisallow: /\nAllow: /dir/index.html\n', 'Googlebot', '/dir/'),
      t,
    );
    expect(e.verdict).toBe('allowed');
    expect(e.others).toEqual([
      'The strict RFC 9309 reading would disallow it',
      'The 1994 standard would disallow it',
    ]);
  });

  test('issue 12, item 11: no other-reading line on a row where the readings agree', () => {
    for (const robot of ['Googlebot', 'GPTBot', 'Bingbot'])
      expect(explainVerdict(verdicts(MISSPELLED, robot, '/private/a'), t).others).toEqual([]);
    // Off by the setting: not even where they differ.
    expect(explainVerdict(verdicts(MISSPELLED, 'Googlebot', '/x'), t, false).others).toEqual([]);
  });

  test('an RFC 9309 robot: only the 1994 line, which ignores Allow and reads * literally', () => {
    const allowOnly = verdicts(
      'User-agent: *\nDisallow: /\nAllow: /public/\n',
      'GPTBot',
      '/public/a',
    );
    expect(explainVerdict(allowOnly, t).others).toEqual(['The 1994 standard would disallow it']);
    const wildcard = verdicts('User-agent: *\nDisallow: /*.pdf$\n', 'GPTBot', '/a.pdf');
    expect(explainVerdict(wildcard, t)).toMatchObject({
      verdict: 'disallowed',
      others: ['The 1994 standard would allow it'],
      verdict1994: 'allowed',
    });
  });

  test('no RFC line when the robot reads robots.txt as RFC 9309 itself', () => {
    const v = verdicts('User-agent: *\nDisallow: /x\n', 'GPTBot', '/x');
    expect(v.verdict.reason.semantics).toBe('rfc9309');
    // Even if the RFC verdict were reported otherwise, it is the robot's own: nothing to add.
    expect(otherReadingsText({ ...v, rfc9309: !v.verdict.allowed }, t)).toEqual([]);
    expect(explainVerdict(v, t).others).toEqual([]);
  });

  test('hidden when showOtherReadings is false', () => {
    const e = explainVerdict(verdicts(MISSPELLED, 'Googlebot', '/x'), t, false);
    expect(e.others).toEqual([]);
    // The readings' verdicts stay, for the attributes.
    expect([e.verdictRfc9309, e.verdict1994]).toEqual(['allowed', 'allowed']);
  });
});

// Issue 13, item 3: Google's parser and RFC 9309 read a user-agent line up to its first character
// outside [A-Za-z_-] (robots.cc ExtractUserAgent; GoogleOnly_AcceptUserAgentUpToFirstSpace;
// RFC 9309 §2.2.1), so a robot whose name has others is never named by a line: its row says so,
// with the group its reading picks; the 1994 reading (a substring of the whole name) does not cut.
describe("nameCutText: where the reading cuts the robot's name", () => {
  const STAR = 'User-agent: *\nDisallow: /private/\n\nUser-agent: MJ12bot\nDisallow: /\n';
  const NO_STAR =
    'User-agent: MJ12bot\nDisallow: /\n\nUser-agent: Screaming Frog SEO Spider\nDisallow: /\n';
  const cut = (robot: string, read: string) =>
    `Google's parser and RFC 9309 read a user-agent line only up to its first character that is not a letter, - or _: a line naming “${robot}” is read as ${read} and names no robot called ${robot}.`;
  // [source, verdict, read, text]
  const CASES: [string, Verdict, string | null, string | null][] = [
    [
      'RFC 9309 §2.2.1: MJ12bot is read `MJ`; the * group applies',
      url(STAR, 'MJ12bot', '/'),
      'MJ',
      `${cut('MJ12bot', '“MJ”')} Under this reading MJ12bot follows the * group (line 1).`,
    ],
    [
      "robots.cc ExtractUserAgent: the same under Google's reading",
      url(STAR, 'MJ12bot', '/', 'google'),
      'MJ',
      `${cut('MJ12bot', '“MJ”')} Under this reading MJ12bot follows the * group (line 1).`,
    ],
    [
      'RFC 9309 §2.2.1: no * group, no group at all',
      url(NO_STAR, 'MJ12bot', '/'),
      'MJ',
      `${cut('MJ12bot', '“MJ”')} Under this reading no group applies to MJ12bot.`,
    ],
    [
      'GoogleOnly_AcceptUserAgentUpToFirstSpace',
      url(NO_STAR, 'Screaming Frog SEO Spider', '/', 'google'),
      'Screaming',
      `${cut('Screaming Frog SEO Spider', '“Screaming”')} Under this reading no group applies to Screaming Frog SEO Spider.`,
    ],
    [
      'robots.cc ExtractUserAgent: no leading letter leaves no name',
      crawler(STAR, '360Spider', '/'),
      '',
      `${cut('360Spider', 'an empty name')} Under this reading 360Spider follows the * group (line 1).`,
    ],
    ['RFC 9309 §2.2.1: `-` is a token character', crawler(STAR, 'SemrushBot-SA', '/'), null, null],
    ['a known crawler, a whole token', crawler(STAR, 'AhrefsBot', '/'), null, null],
    [
      'a User-Agent header is reduced to its token (productToken): Googlebot, no cut',
      url(STAR, 'Mozilla/5.0 (compatible; Googlebot/2.1)', '/'),
      null,
      null,
    ],
    [
      '1994: the whole name is matched as a substring',
      url(STAR, 'MJ12bot', '/', 'original1994'),
      null,
      null,
    ],
  ];
  test.each(CASES)('%s', (_, verdict, read, text) => {
    expect(nameCutText(verdict, t)).toEqual(read === null ? null : { read, text });
  });

  test('the row: own verdict, the cut in words, and the 1994 reading where it differs', () => {
    const [mj, semrush] = verdictsFor(parseRobotsTxt(STAR), ['MJ12bot', 'SemrushBot-SA'], '/x');
    if (mj === undefined || semrush === undefined) throw new Error('no verdict');
    expect(explainVerdict(mj, t)).toMatchObject({
      verdict: 'allowed',
      why: 'no group names it; the * group applies (line 1); no rule matches',
      others: ['The 1994 standard would disallow it'],
      nameCut: { read: 'MJ' },
      groupLines: [1],
      verdict1994: 'disallowed',
    });
    expect(explainVerdict(semrush, t).nameCut).toBeNull();
  });
});

describe('noteText', () => {
  test.each([
    [
      'ChatGPT-User',
      "ChatGPT-User fetches on a user's request; its vendor says robots.txt may not apply.",
    ],
    [
      'Mozilla/5.0 (compatible; chatgpt-user/1.0)',
      "ChatGPT-User fetches on a user's request; its vendor says robots.txt may not apply.",
    ],
    ['Googlebot', null],
    ['NoSuchBot', null],
  ])('%s', (robot, note) => {
    expect(noteText(robot, t)).toBe(note);
  });
});

describe('explainBlanket', () => {
  test.each([
    ['allow', undefined, 'allowed', 'no usable robots.txt: everything allowed'],
    ['disallow', undefined, 'disallowed', 'robots.txt unreachable: everything disallowed'],
    ['unknown', 'no access', 'unknown', 'no access'],
    ['unknown', undefined, 'unknown', ''],
    ['allow', 'a reason of my own', 'allowed', 'a reason of my own'],
  ] as const)('%s, why %j → %s: %j', (blanket, why, verdict, text) => {
    expect(explainBlanket(['Googlebot', 'ChatGPT-User'], blanket, t, why)).toEqual([
      {
        robot: 'Googlebot',
        verdict,
        rule: null,
        why: text,
        others: [],
        note: null,
        nameCut: null,
        groupLines: [],
        verdictRfc9309: verdict,
        verdict1994: verdict,
      },
      {
        robot: 'ChatGPT-User',
        verdict,
        rule: null,
        why: text,
        others: [],
        note: "ChatGPT-User fetches on a user's request; its vendor says robots.txt may not apply.",
        nameCut: null,
        groupLines: [],
        verdictRfc9309: verdict,
        verdict1994: verdict,
      },
    ]);
  });
});

describe('explainVerdicts', () => {
  const names = ['GPTBot', 'Googlebot'];

  test('no parsed file: the blanket verdict for every robot, in order', () => {
    expect(explainVerdicts(null, 'disallow', 'https://a.test/x', names, t)).toEqual(
      explainBlanket(names, 'disallow', t),
    );
    expect(
      explainVerdicts(null, 'allow', 'https://a.test/x', names, t).map((r) => [r.robot, r.why]),
    ).toEqual([
      ['GPTBot', 'no usable robots.txt: everything allowed'],
      ['Googlebot', 'no usable robots.txt: everything allowed'],
    ]);
  });

  test('a parsed file: each robot under its own reading, in list order', () => {
    const parsed = parseRobotsTxt(
      'User-agent: *\nDisallow: /x\n\nUser-agent: Googlebot\nAllow: /\n',
    );
    const rows = explainVerdicts(parsed, 'allow', 'https://a.test/x', names, t, false);
    expect(rows.map((r) => [r.robot, r.verdict, r.why, r.others])).toEqual([
      [
        'GPTBot',
        'disallowed',
        'no group names it; the * group applies (line 1); longest match',
        [],
      ],
      ['Googlebot', 'allowed', 'its group (line 4); longest match', []],
    ]);
  });
});

describe('whyText: a check stopped at the matching budget (issue 15, item 1)', () => {
  test('says the verdict may be incomplete', () => {
    const lines = ['User-agent: *'];
    // Each rule is keyed by its run of a's, which the path holds: all are candidates.
    for (let i = 0; i < 2_000; i++) lines.push(`Disallow: /*${'a'.repeat(8 + (i % 10))}*b${i}`);
    const robots = parseRobotsTxt(lines.join('\n'));
    const verdict = checkUrl(robots, 'x', `/${'a'.repeat(100_000)}`, 'google');
    expect(verdict.reason.decision.approximate).toBe(true);
    expect(whyText(verdict, t)).toBe(
      'no group names it; the * group applies (line 1); no rule matches; checking stopped early: a path this long against this many wildcard rules would take seconds, so the verdict may be incomplete',
    );
  });
});
