import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  AIPREF_VOCAB_DRAFT,
  combineUsage,
  compileUsageRules,
  parseContentUsageHeader,
  parseContentUsageRules,
  splitContentUsageValue,
  USAGE_CATEGORIES,
  type UsagePreferences,
  VOCABULARY,
} from '../../src/ai/content-usage.ts';
import { reportAiSignals } from '../../src/ai/report.ts';
import { aiSignalsFor } from '../../src/ai/signals.ts';
import { parseSfDictionary } from '../../src/ai/structured-fields.ts';
import { verdictsFor } from '../../src/crawlers.ts';
import { canonicalUnits } from '../../src/robots/encoding.ts';
import { checkUrl, parseRobotsTxt, type Semantics } from '../../src/robots/index.ts';
import { CompiledRules } from '../../src/robots/matcher.ts';
import { numRuns } from '../property-runs.ts';

const VOCAB = 'draft-ietf-aipref-vocab-08';
const VOCAB07 = 'draft-ietf-aipref-vocab-07 §6.5 (processing text unchanged in -08)';
const ATTACH = 'draft-ietf-aipref-attach-05';
const SF = 'RFC 9651 §4.2';

describe('vocabulary', () => {
  test(`${VOCAB} §4: train-ai, ai-use, search; flat, search overrides the others`, () => {
    expect(AIPREF_VOCAB_DRAFT).toBe(VOCAB);
    expect(USAGE_CATEGORIES).toEqual(['train-ai', 'ai-use', 'search']);
    expect(VOCABULARY.find((v) => v.label === 'search')?.overrides).toEqual(['train-ai', 'ai-use']);
  });
});

// One row per category, from the text that was read: the section, its heading, its first sentence
// (a short definition, quoted), and a statement naming the label alone. The tags
// draft-ietf-aipref-vocab-07 of github.com/ietf-wg-aipref/drafts, and its main branch up to
// 7ca0afc (2026-08-19), define train-ai (§4.1) and search (§4.2). ai-use and the -08 numbering
// (§4.1-§4.3) come from the editor's copy at commit 008bd890, read when ai-use was added; -08 itself
// was not readable here, so that row cites the section without a sentence.
const CATEGORY_ROWS: [label: string, section: string, source: string][] = [
  [
    'train-ai',
    '4.1',
    'draft-ietf-aipref-vocab-07 §4.1 "AI Model Training": "Using an asset to modify the learned parameters of an AI model that is used to generate synthetic content in one or more modalities."; §6.1 table: AI Model Training → train-ai',
  ],
  [
    'ai-use',
    '4.2',
    'draft-ietf-aipref-vocab-08 §4.2 "AI Use" (editor\'s copy 008bd890; sentence not re-readable here)',
  ],
  [
    'search',
    '4.3',
    'draft-ietf-aipref-vocab-07 §4.2 "Search": "Use of an asset in an application where the primary purpose of the application is to select assets and direct users to the location of those assets."; §6.1 table: Search → search; -08 §4.3',
  ],
];

describe('vocabulary: one row per category', () => {
  test.each(CATEGORY_ROWS)('%s: §%s, %s', (label, section) => {
    expect(VOCABULARY.find((v) => v.label === label)?.section).toBe(section);
    for (const value of ['y', 'n'] as const) {
      const prefs = parseContentUsageHeader(`${label}=${value}`).preferences;
      // §6.2 (-07): `y` allows, `n` disallows; the other categories stay unknown (§5).
      expect(prefs).toEqual({
        'train-ai': 'unset',
        'ai-use': 'unset',
        search: 'unset',
        [label]: value,
      });
    }
  });
  test("every category has its row, in the draft's order", () => {
    expect(CATEGORY_ROWS.map(([label]) => label)).toEqual([...USAGE_CATEGORIES]);
  });
});

