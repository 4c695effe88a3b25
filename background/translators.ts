// Translators by language, each loaded once (the badge's tooltips speak the user's language).
import type { Translator } from '../src/explain/index.ts';
import type { Language } from '../src/extension/settings.ts';

export class Translators {
  private readonly load: (language: Language) => Promise<Translator>;
  private readonly loaded = new Map<Language, Promise<Translator>>();

  /** `load` reads a language's catalogue ('auto': the browser's language). */
  constructor(load: (language: Language) => Promise<Translator>) {
    this.load = load;
  }

  /** The translator for a language setting. */
  for(language: Language): Promise<Translator> {
    let t = this.loaded.get(language);
    if (t === undefined) {
      t = this.load(language);
      this.loaded.set(language, t);
      // A failed load is not kept: the next call tries again.
      const loading = t;
      loading.catch(() => {
        if (this.loaded.get(language) === loading) this.loaded.delete(language);
      });
    }
    return t;
  }
}
