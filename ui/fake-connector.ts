// A stand-in for the background, for component tests: the same Actions, answered in memory with
// the real library (settings validated, verdicts computed by the engine), every request recorded.
// Nothing here reaches a browser; the bundles never import it.
import { verdictsFor } from '../src/crawlers.ts';
import {
  addSaved,
  removeSaved,
  type SavedUrls,
  savedUrlOf,
} from '../src/extension/history/saved-urls.ts';
import { changeSeverity } from '../src/extension/history/severity.ts';
import {
  accept,
  type HistoryVersion,
  type MessageName,
  type OriginHistory,
  type Reply,
  type RequestOf,
  type Requests,
  type RobotsFile,
  refuse,
  type SitemapReport,
  sentReport,
  type TabReport,
} from '../src/extension/protocol.ts';
import {
  defaultSettings,
  exportSettings,
  importSettings,
  type Settings,
  validateSettings,
} from '../src/extension/settings.ts';
import { canonicalVerdicts } from '../src/page/canonical-verdicts.ts';
import type { PageFacts } from '../src/page/facts.ts';
import { SitemapMatcher } from '../src/page/sitemap-check.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import type { ObservedOutcome } from '../src/policy.ts';
import type { Actions } from './connector.ts';

const parsedFiles = new ParsedFiles();

/**
 * What a page says about itself, as the background reads it: by default an HTML page with no
 * robots tags, whose response was seen with no X-Robots-Tag header.
 */
export function fakePage(
  url: string,
  options: {
    metas?: { name: string; content: string; inBody?: boolean }[];
    canonicals?: string[];
    xRobotsTag?: string[];
    link?: string[];
    headers?: 'seen' | 'same-document' | 'not-seen';
    contentType?: string;
    /** The page's own HTTP status (200 by default). */
    status?: number;
    /** The redirects followed on the way to it. */
    redirects?: { url: string; status: number }[];
  } = {},
): PageFacts {
  const contentType = options.contentType ?? 'text/html';
  return {
    url,
    dom: {
      ok: true,
      facts: {
        contentType,
        baseUrl: url,
        metas: (options.metas ?? []).map((m) => ({
          name: m.name,
          content: m.content,
          inBody: m.inBody ?? false,
          cut: false,
        })),
        canonicals: (options.canonicals ?? []).map((href) => ({ href, inBody: false })),
        cut: false,
        readMs: 0.4,
      },
    },
    headers:
      (options.headers ?? 'seen') === 'seen'
        ? {
            ok: true,
            facts: {
              url,
              status: options.status ?? 200,
              redirects: options.redirects ?? [],
              contentType,
              xRobotsTag: options.xRobotsTag ?? [],
              link: options.link ?? [],
              cut: false,
              at: 0,
            },
          }
        : { ok: false, why: options.headers === 'not-seen' ? 'not-seen' : 'same-document' },
  };
}

/**
 * The texts of the files fakeTabReport described, by origin and fetch time, as the background's
 * cache holds them: robotsText answers from here.
 */
const files = new Map<string, RobotsFile>();
const fileKey = (origin: string, fetchedAt: number) => `${origin} ${fetchedAt}`;

/**
 * A tab report as the background builds it: the verdicts computed for `robots` when 'ok', the
 * file's text kept for robotsText. Without `fetchedAt`, a report of another text for the same
 * origin gets a fetch time of its own (one millisecond on), as a new fetch would.
 */
