// Words a native speaker would write (issue 31, item 6): what the locale parity test in
// locales.test.ts cannot see. Each check renders messages through the project's translator in
// every language, as the popup and the command line do.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts
import { compile, placeholders } from '../scripts/messages.mjs';
import { lookupIn, translator } from '../src/explain/translator.ts';

const DIR = join(import.meta.dirname, '../_locales');
const LANGS = readdirSync(DIR)
  .filter((f) => f.endsWith('.source.json'))
  .map((f) => f.replace('.source.json', ''));
/** A source catalogue's messages, without its descriptions (`@key`, see scripts/messages.mjs). */
const source = (lang: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(join(DIR, `${lang}.source.json`), 'utf8')) as Record<string, string>,
    ).filter(([key]) => !key.startsWith('@')),
  );

describe.each(LANGS)('%s', (lang) => {
  const messages = source(lang);

  test('the History view names every kind of URL it checks, saved test URLs too', () => {
    // impactUrls (popup/history/impact-urls.ts) checks the visited pages, the saved test URLs
    // and the tester's URL; the sentences saying so named only two of them (review 2026-11b,
    // code-level point 1). Each must use the Tester view's own name for saved URLs.
    const saved = (messages['testerSavedTitle'] ?? '').toLocaleLowerCase(lang);
    const keys = Object.keys(messages).filter(
      (k) => k === 'historyPathsOff' || k.startsWith('historyImpactChecked_'),
    );
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys)
      expect(messages[key]?.toLocaleLowerCase(lang), `${lang} ${key}`).toContain(saved);
  });
});

// Terms and typography the language review of 2026-11 (part B) settled, checked over whole
// catalogues so that a new message keeps them.
describe('settled words', () => {
  test('"search results" is the same words in the AI sentences as in the CLI help', () => {
    // A bare "search" (es "búsqueda", ru "поиска", th "การค้นหา") read as AI search next to
    // "Perplexity's AI search crawler" (review 2026-11b: misleading in all three languages).
    const SEARCH_RESULTS: Record<string, string> = {
      en: 'search results',
      es: 'resultados de búsqueda',
      ru: 'результатов поиска',
      th: 'ผลการค้นหา',
    };
    for (const lang of LANGS) {
      const messages = source(lang);
      const search = SEARCH_RESULTS[lang] ?? '';
      expect(messages['aiUseSearch'], lang).toBe(search);
      expect(messages['cliCheckHelpAi'], lang).toContain(search);
      expect(messages['cliDiffHelpAi'], lang).toContain(search);
      expect(messages['aiSaysNothing'], lang).toContain(search);
    }
  });

  test('the CLI help calls a robot a robot, as the popup does', () => {
    // Google-Extended in the default list is not a crawler (es "rastreador", ru "поисковый
    // робот" were wrong for it).
    const help = ['cliHelp', 'cliCheckHelp', 'cliDiffHelp', 'cliEmptyAgent'];
    for (const key of help) {
      expect(source('es')[key], key).not.toMatch(/rastreador/);
      expect(source('ru')[key], key).not.toMatch(/поисков\p{L}* робот/u);
    }
  });

  test('Thai: one spelling of "bot", no spaces inside brackets or before , and :', () => {
    for (const [key, text] of Object.entries(source('th'))) {
      expect(text, key).not.toMatch(/โรบ็อต|โรบอต/);
      // `{x} :` and `( {x} )` looked machine-spaced; `: /` (a path after a colon) is fine.
      expect(text.replace(/\n {2,}/g, '\n'), key).not.toMatch(/\( | \)| ,| :/);
    }
  });

  test('Spanish speaks to the user as tú, not usted', () => {
    for (const [key, text] of Object.entries(source('es')))
      expect(text, key).not.toMatch(/\b(Pulse|Véase|véase|Introduzca|Seleccione|Haga clic)\b/);
  });
});

test('every message is used: its key is written in the code, or in the manifest', () => {
  // Keys are typed (MessageKey) and written whole, so a key nowhere in the code is a message no
  // one reads, yet translated four times (review 2026-11b, code-level point 8).
  const ROOT = join(import.meta.dirname, '..');
  // scripts/: the store listing's words (scripts/listing.mjs).
  const code = [
    'ui',
    'popup',
    'options',
    'background',
    'src',
    'cli',
    'first-screen',
    'io',
    'scripts',
  ]
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(tsx?|mjs|html)$/.test(f))
        .map((f) => readFileSync(join(ROOT, dir, f), 'utf8')),
    )
    .concat(readFileSync(join(ROOT, 'manifest.json'), 'utf8'))
    .join('\n');
  const bases = new Set(
    Object.keys(source('en')).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')),
  );
  const unused = [...bases].filter(
    (base) => !new RegExp(`['"\`]${base}['"\`]|__MSG_${base}__`).test(code),
  );
  expect(unused).toEqual([]);
});

