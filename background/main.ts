// The background: fetches and caches each visited origin's robots.txt, keeps the badge, and
// answers the popup. Listeners are registered synchronously at top level: an MV3 worker can stop
// at any moment and is woken by them.

import { fetchRobotsTxt } from '../io/fetch-robots.ts';
import { RedirectWatchers } from '../io/redirect-watchers.ts';
import { verdictsFor } from '../src/crawlers.ts';
import type { Translator } from '../src/i18n.ts';
import {
  isMessage,
  type Message,
  type OriginReport,
  type Protocol,
  type Reply,
  type RobotVerdicts,
  type TabReport,
} from '../src/messages.ts';
import { ALL_SITES, expiresAt, hostPattern, outcomeOf, robotsOrigin } from '../src/policy.ts';
import { parseRobotsTxt, type RobotsTxt } from '../src/robots/index.ts';
import {
  defaultSettings,
  exportSettings,
  importSettings,
  KEYS,
  type Settings,
  validateSettings,
} from '../src/settings.ts';
import { badgeFor } from './badge.ts';
import { browser, type Runtime } from './browser.ts';
import { OriginCache, type StorageLike } from './cache.ts';
import { loadTranslator } from './i18n.ts';
import { SettingsStore } from './settings-store.ts';

const redirects = new RedirectWatchers();
const localCache = new OriginCache(browser.storage.local as StorageLike);
// Private windows: nothing reaches persistent storage.
const privateCache = new OriginCache(browser.storage.session as StorageLike);

const store = new SettingsStore(
  (browser.storage.sync as StorageLike | undefined) ?? null,
  browser.storage.local as StorageLike,
);

/** Settings, read from storage once and kept until they change there. */
let settingsCache: Promise<Settings> | null = null;
function settings(): Promise<Settings> {
  settingsCache ??= store.load();
  return settingsCache;
}

async function saveSettings(next: Settings): Promise<Settings> {
  await store.save(next);
  settingsCache = Promise.resolve(next);
  return next;
}

/** Validates and stores a change; an invalid one changes nothing and names its problem. */
async function setSettings(change: Partial<Settings>): Promise<Settings> {
  const checked = validateSettings(change, await settings());
  if (!checked.ok) throw new Error(checked.problem);
  return saveSettings(checked.settings);
}

async function importFile(text: string): Promise<Settings> {
  const imported = importSettings(text);
  if (!imported.ok) throw new Error(imported.problem);
  return saveSettings(imported.settings);
}

// Settings changed elsewhere (another window, another browser through sync): read them again,
// and let every badge follow the first robot of the list.
browser.storage.onChanged.addListener((changes, area) => {
  if ((area !== 'sync' && area !== 'local') || !(KEYS.settings in changes)) return;
  settingsCache = null;
  refreshBadges().catch(() => {});
});

async function refreshBadges(): Promise<void> {
  for (const tab of await browser.tabs.query({})) {
    if (tab.id !== undefined && tab.url !== undefined)
      await onTabUrl(tab.id, tab.url, tab.incognito).catch(() => {});
  }
}

/** Parsed files by origin and fetch time, so a badge update does not parse again. */
const parsed = new Map<string, RobotsTxt>();
function robotsOf(report: OriginReport): RobotsTxt | null {
  if (report.outcome.kind !== 'ok') return null;
  const key = `${report.origin} ${report.fetchedAt}`;
  let robots = parsed.get(key);
  if (robots === undefined) {
    robots = parseRobotsTxt(report.outcome.text);
    if (parsed.size >= 20) parsed.delete(parsed.keys().next().value ?? '');
    parsed.set(key, robots);
  }
  return robots;
}

async function originReport(
  origin: string,
  incognito: boolean,
  force: boolean,
): Promise<OriginReport> {
  const { cacheLifetimeMs } = await settings();
  const cache = incognito ? privateCache : localCache;
  return cache.report(
    origin,
    async () => {
      const fetchedAt = Date.now();
      const facts = await fetchRobotsTxt(`${origin}/robots.txt`, {
        fetch: (input, init) => fetch(input, init),
        watchRedirects: (url, onRedirect) => redirects.watch(url, onRedirect),
      });
      const cacheControl = facts.kind === 'response' ? facts.cacheControl : null;
      return {
        outcome: outcomeOf(facts),
        fetchedAt,
        expiresAt: expiresAt(fetchedAt, cacheControl, cacheLifetimeMs),
      };
    },
    force,
  );
}

/** The translator for the chosen language, loaded once per language. */
let translatorCache: { language: string; t: Promise<Translator> } | null = null;
async function translatorNow(): Promise<Translator> {
  const { language } = await settings();
  if (translatorCache?.language !== language)
    translatorCache = { language, t: loadTranslator(language) };
  return translatorCache.t;
}

