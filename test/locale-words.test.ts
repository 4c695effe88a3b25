// Words a native speaker would write (issue 31, item 6): what the locale parity test in
// locales.test.ts cannot see. Each check renders messages through the project's translator in
// every language, as the popup and the command line do.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const DIR = join(import.meta.dirname, '../_locales');
const LANGS = readdirSync(DIR)
  .filter((f) => f.endsWith('.source.json'))
  .map((f) => f.replace('.source.json', ''));
const source = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, `${lang}.source.json`), 'utf8'));

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
  const code = ['ui', 'popup', 'options', 'background', 'src', 'cli', 'first-screen', 'io']
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(tsx?|html)$/.test(f))
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
