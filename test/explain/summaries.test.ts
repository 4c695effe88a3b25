// "What this file says", in words: every kind of path phrase and every kind of access, from the
// summaries of real files, in English and in the three other catalogues.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import {
  explainVerdicts,
  groupSentence,
  lookupIn,
  type Messages,
  phraseText,
  translator,
} from '../../src/explain/index.ts';
import {
  isBigFile,
  summaryLead,
  summaryNotes,
  summaryOverview,
  summarySentences,
} from '../../src/explain/summaries.ts';
import {
  checkUrl,
  type GroupSummary,
  type PathPhrase,
  parseRobotsTxt,
  summarizeRobotsTxt,
} from '../../src/robots/index.ts';
import { numRuns } from '../property-runs.ts';
import { disagreements } from './summary-agreement.ts';

const t = translator(lookupIn(en), 'en');
const OTHERS = [
  ['es', translator(lookupIn(es as Messages), 'es')],
  ['ru', translator(lookupIn(ru as Messages), 'ru')],
  ['th', translator(lookupIn(th as Messages), 'th')],
] as const;

/** The summaries of a file's groups (Google's grouping). */
const summaries = (text: string): GroupSummary[] => summarizeRobotsTxt(parseRobotsTxt(text));
const summary = (text: string): GroupSummary => {
  const [first] = summaries(text);
  if (first === undefined) throw new Error('no group');
  return first;
};

describe('phraseText', () => {
  // One rule per kind of phrase (Google's pattern syntax: * and $).
  const PHRASES = summary(
    [
      'User-agent: *',
      'Disallow: /tmp/',
      'Disallow: /help',
      'Disallow: /a/b$',
      'Disallow: /$',
      'Disallow: /*.pdf$',
      'Disallow: /*?',
      'Disallow: /a*b',
    ].join('\n'),
  );
  const phrases = [...PHRASES.disallowed, ...PHRASES.allowed];

  // [kind, rule value, English, Spanish, Russian, Thai]
  const CASES: [PathPhrase['kind'], string, string, string, string, string][] = [
    ['directory', '/tmp/', 'the folder /tmp/', 'la carpeta /tmp/', 'папка /tmp/', 'โฟลเดอร์ /tmp/'],
    [
      'prefix',
      '/help',
      'URLs starting with /help',
      'las URL que empiezan por /help',
      'URL, начинающиеся с /help',
      'URL ที่ขึ้นต้นด้วย /help',
    ],
    [
      'exact',
      '/a/b$',
      'exactly /a/b',
      'exactamente /a/b',
      'URL /a/b (точное совпадение)',
      'URL /a/b แบบตรงตัว',
    ],
    ['home-page', '/$', 'the home page', 'la página de inicio', 'главная страница', 'หน้าแรก'],
    [
      'file-type',
      '/*.pdf$',
      'files ending in .pdf',
      'los archivos que terminan en .pdf',
      'файлы с расширением .pdf',
      'ไฟล์ที่ลงท้ายด้วย .pdf',
    ],
    [
      'containing',
      '/*?',
      'URLs containing ?',
      'las URL que contienen ?',
      'URL, содержащие ?',
      'URL ที่มี ?',
    ],
    [
      'pattern',
      '/a*b',
      'URLs matching /a*b',
      'las URL que coinciden con /a*b',
      'URL по шаблону /a*b',
      'URL ที่ตรงกับ /a*b',
    ],
  ];

  test.each(CASES)('%s (%s)', (kind, value, english, spanish, russian, thai) => {
    const phrase = phrases.find((p) => p.value === value);
    expect(phrase?.kind).toBe(kind);
    if (phrase === undefined) return;
    expect(phraseText(phrase, t)).toBe(english);
    expect(OTHERS.map(([, tr]) => phraseText(phrase, tr))).toEqual([spanish, russian, thai]);
  });

  test('every kind of PathPhrase has a case', () => {
    const all = {
      'home-page': true,
      exact: true,
      directory: true,
      prefix: true,
      'file-type': true,
      containing: true,
      pattern: true,
    } satisfies Record<PathPhrase['kind'], true>;
    expect(new Set(CASES.map(([kind]) => kind))).toEqual(new Set(Object.keys(all)));
    expect(new Set(phrases.map((p) => p.kind))).toEqual(new Set(Object.keys(all)));
  });
});

