// The pages' requests to the background, one per protocol message, and the tab the popup shows:
// the part of the connector a page needs first, kept apart so the popup's entry can send its first
// requests while the rest of the popup is still loading. Over the browser's own API (native.ts),
// not the polyfill: the entry is bundled with this module alone.
import {
  errorMessage,
  MESSAGE_NAMES,
  type MessageName,
  messageOf,
  type Reply,
  type RequestOf,
  type Requests,
} from '../src/extension/protocol.ts';
import {
  readTabSnapshot,
  type TabSnapshot,
  tabSnapshotKey,
} from '../src/extension/tab-snapshot.ts';
import { native as browser } from '../webext/native.ts';

async function send<K extends MessageName>(name: K, req: RequestOf<K>): Promise<Reply<K>> {
  try {
    const reply = (await browser.runtime.sendMessage(messageOf(name, req))) as Reply<K> | undefined;
    return reply ?? { ok: false, error: 'no-answer', message: 'no-answer' };
  } catch (error) {
    // The background was stopping or not there yet: the page says so and nothing is lost.
    return { ok: false, error: 'no-answer', message: errorMessage(error) };
  }
}

export const requests = Object.fromEntries(
  MESSAGE_NAMES.map((name) => [name, (req: RequestOf<typeof name>) => send(name, req)]),
) as Requests;

/** The tab the popup shows, and its URL when the browser lets the extension see it. */
export interface TargetTab {
  id: number;
  /** Null where hidden (no host access to the page: the background's report says which case). */
  url: Promise<string | null>;
  /** The tab is in a private window (false when the tab is gone). */
  incognito: Promise<boolean>;
}

/** The tab to show: `?tab=<id>` (a test seam kept in the product), else the active tab. */
export async function targetTab(): Promise<TargetTab | null> {
  const param = new URLSearchParams(location.search).get('tab');
  if (param !== null && /^\d+$/.test(param)) {
    const id = Number(param);
    const tab = browser.tabs.get(id).catch(() => null); // gone: no URL, not private
    return {
      id,
      url: tab.then((t) => t?.url ?? null),
      incognito: tab.then((t) => t?.incognito === true),
    };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id === undefined
    ? null
    : {
        id: tab.id,
        url: Promise.resolve(tab.url ?? null),
        incognito: Promise.resolve(tab.incognito),
      };
}

/**
 * The tab's snapshot (the background's last report for it), read from storage.session without
 * waiting for the background; null unless it is of the URL the tab shows now.
 */
export async function tabSnapshot(target: TargetTab): Promise<TabSnapshot | null> {
  try {
    const key = tabSnapshotKey(target.id);
    const [stored, url] = await Promise.all([browser.storage.session.get(key), target.url]);
    return url === null ? null : readTabSnapshot(stored[key], url);
  } catch {
    // Storage unavailable: the popup waits for its own report.
    return null;
  }
}

/** The page's own value under `key` in storage.session; undefined when there is none or storage fails. */
export async function sessionValue(key: string): Promise<unknown> {
  try {
    return (await browser.storage.session.get(key))[key];
  } catch {
    return undefined;
  }
}
