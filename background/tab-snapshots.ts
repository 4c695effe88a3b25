// Each tab's last report, with the settings it was judged with, in storage.session (in memory only,
// never on disk): the popup shows it the moment it opens and replaces it with its own report a few
// milliseconds later. Written whenever the background judges a tab (a page loading with automatic
// checking, a popup's report), dropped with the tab and when the settings change, with the popup's
// last screen of the tab (which the popup keeps itself, beside it).
import { type TabReport, type TabSnapshot, tabScreenKey, tabSnapshotKey } from '../src/protocol.ts';
import type { Settings } from '../src/settings.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

/**
 * A snapshot larger than this is not kept (a page with thousands of tags is shown when its own
 * report comes): a few KiB is usual, and every open tab has one.
 */
export const MAX_SNAPSHOT_BYTES = 65_536;

export class TabSnapshots {
  private readonly area: StorageArea;

  constructor(area: StorageArea) {
    this.area = area;
  }

  /** Keeps the report just built for `tabId`; one too large removes the tab's older one. */
  async keep(tabId: number, reply: TabReport, settings: Settings): Promise<void> {
    const key = tabSnapshotKey(tabId);
    const snapshot: TabSnapshot = { reply, settings };
    if (storedSize(key, snapshot) > MAX_SNAPSHOT_BYTES) await this.area.remove(key);
    else await this.area.set({ [key]: snapshot });
  }

  /** The tab closed: its snapshot goes, and the popup's last screen of it (TabScreen). */
  forget(tabId: number): Promise<void> {
    return this.area.remove([tabSnapshotKey(tabId), tabScreenKey(tabId)]);
  }

  /**
   * The settings changed: no tab's snapshot was judged with them, no screen drawn with them
   * (`tabIds`: the open tabs).
   */
  clear(tabIds: readonly number[]): Promise<void> {
    return this.area.remove(tabIds.flatMap((id) => [tabSnapshotKey(id), tabScreenKey(id)]));
  }
}
