// Private windows leave nothing: their robots.txt reports live in storage.session only (never
// storage.local), and are dropped when the last private window closes rather than when the
// browser quits; so is what the popup kept for their sites (its memory under a private scope,
// src/extension/popup-memory.ts). Page headers and link highlights are per tab and go with their
// tabs.
import {
  indexScopes,
  isPrivateMemoryKey,
  isPrivateScope,
  MEMORY_INDEX_KEY,
  memoryKey,
} from '../src/extension/popup-memory.ts';
import type { StorageArea } from './storage-area.ts';

/** An open window (browser.windows.getAll), the one field read here. */
export interface OpenWindow {
  incognito: boolean;
}

/** A storage.onChanged change: only `newValue` is read (none: the key was removed). */
export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

export interface PrivateWindowsDeps {
  /** The windows still open (browser.windows.getAll). */
  getAll: () => Promise<OpenWindow[]>;
  /** Empties the private windows' stores, returning how many origins they held (RobotsReports.clearPrivate). */
  clearPrivate: () => Promise<number>;
  /** storage.session, where the popup keeps its memory (popup/memory.ts). */
  session: StorageArea;
  /** Every key storage.session holds (storage.session.getKeys, or the keys of get(null)). */
  sessionKeys: () => Promise<string[]>;
}

export class PrivateWindows {
  private readonly deps: PrivateWindowsDeps;

  constructor(deps: PrivateWindowsDeps) {
    this.deps = deps;
  }

  /**
   * A window closed (windows.onRemoved): when no private window remains, the private stores and
   * the popup's private memory are emptied. Returns how many origins the stores held, or null
   * when a private window is still open. Asks the browser rather than counting windows, since
   * the background may have been stopped and started again since they opened.
   */
  onWindowRemoved(): Promise<number | null> {
    return this.sweep();
  }

  /**
   * The background started (a worker stopped while a private window closed, or while the
   * popup's last write landed, may have left them): as when a window closes.
   */
  onStart(): Promise<number | null> {
    return this.sweep();
  }

  /**
   * storage.session changed (storage.onChanged): a private memory written while no private
   * window is open (the popup's last write, started as its page went, lands after the window
   * closed) is removed at once. True when it was.
   */
  async onSessionChanged(changes: Record<string, StorageChange>): Promise<boolean> {
    const written = Object.entries(changes).some(
      ([key, { newValue }]) =>
        newValue !== undefined &&
        (isPrivateMemoryKey(key) ||
          (key === MEMORY_INDEX_KEY && indexScopes(newValue).some(isPrivateScope))),
    );
    if (!written || (await this.isPrivateOpen())) return false;
    await this.forgetMemory();
    return true;
  }

  private async isPrivateOpen(): Promise<boolean> {
    return (await this.deps.getAll()).some((window) => window.incognito);
  }

  /** With no private window open: every private store emptied; their origins' count, or null. */
  private async sweep(): Promise<number | null> {
    if (await this.isPrivateOpen()) return null;
    const [dropped] = await Promise.all([this.deps.clearPrivate(), this.forgetMemory()]);
    return dropped;
  }

  /**
   * Every private memory key, whether the index lists it or not (two popups saving at once can
   * leave one out), and every private entry of the index.
   */
  private async forgetMemory(): Promise<void> {
    const { session, sessionKeys } = this.deps;
    const [keys, stored] = await Promise.all([sessionKeys(), session.get(MEMORY_INDEX_KEY)]);
    const index = indexScopes(stored[MEMORY_INDEX_KEY]);
    const listed = index.filter(isPrivateScope);
    const gone = [...new Set([...keys.filter(isPrivateMemoryKey), ...listed.map(memoryKey)])];
    if (listed.length > 0)
      await session.set({ [MEMORY_INDEX_KEY]: index.filter((scope) => !isPrivateScope(scope)) });
    if (gone.length > 0) await session.remove(gone);
  }
}
