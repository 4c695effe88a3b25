// The popup's memory of each site (src/extension/popup-memory.ts) as the popup writes it: closed
// and reopened on the same site, or refreshed, the popup comes back as it was left. Kept in
// storage.session (memory, never disk), for the last few sites, with a bound on the drafts' total
// size.

import { memoryKey, memoryOf, type PopupMemory } from '../src/extension/popup-memory.ts';
import type { Actions } from '../ui/connector.ts';

const INDEX = 'popup-memory-index';
/** Sites remembered, the most recent first. */
const MAX_SITES = 8;
/** Characters of drafts kept across all sites (storage.session holds 10 MB in all). */
const MAX_DRAFT_CHARS = 3_000_000;

/** The popup's memory per site, over the pages' session storage. */
export class MemoryStore {
  private readonly area: Actions['memory'];
  /** Writes in order: the last one wins. */
  private queue: Promise<void> = Promise.resolve();

  constructor(area: Actions['memory']) {
    this.area = area;
  }

  /** What was kept for `site` (an origin), or null. Never throws. */
  async load(site: string): Promise<PopupMemory | null> {
    try {
      return memoryOf(await this.area.get(memoryKey(site)));
    } catch {
      // Storage unavailable: the popup starts fresh, as on a first visit.
      return null;
    }
  }

  /** Keeps `memory` for `site`, dropping the oldest sites past the bounds. */
  save(site: string, memory: PopupMemory): Promise<void> {
    const step = async () => {
      const index = await this.index();
      const order = [site, ...index.filter((s) => s !== site)];
      const kept: string[] = [];
      let chars = memory.draft?.length ?? 0;
      const dropped: string[] = [];
      for (const other of order.slice(1)) {
        if (kept.length + 1 >= MAX_SITES) {
          dropped.push(other);
          continue;
        }
        const draft = (await this.load(other))?.draft?.length ?? 0;
        if (chars + draft > MAX_DRAFT_CHARS) dropped.push(other);
        else {
          chars += draft;
          kept.push(other);
        }
      }
      // A single draft over the bound is kept without its draft, rather than not at all.
      const value = chars > MAX_DRAFT_CHARS ? { ...memory, draft: null } : memory;
      await this.area.set(memoryKey(site), value);
      await this.area.set(INDEX, [site, ...kept]);
      for (const other of dropped) await this.area.remove(memoryKey(other));
    };
    this.queue = this.queue.then(step, step).catch(() => {
      // Storage full or unavailable: the popup still works; it will not remember this time.
    });
    return this.queue;
  }

  private async index(): Promise<string[]> {
    const value = await this.area.get(INDEX);
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
  }
}