describe('groupSentence', () => {
  // [access, robots.txt (its first group), English]
  const CASES: [GroupSummary['access'], string, string][] = [
    ['all', 'User-agent: *\nDisallow:\n', 'All robots may visit everything.'],
    [
      'none',
      'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n',
      'GPTBot and CCBot may not visit anything.',
    ],
    [
      'none-except',
      'User-agent: Googlebot\nDisallow: /\nAllow: /public/\nAllow: /$\n',
      'Googlebot may visit only the folder /public/ and the home page.',
    ],
    [
      'all-except',
      'User-agent: *\nDisallow: /tmp/\nDisallow: /help\n',
      'All robots may visit everything except the folder /tmp/ or URLs starting with /help.',
    ],
    [
      'all-except',
      'User-agent: Bingbot\nDisallow: /private/\nAllow: /private/ok\n',
      'Bingbot may visit everything except the folder /private/, but may visit URLs starting with /private/ok.',
    ],
  ];

  test.each(CASES)('%s: %j', (access, text, english) => {
    const s = summary(text);
    expect(s.access).toBe(access);
    expect(groupSentence(s, t)).toBe(english);
  });

  test('every access kind has a case, and all-except with and without exceptions to it', () => {
    const all = {
      all: true,
      none: true,
      'none-except': true,
      'all-except': true,
    } satisfies Record<GroupSummary['access'], true>;
    expect(new Set(CASES.map(([access]) => access))).toEqual(new Set(Object.keys(all)));
  });

  test.each(OTHERS)(
    'every access kind in %s: placeholders filled, names and paths kept',
    (_, tr) => {
      for (const [, text, english] of CASES) {
        const s = summary(text);
        const sentence = groupSentence(s, tr);
        expect(sentence, text).not.toMatch(/[{}$]|^access[A-Z]/);
        expect(sentence, text).not.toBe(english);
        for (const agent of s.agents.filter((a) => a !== '*')) expect(sentence).toContain(agent);
        for (const p of [...s.allowed, ...s.disallowed])
          if ('path' in p) expect(sentence).toContain(p.path);
      }
    },
  );

  test.each([
    [
      'es',
      'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n',
      'Para GPTBot y CCBot: no se puede visitar nada.',
    ],
    [
      'ru',
      'User-agent: Bingbot\nDisallow: /private/\nAllow: /private/ok\n',
      'Bingbot: можно посещать всё, кроме следующего: папка /private/; но разрешено: URL, начинающиеся с /private/ok.',
    ],
    ['th', 'User-agent: *\nDisallow:\n', 'บอตทุกตัว เข้าได้ทุกที่'],
  ] as const)('one sentence exactly in %s', (lang, text, sentence) => {
    const tr = OTHERS.find(([l]) => l === lang)?.[1];
    if (tr === undefined) throw new Error(lang);
    expect(groupSentence(summary(text), tr)).toBe(sentence);
  });

  test('a * group named with others addresses all robots; empty agents are left out', () => {
    expect(groupSentence(summary('User-agent: *\nUser-agent: GPTBot\nDisallow: /\n'), t)).toBe(
      'All robots may not visit anything.',
    );
    expect(groupSentence(summary('User-agent:\nUser-agent: GPTBot\nDisallow: /x\n'), t)).toBe(
      'GPTBot may visit everything except URLs starting with /x.',
    );
  });

  // A group whose only User-agent line is empty addresses no robot (as the diagnostic
  // empty-user-agent says); its sentence once began with the empty list (" may not visit…").
  test('a group with only an empty User-agent says it applies to none', () => {
    expect(groupSentence(summary('User-agent:\nDisallow: /\n'), t)).toBe(
      'The group at line 1 names no robot (its User-agent line is empty): it applies to none.',
    );
  });

  // `Allow: /` is the shortest possible rule: longer Disallow rules still win under it (RFC 9309
  // §2.2.2), so /tmp/x stays disallowed. The sentence once added "but may visit the whole site".
  const ALLOW_ALL = 'User-agent: *\nDisallow: /tmp/\nAllow: /\n';
  test('the engine: under Allow: /, /tmp/x stays disallowed and /x allowed', () => {
    const parsed = parseRobotsTxt(ALLOW_ALL);
    expect(checkUrl(parsed, 'GPTBot', 'https://a.test/tmp/x').allowed).toBe(false);
    expect(checkUrl(parsed, 'GPTBot', 'https://a.test/x').allowed).toBe(true);
  });
  test('Allow: / beside longer Disallows adds no "but may visit the whole site"', () => {
    expect(groupSentence(summary(ALLOW_ALL), t)).toBe(
      'All robots may visit everything except the folder /tmp/.',
    );
  });
});

