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
    const saved = (messages.testerSavedTitle ?? '').toLocaleLowerCase(lang);
    const keys = Object.keys(messages).filter(
      (k) => k === 'historyPathsOff' || k.startsWith('historyImpactChecked_'),
    );
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys)
      expect(messages[key]?.toLocaleLowerCase(lang), `${lang} ${key}`).toContain(saved);
  });
});
