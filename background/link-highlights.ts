// Outlines a tab's nofollow, ugc and sponsored links when the user asks (scripting.insertCSS), and
// removes the outline without a reload (removeCSS). The state is kept per tab in storage.session
// and dropped when the tab loads another page, whose document no longer has the style.
import type { StorageArea } from './storage-area.ts';

export interface LinkHighlightsDeps {
  area: StorageArea;
  insertCss: (tabId: number) => Promise<void>;
  removeCss: (tabId: number) => Promise<void>;
}

const PREFIX = 'links-highlighted:';

export class LinkHighlights {
  private readonly deps: LinkHighlightsDeps;

  constructor(deps: LinkHighlightsDeps) {
    this.deps = deps;
  }

  /** Whether the tab's links are outlined now. */
  async isOn(tabId: number): Promise<boolean> {
    return (await this.deps.area.get(PREFIX + tabId))[PREFIX + tabId] === true;
  }

  /** Outlines the links or removes the outline; replies with the state, or null if refused. */
  async set(tabId: number, on: boolean): Promise<boolean | null> {
    try {
      if (on) await this.deps.insertCss(tabId);
      else await this.deps.removeCss(tabId);
    } catch {
      // The browser refused to touch the page (a store page, a viewer): nothing changed.
      return null;
    }
    if (on) await this.deps.area.set({ [PREFIX + tabId]: true });
    else await this.deps.area.remove(PREFIX + tabId);
    return on;
  }

  /** The tab loaded another page (or closed): its style is gone with the document. */
  async forget(tabId: number): Promise<void> {
    await this.deps.area.remove(PREFIX + tabId);
  }
}