async function showBadge(tabId: number, url: string, report: OriginReport | null): Promise<void> {
  const robot = (await settings()).robots[0];
  const t = await translatorNow();
  const badge =
    report === null || robot === undefined
      ? { text: '', color: '#000000', title: t('extName') }
      : badgeFor(robot, url, report, robotsOf(report), t);
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: badge.text }),
    browser.action.setBadgeBackgroundColor({ tabId, color: badge.color }),
    browser.action.setTitle({ tabId, title: badge.title }),
    browser.action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
  ]);
}

/** The verdicts of the user's robots for a URL (cached parse and compiled rules: cheap when warm). */
async function robotVerdicts(report: OriginReport, url: string): Promise<RobotVerdicts[]> {
  const robots = robotsOf(report);
  return robots === null ? [] : verdictsFor(robots, (await settings()).robots, url);
}

async function tabReport(tabId: number, force: boolean): Promise<TabReport> {
  const tab = await browser.tabs.get(tabId);
  const url = tab.url ?? '';
  if (tab.url === undefined && !(await browser.permissions.contains({ origins: [...ALL_SITES] }))) {
    return { kind: 'no-permission', url, origin: null };
  }
  const origin = robotsOrigin(url);
  if (origin === null) return { kind: 'not-applicable', url };
  if (!(await browser.permissions.contains({ origins: [hostPattern(origin)] }))) {
    return { kind: 'no-permission', url, origin };
  }
  const report = await originReport(origin, tab.incognito, force);
  // The badge may follow; the popup is waiting for the verdicts.
  showBadge(tabId, url, report).catch(() => {});
  return { kind: 'report', url, report, verdicts: await robotVerdicts(report, url) };
}

/** A tab committed a navigation or changed its URL in page (history.pushState). */
async function onTabUrl(tabId: number, url: string, incognito: boolean): Promise<void> {
  const origin = robotsOrigin(url);
  const { checking } = await settings();
  if (
    origin === null ||
    checking !== 'auto' ||
    !(await browser.permissions.contains({ origins: [hostPattern(origin)] }))
  ) {
    await showBadge(tabId, url, null);
    return;
  }
  const report = await originReport(origin, incognito, false);
  await showBadge(tabId, url, report);
  // Compile every robot's rules now, while the page loads, so the popup opens at once.
  await robotVerdicts(report, url);
}

browser.tabs.onUpdated.addListener((tabId, change, tab) => {
  const url = change.url ?? (change.status === 'loading' ? tab.url : undefined);
  if (url === undefined) return;
  onTabUrl(tabId, url, tab.incognito).catch(() => {});
});

browser.webRequest.onBeforeRedirect.addListener(
  (details) => {
    if (details.tabId !== -1) return;
    redirects.observe({ from: details.url, to: details.redirectUrl, status: details.statusCode });
  },
  { urls: [...ALL_SITES] },
);

const handlers: {
  [K in keyof Protocol]: (req: Protocol[K]['req']) => Promise<Protocol[K]['res']>;
} = {
  tabReport: ({ tabId }) => tabReport(tabId, false),
  refresh: ({ tabId }) => tabReport(tabId, true),
  getSettings: () => settings(),
  setSettings: (change) => setSettings(change),
  importSettings: ({ text }) => importFile(text),
  exportSettings: async () => exportSettings(await settings()),
  resetSettings: () => saveSettings(defaultSettings()),
  clearCache: async () => {
    const dropped = await localCache.clear();
    await privateCache.clear();
    return dropped;
  },
};

function handle<K extends keyof Protocol>(message: Message<K>): Promise<Reply<Protocol[K]['res']>> {
  return handlers[message.name](message.req).then(
    (value) => ({ ok: true, value }) as const,
    (error: unknown) =>
      ({ ok: false, error: error instanceof Error ? error.message : String(error) }) as const,
  );
}

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  // Only our own pages may ask.
  if (!isMessage(message) || sender.id !== browser.runtime.id) return undefined;
  return handle(message);
});

// Purge expired entries from an alarm, not a timer: the worker may be stopped in between.
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== 'purge') return;
  localCache.purgeExpired().catch(() => {});
  privateCache.purgeExpired().catch(() => {});
});
// Chrome may clear alarms when the browser restarts: create it on install and on every start.
const schedulePurge = () => {
  Promise.resolve(browser.alarms.create('purge', { periodInMinutes: 60 })).catch(() => {});
};
browser.runtime.onInstalled.addListener(schedulePurge);
browser.runtime.onStartup.addListener(schedulePurge);
