// The extension's translator, for the background (badge tooltips) and the pages: the browser's
// language, or the one chosen in the settings, read from the extension's own _locales/.
import { exactLookup, loadTranslator, type Translator } from '../src/explain/translator.ts';
import type { Language } from '../src/extension/settings.ts';
import { browser } from './browser.ts';

/** The translator for a language setting ('auto': the browser's language). */
export function extensionTranslator(language: Language): Promise<Translator> {
  return loadTranslator(language, {
    // Values go in after the browser's lookup: site text keeps every `$` it has.
    browserLookup: exactLookup((key, subs) => browser.i18n.getMessage(key, subs)),
    browserLanguage: browser.i18n.getUILanguage(),
    readCatalogue: async (lang) =>
      (await fetch(browser.runtime.getURL(`_locales/${lang}/messages.json`))).json(),
  });
}
