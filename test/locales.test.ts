import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts
import { compile, placeholders } from '../scripts/messages.mjs';
import { lookupIn } from '../src/explain/translator.ts';

// Every locale carries exactly the messages English has, with the same placeholders. Plural
// messages are `base_<category>`: each locale has exactly the CLDR categories of its language.
const DIR = join(import.meta.dirname, '../_locales');
/** A source catalogue's messages, without its descriptions (`@key`, see scripts/messages.mjs). */
const source = (lang: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(join(DIR, `${lang}.source.json`), 'utf8')) as Record<string, string>,
    ).filter(([key]) => !key.startsWith('@')),
  );
const withDescriptions = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, `${lang}.source.json`), 'utf8'));
const LANGS = readdirSync(DIR)
  .filter((f) => f.endsWith('.source.json'))
  .map((f) => f.replace('.source.json', ''));
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

function split(key: string): { base: string; category: string | null } {
  const i = key.lastIndexOf('_');
  const category = i === -1 ? '' : key.slice(i + 1);
  return CATEGORIES.includes(category)
    ? { base: key.slice(0, i), category }
    : { base: key, category: null };
}

const en = source('en');
const enBases = new Map<string, string[]>();
for (const [key, text] of Object.entries(en)) {
  const { base } = split(key);
  enBases.set(base, placeholders(text));
}

describe('locales', () => {
  test('English, Spanish, Russian and Thai are there', () => {
    expect(LANGS.sort()).toEqual(['en', 'es', 'ru', 'th']);
  });

  describe.each(LANGS)('%s', (lang) => {
    const messages = source(lang);
    const rules = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

    test('has every message English has, and no other', () => {
      const bases = new Set(Object.keys(messages).map((k) => split(k).base));
      expect([...enBases.keys()].filter((b) => !bases.has(b))).toEqual([]);
      expect([...bases].filter((b) => !enBases.has(b))).toEqual([]);
    });

    test('plural messages have exactly the forms of the language', () => {
      const pluralBases = new Set(
        Object.keys(en)
          .filter((k) => split(k).category !== null)
          .map((k) => split(k).base),
      );
      for (const base of pluralBases) {
        const forms = Object.keys(messages)
          .filter((k) => split(k).base === base)
          .map((k) => split(k).category);
        expect(forms.sort(), `${lang} ${base}`).toEqual([...rules].sort());
      }
    });

    test('placeholders are the same as in English', () => {
      for (const [key, text] of Object.entries(messages)) {
        expect(placeholders(text).sort(), `${lang} ${key}`).toEqual(
          [...(enBases.get(split(key).base) ?? [])].sort(),
        );
      }
    });

    test('a placeholder keeps its meaning where the translation moves it', () => {
      // The code passes values in English's order; each must land where the translation put
      // that name. (A translation reordering `{other} → {robot}` once swapped them silently.)
      const compiled = JSON.parse(readFileSync(join(DIR, lang, 'messages.json'), 'utf8'));
      const lookup = lookupIn(compiled);
      for (const [key, text] of Object.entries(messages)) {
        const names = enBases.get(split(key).base) ?? [];
        const values = names.map((name) => `⟦${name}⟧`);
        const expected = text.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => `⟦${name}⟧`);
        expect(lookup(key, values), `${lang} ${key}`).toBe(expected);
      }
    });

    test('messages.json is compiled from the source', () => {
      const compiled = JSON.parse(readFileSync(join(DIR, lang, 'messages.json'), 'utf8'));
      expect(compiled).toEqual(compile(withDescriptions(lang), en));
    });

    test('no message is empty or left in English by mistake', () => {
      const same = Object.keys(messages).filter(
        (k) =>
          lang !== 'en' &&
          messages[k] === en[k] &&
          !/^[\s{}a-zA-Z0-9.—·/*-]*$/.test(messages[k] ?? '') &&
          // A message of placeholders and punctuation only ("{use}: {before} → {after}") is
          // the same in every language.
          /\p{L}/u.test((messages[k] ?? '').replace(/\{\w+\}/g, '')) &&
          !/^(extName|fileHeading|crawlerBy|sizeKib)$/.test(k),
      );
      expect(same).toEqual([]);
      for (const [key, text] of Object.entries(messages))
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
    });
  });
});
