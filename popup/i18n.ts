// The popup's translator: the browser's i18n API over _locales/ (the UI language of the browser).
import { type Translator, translator } from '../src/i18n.ts';
import { browser } from './browser.ts';

export function browserTranslator(): Translator {
  return translator(
    (key, subs) => browser.i18n.getMessage(key, subs),
    browser.i18n.getUILanguage(),
  );
}
