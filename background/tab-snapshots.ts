// Each tab's snapshot (src/extension/tab-snapshot.ts: its last report, with the settings it was
// judged with) in storage.session (in memory only, never on disk), and the owner of each tab's
// popup URL. Written whenever the background judges a tab (a page loading with automatic checking,
// a popup's report), dropped with the tab and when the settings change. A snapshot that changes,
// or a change of what the popup keeps for the site (its view, its scroll), sets the tab's popup
// URL to carry the screen drawn from it (first-screen/draw-screen.tsx: the popup shows the verdicts
// in its first frame), or back to the plain popup page; a tab that moves to another URL gets the
// plain page until its new page is judged. Nothing else sets a tab's popup URL.

import { carryingUrl, POPUP_PAGE, type TabScreen } from '../first-screen/screen.ts';
import { reportScope } from '../src/extension/popup-memory.ts';
import type { TabReport } from '../src/extension/protocol.ts';
import type { Settings } from '../src/extension/settings.ts';
import {
  readTabSnapshot,
  snapshotBasis,
  type TabSnapshot,
  tabSnapshotKey,
} from '../src/extension/tab-snapshot.ts';
import type { StorageArea } from './storage-area.ts';
import { storedSize } from './stored-size.ts';

/**
 * A snapshot larger than this is not kept (a page with thousands of tags is shown when its own
 * report comes): a few KiB is usual, and every open tab has one.
 */
export const MAX_SNAPSHOT_BYTES = 65_536;

/** The part of browser.action that sets a tab's popup page. */
export interface PopupApi {
  setPopup(details: { tabId: number; popup: string }): Promise<void>;
}

/** The popup's first screen for a tab's snapshot (null: none to show), as draw-screen.tsx draws it. */
export type ScreenDrawer = (snapshot: TabSnapshot) => Promise<TabScreen | null>;

export class TabSnapshots {
  private readonly area: StorageArea;
  private readonly action: PopupApi;
  private readonly draw: ScreenDrawer;
  /**
   * The basis (snapshotBasis) of each tab's snapshot since this background started. A tab not in
   * it (the background was asleep) is taken as changed.
   */
  private readonly bases = new Map<number, string>();

  constructor(area: StorageArea, action: PopupApi, draw: ScreenDrawer) {
    this.area = area;
    this.action = action;
    this.draw = draw;
  }

  /**
   * Keeps the report just built for `tabId`; one too large removes the tab's older one. A report
   * that changes the snapshot sets the tab's popup to the screen drawn from it, or back to the
   * plain page: the screen its URL carried was drawn from the older one.
   */
  async keep(tabId: number, reply: TabReport, settings: Settings): Promise<void> {
    const key = tabSnapshotKey(tabId);
    const snapshot: TabSnapshot = { reply, settings };
    if (storedSize(key, snapshot) > MAX_SNAPSHOT_BYTES) {
      // Not kept: its fingerprint is not computed (a large reply), and it counts as a change.
      this.bases.delete(tabId);
      await Promise.all([this.area.remove(key), this.plainPopup(tabId)]);
      return;
    }
    const basis = snapshotBasis(snapshot);
    const changed = this.bases.get(tabId) !== basis;
    this.bases.set(tabId, basis);
    await Promise.all([
      this.area.set({ [key]: snapshot }),
      changed ? this.screenPopup(tabId, snapshot, basis) : undefined,
    ]);
  }

  /**
   * The tab's popup with the screen drawn from its snapshot of `basis`; the plain page when none is
   * drawn. Nothing when the tab's snapshot changed while it was drawn: the newer one sets its own.
   */
  private async screenPopup(tabId: number, snapshot: TabSnapshot, basis: string): Promise<void> {
    let popup: string | null = null;
    try {
      const screen = await this.draw(snapshot);
      popup = screen === null ? null : await carryingUrl(tabId, screen);
    } catch {
      // Drawn or not, the snapshot is kept: the popup draws its own.
    }
    if (this.bases.get(tabId) !== basis) return;
    // A tab closed meanwhile has no popup to set.
    await this.action.setPopup({ tabId, popup: popup ?? POPUP_PAGE }).catch(() => undefined); // tab gone
  }

  /**
   * The tab moved to another URL: its popup URL carries no screen until the new page is judged (a
   * page judged only when the popup opens is judged after the popup has read it).
   */
  navigated(tabId: number): Promise<void> {
    this.bases.delete(tabId);
    return this.plainPopup(tabId);
  }

  /** The tab closed: its snapshot goes (its popup URL goes with the tab). */
  forget(tabId: number): Promise<void> {
    this.bases.delete(tabId);
    return this.area.remove(tabSnapshotKey(tabId));
  }

  /**
   * What the popup keeps for `scope` (memoryScope: a site, in a normal or a private window)
   * changed (another view left open, the verdicts scrolled): the screens of the open `tabs` whose
   * snapshot is of that scope, and of the URL each shows now, are drawn again from it, so the next
   * opening shows the popup as it was left. A tab whose snapshot changed meanwhile is left to that
   * snapshot's own drawing.
   */
  async memoryChanged(scope: string, tabs: readonly { id: number; url: string }[]): Promise<void> {
    const keys = tabs.map((tab) => tabSnapshotKey(tab.id));
    const stored = keys.length === 0 ? {} : await this.area.get(keys);
    await Promise.all(
      tabs.map(({ id, url }, i) => {
        // Of the page the tab shows now: a tab that moved keeps its snapshot until judged again.
        const snapshot = readTabSnapshot(stored[keys[i] ?? ''], url);
        if (snapshot === null || snapshot.reply.kind !== 'report') return undefined;
        if (reportScope(snapshot.reply) !== scope) return undefined;
        const basis = snapshotBasis(snapshot);
        const known = this.bases.get(id);
        if (known !== undefined && known !== basis) return undefined;
        this.bases.set(id, basis);
        return this.screenPopup(id, snapshot, basis);
      }),
    );
  }

  /**
   * The settings changed: no tab's snapshot was judged with them, no screen drawn with them
   * (`tabIds`: the open tabs), in storage or in a popup URL.
   */
  async clear(tabIds: readonly number[]): Promise<void> {
    for (const id of tabIds) this.bases.delete(id);
    await Promise.all([
      this.area.remove(tabIds.map(tabSnapshotKey)),
      ...tabIds.map((id) => this.plainPopup(id)),
    ]);
  }

  /** The tab's popup without a screen; a tab closed meanwhile has none to set. */
  private plainPopup(tabId: number): Promise<void> {
    return this.action.setPopup({ tabId, popup: POPUP_PAGE }).catch(() => undefined); // tab gone
  }
}