describe('summarySentences', () => {
  test('one sentence per set of robots, with its first line', () => {
    const text = 'User-agent: *\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /\n';
    expect(summarySentences(parseRobotsTxt(text), t)).toEqual([
      {
        line: 1,
        lines: [1],
        text: 'All other robots may visit everything except the folder /tmp/.',
      },
      { line: 4, lines: [4], text: 'GPTBot may not visit anything.' },
    ]);
  });

  // Issue 12, item 3: the words say what the verdict rows say. [robots.txt, sentences, why]
  const SAYS: [string, string[], string][] = [
    [
      'User-agent: *\nDisallow: /\n',
      ['All robots may not visit anything.'],
      'the `*` group alone addresses every robot',
    ],
    [
      'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow:\n',
      ['All other robots may not visit anything.', 'Googlebot may visit everything.'],
      'Googlebot follows its own group, not `*` (RFC 9309 §2.2.1); an empty Disallow allows all',
    ],
    [
      'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /b\n',
      [
        'Googlebot may visit everything except URLs starting with /a or URLs starting with /b. (The groups at lines 1 and 7 are read as one.)',
        'All other robots may not visit anything.',
      ],
      'two Googlebot groups are one set of rules (RFC 9309 §2.2.1)',
    ],
    [
      'User-agent: *\nUser-agent: GPTBot\nDisallow: /x\n\nUser-agent: Bingbot\nDisallow: /\n',
      [
        'GPTBot and all other robots may visit everything except URLs starting with /x.',
        'Bingbot may not visit anything.',
      ],
      'a robot named beside `*` follows the same rules as every robot not named',
    ],
    [
      'User-agent: *\nDisallow: /*\nAllow: /\n',
      ['All robots may not visit anything.'],
      '`/*` is longer than `/`: the Disallow wins everywhere (RFC 9309 §2.2.2)',
    ],
    [
      'User-agent: *\nAllow: /products\nDisallow: /products/secret\n',
      ['All robots may visit everything except URLs starting with /products/secret.'],
      'an Allow that opens nothing closed is not an exception',
    ],
    [
      'User-agent: *\nDisallow: /\nAllow: /public/\nDisallow: /public/drafts/\n',
      ['All robots may visit only the folder /public/, but not the folder /public/drafts/.'],
      'a Disallow inside the only part allowed',
    ],
    [
      'User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /y\nDisalow: /x\n\nUser-agent: *\nDisallow: /\n',
      [
        "Googlebot may visit everything except URLs starting with /y or URLs starting with /x. (For Google's robots, which read these lines their own way, misspelled rules included.)",
        "GPTBot may visit everything except URLs starting with /y. (For robots other than Google's, which read these lines as RFC 9309 does.)",
        'All other robots may not visit anything.',
      ],
      'only Google reads the misspelled `Disalow` (robots.cc kAllowFrequentTypos)',
    ],
    [
      'User-agent: Googlebot\nUser-agent: GPTBot\nDisalow: /x\n\nUser-agent: *\nDisallow: /\n',
      [
        "Googlebot may visit everything except URLs starting with /x. (For Google's robots, which read these lines their own way, misspelled rules included.)",
        "GPTBot and all other robots may not visit anything. (For robots other than Google's, which read these lines as RFC 9309 does.)",
        "All other robots may not visit anything. (For Google's robots, which read these lines their own way, misspelled rules included.)",
      ],
      'without the misspelled line the first group has no rule, so RFC 9309 reads `User-agent: *` as part of it (§2.1): GPTBot is kept out',
    ],
  ];
  test.each(SAYS)('%j', (text, sentences) => {
    expect(summarySentences(parseRobotsTxt(text), t).map((s) => s.text)).toEqual(sentences);
  });
});

