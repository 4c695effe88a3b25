import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import ru from '../../_locales/ru/messages.json';
import { Translators } from '../../background/translators.ts';
import { lookupIn, type Translator, translator } from '../../src/explain/index.ts';
import type { Language } from '../../src/extension/settings.ts';

/** A loader of the real catalogues, recording each load; `failNext` loads reject. */
function catalogues() {
  const loads: Language[] = [];
  const control = { failNext: 0 };
  const load = async (language: Language): Promise<Translator> => {
    loads.push(language);
    if (control.failNext > 0) {
      control.failNext--;
      throw new Error(`no catalogue for ${language}`);
    }
    return language === 'ru' ? translator(lookupIn(ru), 'ru') : translator(lookupIn(en), 'en');
  };
  return { loads, control, translators: new Translators(load) };
}

describe('Translators', () => {
  test('one load per language, however often and concurrently asked', async () => {
    const { loads, translators } = catalogues();
    const [first, second] = await Promise.all([translators.for('en'), translators.for('en')]);
    const third = await translators.for('en');
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(loads).toEqual(['en']);
  });

  test('each language is loaded on its own and speaks its language', async () => {
    const { loads, translators } = catalogues();
    const english = await translators.for('en');
    const russian = await translators.for('ru');
    await translators.for('ru');
    expect(loads).toEqual(['en', 'ru']);
    expect(english('badgeNoRule', 'GPTBot')).toBe('GPTBot: allowed — no rule matches');
    expect(russian('badgeNoRule', 'GPTBot')).toBe('GPTBot: разрешено — ни одно правило не совпало');
  });

  test('a failed load is not kept: the next request loads again', async () => {
    const { loads, control, translators } = catalogues();
    control.failNext = 1;
    await expect(translators.for('ru')).rejects.toThrow('no catalogue for ru');
    const russian = await translators.for('ru');
    expect(russian.locale).toBe('ru');
    expect(await translators.for('ru')).toBe(russian);
    expect(loads).toEqual(['ru', 'ru']);
  });

  test('callers waiting on a load that fails all see the failure; one retry follows', async () => {
    const { loads, control, translators } = catalogues();
    control.failNext = 1;
    const waiting = await Promise.allSettled([translators.for('en'), translators.for('en')]);
    expect(waiting.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await translators.for('en');
    await translators.for('en');
    expect(loads).toEqual(['en', 'en']);
  });
});
