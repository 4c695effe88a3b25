// Each site's robots.txt history as the History view and the export ask for it: the versions the
// background kept (the version store of the tab's kind of window: a private window's live in
// storage.session and go with it), the pages of the site the user visited (when kept), the test
// URLs the user saved for it (never in a private window), export, import (of the tab's site only,
// into its kind of window's store) and clearing.

import type { HistoryImportProblem, OriginHistory } from '../src/extension/protocol.ts';
import { robotsOrigin } from '../src/policy.ts';
import type { SavedUrlsStore, SaveRefusal } from './saved-urls-store.ts';
import type { SeenPathsStore } from './seen-paths-store.ts';
import type { SettingsService } from './settings-service.ts';
import type { TabFacts } from './tab-reports.ts';
import type { VersionStore } from './version-store.ts';

export interface HistoryServiceDeps {
  getTab: (tabId: number) => Promise<TabFacts>;
  versions: { normal: VersionStore; private: VersionStore };
  seen: SeenPathsStore;
  saved: SavedUrlsStore;
  settings: SettingsService;
}

/** A saved-URL request answered: the site's list, or why not. */
export type SavedReply<E extends string> = { ok: true; urls: string[] } | { ok: false; problem: E };

/** A tab's site and the version store of its kind of window; null for a page with no robots.txt. */
type Site = { origin: string; versions: VersionStore; incognito: boolean } | null;

export class HistoryService {
  private readonly deps: HistoryServiceDeps;

  constructor(deps: HistoryServiceDeps) {
    this.deps = deps;
  }

  private async site(tabId: number): Promise<Site> {
    const tab = await this.deps.getTab(tabId);
    const origin = tab.url === undefined ? null : robotsOrigin(tab.url);
    if (origin === null) return null;
    const { versions } = this.deps;
    return {
      origin,
      versions: tab.incognito ? versions.private : versions.normal,
      incognito: tab.incognito,
    };
  }

  /** The tab's site's versions, oldest first, and its visited pages; null: no robots.txt here. */
  async history(tabId: number): Promise<OriginHistory | null> {
    const site = await this.site(tabId);
    if (site === null) return null;
    const [versions, seen, saved, settings] = await Promise.all([
      site.versions.history(site.origin),
      site.incognito ? [] : this.deps.seen.urls(site.origin),
      site.incognito ? [] : this.deps.saved.urls(site.origin),
      this.deps.settings.get(),
    ]);
    return { origin: site.origin, versions, seen, rememberPaths: settings.rememberPaths, saved };
  }

  /** The tab's site's saved test URLs; refused for a page with no robots.txt or a private window. */
  async savedUrls(tabId: number): Promise<SavedReply<'not-applicable' | 'private-window'>> {
    const site = await this.site(tabId);
    if (site === null) return { ok: false, problem: 'not-applicable' };
    if (site.incognito) return { ok: false, problem: 'private-window' };
    return { ok: true, urls: await this.deps.saved.urls(site.origin) };
  }

  /** Saves a test URL for the tab's site (never a private window's): the list, or why not. */
  async saveTestUrl(
    tabId: number,
    url: string,
  ): Promise<SavedReply<'not-applicable' | SaveRefusal>> {
    const site = await this.site(tabId);
    if (site === null) return { ok: false, problem: 'not-applicable' };
    return this.deps.saved.save(site.origin, url, site.incognito);
  }

  /** Removes a saved test URL of the tab's site: the list, or why not. */
  async forgetTestUrl(
    tabId: number,
    url: string,
  ): Promise<SavedReply<'not-applicable' | 'private-window'>> {
    const site = await this.site(tabId);
    if (site === null) return { ok: false, problem: 'not-applicable' };
    if (site.incognito) return { ok: false, problem: 'private-window' };
    return { ok: true, urls: await this.deps.saved.forget(site.origin, url) };
  }

  /** The export file of the tab's site's history (JSON); null: no robots.txt here. */
  async export(tabId: number): Promise<{ origin: string; text: string; versions: number } | null> {
    const site = await this.site(tabId);
    if (site === null) return null;
    const exported = await site.versions.exportHistory(site.origin);
    return {
      origin: site.origin,
      text: `${JSON.stringify(exported, null, 2)}\n`,
      versions: exported.versions.length,
    };
  }

  /**
   * Imports an export file of the tab's site into the versions of the tab's kind of window (never
   * throws): a normal window's on disk, a private window's in storage.session, gone with the last
   * private window as the versions it fetched are (a user who imports there sees the file's
   * versions while the window lives, and nothing of it reaches disk). A file of another site is
   * refused: it would plant a version that the site's next visit reports as a change.
   */
  async import(
    tabId: number,
    text: string,
  ): Promise<
    | { ok: true; origin: string; added: number; versions: number }
    | { ok: false; problem: HistoryImportProblem | 'not-applicable' }
  > {
    const site = await this.site(tabId);
    if (site === null) return { ok: false, problem: 'not-applicable' };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, problem: 'not-json' };
    }
    const result = await site.versions.importHistory(value, site.origin);
    return result.ok
      ? { ok: true, origin: result.origin, added: result.added, versions: result.versions }
      : { ok: false, problem: result.problem };
  }

  /**
   * Forgets the tab's site's history and visited pages; false: no robots.txt here. Its saved test
   * URLs stay: they are the user's list, not history (removed one by one in the tester).
   */
  async clear(tabId: number): Promise<boolean> {
    const site = await this.site(tabId);
    if (site === null) return false;
    await Promise.all([site.versions.clearOrigin(site.origin), this.deps.seen.clear(site.origin)]);
    return true;
  }

  /**
   * Forgets every site's history and visited pages (both kinds of window); how many sites. Saved
   * test URLs stay, as in `clear`.
   */
  async clearAll(): Promise<number> {
    const { versions, seen } = this.deps;
    const [count] = await Promise.all([
      versions.normal.clear(),
      versions.private.clear(),
      seen.clear(null),
    ]);
    return count;
  }
}