describe('Structured Fields dictionary', () => {
  const rows: [string, string, unknown][] = [
    [
      SF,
      'train-ai=y, search=n',
      [
        ['train-ai', { item: { type: 'token', value: 'y' }, params: [] }],
        ['search', { item: { type: 'token', value: 'n' }, params: [] }],
      ],
    ],
    [
      `${SF}.2: a bare key is boolean true`,
      'a',
      [['a', { item: { type: 'boolean', value: true }, params: [] }]],
    ],
    [
      `${SF}.2: last value wins, first position kept`,
      'a=1, b=2, a=3',
      [
        ['a', { item: { type: 'integer', value: 3 }, params: [] }],
        ['b', { item: { type: 'integer', value: 2 }, params: [] }],
      ],
    ],
    [
      `${SF}.3.2: parameters`,
      'a=y;x;y="z"',
      [
        [
          'a',
          {
            item: { type: 'token', value: 'y' },
            params: [
              ['x', { type: 'boolean', value: true }],
              ['y', { type: 'string', value: 'z' }],
            ],
          },
        ],
      ],
    ],
    [
      `${SF}.1.2: inner list`,
      'a=(1 "b" c);p',
      [
        [
          'a',
          {
            innerList: [
              { item: { type: 'integer', value: 1 }, params: [] },
              { item: { type: 'string', value: 'b' }, params: [] },
              { item: { type: 'token', value: 'c' }, params: [] },
            ],
            params: [['p', { type: 'boolean', value: true }]],
          },
        ],
      ],
    ],
    [`${SF}.4: decimal`, 'a=-1.5', [['a', { item: { type: 'decimal', value: -1.5 }, params: [] }]]],
    [
      `${SF}.7/8: binary, boolean`,
      'a=:aGk=:, b=?0',
      [
        ['a', { item: { type: 'binary', value: 'aGk=' }, params: [] }],
        ['b', { item: { type: 'boolean', value: false }, params: [] }],
      ],
    ],
    [
      `${SF}.9/10: date, display string`,
      'a=@1, b=%"caf%c3%a9"',
      [
        ['a', { item: { type: 'date', value: 1 }, params: [] }],
        ['b', { item: { type: 'displaystring', value: 'café' }, params: [] }],
      ],
    ],
    [
      `${SF} steps 3-4: surrounding SP`,
      '  a=1  ',
      [['a', { item: { type: 'integer', value: 1 }, params: [] }]],
    ],
    [`${SF}: empty field is an empty dictionary`, '', []],
  ];
  test.each(rows)('%s: %j', (_s, input, members) => {
    expect(parseSfDictionary(input)).toEqual({ ok: true, members });
  });

  const failures: [string, string][] = [
    [`${SF}.2: trailing comma`, 'a=1,'],
    [`${SF}.2: key starting with a digit`, '1a=1'],
    [`${SF}.2: upper-case key`, 'Train-ai=y'],
    [`${SF}.4: 16-digit integer`, 'a=1234567890123456'],
    [`${SF}.4: 4 decimal places`, 'a=1.2345'],
    [`${SF}.4: ends with a dot`, 'a=1.'],
    [`${SF}.5: unterminated string`, 'a="x'],
    [`${SF}.5: bad escape`, 'a="\\n"'],
    [`${SF} step 1: not ASCII`, 'a="é"'],
    [`${SF}.10: upper-case hex in display string`, 'a=%"%C3%A9"'],
    [`${SF}.10: invalid UTF-8`, 'a=%"%ff"'],
    [`${SF}.2: missing comma`, 'a=1 b=2'],
    [`${SF}.1.2: unterminated inner list`, 'a=(1 2'],
    [`${SF}: control character`, 'a=\u0001'],
    [`${SF}: = without key`, '=y'],
  ];
  test.each(failures)('%s: %j fails', (_s, input) => {
    expect(parseSfDictionary(input).ok).toBe(false);
  });

  test(`${SF} step 2: field lines are joined`, () => {
    const result = parseSfDictionary(['train-ai=y', 'search=n']);
    expect(result.ok && result.members.map(([k]) => k)).toEqual(['train-ai', 'search']);
  });
});

describe('Content-Usage header → preferences', () => {
  const rows: [string, string, Partial<UsagePreferences>][] = [
    [`${ATTACH} §1.2`, 'train-ai=n', { 'train-ai': 'n' }],
    [`${VOCAB07} example`, 'train-ai=y, search=n', { 'train-ai': 'y', search: 'n' }],
    [`${VOCAB} §4.2: ai-use`, 'ai-use=n, search=y', { 'ai-use': 'n', search: 'y' }],
    [
      `${VOCAB07}.1: duplicates, non-token values are unknown`,
      'train-ai=y, train-ai, search=n, search="n"',
      {},
    ],
    [
      `${VOCAB07}.2: only the selected value's parameters; allow`,
      'train-ai;allow=n, train-ai=y',
      { 'train-ai': 'y' },
    ],
    [`${VOCAB07}.2: parameters on an unknown preference`, 'train-ai;has;parameters="?"', {}],
    [`${VOCAB07}: other tokens are unknown`, 'train-ai=yes, search=no', {}],
    [
      `${VOCAB07}: unknown labels ignored (vocab-04 bots, vocab-02 all)`,
      'bots=n, all=n, search=y',
      { search: 'y' },
    ],
    [`${VOCAB07}.1: parse failure → all unknown (upper case)`, 'Train-ai=n, search=n', {}],
    [`${VOCAB07}: inner list value is unknown`, 'train-ai=(n)', {}],
  ];
  test.each(rows)('%s: %j', (_s, header, expected) => {
    const prefs = parseContentUsageHeader(header).preferences;
    expect(prefs).toEqual({ 'train-ai': 'unset', 'ai-use': 'unset', search: 'unset', ...expected });
  });
});

