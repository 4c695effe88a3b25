// "What this file says", in words: every kind of path phrase and every kind of access, from the
// summaries of real files, in English and in the three other catalogues.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import {
  groupSentence,
  lookupIn,
  type Messages,
  phraseText,
  summarySentences,
  translator,
} from '../../src/explain/index.ts';
import {
  checkUrl,
  type GroupSummary,
  type PathPhrase,
  parseRobotsTxt,
  summarizeRobotsTxt,
} from '../../src/robots/index.ts';

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
  test('one sentence per group, with its first line', () => {
    const text = 'User-agent: *\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /\n';
    expect(summarySentences(parseRobotsTxt(text), t)).toEqual([
      { line: 1, text: 'All robots may visit everything except the folder /tmp/.' },
      { line: 4, text: 'GPTBot may not visit anything.' },
    ]);
    expect(summaries(text)).toHaveLength(2);
  });
});
