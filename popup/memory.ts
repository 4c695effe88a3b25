// What the popup keeps for a site while the browser runs: the view, the selected robot, the
// tester's URL and draft, the scroll position. Closed and reopened on the same site, or refreshed,
// the popup comes back as it was left. Kept in storage.session (memory, never disk), for the last
// few sites, with a bound on the drafts' total size.
import type { Actions } from '../ui/connector.ts';
import { VIEWS, type View } from './tabs.tsx';

export interface PopupMemory {
  view: View;
  /** The robot picked in the rows or Records; null: the first of the list. */
  selected: string | null;
  /** The tester's URL field as typed; null: the page's URL. */
  testerUrl: string | null;
  drafting: boolean;
  /** The draft as edited; null: not edited, it follows the live file. */
  draft: string | null;
  /** Scroll position of each view, in CSS pixels. */
  scroll: Partial<Record<View, number>>;
}

export const EMPTY_MEMORY: PopupMemory = {
  view: 'verdicts',
  selected: null,
  testerUrl: null,
  drafting: false,
  draft: null,
  scroll: {},
};

const PREFIX = 'popup-memory:';
/** Where the memory of `site` (an origin) is kept in storage.session. */
export const memoryKey = (site: string): string => PREFIX + site;
const INDEX = 'popup-memory-index';
/** Sites remembered, the most recent first. */
const MAX_SITES = 8;
/** Characters of drafts kept across all sites (storage.session holds 10 MB in all). */
const MAX_DRAFT_CHARS = 3_000_000;

/** A stored value read back: anything of another shape (an older version, junk) is dropped. */
export function memoryOf(value: unknown): PopupMemory | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const view = VIEWS.find((name) => name === v['view']);
  if (view === undefined) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  const scroll: Partial<Record<View, number>> = {};
  if (typeof v['scroll'] === 'object' && v['scroll'] !== null)
    for (const name of VIEWS) {
      const y = (v['scroll'] as Record<string, unknown>)[name];
      if (typeof y === 'number' && Number.isFinite(y) && y >= 0) scroll[name] = y;
    }
  return {
    view,
    selected: text(v['selected']),
    testerUrl: text(v['testerUrl']),
    drafting: v['drafting'] === true,
    draft: text(v['draft']),
    scroll,
  };
}

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
