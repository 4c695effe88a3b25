// The i18n layer: every string the UI shows comes from _locales/<lang>/messages.json through
// here. Messages use the browser's i18n format ($NAME$ placeholders bound to $1…$9); plural forms
// are separate keys (`key_one`, `key_few`, `key_many`, `key_other`) chosen by Intl.PluralRules.
import type en from '../../_locales/en/messages.json';

/** A key of the catalogues (the English one's keys; every language has the same). */
export type MessageKey = keyof typeof en;

/** A browser-style message catalogue (the shape of messages.json). */
export type Messages = Record<
  string,
  { message: string; description?: string; placeholders?: Record<string, { content: string }> }
>;

/** Looks a message up with positional substitutions, as browser.i18n.getMessage does ('' if absent). */
export type Lookup = (key: string, substitutions: string[]) => string;

/**
 * Says a message in one language: `t(key, ...values)` fills the message's placeholders in order.
 * Made by `translatorFor(locale)` over the bundled catalogues, or `translator(lookup, locale)`.
 */
export interface Translator {
  (key: MessageKey, ...substitutions: (string | number)[]): string;
  /** The plural form of `base` for `count` (CLDR rules of the locale); `count` is $1. */
  plural(base: string, count: number, ...more: (string | number)[]): string;
  locale: string;
  /** Formats a number for the locale. */
  number(n: number, fractionDigits?: number): string;
}

/** browser.i18n.getMessage semantics over a catalogue, for tests and for Node. */
export function lookupIn(messages: Messages): Lookup {
  return (key, substitutions) => {
    const entry = messages[key];
    if (entry === undefined) return '';
    const named = (name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content;
      if (content === undefined) return '';
      return content.replace(/\$(\d)|\$\$/g, (_, d: string | undefined) =>
        d === undefined ? '$' : (substitutions[Number(d) - 1] ?? ''),
      );
    };
    // One pass over the message: a value put in is never read again, so site text keeps its `$$`,
    // `$1` or `$NAME$` as written (a second pass for `$$` used to turn a value's `$$` into `$`).
    return entry.message.replace(/\$([A-Za-z0-9_@]+)\$|\$\$/g, (_, name: string | undefined) =>
      name === undefined ? '$' : named(name),
    );
  };
}

/** Marks the place of value `i` in a message the browser fills: private-use characters, no `$`. */
const marker = (i: number) => `\uE000${i}\uE001`;

/**
 * A lookup over the browser's `i18n.getMessage` that puts the values in itself: the browser fills
 * markers, then each marker becomes its value in one pass. Whatever a browser does with a `$` in
 * a substitution, site text (`$$`, `$1`, `$NAME$`) comes out exactly as given.
 */
export function exactLookup(getMessage: (key: string, substitutions: string[]) => string): Lookup {
  return (key, substitutions) => {
    if (substitutions.length === 0) return getMessage(key, substitutions);
    const text = getMessage(
      key,
      substitutions.map((_, i) => marker(i)),
    );
    return text.replace(
      /\uE000(\d+)\uE001/g,
      (found, i: string) => substitutions[Number(i)] ?? found,
    );
  };
}

/** A translator over a lookup (browser.i18n.getMessage in the extension). */
export function translator(lookup: Lookup, locale: string): Translator {
  const rules = new Intl.PluralRules(locale);
  const formats = new Map<number, Intl.NumberFormat>();
  const t = ((key: MessageKey, ...subs: (string | number)[]) => {
    const text = lookup(key, subs.map(String));
    return text === '' ? key : text;
  }) as Translator;
  t.plural = (base, count, ...more) => {
    const subs = [t.number(count), ...more.map(String)];
    const text = lookup(`${base}_${rules.select(count)}`, subs) || lookup(`${base}_other`, subs);
    return text === '' ? base : text;
  };
  t.number = (n, fractionDigits = 0) => {
    let format = formats.get(fractionDigits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
      formats.set(fractionDigits, format);
    }
    return format.format(n);
  };
  t.locale = locale;
  return t;
}

/** What loading a catalogue needs from the browser (the adapters pass it in). */
export interface CatalogueSource {
  /** The browser's own lookup and language (browser.i18n). */
  browserLookup: Lookup;
  browserLanguage: string;
  /** Reads `_locales/<lang>/messages.json` of the extension. */
  readCatalogue: (language: string) => Promise<unknown>;
}

/** A translator for a language setting: the browser's language for 'auto', else that catalogue. */
export async function loadTranslator(
  language: string,
  source: CatalogueSource,
): Promise<Translator> {
  if (language !== 'auto') {
    try {
      return translator(lookupIn((await source.readCatalogue(language)) as Messages), language);
    } catch {
      // the browser's language then
    }
  }
  return translator(source.browserLookup, source.browserLanguage);
}