// The property behind SAYS, on the 51 real files and on random ones: for each robot, the
// sentence that speaks for it lists the groups its verdict used, and read with "the more specific
// path wins", gives verdictsFor's verdict on every path its rules mention.
describe('every sentence agrees with the verdict rows', () => {
  const DIR = join(import.meta.dirname, '../fixtures/corpus');
  const FILES = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

  test.each(FILES)('%s', (file) => {
    expect(disagreements(readFileSync(join(DIR, file), 'utf8'), 40)).toEqual([]);
  });

  const pattern = fc
    .array(fc.constantFrom('/', 'a', 'b', '.', '?', '*', '$', 'x', '%41', 'ü', '/a'), {
      maxLength: 6,
    })
    .map((cs) => cs.join(''));
  const line = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('user-agent', 'useragent', 'user agent'),
        fc.constantFrom('*', 'FooBot', 'Googlebot', 'GPTBot', 'Bingbot', 'msnbot', ''),
      )
      .map(([k, v]) => `${k}: ${v}`),
    fc
      .tuple(
        fc.constantFrom('allow', 'disallow', 'disalow'),
        pattern.map((p) => (p.startsWith('/') || p.startsWith('*') ? p : `/${p}`)),
      )
      .map(([k, v]) => `${k}: ${v}`),
    fc.constantFrom('', 'disallow:', 'allow: /', 'disallow: /'),
  );
  test('random files: misspellings, wildcards, escapes, repeated and empty groups', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 16 }), (lines) => {
        const text = lines.join('\n');
        expect(disagreements(text, 30), text).toEqual([]);
      }),
      { numRuns: numRuns(1500) },
    );
  });
});