describe('counts', () => {
  const COUNTS = [0, 1, 2, 5, 21, 1_000_000];

  test.each(LANGS)('%s: every plural message for 0, 1, 2, 5, 21 and 1,000,000', (lang) => {
    const messages = source(lang);
    const compiled = JSON.parse(readFileSync(join(DIR, lang, 'messages.json'), 'utf8'));
    const t = translator(lookupIn(compiled), lang);
    const rules = new Intl.PluralRules(lang);
    const bases = Object.keys(messages)
      .filter((k) => k.endsWith('_other'))
      .map((k) => k.slice(0, -'_other'.length));
    expect(bases.length).toBeGreaterThan(40);
    for (const base of bases)
      for (const n of COUNTS) {
        // The language's own form for n (CLDR), not a fallback to `other`.
        const key = `${base}_${rules.select(n)}`;
        expect(Object.hasOwn(messages, key), `${lang} ${key}`).toBe(true);
        const others = placeholders(messages[key] ?? '').filter((p: string) => p !== 'count');
        const text = t.plural(base, n, ...others.map((p: string) => `⟦${p}⟧`));
        // The count as the language writes numbers: "1.000.000", "1 000 000", "1,000,000".
        if (/\{count\}/.test(messages[key] ?? ''))
          expect(text, `${lang} ${key}`).toContain(t.number(n));
        expect(text, `${lang} ${key}`).not.toMatch(/\$|\{\w+\}|\b1000000\b/);
      }
  });

  // One message through every form of each language, as a native speaker writes it; sources:
  // CLDR plural rules (en, es one/many/other; ru one/few/many/other; th other) and the 2026-11
  // reviews' wording.
  test.each([
    [
      'en',
      [
        '0 input lines were not URLs',
        '1 input line was not a URL',
        '2 input lines were not URLs',
        '5 input lines were not URLs',
        '21 input lines were not URLs',
        '1,000,000 input lines were not URLs',
      ],
    ],
    [
      'es',
      [
        '0 líneas de la entrada no eran URL',
        '1 línea de la entrada no era una URL',
        '2 líneas de la entrada no eran URL',
        '5 líneas de la entrada no eran URL',
        '21 líneas de la entrada no eran URL',
        '1.000.000 de líneas de la entrada no eran URL',
      ],
    ],
    [
      'ru',
      [
        '0 строк входных данных не являются URL',
        '1 строка входных данных не является URL',
        '2 строки входных данных не являются URL',
        '5 строк входных данных не являются URL',
        '21 строка входных данных не является URL',
        '1\u00a0000\u00a0000 строк входных данных не являются URL',
      ],
    ],
    [
      'th',
      [
        'ข้อมูลนำเข้า 0 บรรทัดไม่ใช่ URL',
        'ข้อมูลนำเข้า 1 บรรทัดไม่ใช่ URL',
        'ข้อมูลนำเข้า 2 บรรทัดไม่ใช่ URL',
        'ข้อมูลนำเข้า 5 บรรทัดไม่ใช่ URL',
        'ข้อมูลนำเข้า 21 บรรทัดไม่ใช่ URL',
        'ข้อมูลนำเข้า 1,000,000 บรรทัดไม่ใช่ URL',
      ],
    ],
  ])('%s: cliNotUrls', (lang, expected) => {
    const compiled = JSON.parse(readFileSync(join(DIR, lang, 'messages.json'), 'utf8'));
    const t = translator(lookupIn(compiled), lang);
    expect(COUNTS.map((n) => t.plural('cliNotUrls', n))).toEqual(expected);
  });

  test.each(LANGS)('%s: a count inside a sentence is a plural message', (lang) => {
    // "1 of 1 verdicts change", "1 permitidos" (review 2026-11b, point 2): a count next to words
    // that agree with it takes the plural form of the language. Outside plural messages a count
    // may only stand as a value, after a colon or in brackets ("Blocked: 3", "(3)"). A second
    // count of a plural message ("…; 5 kept in all") is checked where adjectives and participles
    // agree with it (es "1 guardadas", ru); en and th words next to it do not change.
    const isPlural = (key: string) => /_(zero|one|two|few|many|other)$/.test(key);
    const agreeing = lang === 'es' || lang === 'ru';
    const bad = Object.entries(source(lang)).flatMap(([key, text]) =>
      ['count', 'changed', 'urls', 'done', 'max']
        .concat(agreeing && isPlural(key) ? ['versions', 'allowed', 'disallowed'] : [])
        .filter(
          (name) =>
            text.includes(`{${name}}`) &&
            !(name === 'count' && isPlural(key)) &&
            !new RegExp(`(: |\\()\\{${name}\\}`).test(text),
        )
        .map((name) => `${key} {${name}}`),
    );
    expect(bad).toEqual([]);
  });
});

describe('descriptions for translators', () => {
  const english: Record<string, string> = JSON.parse(
    readFileSync(join(DIR, 'en.source.json'), 'utf8'),
  );
  const described = (key: string) => Object.hasOwn(english, `@${key}`);

  test('`@key` in a source becomes the description of `key` in messages.json', () => {
    expect(compile({ hi: 'Clear', '@hi': 'Button: delete the kept versions' })).toEqual({
      hi: { message: 'Clear', description: 'Button: delete the kept versions' },
    });
    expect(() => compile({ '@gone': 'describes nothing' })).toThrow('@gone');
    const compiled = JSON.parse(readFileSync(join(DIR, 'en', 'messages.json'), 'utf8'));
    expect(compiled.historyFrom.description).toBe(english['@historyFrom']);
  });

  test('the short labels the review found ambiguous have one', () => {
    // Review 2026-11b, point 9: "Clear", "From", "To", "Remove", "Information", "{count} more",
    // "index?" had only the code as context ("From"/"To" became ru "С"/"По").
    const keys = ['historyClearYes', 'historyFrom', 'historyTo', 'testerForget'].concat([
      'historySeverityInfo',
      'historyMore_other',
      'pageIndexUnknown',
    ]);
    expect(keys.filter((k) => !described(k))).toEqual([]);
  });

  test('every message of placeholders and punctuation only has one', () => {
    // "{group}; {decision}" says nothing of what goes in it: only its description can.
    const bare = Object.entries(source('en'))
      .filter(([, text]) => !/\p{L}/u.test(text.replace(/\{\w+\}/g, '')))
      .map(([key]) => key);
    expect(bare.length).toBeGreaterThan(5);
    expect(bare.filter((k) => !described(k))).toEqual([]);
  });
});
