// The one protocol between popup and background: each message's request and reply, as types.
import type { CrawlerVerdict } from './crawlers.ts';
import type { Outcome } from './policy.ts';
import type { Settings } from './settings.ts';

/** A cached fetch of one origin's /robots.txt. */
export interface OriginReport {
  origin: string;
  outcome: Outcome;
  fetchedAt: number;
  expiresAt: number;
  /** The body of the fetch before, when it differed (so the popup can show what changed). */
  previousText: string | null;
  /** Served from the cache rather than fetched for this request. */
  fromCache: boolean;
}

/** What the popup shows for a tab. */
export type TabReport =
  /** The page has no robots.txt: chrome://, about:, file:, extension pages, the PDF viewer… */
  | { kind: 'not-applicable'; url: string }
  /**
   * The user withheld the host permission (Firefox allows it): for this origin, or for all sites
   * (origin null: without it the browser hides the tab's URL too).
   */
  | { kind: 'no-permission'; url: string; origin: string | null }
  | { kind: 'report'; url: string; report: OriginReport; verdicts: RobotVerdicts[] };

/** A robot's verdicts for the tab's URL, computed where the parsed file is kept warm (the background). */
export interface RobotVerdicts {
  robot: string;
  /** Under its vendor's reading, with its crawler profile applied. */
  verdict: CrawlerVerdict;
  rfc9309: boolean;
  original1994: boolean;
}

export type Protocol = {
  /** The report for a tab (fetching if needed, or the cached one). */
  tabReport: { req: { tabId: number }; res: TabReport };
  /** Fetch the tab's robots.txt again, bypassing the cache. */
  refresh: { req: { tabId: number }; res: TabReport };
  getSettings: { req: Record<string, never>; res: Settings };
  /** Changes some settings (validated); replies with all of them. Errors: a SettingsProblem. */
  setSettings: { req: Partial<Settings>; res: Settings };
  /** Replaces all settings from an export file, or changes nothing. Errors: an ImportProblem. */
  importSettings: { req: { text: string }; res: Settings };
  /** The export file of the current settings. */
  exportSettings: { req: Record<string, never>; res: string };
  /** Back to the defaults. */
  resetSettings: { req: Record<string, never>; res: Settings };
  /** Empties the robots.txt cache; replies with how many origins were dropped. */
  clearCache: { req: Record<string, never>; res: number };
};

export type MessageName = keyof Protocol;

/** Errors cross as values: exceptions do not survive sendMessage. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: string };

/** Marks our messages, so the background answers nothing else. */
export const MESSAGE_MARK = '__robotsLens';

export interface Message<K extends MessageName = MessageName> {
  [MESSAGE_MARK]: true;
  name: K;
  req: Protocol[K]['req'];
}

export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)[MESSAGE_MARK] === true &&
    typeof (value as Record<string, unknown>)['name'] === 'string'
  );
}
