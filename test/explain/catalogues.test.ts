// translatorFor: the bundled catalogues, for clients with no extension (the npm package, the CLI).
import { describe, expect, test } from 'vitest';
import { languageOf, translatorFor } from '../../src/explain/catalogues.ts';
import { whyText } from '../../src/explain/verdicts.ts';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';

describe('translatorFor', () => {
  test.each([
    ['en', 'en'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['es_MX', 'es'],
    ['RU', 'ru'],
    ['de', 'en'],
    ['', 'en'],
  ])('%j reads the %s catalogue', (tag, language) => {
    expect(languageOf(tag)).toBe(language);
    expect(translatorFor(tag).locale).toBe(language);
  });

  test('each language says a verdict in its own words, never the key', () => {
    const verdict = checkUrl(parseRobotsTxt('User-agent: *\nDisallow: /x\n'), 'Googlebot', '/x/y');
    const said = new Map(
      ['en', 'es', 'ru', 'th'].map((lang) => [lang, whyText(verdict, translatorFor(lang))]),
    );
    expect(new Set(said.values()).size).toBe(4);
    expect(said.get('th')).toMatch(/[\u0E00-\u0E7F]/);
    expect(said.get('ru')).toMatch(/[\u0400-\u04FF]/);
    for (const text of said.values()) expect(text).not.toMatch(/^[a-z]+[A-Z]\w*$/);
  });

  test('numbers follow the language', () => {
    // Russian groups digits with a no-break space (CLDR).
    expect(translatorFor('ru').number(1_000_000)).toBe('1\u00a0000\u00a0000');
    expect(translatorFor('es').number(1_000_000)).toBe('1.000.000');
  });
});