const EXAMPLE = [
  'User-Agent: *',
  'Allow: /',
  'Disallow: /never/',
  'Content-Usage: train-ai=n',
  'Content-Usage: /ai-ok/ train-ai=y',
  '',
  'User-Agent: ExampleBot',
  'Allow: /',
  'Content-Usage: train-ai=y',
].join('\n');

describe('Content-Usage rules in robots.txt', () => {
  const splits: [string, string, string | null, string][] = [
    [`${ATTACH} §3.2: no path`, 'train-ai=n', null, 'train-ai=n'],
    [`${ATTACH} §3.2: path then SP`, '/ai-ok/ train-ai=y', '/ai-ok/', 'train-ai=y'],
    [`${ATTACH} §3.2: path then HTAB`, '/a\t\ttrain-ai=y', '/a', 'train-ai=y'],
    [`${ATTACH} §3.2: path alone`, '/a', '/a', ''],
    [
      `${ATTACH} §3.2: not starting with / means no path`,
      '*.pdf train-ai=n',
      null,
      '*.pdf train-ai=n',
    ],
  ];
  test.each(splits)('%s', (_s, value, path, statement) => {
    expect(splitContentUsageValue(value)).toEqual({ path, statement });
  });

  test(`${ATTACH} §3.4: the example file's rules`, () => {
    const rules = parseContentUsageRules(EXAMPLE);
    expect(
      rules.map((r) => [
        r.line,
        r.path,
        r.groupLine,
        r.agents,
        r.statement.preferences['train-ai'],
        r.problems,
      ]),
    ).toEqual([
      [4, null, 1, ['*'], 'n', []],
      [5, '/ai-ok/', 1, ['*'], 'y', []],
      [9, null, 7, ['ExampleBot'], 'y', []],
    ]);
  });

  // attach-05 §3.4 table: path, crawlable, expected train-ai (null: N/A).
  const table: [string, boolean, 'y' | 'n' | null, number[]][] = [
    ['/test', true, 'n', [4]],
    ['/never/test', false, null, []],
    ['/ai-ok/test', true, 'y', [5]],
  ];
  test.each(table)(`${ATTACH} §3.4 table: %s`, (path, crawlable, expected, lines) => {
    const decision = compileUsageRules(parseContentUsageRules(EXAMPLE), [1]).applicable(
      path,
      crawlable,
    );
    expect(decision.code).toBe(crawlable ? 'longest-match' : 'not-crawlable');
    expect(decision.rules.map((r) => r.line)).toEqual(lines);
    expect(decision.rules[0]?.statement.preferences['train-ai'] ?? null).toBe(expected);
  });

  const rows: [string, string, string, number[]][] = [
    [
      `${ATTACH} §3.1: identical paths apply together`,
      'User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n',
      '/a/b',
      [2, 3],
    ],
    [
      `${ATTACH} §3.1: wildcards as for Allow/Disallow (RFC 9309 §2.2.3)`,
      'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: train-ai=y',
      '/x/y.pdf',
      [2],
    ],
    [
      `${ATTACH} §3.1: $ anchors`,
      'User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\nContent-Usage: train-ai=y',
      '/x/y.pdf?z',
      [3],
    ],
    [
      `${ATTACH} §3.1 "The ordering of rules in a group carries no semantics": equal lengths apply together`,
      'User-agent: *\nContent-Usage: /a* train-ai=n\nContent-Usage: /ab ai-use=n',
      '/abc',
      [2, 3],
    ],
    [
      `${ATTACH} §3.1: equal lengths apply together, in either order`,
      'User-agent: *\nContent-Usage: /ab ai-use=n\nContent-Usage: /a* train-ai=n',
      '/abc',
      [2, 3],
    ],
    [
      `${ATTACH} §3 (rule =/ content-usage) + RFC 9309 §2.1: a user-agent line after it starts a group`,
      'User-agent: other\nContent-Usage: train-ai=n\nUser-agent: *\nContent-Usage: /x train-ai=y',
      '/x',
      [4],
    ],
    [
      `${ATTACH} §3.1: percent-encoding as for Allow/Disallow`,
      'User-agent: *\nContent-Usage: /%7Ea train-ai=n',
      '/~a',
      [2],
    ],
    [
      `${ATTACH} §3.1: other groups' rules do not apply`,
      'User-agent: other\nContent-Usage: train-ai=n\nUser-agent: *\nAllow: /',
      '/',
      [],
    ],
  ];
  test.each(rows)('%s', (_s, text, path, lines) => {
    const rules = parseContentUsageRules(text);
    const starLine = text.split('\n').indexOf('User-agent: *') + 1;
    expect(
      compileUsageRules(rules, [starLine])
        .applicable(path, true)
        .rules.map((r) => r.line),
    ).toEqual(lines);
  });

  test(`${ATTACH} §3 + RFC 9309 §2.1: problems`, () => {
    const rules = parseContentUsageRules(
      'Content-Usage: train-ai=n\nUser-agent: *\nContent-Usage: /x\nContent-Usage: Train-AI=n',
    );
    expect(rules.map((r) => r.problems)).toEqual([
      ['outside-group'],
      ['empty-statement'],
      ['invalid-dictionary'],
    ]);
  });
});