export function fakeTabReport(
  url: string,
  outcome: ObservedOutcome,
  options: {
    robots?: string[];
    previousText?: string | null;
    fetchedAt?: number;
    page?: PageFacts;
    linksHighlighted?: boolean;
    /** The tab is in a private window; default false. */
    inPrivate?: boolean;
  } = {},
): TabReport {
  const robots = options.robots ?? defaultSettings().robots;
  const origin = new URL(url).origin;
  const previousText = options.previousText ?? null;
  let fetchedAt = options.fetchedAt ?? Date.now() - 3 * 60_000;
  if (outcome.kind === 'ok') {
    const file = { text: outcome.text, previousText };
    const same = (known: RobotsFile | undefined) =>
      known === undefined || (known.text === file.text && known.previousText === previousText);
    if (options.fetchedAt === undefined)
      while (!same(files.get(fileKey(origin, fetchedAt)))) fetchedAt++;
    files.set(fileKey(origin, fetchedAt), file);
  }
  const parsed = outcome.kind === 'ok' ? parsedFiles.get(outcome.text) : null;
  const page = options.page ?? fakePage(url);
  return {
    kind: 'report',
    url,
    robots,
    report: sentReport({
      origin,
      outcome,
      fetchedAt,
      expiresAt: fetchedAt + 86_400_000,
      changed: previousText !== null,
      fromCache: true,
      // As the background rates it (robots-reports.ts), for the popup's critical-change line.
      changeSeverity:
        previousText === null || outcome.kind !== 'ok'
          ? null
          : changeSeverity(
              { before: previousText, after: outcome.text, robots, urls: [] },
              parsedFiles,
            ).severity,
    }),
    verdicts: parsed === null ? [] : verdictsFor(parsed, robots, url),
    canonicalVerdicts: canonicalVerdicts(parsed, page, origin, robots),
    page,
    linksHighlighted: options.linksHighlighted ?? false,
    inPrivate: options.inPrivate ?? false,
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
  /** The session storage the pages share (pass one map to two fakes: a popup reopened). */
  memory?: Map<string, unknown>;
  /** The tab's site's history (the History view); none: a page with no robots.txt. */
  history?: OriginHistory;
  /**
   * The tab's site's saved test URLs (default: the history's `saved`, for its origin; none
   * without a history: a page with no robots.txt), or a private window's tab (never saved).
   */
  saved?: SavedUrls | 'private-window';
  /**
   * The tab's site's sitemaps as the Sitemaps check reads them: each file's URL and the page URLs
   * it lists (an index has none of its own); by default none could be read.
   */
  sitemaps?: { url: string; kind?: 'urlset' | 'sitemapindex'; locs: string[] }[];
}

/** The Sitemaps check's report over sitemap files held in memory, matched by the library. */
function fakeSitemaps(
  sitemaps: NonNullable<FakeOptions['sitemaps']>,
  urls: readonly string[],
): SitemapReport {
  const matcher = new SitemapMatcher(urls);
  for (const file of sitemaps) for (const loc of file.locs) matcher.add(loc, file.url);
  const first = sitemaps[0];
  return {
    from: 'robots-txt',
    sources: first === undefined ? [] : [first.url],
    sourceCount: first === undefined ? 0 : 1,
    files: sitemaps.map((f) => ({ url: f.url, kind: f.kind ?? 'urlset', urls: f.locs.length })),
    urls: sitemaps.reduce((sum, f) => sum + f.locs.length, 0),
    problems: [],
    problemCount: 0,
    stoppedBy: null,
    found: matcher.found(),
  };
}

/** An in-memory background behind the pages' Actions. */
export function fakeConnector(options: FakeOptions = {}): FakeConnector {
  let settings = options.settings ?? defaultSettings();
  const listeners = new Set<() => void>();
  const calls: FakeConnector['calls'] = [];
  const copied: string[] = [];
  // storage.session: shared by every page opened on this fake, as the browser's is.
  const memory = options.memory ?? new Map<string, unknown>();
  const tabReport =
    options.tabReport ??
    ((_: number, __: boolean, s: Settings): TabReport => ({
      kind: 'not-applicable',
      url: 'about:blank',
      robots: s.robots,
    }));
  let kept: OriginHistory | null = options.history ? structuredClone(options.history) : null;
  const isPrivate = options.saved === 'private-window';
  // The saved test URLs live beside the history, as in the background: clearing it keeps them.
  let saved: SavedUrls | null =
    options.saved === undefined || options.saved === 'private-window'
      ? kept === null
        ? null
        : { origin: kept.origin, urls: isPrivate ? [] : [...kept.saved] }
      : structuredClone(options.saved);
  const savedRefusal = () =>
    saved === null ? ('not-applicable' as const) : isPrivate ? ('private-window' as const) : null;
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
    robotsText: async ({ origin, fetchedAt }) => {
      const file = files.get(fileKey(origin, fetchedAt));
      return file === undefined ? refuse('changed') : accept(file);
    },
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
    servedPage: async () => refuse('network'),
    sitemaps: async ({ urls }) => accept(fakeSitemaps(options.sitemaps ?? [], urls)),
    pageLinks: async () => accept({ total: 12, nofollow: 3, ugc: 1, sponsored: 2, readMs: 0.2 }),
    highlightLinks: async ({ on }) => accept(on),
    history: async () =>
      kept === null
        ? refuse('not-applicable')
        : accept({ ...structuredClone(kept), saved: isPrivate ? [] : [...(saved?.urls ?? [])] }),
    exportHistory: async () => {
      if (kept === null) return refuse('not-applicable');
      const { origin, versions } = kept;
      const file = { format: 'robots-lens-history', version: 1, origin, versions };
      return accept({ origin, text: JSON.stringify(file), versions: versions.length });
    },
    importHistory: async ({ text }) => {
      let file: unknown;
      try {
        file = JSON.parse(text);
      } catch {
        return refuse('not-json');
      }
      const f = file as Partial<{ format: string; origin: string; versions: HistoryVersion[] }>;
      if (f?.format !== 'robots-lens-history') return refuse('wrong-format');
      if (typeof f.origin !== 'string' || !Array.isArray(f.versions)) return refuse('bad-versions');
      // As the background: into the tab's site's history only.
      if (kept === null) return refuse('not-applicable');
      if (kept.origin !== f.origin) return refuse('other-origin');
      const into: OriginHistory = kept;
      const known = new Set(into.versions.map((v) => v.text));
      const added = f.versions.filter((v) => !known.has(v.text));
      into.versions = [...into.versions, ...added].sort((a, b) => a.firstSeen - b.firstSeen);
      kept = into;
      return accept({ origin: f.origin, added: added.length, versions: into.versions.length });
    },
    clearHistory: async () => {
      if (kept === null) return refuse('not-applicable');
      kept = { ...kept, versions: [], seen: [] };
      return accept(true);
    },
    clearAllHistory: async () => {
      const had = kept !== null && kept.versions.length > 0 ? 1 : 0;
      if (kept !== null) kept = { ...kept, versions: [], seen: [] };
      return accept(had);
    },
    savedUrls: async () => {
      const refusal = savedRefusal();
      return refusal !== null ? refuse(refusal) : accept([...(saved?.urls ?? [])]);
    },
    saveTestUrl: async ({ url }) => {
      const refusal = savedRefusal();
      if (refusal !== null || saved === null) return refuse(refusal ?? 'not-applicable');
      const checked = savedUrlOf(url, saved.origin);
      if ('problem' in checked) return refuse(checked.problem);
      saved = addSaved(saved, saved.origin, checked.url);
      return accept([...saved.urls]);
    },
    forgetTestUrl: async ({ url }) => {
      const refusal = savedRefusal();
      if (refusal !== null || saved === null) return refuse(refusal ?? 'not-applicable');
      saved = removeSaved(saved, url) ?? saved;
      return accept([...saved.urls]);
    },
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
    async openUrl(url) {
      calls.push({ name: 'openUrl', req: url });
    },
    memory: {
      get: async (key) => structuredClone(memory.get(key)),
      set: async (key, value) => void memory.set(key, structuredClone(value)),
      remove: async (key) => void memory.delete(key),
    },
    onSettingsChanged(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
