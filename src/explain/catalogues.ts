// The four catalogues, bundled: the words of the library for a client that has no extension to
// read them from (the npm package's users, the command line). The extension's pages load theirs
// through the browser (loadTranslator) and never import this module.
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import { lookupIn, type Messages, type Translator, translator } from './translator.ts';

/** The languages the words come in. */
export const LANGUAGES = ['en', 'es', 'ru', 'th'] as const;

/** A language the words come in. */
export type Language = (typeof LANGUAGES)[number];

const CATALOGUES: Record<Language, Messages> = { en, es, ru, th } as Record<Language, Messages>;

/** The language of the catalogues closest to a BCP 47 tag (`th-TH` → `th`), else English. */
export function languageOf(locale: string): Language {
  const primary = String(locale).trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

/**
 * A translator for `locale` over the bundled catalogues: English, Spanish, Russian or Thai (the
 * closest of them to a tag such as `es-MX`; English for any other). Give it to the words
 * functions: `whyText(verdict, translatorFor('th'))` is a Thai sentence.
 */
export function translatorFor(locale: string): Translator {
  const language = languageOf(locale);
  return translator(lookupIn(CATALOGUES[language]), language);
}