describe('compileUsageRules: a kept matcher answers as a fresh one and as the engine', () => {
  const RFC = 'RFC 9309';
  const text = [
    'User-agent: *', // 1
    'Content-Usage: train-ai=n', // 2
    'Content-Usage: /shop/ train-ai=y', // 3
    'Content-Usage: /shop/ search=n', // 4
    'Content-Usage: /*.pdf$ ai-use=n', // 5
    'Content-Usage: /news/~user ai-use=y', // 6
    'Content-Usage: /files/*/raw train-ai=n', // 7
    'Content-Usage: /shop train-ai=n', // 8
    'Disallow: /private/', // 9
    '', // 10
    'User-agent: GPTBot', // 11
    'Content-Usage: /news/ train-ai=n', // 12
    'Content-Usage: /shop/ ai-use=n', // 13: a rule (attach-05 §3), so line 14 starts a group
    'User-agent: ClaudeBot', // 14: literal paths only
    'Content-Usage: train-ai=y', // 15
    'Content-Usage: /a%7e ai-use=n', // 16
    'Content-Usage: /a train-ai=n', // 17
    'Content-Usage: /a search=y', // 18
    'Content-Usage: /ab search=n', // 19
    'Content-Usage: /a~bc train-ai=y', // 20
  ].join('\n');
  const rules = parseContentUsageRules(text);
  // [source, groups, path, crawlable, expected code, expected lines]
  const rows: [string, number[], string, boolean, string, number[]][] = [
    [
      `${ATTACH} §3.1: a rule without a path matches with length 0`,
      [1],
      '/',
      true,
      'longest-match',
      [2],
    ],
    [
      `${ATTACH} §3.1: identical paths with different preferences all apply`,
      [1],
      '/shop/a',
      true,
      'longest-match',
      [3, 4],
    ],
    [
      `${RFC} §2.2.2: the longest match (/shop, not /shop/)`,
      [1],
      '/shop',
      true,
      'longest-match',
      [8],
    ],
    [
      `${RFC} §2.2.3: * and $ (/*.pdf$ is longer than /shop/)`,
      [1],
      '/shop/a.pdf',
      true,
      'longest-match',
      [5],
    ],
    [
      `${RFC} §2.2.3: $ ends the path (a query follows)`,
      [1],
      '/a.pdf?x',
      true,
      'longest-match',
      [2],
    ],
    [`${RFC} §2.2.3: * inside a pattern`, [1], '/files/x/raw', true, 'longest-match', [7]],
    [
      `${RFC} §2.2.3: * inside a pattern, the literal after it missing`,
      [1],
      '/files/raw',
      true,
      'longest-match',
      [2],
    ],
    [`${RFC} §2.2.2: %7E is the unreserved ~`, [1], '/news/%7Euser', true, 'longest-match', [6]],
    [`${RFC} §2.2.2: paths are case-sensitive`, [1], '/NEWS/~user', true, 'longest-match', [2]],
    [
      `${ATTACH} §3.1: no preference where the robot may not crawl`,
      [1],
      '/private/x',
      false,
      'not-crawlable',
      [],
    ],
    [
      `${RFC} §2.2.1 + ${ATTACH} §3.1: merged groups, the longest of both`,
      [1, 11],
      '/news/x',
      true,
      'longest-match',
      [12],
    ],
    [
      `${RFC} §2.2.1 + ${ATTACH} §3.1: merged groups, identical paths across groups`,
      [1, 11],
      '/shop/b',
      true,
      'longest-match',
      [3, 4, 13],
    ],
    [`${ATTACH} §3.1: a group without Content-Usage rules`, [10], '/shop/', true, 'no-match', []],
    [`${RFC} §2.2.2, literal paths: the longest`, [14], '/abc', true, 'longest-match', [19]],
    [
      `${ATTACH} §3.1, literal paths: identical paths all apply`,
      [14],
      '/a/x',
      true,
      'longest-match',
      [17, 18],
    ],
    [
      `${ATTACH} §3.1, literal paths: a rule without a path`,
      [14],
      '/b',
      true,
      'longest-match',
      [15],
    ],
    [
      `${RFC} §2.2.2, literal paths: %7e (lower case) is ~`,
      [14],
      '/a~x',
      true,
      'longest-match',
      [16],
    ],
    [
      `${ATTACH} §3.1 "The ordering of rules in a group carries no semantics", literal paths: equal length, both apply`,
      [14],
      '/a~bcd',
      true,
      'longest-match',
      [16, 20],
    ],
    [
      `${ATTACH} §3.1, literal paths: ~ written %7E in the path, equal length, both apply`,
      [14],
      '/a%7Ebcd',
      true,
      'longest-match',
      [16, 20],
    ],
  ];
  // The engine's matcher over every rule of the groups, as the rules were chosen before they were
  // compiled once: the reference the compiled form must agree with.
  const reference = (groups: number[], path: string) => {
    const mine = rules.filter((r) => r.groupLine !== null && groups.includes(r.groupLine));
    const all = new CompiledRules(
      mine.map((r) => ({ type: 'allow' as const, value: r.path ?? '', line: r.line })),
      'rfc9309',
    );
    const best = new Set(all.bestTies(canonicalUnits(path)).map((r) => r.value));
    return mine.filter((r) => best.has(r.path ?? '')).map((r) => r.line);
  };
  const matchers = new Map<string, ReturnType<typeof compileUsageRules>>();
  test.each(rows)('%s: %s', (_source, groups, path, crawlable, code, lines) => {
    const key = groups.join(',');
    const matcher = matchers.get(key) ?? compileUsageRules(rules, groups);
    matchers.set(key, matcher);
    // A matcher for this path alone: no earlier answer kept.
    const oneShot = compileUsageRules(rules, groups).applicable(path, crawlable);
    const compiled = matcher.applicable(path, crawlable);
    expect(oneShot.code).toBe(code);
    expect(oneShot.rules.map((r) => r.line)).toEqual(lines);
    expect(compiled).toEqual(oneShot);
    if (crawlable) expect(reference(groups, path)).toEqual(lines);
    // Asked twice (the last answer kept) and from canonical units: the same again.
    expect(matcher.applicable(path, crawlable)).toBe(compiled);
    if (crawlable) expect(matcher.applicableToUnits(canonicalUnits(path))).toBe(compiled);
  });
});

