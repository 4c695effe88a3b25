// The test URLs the user saves for each site from the tester, kept until removed (the browser
// closing keeps them: storage.local) and never for a private window: at most 50 URLs per site
// (src/extension/history/saved-urls.ts), 200 sites and 200,000 bytes as Chromium charges storage.local,
// least recently used site first out. The History view checks them against each robots.txt
// change. Clearing a site's history leaves them: they are the user's list, not history.
import {
  addSaved,
  readSaved,
  removeSaved,
  type SavedUrlProblem,
  type SavedUrls,
  savedUrlOf,
} from '../src/extension/history/saved-urls.ts';
import { BoundedStore } from './bounded-store.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

export const MAX_SAVED_ORIGINS = 200;
/**
 * With the cache's 4,000,000, the history's 5,000,000 and the visited pages' 500,000: 9,700,000
 * of storage.local's 10,485,760 (seen-paths-store.ts).
 */
export const MAX_SAVED_BYTES = 200_000;
const PREFIX = 'saved-urls:';

/** A save refused: a private window's, or a URL that is not one of the site's. */
export type SaveRefusal = SavedUrlProblem | 'private-window';

export class SavedUrlsStore {
  private readonly store: BoundedStore<SavedUrls>;

  constructor(storage: StorageArea, now: () => number = Date.now) {
    this.store = new BoundedStore(storage, {
      prefix: PREFIX,
      indexKey: 'saved-urls-index',
      maxItems: MAX_SAVED_ORIGINS,
      maxBytes: MAX_SAVED_BYTES,
      sizeOf: (item) => storedSize(PREFIX + item.origin, item),
      read: readSaved,
      now,
    });
  }

  /** An origin's saved URLs, most recently saved first (none when none saved). */
  async urls(origin: string): Promise<string[]> {
    return (await this.store.get(origin))?.urls ?? [];
  }

  /**
   * Saves what the user typed (a path or a URL of `origin`) first in the site's list; replies with
   * the list. Nothing is kept for a private window.
   */
  async save(
    origin: string,
    input: string,
    incognito: boolean,
  ): Promise<{ ok: true; urls: string[] } | { ok: false; problem: SaveRefusal }> {
    if (incognito) return { ok: false, problem: 'private-window' };
    const checked = savedUrlOf(input, origin);
    if ('problem' in checked) return { ok: false, problem: checked.problem };
    const next = addSaved(await this.store.get(origin), origin, checked.url);
    await this.store.put(origin, next);
    return { ok: true, urls: next.urls };
  }

  /** Removes one URL from the site's list (the site's entry with its last); replies with the list. */
  async forget(origin: string, url: string): Promise<string[]> {
    const before = await this.store.get(origin);
    const next = removeSaved(before, url);
    if (before === null || next === null || next.urls.length === before.urls.length)
      return before?.urls ?? [];
    if (next.urls.length === 0) await this.store.remove([origin]);
    else await this.store.put(origin, next);
    return next.urls;
  }
}
