// Each origin's robots.txt: fetched the way crawlers do, cached, its versions kept, parsed once,
// and judged for the user's robots. Private windows use stores that never reach the disk.
import { type RobotVerdicts, verdictsFor } from '../src/crawlers.ts';
import { changeSeverity } from '../src/extension/history/severity.ts';
import type { RobotsFile } from '../src/extension/protocol.ts';
import type { ParsedFiles } from '../src/parsed-files.ts';
import {
  cacheRequestOf,
  expiresAt,
  type ObservedFacts,
  observedOutcomeOf,
  type RobotsFetch,
  UNREPORTED_RETRY_MS,
} from '../src/policy.ts';
import type { RobotsTxt } from '../src/robots/index.ts';
import type { CachedFetch, OriginCache } from './origin-cache.ts';
import type { SettingsService } from './settings-service.ts';
import type { VersionStore } from './version-store.ts';

/** Where one kind of window keeps fetched files. */
export interface ReportStores {
  cache: OriginCache;
  versions: VersionStore;
}

export interface RobotsReportsDeps {
  /** storage.local for normal windows, storage.session for private ones. */
  stores: { normal: ReportStores; private: ReportStores };
  /** Fetches one robots.txt URL and says what happened (never throws). */
  fetchRobots: (robotsUrl: string) => Promise<ObservedFacts>;
  settings: SettingsService;
  parsedFiles: ParsedFiles;
  /** Default: Date.now. */
  now?: () => number;
}

export class RobotsReports {
  private readonly deps: RobotsReportsDeps;
  private readonly now: () => number;

  constructor(deps: RobotsReportsDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  /** The report for an origin: cached while fresh, else fetched (`force`: fetched regardless). */
  report(origin: string, incognito: boolean, force: boolean): Promise<CachedFetch> {
    const { cache, versions } = incognito ? this.deps.stores.private : this.deps.stores.normal;
    return cache.report(
      origin,
      async () => {
        // Only a fetch needs the lifetime setting: a popup served from the cache skips it.
        const { cacheLifetimeMs, robots } = await this.deps.settings.get();
        const generation = cache.generation;
        const fetchedAt = this.now();
        const facts = await this.deps.fetchRobots(`${origin}/robots.txt`);
        const cacheControl = facts.kind === 'response' ? facts.cacheControl : null;
        const outcome = observedOutcomeOf(facts);
        // Once per fetch, inside the fetch every caller shares: a new body becomes a version.
        // Storage refusing the version (quota) costs the "changed" note, never the report. A
        // clear while the fetch ran (the last private window closed) leaves the versions empty.
        const previous =
          outcome.kind === 'ok' && cache.generation === generation
            ? await versions.record(origin, outcome.text, fetchedAt).catch(() => null) // quota: no note
            : null;
        return {
          outcome,
          fetchedAt,
          // Never under CACHE_FLOOR_MS: `no-store` would refetch on every load and pushState. An
          // unknown outcome says nothing of the file: asked again within a minute, not for hours.
          expiresAt:
            outcome.kind === 'unknown'
              ? fetchedAt + Math.min(UNREPORTED_RETRY_MS, cacheLifetimeMs)
              : expiresAt(fetchedAt, cacheControl, cacheLifetimeMs),
          cacheRequest: cacheRequestOf(cacheControl, cacheLifetimeMs),
          changed: previous !== null,
          // How much the change matters for the user's robots (the badge marks it; issue 16).
          changeSeverity:
            previous === null || outcome.kind !== 'ok'
              ? null
              : changeSeverity(
                  { before: previous, after: outcome.text, robots, urls: [] },
                  this.deps.parsedFiles,
                ).severity,
        };
      },
      force,
    );
  }

  /**
   * The text of the cached fetch of `origin` made at `fetchedAt`, with the version before it when
   * it changed; null when the cache holds no such fetch (refreshed, expired or cleared since).
   */
  async file(origin: string, incognito: boolean, fetchedAt: number): Promise<RobotsFile | null> {
    const { cache, versions } = incognito ? this.deps.stores.private : this.deps.stores.normal;
    const entry = await cache.get(origin);
    if (entry === null || entry.fetchedAt !== fetchedAt || entry.outcome.kind !== 'ok') return null;
    const previousText = entry.changed
      ? ((await versions.get(origin))?.previous?.text ?? null)
      : null;
    return { text: entry.outcome.text, previousText };
  }

  /** The parsed file of a fetch, or null when it has no rules ('unavailable', 'unreachable'). */
  parsed(fetched: RobotsFetch): RobotsTxt | null {
    return fetched.outcome.kind === 'ok' ? this.deps.parsedFiles.get(fetched.outcome.text) : null;
  }

  /** The robots' verdicts for a URL (cached parse and compiled rules: cheap when warm). */
  verdicts(fetched: RobotsFetch, url: string, names: readonly string[]): RobotVerdicts[] {
    const parsed = this.parsed(fetched);
    return parsed === null ? [] : verdictsFor(parsed, names, url);
  }

  /** Empties both caches and the kept versions; returns how many origins the normal cache held. */
  async clear(): Promise<number> {
    const { normal, private: inPrivate } = this.deps.stores;
    const [dropped] = await Promise.all([
      normal.cache.clear(),
      inPrivate.cache.clear(),
      normal.versions.clear(),
      inPrivate.versions.clear(),
    ]);
    return dropped;
  }

  /**
   * Empties the private windows' cache and kept versions (the last private window closed);
   * returns how many origins the private cache held. The normal stores are untouched.
   */
  async clearPrivate(): Promise<number> {
    const { cache, versions } = this.deps.stores.private;
    const [dropped] = await Promise.all([cache.clear(), versions.clear()]);
    return dropped;
  }

  /** Drops expired cache entries in both kinds of window (the versions stay). */
  async purgeExpired(): Promise<void> {
    const { normal, private: inPrivate } = this.deps.stores;
    await Promise.all([normal.cache.purgeExpired(), inPrivate.cache.purgeExpired()]);
  }
}