describe('combining (vocab "Combining Preferences")', () => {
  const p = (
    t: UsagePreferences['train-ai'],
    a: UsagePreferences['ai-use'] = 'unset',
    s: UsagePreferences['search'] = 'unset',
  ): UsagePreferences => ({ 'train-ai': t, 'ai-use': a, search: s });
  test(`${VOCAB07} §5.1: any n wins, else any y, else unknown; sources kept`, () => {
    const combined = combineUsage([
      { source: { kind: 'robots-txt', line: 3 }, preferences: p('y', 'y') },
      { source: { kind: 'header' }, preferences: p('n', 'unset') },
      { source: { kind: 'robots-txt', line: 4 }, preferences: p('n', 'unset') },
    ]);
    expect(combined['train-ai']).toEqual({
      preference: 'n',
      sources: [{ kind: 'header' }, { kind: 'robots-txt', line: 4 }],
    });
    expect(combined['ai-use']).toEqual({
      preference: 'y',
      sources: [{ kind: 'robots-txt', line: 3 }],
    });
    expect(combined.search).toEqual({ preference: 'unset', sources: [] });
  });
  test(`${VOCAB07} §3: no statement → every category unknown`, () => {
    expect(Object.values(combineUsage([])).map((c) => c.preference)).toEqual([
      'unset',
      'unset',
      'unset',
    ]);
  });
});

