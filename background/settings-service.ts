// The user's settings for the background: read from the store once and kept until they change
// there; every change validated, an invalid one refused with its reason and nothing changed.
import {
  defaultSettings,
  exportSettings,
  type ImportProblem,
  importSettings,
  type Settings,
  type SettingsProblem,
  validateSettings,
} from '../src/extension/settings.ts';
import type { SettingsStore } from './settings-store.ts';

export type Change<P> = { ok: true; settings: Settings } | { ok: false; problem: P };

export class SettingsService {
  private readonly store: SettingsStore;
  private cached: Promise<Settings> | null = null;

  constructor(store: SettingsStore) {
    this.store = store;
  }

  /** Current settings (read from storage on first use and after `invalidate`). */
  get(): Promise<Settings> {
    if (this.cached === null) {
      const loading = this.store.load();
      this.cached = loading;
      // A failed read is not kept: the next call tries storage again.
      loading.catch(() => {
        if (this.cached === loading) this.cached = null;
      });
    }
    return this.cached;
  }

  /** Settings changed in storage (another page, sync): read them again on next use. */
  invalidate(): void {
    this.cached = null;
  }

  private async save(next: Settings): Promise<Settings> {
    await this.store.save(next);
    this.cached = Promise.resolve(next);
    return next;
  }

  /** Validates and stores a change. */
  async set(change: unknown): Promise<Change<SettingsProblem>> {
    const checked = validateSettings(change, await this.get());
    return checked.ok ? { ok: true, settings: await this.save(checked.settings) } : checked;
  }

  /** Replaces every setting from an export file, or changes nothing. */
  async import(text: string): Promise<Change<ImportProblem>> {
    const imported = importSettings(text);
    return imported.ok ? { ok: true, settings: await this.save(imported.settings) } : imported;
  }

  /** The export file of the current settings. */
  async export(): Promise<string> {
    return exportSettings(await this.get());
  }

  /** Back to the defaults. */
  reset(): Promise<Settings> {
    return this.save(defaultSettings());
  }
}