// Issue 13, item 3: robot names with digits and spaces. Google's parser and RFC 9309 read a
// user-agent line up to its first character outside [A-Za-z_-] (robots.cc ExtractUserAgent,
// GoogleOnly_AcceptUserAgentUpToFirstSpace; RFC 9309 §2.2.1), so a line `MJ12bot` names `MJ`
// and no robot called MJ12bot, whose row then says the `*` group applies. The summary says the
// same: the line's robot is shown as read, and the user's MJ12bot gets a note.
describe('issue 13: names the readings cut, in the summary as in the rows', () => {
  const ISSUE_13 = [
    'MJ12bot',
    '360Spider',
    'k2spider',
    'Screaming Frog SEO Spider',
    'AhrefsBot',
    'SemrushBot-SA',
  ];
  const FILE =
    'User-agent: *\nDisallow: /private/\n\nUser-agent: MJ12bot\nDisallow: /\n\n' +
    'User-agent: 360Spider\nDisallow: /\n\nUser-agent: Screaming Frog SEO Spider\nDisallow: /\n\n' +
    'User-agent: SemrushBot-SA\nDisallow: /\n\nUser-agent: AhrefsBot\nDisallow: /\n';

  // [robots.txt, sentences, source]
  test.each([
    [
      FILE,
      [
        'All other robots may visit everything except the folder /private/.',
        'MJ (written “MJ12bot”) may not visit anything.',
        "The group at line 7 names no robot: Google's parser and RFC 9309 read “360Spider” only up to the first character that is not a letter, - or _, which leaves no name. It applies to none.",
        'Screaming (written “Screaming Frog SEO Spider”) may not visit anything.',
        'SemrushBot-SA may not visit anything.',
        'AhrefsBot may not visit anything.',
      ],
      'robots.cc ExtractUserAgent: `MJ12bot` → `MJ`, `360Spider` → nothing, `Screaming Frog SEO Spider` → `Screaming`; `SemrushBot-SA` is a whole token (RFC 9309 §2.2.1)',
    ],
    [
      'User-agent: Googlebot/2.1\nUser-agent: MJ12bot/1.4\nDisallow: /\n',
      ['Googlebot/2.1 and MJ (written “MJ12bot/1.4”) may not visit anything.'],
      'a version is no cut (Googlebot/2.1 names Googlebot); digits before it are (robots.cc ExtractUserAgent)',
    ],
    [
      'User-agent: MJ\nDisallow: /a\n\nUser-agent: MJ12bot\nDisallow: /b\n',
      [
        'MJ may visit everything except URLs starting with /a or URLs starting with /b. (The groups at lines 1 and 4 are read as one.)',
      ],
      'both lines name `MJ`, so their groups are one set of rules (RFC 9309 §2.2.1)',
    ],
  ])('%j', (text, sentences) => {
    expect(summarySentences(parseRobotsTxt(text), t).map((x) => x.text)).toEqual(sentences);
  });

  test("notes for the user's robots whose names the file writes but the readings cut", () => {
    expect(
      summaryNotes(parseRobotsTxt(FILE), t, ISSUE_13).map((n) => [n.robot, n.line, n.text]),
    ).toEqual([
      [
        'MJ12bot',
        4,
        "The line “MJ12bot” does not name MJ12bot: Google's parser and RFC 9309 read it as “MJ” (only letters, - and _ count). MJ12bot follows the rules for all other robots.",
      ],
      [
        '360Spider',
        7,
        "The line “360Spider” does not name 360Spider: Google's parser and RFC 9309 read it as an empty name (only letters, - and _ count). 360Spider follows the rules for all other robots.",
      ],
      [
        'Screaming Frog SEO Spider',
        10,
        "The line “Screaming Frog SEO Spider” does not name Screaming Frog SEO Spider: Google's parser and RFC 9309 read it as “Screaming” (only letters, - and _ count). Screaming Frog SEO Spider follows the rules for all other robots.",
      ],
    ]);
    // No `*` group: the robot gets no group at all, as its row says (RFC 9309 §2.2.1).
    expect(
      summaryNotes(parseRobotsTxt('User-agent: MJ12bot\nDisallow: /\n'), t, ['MJ12bot']).map(
        (n) => n.text,
      ),
    ).toEqual([
      'No group addresses all robots: every robot not named here may visit everything.',
      "The line “MJ12bot” does not name MJ12bot: Google's parser and RFC 9309 read it as “MJ” (only letters, - and _ count). No group applies to MJ12bot: it may visit everything.",
    ]);
  });

  test('the overview: "rules of their own" as read, the user\'s robots first only when named', () => {
    const o = summaryOverview(parseRobotsTxt(FILE), t, ISSUE_13);
    // SemrushBot-SA and AhrefsBot are the user's robots with groups of their own; MJ and
    // Screaming are what the file's lines name, not the user's MJ12bot and Screaming Frog.
    expect(o.named).toBe(
      '4 robots have rules of their own: SemrushBot-SA, AhrefsBot, MJ (written “MJ12bot”), and Screaming (written “Screaming Frog SEO Spider”).',
    );
    expect(o.everyoneElse.map((x) => x.text)).toEqual([
      'All other robots may visit everything except the folder /private/.',
    ]);
  });

  test('in the three other catalogues: placeholders filled, names kept', () => {
    const parsed = parseRobotsTxt(FILE);
    for (const [, tr] of OTHERS) {
      const words = [
        ...summarySentences(parsed, tr).map((x) => x.text),
        ...summaryNotes(parsed, tr, ISSUE_13).map((n) => n.text),
      ];
      for (const w of words) expect(w).not.toMatch(/\{[a-z]+\}|\$[A-Z]+\$/);
      expect(words.join(' ')).toContain('MJ12bot');
      expect(words.join(' ')).toContain('Screaming Frog SEO Spider');
    }
  });

  // The property: random files naming the issue's robots and ordinary ones; for a user's list of
  // them, no sentence names a robot its verdict does not follow, the sentence that speaks for
  // each covers exactly its verdict's groups and says what its verdict says on every path its
  // rules mention (summary-agreement.ts), and the note about a cut name says what the row does.
  const USERS = [
    ...ISSUE_13,
    'SemrushBot',
    'MJ',
    'Screaming',
    'k',
    'Googlebot',
    'GPTBot',
    'Applebot',
  ];
  const agentLine = fc
    .tuple(
      fc.constantFrom('user-agent', 'useragent'),
      fc.constantFrom(
        '*',
        'MJ12bot',
        'mj12bot/1.4',
        'MJ',
        '360Spider',
        'k2spider',
        'Screaming Frog SEO Spider',
        'Screaming',
        'AhrefsBot',
        'SemrushBot-SA',
        'SemrushBot',
        'Googlebot',
        'GPTBot',
        '',
      ),
    )
    .map(([k, v]) => `${k}: ${v}`);
  const ruleLine = fc
    .tuple(
      fc.constantFrom('allow', 'disallow', 'disalow'),
      fc.constantFrom('/', '/a', '/a/b', '/*.pdf$', ''),
    )
    .map(([k, v]) => `${k}: ${v}`);
  test("random files: every sentence about a user's robot agrees with its row", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(agentLine, ruleLine, fc.constant('')), { maxLength: 14 }),
        (lines) => {
          const text = lines.join('\n');
          expect(disagreements(text, 20, USERS), text).toEqual([]);
          const parsed = parseRobotsTxt(text);
          const notes = summaryNotes(parsed, t, USERS);
          for (const row of explainVerdicts(parsed, 'allow', '/', USERS, t)) {
            const note = notes.find(
              (n) => n.robot === row.robot && n.text.startsWith('The line “'),
            );
            if (note === undefined) continue;
            // Only a robot whose row says its name is cut gets one, with the same reading of it
            // and the same group: the `*` group's rules, or none.
            expect(row.nameCut, text).not.toBeNull();
            expect(note.text, text).toContain(
              row.nameCut?.read === '' ? 'an empty name' : `as “${row.nameCut?.read}”`,
            );
            expect(note.text.includes('follows the rules for all other robots'), text).toBe(
              row.groupLines.length > 0,
            );
          }
        },
      ),
      { numRuns: numRuns(1000) },
    );
  });
});