describe('hostile input', () => {
  test('1 MB header and rule, control characters, unicode: no throw', () => {
    expect(
      parseContentUsageHeader(`train-ai=n, ${'a=1, '.repeat(200_000)}b=2`).preferences['train-ai'],
    ).toBe('n');
    expect(parseContentUsageHeader('x'.repeat(1_000_000)).dictionary.ok).toBe(true);
    expect(parseContentUsageHeader('train-ai=\u0000n').dictionary.ok).toBe(false);
    expect(parseContentUsageHeader('train-ai=ñ').dictionary).toEqual({
      ok: false,
      code: 'not-ascii',
      at: 9,
    });
    const rules = parseContentUsageRules(
      `User-agent: *\nContent-Usage: /${'a'.repeat(1_000_000)} train-ai=n\n`,
    );
    expect(rules).toHaveLength(1);
    expect(compileUsageRules(rules, [1]).applicable(`/${'a'.repeat(100_000)}`, true).code).not.toBe(
      'not-crawlable',
    );
  });

  test('never throws (fast-check)', () => {
    const piece = fc.constantFrom(
      'train-ai',
      'search',
      'ai-use',
      '=',
      'y',
      'n',
      ',',
      ' ',
      ';',
      '"',
      '(',
      ')',
      '?1',
      ':',
      '%',
      '@',
      '1.5',
      '*',
      '\t',
      'é',
      '\u0000',
      '/',
      'Content-Usage:',
      'User-agent: *',
      '\n',
    );
    const text = fc.oneof(
      fc.string(),
      fc.array(piece).map((t) => t.join('')),
    );
    fc.assert(
      fc.property(text, fc.string(), (t, path) => {
        parseSfDictionary(t);
        parseContentUsageHeader(t);
        const rules = parseContentUsageRules(t);
        compileUsageRules(rules, [1, 2, 3]).applicable(path, true);
      }),
      { numRuns: numRuns(1000) },
    );
    expect(() => parseContentUsageHeader(undefined as unknown as string)).not.toThrow();
    expect(() => parseContentUsageRules(42 as unknown as string)).not.toThrow();
  });
});

describe('which readings make Content-Usage a rule (decision: RFC 9309 as attach-05 updates it)', () => {
  // A user-agent line right after a Content-Usage line: a new group where the line is a rule.
  const text = 'User-agent: GPTBot\nContent-Usage: train-ai=n\nUser-agent: *\nDisallow: /\n';
  const parsed = parseRobotsTxt(text);
  const rows: [string, Semantics, boolean, number[]][] = [
    [
      `${ATTACH} §3 "rule =/ content-usage" (updates RFC 9309), RFC 9309 §2.1: GPTBot's group ends at its rule`,
      'rfc9309',
      true,
      [1],
    ],
    [
      "Google's parser (google/robotstxt robots.cc) ignores keys it does not know: one group, Disallow: / applies",
      'google',
      false,
      [1],
    ],
    [
      'The 1994 text: records end at blank lines only; Content-Usage is no record it knows',
      'original1994',
      false,
      [1],
    ],
  ];
  test.each(rows)('%s', (_source, semantics, allowed, groups) => {
    const verdict = checkUrl(parsed, 'GPTBot', '/x', semantics);
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.reason.groups.lines).toEqual(groups);
  });
  test(`${ATTACH} §3.1: the AI answers follow that reading, for Google's robots too`, () => {
    expect(parseContentUsageRules(text).map((r) => [r.line, r.groupLine, r.agents])).toEqual([
      [2, 1, ['GPTBot']],
    ]);
    const s = aiSignalsFor(text, 'GPTBot', '/x');
    expect([s.isCrawlable, s.usage['train-ai'].preference]).toEqual([true, 'n']);
    // Googlebot follows `*` in both readings: Disallow: / leaves no preference (attach §3.1).
    const google = reportAiSignals(text, parsed, verdictsFor(parsed, ['Googlebot'], '/x'), null);
    expect(google?.[0]?.signals.usageRules.code).toBe('not-crawlable');
  });
});
