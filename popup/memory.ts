// The popup's memory of each site (src/extension/popup-memory.ts) as the popup writes it: closed
// and reopened on the same site, or refreshed, the popup comes back as it was left. Kept in
// storage.session (memory, never disk), for the last few sites, with a bound on the drafts' total
// size. A private window's memory of a site is kept apart from a normal window's (its own scope),
// and never pushes a normal window's out.

import {
  indexScopes,
  isPrivateScope,
  MEMORY_INDEX_KEY,
  memoryKey,
  memoryOf,
  type PopupMemory,
} from '../src/extension/popup-memory.ts';
import type { Actions } from '../ui/connector.ts';

/** Sites remembered (scopes), the most recent first. */
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

  /**
   * What was kept for `scope` (memoryScope: a site, in a normal or a private window), or null.
   * Never throws.
   */
  async load(scope: string): Promise<PopupMemory | null> {
    try {
      return memoryOf(await this.area.get(memoryKey(scope)));
    } catch {
      // Storage unavailable: the popup starts fresh, as on a first visit.
      return null;
    }
  }

  /**
   * Keeps `memory` for `scope`, dropping the oldest sites past the bounds; a private window's
   * drops private ones only (the normal ones still count against the bounds).
   */
  save(scope: string, memory: PopupMemory): Promise<void> {
    const step = async () => {
      const index = await this.index();
      const order = [scope, ...index.filter((s) => s !== scope)];
      const kept: string[] = [];
      let chars = memory.draft?.length ?? 0;
      const dropped: string[] = [];
      // What a private window did leaves no trace in a normal window's memory, a gap included.
      const untouchable = isPrivateScope(scope)
        ? order.slice(1).filter((other) => !isPrivateScope(other))
        : [];
      for (const other of untouchable) {
        chars += (await this.load(other))?.draft?.length ?? 0;
        kept.push(other);
      }
      for (const other of order.slice(1)) {
        if (untouchable.includes(other)) continue;
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
      await this.area.set(memoryKey(scope), value);
      // In the index's order, the most recent first.
      await this.area.set(MEMORY_INDEX_KEY, [scope, ...order.filter((s) => kept.includes(s))]);
      for (const other of dropped) await this.area.remove(memoryKey(other));
    };
    this.queue = this.queue.then(step, step).catch(() => {
      // Storage full or unavailable: the popup still works; it will not remember this time.
    });
    return this.queue;
  }

  private async index(): Promise<string[]> {
    return indexScopes(await this.area.get(MEMORY_INDEX_KEY));
  }
}
