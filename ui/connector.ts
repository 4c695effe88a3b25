// The pages' only link to the background and the browser: components get these as `actions`
// and never call `browser.*` themselves. The requests are derived from the protocol.

import type { Requests } from '../src/extension/protocol.ts';
import { SETTINGS_KEY } from '../src/extension/settings.ts';
import { ALL_SITES, hostPattern } from '../src/policy.ts';
import { browser } from '../webext/browser.ts';
import { requests } from './requests.ts';

/** What the pages do besides asking the background. */
export interface PageActions {
  /** Puts text on the clipboard (the draft). */
  copy(text: string): Promise<void>;
  /** Asks the user for the host permission of an origin, or of all sites (null); needs the click that calls it. */
  requestPermission(origin: string | null): Promise<boolean>;
  openOptions(): Promise<void>;
  /** Opens an http(s) URL in a new tab (the live robots.txt); anything else is refused. */
  openUrl(url: string): Promise<void>;
  /**
   * The page's own memory (storage.session: kept while the browser runs, in memory only): what
   * the popup keeps across reloads and reopenings (the tester's draft, the view, the scroll).
   */
  memory: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown): Promise<void>;
    remove(key: string): Promise<void>;
  };
  /** Calls back when the settings change anywhere (another popup, the options page, sync); returns the unsubscribe. */
  onSettingsChanged(callback: () => void): () => void;
}

/** Everything a page may do: every protocol request, and the page's own actions. */
export type Actions = Requests & PageActions;

export const connector: Actions = {
  ...requests,
  copy: (text) => navigator.clipboard.writeText(text),
  requestPermission: (origin) =>
    browser.permissions.request({
      origins: origin === null ? [...ALL_SITES] : [hostPattern(origin)],
    }),
  openOptions: () => browser.runtime.openOptionsPage(),
  async openUrl(url) {
    if (!/^https?:\/\//i.test(url)) return;
    await browser.tabs.create({ url });
  },
  memory: {
    get: async (key) => (await browser.storage.session.get(key))[key],
    set: (key, value) => browser.storage.session.set({ [key]: value }),
    remove: (key) => browser.storage.session.remove(key),
  },
  onSettingsChanged(callback) {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if ((area === 'sync' || area === 'local') && SETTINGS_KEY in changes) callback();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};
