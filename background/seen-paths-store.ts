// The pages of each site the user visited, kept only when the user turns it on (settings'
// rememberPaths) and never for a private window: at most 200 paths per site (src/extension/history/
// seen-paths.ts), 100 sites and 500,000 bytes as Chromium charges storage.local, least recently
// visited site first out. The History view checks them against each robots.txt change.
import {
  addSeen,
  readSeen,
  type SeenPaths,
  seenOriginOf,
  seenUrls,
} from '../src/extension/history/seen-paths.ts';
import { BoundedStore } from './bounded-store.ts';
import type { SettingsService } from './settings-service.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

export const MAX_SEEN_ORIGINS = 100;
/**
 * With the cache's 4,000,000, the history's 5,000,000 and the saved test URLs' 200,000
 * (saved-urls-store.ts): 9,700,000 of storage.local's 10,485,760. The 785,760 left cover the
 * indexes (about 80 bytes an origin: 500 cached, 500 versioned, 100 seen, 200 saved: 104,000),
 * the settings' local copy (7,168 at most) and the item a store writes before it removes the ones
 * it evicts (524,288 at most, a history's).
 */
export const MAX_SEEN_BYTES = 500_000;
const PREFIX = 'seen-paths:';

export class SeenPathsStore {
  private readonly store: BoundedStore<SeenPaths>;
  private readonly settings: SettingsService;
  private readonly now: () => number;

  constructor(storage: StorageArea, settings: SettingsService, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
    this.store = new BoundedStore(storage, {
      prefix: PREFIX,
      indexKey: 'seen-paths-index',
      maxItems: MAX_SEEN_ORIGINS,
      maxBytes: MAX_SEEN_BYTES,
      sizeOf: (item) => storedSize(PREFIX + item.origin, item),
      read: readSeen,
      now,
    });
  }

  /** A page of a normal window was visited: kept when the user asked for it. */
  async visit(url: string, incognito: boolean): Promise<void> {
    if (incognito || !(await this.settings.get()).rememberPaths) return;
    const origin = seenOriginOf(url);
    if (origin === null) return;
    const next = addSeen(await this.store.get(origin), url, this.now());
    if (next !== null) await this.store.put(origin, next);
  }

  /** The URLs of an origin's visited pages, most recent first (none when not kept). */
  async urls(origin: string): Promise<string[]> {
    return seenUrls(await this.store.get(origin));
  }

  /** Forgets one site's pages, or every site's (null). */
  async clear(origin: string | null): Promise<void> {
    if (origin === null) await this.store.clear();
    else await this.store.remove([origin]);
  }
}