describe('summaryNotes: robots the sentences do not speak for', () => {
  const ROBOTS = ['Googlebot', 'Applebot', 'AdsBot-Google', 'GPTBot'];
  test.each([
    [
      'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n',
      [
        'Applebot is named in no group: it follows the rules for Googlebot.',
        'AdsBot-Google is named in no group and does not obey the rules for all robots: it may visit everything.',
      ],
      'Apple: Applebot follows Googlebot; Google: special-case crawlers ignore `*`',
    ],
    [
      'User-agent: GPTBot\nDisallow: /\n',
      ['No group addresses all robots: every robot not named here may visit everything.'],
      'RFC 9309 §2.2.1: no group, no rules',
    ],
    [
      'User-agent: *\nUser-agent: AdsBot-Google\nDisallow: /\n',
      [],
      'every robot of the list is named or follows `*`',
    ],
  ])('%j', (text, notes) => {
    expect(summaryNotes(parseRobotsTxt(text), t, ROBOTS).map((n) => n.text)).toEqual(notes);
  });
});

describe('never a wall of text', () => {
  test('a sentence names at most 8 robots and 8 paths, then how many more', () => {
    const robots = Array.from({ length: 12 }, (_, i) => `Bot${String.fromCharCode(97 + i)}`);
    const rules = Array.from({ length: 30 }, (_, i) => `Disallow: /p${i}/`);
    const text = `${robots.map((r) => `User-agent: ${r}`).join('\n')}\n${rules.join('\n')}\n`;
    const [sentence] = summarySentences(parseRobotsTxt(text), t);
    expect(sentence?.text).toBe(
      'Bota, Botb, Botc, Botd, Bote, Botf, Botg, Both, and 4 more robots may visit everything except the folder /p0/, the folder /p1/, the folder /p2/, the folder /p3/, the folder /p4/, the folder /p5/, the folder /p6/, the folder /p7/, or 22 more paths.',
    );
  });

  test.each([
    ['User-agent: *\nDisallow: /\n', false],
    [
      `${Array.from({ length: 8 }, (_, i) => `User-agent: B${i}\nDisallow: /\n`).join('\n')}`,
      false,
    ],
    [`${Array.from({ length: 9 }, (_, i) => `User-agent: B${i}\nDisallow: /\n`).join('\n')}`, true],
    [`User-agent: *\n${Array.from({ length: 60 }, (_, i) => `Disallow: /${i}`).join('\n')}`, false],
    [`User-agent: *\n${Array.from({ length: 61 }, (_, i) => `Disallow: /${i}`).join('\n')}`, true],
  ])('big file (more than 8 groups or 60 rules): %#', (text, big) => {
    expect(isBigFile(parseRobotsTxt(text))).toBe(big);
  });

  test('the overview of the largest real file (smugmug.com, 146 KiB, 40 groups)', () => {
    const parsed = parseRobotsTxt(
      readFileSync(join(import.meta.dirname, '../fixtures/corpus/www.smugmug.com.txt'), 'utf8'),
    );
    const o = summaryOverview(parsed, t, ['Googlebot', 'Applebot', 'GPTBot']);
    expect(o.counts).toBe('This file has 40 groups and 5,615 rules.');
    expect(o.sitemaps).toBeNull();
    // The user's robots come first: a long list never hides them in "and N more".
    expect(o.named).toMatch(
      /^39 robots have rules of their own: Googlebot, zombies, werewolves, .*, and 19 more robots\.$/,
    );
    expect(o.everyoneElse.map((s) => s.text)).toEqual(['All other robots may not visit anything.']);
    expect(o.notes.map((n) => n.text)).toEqual([
      'Applebot is named in no group: it follows the rules for Googlebot.',
    ]);
    const all = [
      o.counts,
      o.named,
      ...o.everyoneElse.map((s) => s.text),
      ...o.notes.map((n) => n.text),
    ];
    expect(all.join(' ').length).toBeLessThan(1200);
  });

  test('sitemaps counted', () => {
    const o = summaryOverview(
      parseRobotsTxt(
        'Sitemap: https://a.test/1.xml\nSitemap: https://a.test/2.xml\nUser-agent: *\nDisallow: /x\n',
      ),
      t,
    );
    expect([o.counts, o.sitemaps, o.named]).toEqual([
      'This file has 1 group and 1 rule.',
      'It lists 2 sitemaps.',
      null,
    ]);
  });
});

