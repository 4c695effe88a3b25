// The UI's translator: the browser's i18n API for the browser's language, or the catalogue of
// the language chosen in the settings, read from the extension's own _locales/.
import { lookupIn, type Messages, type Translator, translator } from '../src/i18n.ts';
import type { Language } from '../src/settings.ts';
import { browser } from './browser.ts';

export async function loadTranslator(language: Language): Promise<Translator> {
  if (language !== 'auto') {
    try {
      const response = await fetch(browser.runtime.getURL(`_locales/${language}/messages.json`));
      return translator(lookupIn((await response.json()) as Messages), language);
    } catch {
      // fall back to the browser's language
    }
  }
  return translator(
    (key, subs) => browser.i18n.getMessage(key, subs),
    browser.i18n.getUILanguage(),
  );
}
