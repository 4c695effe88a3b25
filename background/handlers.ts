// The background's answer to every protocol message, from its services.
import { accept, type Requests, refuse } from '../src/protocol.ts';
import type { ErrorReporter } from './error-reporter.ts';
import type { RobotsReports } from './robots-reports.ts';
import type { SettingsService } from './settings-service.ts';
import type { TabReports } from './tab-reports.ts';

export interface HandlerServices {
  tabs: TabReports;
  settings: SettingsService;
  reports: RobotsReports;
  errors: ErrorReporter;
}

/** One handler per message: a missing one fails the type check. */
export function protocolHandlers({ tabs, settings, reports, errors }: HandlerServices): Requests {
  return {
    tabReport: async ({ tabId }) => accept(await tabs.report(tabId, false)),
    refresh: async ({ tabId }) => accept(await tabs.report(tabId, true)),
    getSettings: async () => accept(await settings.get()),
    setSettings: async (change) => {
      const changed = await settings.set(change);
      return changed.ok ? accept(changed.settings) : refuse(changed.problem);
    },
    importSettings: async ({ text }) => {
      const imported = await settings.import(typeof text === 'string' ? text : '');
      return imported.ok ? accept(imported.settings) : refuse(imported.problem);
    },
    exportSettings: async () => accept(await settings.export()),
    resetSettings: async () => accept(await settings.reset()),
    clearCache: async () => accept(await reports.clear()),
    debugInfo: async () => accept(await errors.info()),
  };
}
