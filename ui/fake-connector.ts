// A stand-in for the background, for component tests: the same Actions, answered in memory with
// the real library (settings validated, verdicts computed by the engine), every request recorded.
// Nothing here reaches a browser; the bundles never import it.
import { verdictsFor } from '../src/crawlers.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import type { Outcome } from '../src/policy.ts';
import {
  accept,
  type MessageName,
  type Reply,
  type RequestOf,
  type Requests,
  refuse,
  type TabReport,
} from '../src/protocol.ts';
import {
  defaultSettings,
  exportSettings,
  importSettings,
  type Settings,
  validateSettings,
} from '../src/settings.ts';
import type { Actions } from './connector.ts';

const parsedFiles = new ParsedFiles();

/** A tab report as the background builds it: the verdicts computed for `robots` when 'ok'. */
export function fakeTabReport(
  url: string,
  outcome: Outcome,
  options: { robots?: string[]; previousText?: string | null; fetchedAt?: number } = {},
): TabReport {
  const robots = options.robots ?? defaultSettings().robots;
  const fetchedAt = options.fetchedAt ?? Date.now() - 3 * 60_000;
  const origin = new URL(url).origin;
  return {
    kind: 'report',
    url,
    robots,
    report: {
      origin,
      outcome,
      fetchedAt,
      expiresAt: fetchedAt + 86_400_000,
      previousText: options.previousText ?? null,
      fromCache: true,
    },
    verdicts: outcome.kind === 'ok' ? verdictsFor(parsedFiles.get(outcome.text), robots, url) : [],
  };
}

export interface FakeConnector extends Actions {
  /** Every request, in order. */
  calls: { name: MessageName | keyof Omit<Actions, MessageName>; req: unknown }[];
  /** What was put on the clipboard. */
  copied: string[];
  /** The settings as the fake background holds them. */
  settingsNow(): Settings;
  /** A change made elsewhere (another page, sync): stored, then every subscriber told. */
  changeSettingsElsewhere(change: Partial<Settings>): void;
}

export interface FakeOptions {
  /** The report for a tab; by default a page with no robots.txt concept. */
  tabReport?: (tabId: number, force: boolean, settings: Settings) => TabReport;
  settings?: Settings;
  /** Replaces one request's answer (a refusal, an internal error…). */
  override?: Partial<Requests>;
  /** The answer to a permission request (default: granted). */
  grant?: boolean;
}

/** An in-memory background behind the pages' Actions. */
export function fakeConnector(options: FakeOptions = {}): FakeConnector {
  let settings = options.settings ?? defaultSettings();
  const listeners = new Set<() => void>();
  const calls: FakeConnector['calls'] = [];
  const copied: string[] = [];
  const tabReport =
    options.tabReport ??
    ((_: number, __: boolean, s: Settings): TabReport => ({
      kind: 'not-applicable',
      url: 'about:blank',
      robots: s.robots,
    }));
  const store = (next: Settings) => {
    settings = next;
    // Like storage.onChanged, after the write and in every page, the writer's own included.
    queueMicrotask(() => {
      for (const listener of listeners) listener();
    });
    return next;
  };
  const requests: Requests = {
    tabReport: async ({ tabId }) => accept(tabReport(tabId, false, settings)),
    refresh: async ({ tabId }) => accept(tabReport(tabId, true, settings)),
    getSettings: async () => accept(settings),
    setSettings: async (change) => {
      const checked = validateSettings(change, settings);
      return checked.ok ? accept(store(checked.settings)) : refuse(checked.problem);
    },
    importSettings: async ({ text }) => {
      const imported = importSettings(text);
      return imported.ok ? accept(store(imported.settings)) : refuse(imported.problem);
    },
    exportSettings: async () => accept(exportSettings(settings)),
    resetSettings: async () => accept(store(defaultSettings())),
    clearCache: async () => accept(0),
    debugInfo: async () => accept({ errors: [] }),
    ...options.override,
  };
  const recorded = Object.fromEntries(
    Object.entries(requests).map(([name, handler]) => [
      name,
      (req: RequestOf<MessageName>) => {
        calls.push({ name: name as MessageName, req });
        return (handler as (r: typeof req) => Promise<Reply<MessageName>>)(req);
      },
    ]),
  ) as Requests;
  return {
    ...recorded,
    calls,
    copied,
    settingsNow: () => settings,
    changeSettingsElsewhere(change) {
      const checked = validateSettings(change, settings);
      if (checked.ok) store(checked.settings);
    },
    async copy(text) {
      calls.push({ name: 'copy', req: text });
      copied.push(text);
    },
    async requestPermission(origin) {
      calls.push({ name: 'requestPermission', req: origin });
      return options.grant ?? true;
    },
    async openOptions() {
      calls.push({ name: 'openOptions', req: null });
    },
    onSettingsChanged(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
