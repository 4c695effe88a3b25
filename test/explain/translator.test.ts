import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
// @ts-expect-error: a plain ES module of the build scripts
import { compile } from '../../scripts/messages.mjs';
import { lookupIn, translator } from '../../src/explain/translator.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('i18n', () => {
  test('placeholders are bound like browser.i18n.getMessage', () => {
    const lookup = lookupIn({
      hello: {
        message: 'Hello $WHO$, $$5 for $WHAT$',
        placeholders: { who: { content: '$1' }, what: { content: '$2' } },
      },
    });
    expect(lookup('hello', ['Ada', 'tea'])).toBe('Hello Ada, $5 for tea');
    expect(lookup('missing', [])).toBe('');
  });

  test('a translation may reorder placeholders: values follow the names, not the positions', () => {
    // The code passes values in the English order; Thai or Russian may need another order.
    const english = { arrow: '{other} → {robot}', n_other: '{count} of {robot}' };
    const reordered = compile(
      { arrow: '{robot} ← {other}', n_one: '{robot}: {count}', n_other: '{robot}: {count}' },
      english,
    );
    const tr = translator(lookupIn(reordered), 'en');
    expect(tr('arrow' as never, 'Googlebot-News', 'Googlebot')).toBe('Googlebot ← Googlebot-News');
    expect(tr.plural('n', 1, 'GPTBot')).toBe('GPTBot: 1');
  });

  test('plural forms follow the locale (CLDR)', () => {
    const messages = compile({
      n_one: '{count} строка',
      n_few: '{count} строки',
      n_many: '{count} строк',
      n_other: '{count} строки',
    });
    const ru = translator(lookupIn(messages), 'ru');
    expect([1, 3, 5, 21, 1000].map((n) => ru.plural('n', n))).toEqual([
      '1 строка',
      '3 строки',
      '5 строк',
      '21 строка',
      `${new Intl.NumberFormat('ru').format(1000)} строк`,
    ]);
    const t = translator(lookupIn(en), 'en');
    expect(t.plural('ageMinutes', 1)).toBe('1 minute ago');
    expect(t.plural('ageMinutes', 12)).toBe('12 minutes ago');
    expect(t.plural('fileLines', 20001)).toBe('20,001 lines');
  });

  test('every plural used in the code has its English forms', () => {
    const files = ['ui', 'popup', 'options', 'background', 'src', 'cli'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => join(ROOT, dir, f)),
    );
    const bases = new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\.plural\('([A-Za-z]+)'/g)].map((m) => m[1]),
      ),
    );
    expect(bases.size).toBeGreaterThan(3);
    for (const base of bases) {
      expect(en, base).toHaveProperty(`${base}_one`);
      expect(en, base).toHaveProperty(`${base}_other`);
    }
  });

  test('messages.json is compiled from its source', () => {
    const source = JSON.parse(readFileSync(join(ROOT, '_locales/en.source.json'), 'utf8'));
    expect(compile(source)).toEqual(en);
  });
});