describe('the new sentences in the three other catalogues', () => {
  const texts = [
    'User-agent: *\nUser-agent: GPTBot\nDisallow: /x\n\nUser-agent: Bingbot\nDisallow: /\n',
    'User-agent: *\nDisallow: /\nAllow: /public/\nDisallow: /public/drafts/\n',
    'User-agent: Googlebot\nUser-agent: GPTBot\nDisalow: /x\n\nUser-agent: Googlebot\nDisallow: /y\n',
    `${Array.from({ length: 12 }, (_, i) => `User-agent: Bot${i}`).join('\n')}\n${Array.from({ length: 30 }, (_, i) => `Disallow: /p${i}/`).join('\n')}\n`,
  ];
  test.each(OTHERS)('%s: placeholders filled, names and paths kept', (_, tr) => {
    for (const text of texts) {
      const parsed = parseRobotsTxt(text);
      const words = [
        ...summarySentences(parsed, tr).map((s) => s.text),
        ...summaryNotes(parsed, tr, ['Applebot', 'AdsBot-Google']).map((n) => n.text),
        ...Object.values(summaryOverview(parsed, tr))
          .flat()
          .map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      ];
      for (const w of words)
        expect(w, text).not.toMatch(/\{[a-z]+\}|\$[A-Z]+\$|^summary[A-Z]|^access[A-Z]/);
    }
    expect(summarySentences(parseRobotsTxt(texts[0] ?? ''), tr)[0]?.text).toContain('GPTBot');
    expect(summarySentences(parseRobotsTxt(texts[1] ?? ''), tr)[0]?.text).toContain(
      '/public/drafts/',
    );
  });
});

// Issue 29, item 4: "In plain words" leads with its strongest fact about the user's robots.
describe('summaryLead: the strongest fact first', () => {
  const LIST = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'Google-Extended'];
  const CASES: [string, string, string[]][] = [
    [
      'AI crawlers shut out by name (the common "block AI" file)',
      'User-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n',
      [
        '3 AI and other crawlers of your list may not visit anything: GPTBot, ClaudeBot, and Google-Extended.',
      ],
    ],
    [
      'a search crawler shut out comes first (RFC 9309 §2.2.2: Disallow: / matches every path)',
      'User-agent: Bingbot\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n',
      [
        '1 search crawler of your list may not visit anything: Bingbot.',
        '1 AI or other crawler of your list may not visit anything: GPTBot.',
      ],
    ],
    [
      'an Allow that opens a path again: not "anything" (RFC 9309 §2.2.2, longest match)',
      'User-agent: *\nDisallow: /\nAllow: /public/\n',
      [
        'Every robot of your list may visit the home page (/); the groups below say what else each may visit.',
      ],
    ],
    [
      'everything shut',
      'User-agent: *\nDisallow: /\n',
      ['No robot of your list may visit anything on this site.'],
    ],
    [
      'nothing shut',
      'User-agent: *\nDisallow: /tmp/\n',
      [
        'Every robot of your list may visit the home page (/); the groups below say what else each may visit.',
      ],
    ],
  ];
  test.each(CASES)('%s', (_, text, lead) => {
    expect(summaryLead(parseRobotsTxt(text), t, LIST)).toEqual(lead);
  });

  test('no robots, no lead; every language says it', () => {
    expect(summaryLead(parseRobotsTxt('User-agent: *\nDisallow: /\n'), t, [])).toEqual([]);
    for (const [, tl] of OTHERS) {
      const [sentence] = summaryLead(parseRobotsTxt(CASES[0]?.[1] ?? ''), tl, LIST);
      expect(sentence).toContain('GPTBot');
      expect(sentence).not.toMatch(/\{|may not visit/);
    }
  });
});
