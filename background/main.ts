// The background's wiring: builds the services with the browser's APIs and registers the
// listeners, synchronously at top level (an MV3 worker can stop at any moment and is woken by
// them). The work itself lives in the services, each testable with fakes.
import { fetchRobotsTxtInBrowser } from '../io/fetch-robots-browser.ts';
import { RedirectWatchers } from '../io/redirect-watchers.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import { ALL_SITES } from '../src/policy.ts';
import { dispatch, isMessage } from '../src/protocol.ts';
import { SETTINGS_KEY } from '../src/settings.ts';
import { browser, type Runtime } from '../webext/browser.ts';
import { extensionTranslator } from '../webext/translator.ts';
import { BadgePainter } from './badge-painter.ts';
import { ErrorReporter } from './error-reporter.ts';
import { protocolHandlers } from './handlers.ts';
import { HostAccess } from './host-access.ts';
import { Navigation } from './navigation.ts';
import { OriginCache } from './origin-cache.ts';
import { RobotsReports } from './robots-reports.ts';
import { SettingsService } from './settings-service.ts';
import { SettingsStore } from './settings-store.ts';
import type { StorageArea } from './storage-area.ts';
import { TabReports } from './tab-reports.ts';
import { Translators } from './translators.ts';
import { VersionStore } from './version-store.ts';

const local = browser.storage.local as StorageArea;
// Private windows: nothing of theirs reaches persistent storage.
const session = browser.storage.session as StorageArea;

const errors = new ErrorReporter(session);
const onError = (where: string, error: unknown) => errors.report(where, error);
const redirects = new RedirectWatchers();
const settings = new SettingsService(
  new SettingsStore((browser.storage.sync as StorageArea | undefined) ?? null, local),
);
const access = new HostAccess((permissions) => browser.permissions.contains(permissions));
const reports = new RobotsReports({
  stores: {
    normal: { cache: new OriginCache(local), versions: new VersionStore(local) },
    private: { cache: new OriginCache(session), versions: new VersionStore(session) },
  },
  fetchRobots: (url) => fetchRobotsTxtInBrowser(url, redirects),
  settings,
  parsedFiles: new ParsedFiles(),
});
const badge = new BadgePainter({
  action: browser.action,
  settings,
  translators: new Translators(extensionTranslator),
  reports,
});
const tabs = new TabReports({
  getTab: (tabId) => browser.tabs.get(tabId),
  access,
  reports,
  settings,
  badge,
  onError,
});
const navigation = new Navigation({
  queryTabs: () => browser.tabs.query({}),
  access,
  reports,
  settings,
  badge,
  onError,
});
const handlers = protocolHandlers({ tabs, settings, reports, errors });

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  // Only our own pages may ask.
  if (!isMessage(message) || sender.id !== browser.runtime.id) return undefined;
  return dispatch(handlers, message, onError);
});

// Settings changed elsewhere (another window, another browser through sync): read them again,
// and let every badge follow the first robot of the list.
browser.storage.onChanged.addListener((changes, area) => {
  if ((area !== 'sync' && area !== 'local') || !(SETTINGS_KEY in changes)) return;
  settings.invalidate();
  navigation.refreshBadges().catch(errors.catcher('navigation:refresh-badges'));
});

browser.tabs.onUpdated.addListener((tabId, change, tab) => {
  const url = change.url ?? (change.status === 'loading' ? tab.url : undefined);
  if (url === undefined) return;
  navigation.onTabUrl(tabId, url, tab.incognito).catch(errors.catcher('navigation'));
});

browser.webRequest.onBeforeRedirect.addListener(
  (details) => {
    // Our own requests run outside any tab.
    if (details.tabId !== -1) return;
    redirects.observe({ from: details.url, to: details.redirectUrl, status: details.statusCode });
  },
  { urls: [...ALL_SITES] },
);

// Purge expired entries from an alarm, not a timer: the worker may be stopped in between.
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'purge') reports.purgeExpired().catch(errors.catcher('purge'));
});
// Chrome may clear alarms when the browser restarts: create it on install and on every start.
const schedulePurge = () => {
  Promise.resolve(browser.alarms.create('purge', { periodInMinutes: 60 })).catch(
    errors.catcher('alarms'),
  );
};
browser.runtime.onInstalled.addListener(schedulePurge);
browser.runtime.onStartup.addListener(schedulePurge);
