// Settings in the browser's sync storage (they follow the user across browsers), falling back to
// local storage where sync is unavailable or over its quota. Stored with a schema version;
// older forms are migrated on read.
import { migrate, SCHEMA_VERSION, SETTINGS_KEY, type Settings, toStored } from '../src/settings.ts';
import type { StorageArea } from './storage-area.ts';

/** Set in local storage once sync failed: settings then live in local storage. */
const FALLBACK_FLAG = 'settings-in-local';

export class SettingsStore {
  private readonly sync: StorageArea | null;
  private readonly local: StorageArea;

  /** `sync` is null where the browser has no sync storage. */
  constructor(sync: StorageArea | null, local: StorageArea) {
    this.sync = sync;
    this.local = local;
  }

  /** Which area holds the settings now. */
  async area(): Promise<'sync' | 'local'> {
    if (this.sync === null) return 'local';
    const flag = (await this.local.get(FALLBACK_FLAG))[FALLBACK_FLAG];
    return flag === true ? 'local' : 'sync';
  }

  /** Current settings: migrated from whatever form and area they were stored in. */
  async load(): Promise<Settings> {
    let stored: unknown;
    const area = await this.area();
    if (area === 'sync' && this.sync !== null) {
      try {
        stored = (await this.sync.get(SETTINGS_KEY))[SETTINGS_KEY];
      } catch {
        // Sync storage unreadable (signed out, disabled by policy): read local storage instead,
        // where the settings of such browsers live.
        stored = undefined;
      }
    }
    // Nothing in sync yet: settings of an older version may sit in local storage.
    const fromLocal = stored === undefined && area === 'sync';
    if (stored === undefined) stored = (await this.local.get(SETTINGS_KEY))[SETTINGS_KEY];
    const { settings, from } = migrate(stored);
    // Write back what was migrated, or moved from local storage to its home in sync.
    if (stored !== undefined && (from < SCHEMA_VERSION || fromLocal)) await this.save(settings);
    return settings;
  }

  /** Stores settings; falls back to local storage when sync refuses. Returns the area used. */
  async save(settings: Settings): Promise<'sync' | 'local'> {
    const value = { [SETTINGS_KEY]: toStored(settings) };
    if ((await this.area()) === 'sync' && this.sync !== null) {
      try {
        await this.sync.set(value);
        return 'sync';
      } catch {
        // Sync refused (over its quota, disabled): the settings move to local storage for good,
        // and the flag says so to every reader.
        await this.local.set({ [FALLBACK_FLAG]: true });
      }
    }
    await this.local.set(value);
    return 'local';
  }
}
