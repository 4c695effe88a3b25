// Settings in the browser's sync storage (they follow the user across browsers), falling back to
// local storage while sync refuses writes (Chrome allows 120 a minute) or where it is missing.
// Stored with a schema version; older forms are migrated on read. Saved settings are never
// answered with the defaults: a read looks in the other area before giving up.
import {
  defaultSettings,
  migrate,
  SCHEMA_VERSION,
  SETTINGS_KEY,
  type Settings,
  toStored,
} from '../src/extension/settings.ts';
import type { StorageArea } from './storage-area.ts';

/**
 * In local storage while the settings live there because sync refused them: the time (ms since
 * the epoch) from which to try sync again. Versions before 2026-12 stored `true` (retry at once).
 */
const FALLBACK_FLAG = 'settings-in-local';

/** How long after sync refused a write the store tries it again: Chrome's write quotas are per minute. */
export const SYNC_RETRY_MS = 60_000;

export class SettingsStore {
  private readonly sync: StorageArea | null;
  private readonly local: StorageArea;
  private readonly now: () => number;

  /** `sync` is null where the browser has no sync storage; `now` is the clock (Date.now). */
  constructor(sync: StorageArea | null, local: StorageArea, now: () => number = Date.now) {
    this.sync = sync;
    this.local = local;
    this.now = now;
  }

  /** Which area holds the settings now. */
  async area(): Promise<'sync' | 'local'> {
    if (this.sync === null) return 'local';
    return (await this.fallback()) === undefined ? 'sync' : 'local';
  }

  /** The fallback flag's value, undefined when the settings live in sync. */
  private async fallback(): Promise<unknown> {
    return (await this.local.get(FALLBACK_FLAG))[FALLBACK_FLAG];
  }

  private async readLocal(): Promise<unknown> {
    return (await this.local.get(SETTINGS_KEY))[SETTINGS_KEY];
  }

  /** What sync holds; `readable: false` when sync refused the read (disabled by policy or pref). */
  private async readSync(): Promise<{ readable: boolean; stored: unknown }> {
    if (this.sync === null) return { readable: false, stored: undefined };
    try {
      return { readable: true, stored: (await this.sync.get(SETTINGS_KEY))[SETTINGS_KEY] };
    } catch {
      return { readable: false, stored: undefined };
    }
  }

  /** Current settings: migrated from whatever form and area they were stored in. */
  async load(): Promise<Settings> {
    if (this.sync === null) return this.settle(await this.readLocal(), false);
    const flag = await this.fallback();
    if (flag !== undefined) {
      const stored = await this.readLocal();
      if (stored !== undefined) {
        const { settings, from } = migrate(stored);
        const retryAt = typeof flag === 'number' ? flag : 0;
        if (this.now() >= retryAt) await this.retrySync(settings);
        else if (from < SCHEMA_VERSION) await this.save(settings);
        return settings;
      }
      // A flag without a local copy (versions before 2026-12 set it before writing, and the
      // write could fail): the settings are still in sync.
      await this.local.remove(FALLBACK_FLAG);
    }
    const { readable, stored } = await this.readSync();
    if (stored !== undefined) return this.settle(stored, false);
    // Nothing in sync: settings of an older version, or of a browser whose sync is unreadable,
    // may sit in local storage. Move them to sync only when sync was read and found empty: an
    // unreadable sync may hold newer ones.
    return this.settle(await this.readLocal(), readable);
  }

  /** Settings from a stored value, written back when migrated or when they must move to sync. */
  private async settle(stored: unknown, isMoving: boolean): Promise<Settings> {
    if (stored === undefined) return defaultSettings();
    const { settings, from } = migrate(stored);
    if (from < SCHEMA_VERSION || isMoving) await this.save(settings);
    return settings;
  }

  /** Sync again after a refusal: settings back in sync and the flag cleared, or a later retry. */
  private async retrySync(settings: Settings): Promise<void> {
    if (this.sync === null) return;
    try {
      await this.sync.set({ [SETTINGS_KEY]: toStored(settings) });
    } catch {
      // Still refused: the local copy stays as it is (rewriting it would wake every reader).
      await this.local.set({ [FALLBACK_FLAG]: this.now() + SYNC_RETRY_MS });
      return;
    }
    await this.local.remove([FALLBACK_FLAG, SETTINGS_KEY]);
  }

  /**
   * Stores settings in sync, or in local storage when sync refuses or is missing. Returns the
   * area used; throws when neither area took them (then nothing changed).
   */
  async save(settings: Settings): Promise<'sync' | 'local'> {
    const value = { [SETTINGS_KEY]: toStored(settings) };
    if (this.sync === null) {
      await this.local.set(value);
      return 'local';
    }
    try {
      await this.sync.set(value);
    } catch {
      // Sync refused (write quota, item quota, disabled). The settings and the flag go in one
      // write, so the flag never points readers at a local area without them; if local refuses
      // too, this throws and both areas keep what they held.
      await this.local.set({ ...value, [FALLBACK_FLAG]: this.now() + SYNC_RETRY_MS });
      return 'local';
    }
    // Sync took them: it is their one home again, and a local copy would only grow stale.
    if ((await this.fallback()) !== undefined)
      await this.local.remove([FALLBACK_FLAG, SETTINGS_KEY]);
    return 'sync';
  }
}
