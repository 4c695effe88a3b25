// The UI's translator: the browser's language, or the one chosen in the settings.
import { loadTranslator as load, type Translator } from '../src/i18n.ts';
import type { Language } from '../src/settings.ts';
import { browser } from './browser.ts';

export function loadTranslator(language: Language): Promise<Translator> {
  return load(language, {
    browserLookup: (key, subs) => browser.i18n.getMessage(key, subs),
    browserLanguage: browser.i18n.getUILanguage(),
    readCatalogue: async (lang) =>
      (await fetch(browser.runtime.getURL(`_locales/${lang}/messages.json`))).json(),
  });
}
