// The UI's only link to the background and the browser: components get these as `actions`.
import { MESSAGE_MARK, type Protocol, type Reply } from '../src/messages.ts';
import { ALL_SITES, hostPattern } from '../src/policy.ts';
import { KEYS, type Settings } from '../src/settings.ts';
import { browser } from './browser.ts';

export interface Actions {
  tabReport(tabId: number): Promise<Protocol['tabReport']['res']>;
  refresh(tabId: number): Promise<Protocol['refresh']['res']>;
  settings(): Promise<Settings>;
  /** Rejects with a SettingsProblem code when the change is invalid (nothing is changed then). */
  setSettings(change: Partial<Settings>): Promise<Settings>;
  /** Rejects with an ImportProblem code when the file is refused (nothing is changed then). */
  importSettings(text: string): Promise<Settings>;
  exportSettings(): Promise<string>;
  resetSettings(): Promise<Settings>;
  clearCache(): Promise<number>;
  /** Puts text on the clipboard (the draft). */
  copy(text: string): Promise<void>;
  /** Asks the user for the host permission of an origin, or of all sites (null); needs the click that calls it. */
  requestPermission(origin: string | null): Promise<boolean>;
  openOptions(): Promise<void>;
  /** Calls back when the settings change anywhere (another popup, the options page, sync). */
  onSettingsChanged(callback: () => void): () => void;
}

async function send<K extends keyof Protocol>(
  name: K,
  req: Protocol[K]['req'],
): Promise<Protocol[K]['res']> {
  const reply = (await browser.runtime.sendMessage({ [MESSAGE_MARK]: true, name, req })) as
    | Reply<Protocol[K]['res']>
    | undefined;
  if (reply === undefined) throw new Error('no-answer');
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

export const connector: Actions = {
  tabReport: (tabId) => send('tabReport', { tabId }),
  refresh: (tabId) => send('refresh', { tabId }),
  settings: () => send('getSettings', {}),
  setSettings: (change) => send('setSettings', change),
  importSettings: (text) => send('importSettings', { text }),
  exportSettings: () => send('exportSettings', {}),
  resetSettings: () => send('resetSettings', {}),
  clearCache: () => send('clearCache', {}),
  copy: (text) => navigator.clipboard.writeText(text),
  requestPermission: (origin) =>
    browser.permissions.request({
      origins: origin === null ? [...ALL_SITES] : [hostPattern(origin)],
    }),
  openOptions: () => browser.runtime.openOptionsPage(),
  onSettingsChanged(callback) {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if ((area === 'sync' || area === 'local') && KEYS.settings in changes) callback();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};

/** The tab to show: `?tab=<id>` (a test seam kept in the product), else the active tab. */
export async function targetTabId(): Promise<number | null> {
  const param = new URLSearchParams(location.search).get('tab');
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
