// The one protocol between the extension's pages (popup, options) and its background: for each
// message, its request, its reply and the errors it may be refused with. The background's
// handlers and the pages' actions are both derived from it, so a missing or misnamed handler is a
// type error.
import type { RobotAiSignals } from '../ai/report.ts';
import type { RobotVerdicts } from '../crawlers.ts';
import type { LinkCounts, PageFacts } from '../page/facts.ts';
import type { ListedUrl } from '../page/sitemap-check.ts';
import type { CacheRequest, OutcomeFacts, RobotsFetch } from '../policy.ts';
import type { SitemapProblem } from '../sitemap-problem.ts';
import type { SavedUrlProblem } from './history/saved-urls.ts';
import type { ChangeSeverityLevel } from './history/severity.ts';
import type { ImportProblem, Settings, SettingsProblem } from './settings.ts';

/** A cached or fresh fetch of one origin's /robots.txt, as the pages receive it. */
export interface OriginReport {
  /** `scheme://host[:port]`, as robotsOrigin gives it. */
  origin: string;
  /** Without the file's text, which robotsText sends. */
  outcome: OutcomeFacts;
  fetchedAt: number;
  expiresAt: number;
  /** The body differs from the version seen before it (robotsText sends both: the popup's diff). */
  changed: boolean;
  /** Served from the cache rather than fetched for this request. */
  fromCache: boolean;
  /** What Cache-Control asked when the cache floor keeps the file longer (the popup says so). */
  cacheRequest?: CacheRequest | null;
  /**
   * How much the change since the version before matters for the user's robots ('critical': every
   * robot of the list newly blocked); null or absent when unchanged.
   */
  changeSeverity?: ChangeSeverityLevel | null;
}

/** A fetch as a report sends it: all of it but the file's text. */
export function sentReport(
  fetched: RobotsFetch & {
    changed: boolean;
    fromCache: boolean;
    changeSeverity?: ChangeSeverityLevel | null;
  },
): OriginReport {
  const { origin, outcome, fetchedAt, expiresAt, changed, fromCache, cacheRequest } = fetched;
  const changeSeverity = changed ? (fetched.changeSeverity ?? null) : null;
  const report = { origin, fetchedAt, expiresAt, changed, fromCache, cacheRequest, changeSeverity };
  if (outcome.kind !== 'ok') return { ...report, outcome };
  const { text: _, ...sent } = outcome;
  return { ...report, outcome: sent };
}

/** The text of the file a report describes, and the version before it when it changed. */
export interface RobotsFile {
  text: string;
  previousText: string | null;
}

/**
 * What the popup shows for a tab. Every kind carries the robot list it was judged with, so the
 * rows always match the verdicts sent.
 */
export type TabReport =
  /** The page has no robots.txt: chrome://, about:, file:, extension pages, the PDF viewer… */
  | { kind: 'not-applicable'; url: string; robots: string[] }
  /**
   * The user withheld the host permission (Firefox allows it): for this origin, or for all sites
   * (origin null: without it the browser hides the tab's URL too).
   */
  | { kind: 'no-permission'; url: string; origin: string | null; robots: string[] }
  /** `verdicts` has one entry per robot when the file was parsed ('ok'), none otherwise. */
  | {
      kind: 'report';
      url: string;
      robots: string[];
      report: OriginReport;
      verdicts: RobotVerdicts[];
      /**
       * Each robot's verdict for the page's canonical URL, when it is another URL of this origin and
       * the file has rules (page/canonical-verdicts.ts); else null.
       */
      canonicalVerdicts: RobotVerdicts[] | null;
      /** What the page says about itself (its tags and headers), read as the report was built. */
      page: PageFacts;
      /** Its nofollow, ugc and sponsored links are outlined on the page. */
      linksHighlighted: boolean;
      /**
       * The tab is in a private window: what the popup keeps for the site is kept apart from a
       * normal window's, and goes with the last private window (src/extension/popup-memory.ts).
       */
      inPrivate: boolean;
      /**
       * What the site says about AI use of the page, per robot (Content-Signal, Content-Usage);
       * null or absent when the file and the response say nothing about it.
       */
      aiSignals?: RobotAiSignals[] | null;
    };

/** A page fetched once as served, before scripts run (to compare with the DOM as rendered). */
export interface ServedPage {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  /** The body as text, cut at 2,000,000 bytes. */
  html: string;
  xRobotsTag: string[];
  link: string[];
  cut: boolean;
}

/** A sitemap the Sitemaps check read (in whole or in part: the report's problems say). */
export interface SitemapFile {
  /** The URL that answered, after redirects. */
  url: string;
  /** What it turned out to be; null when nothing of it could be read as a sitemap. */
  kind: 'urlset' | 'sitemapindex' | 'text' | null;
  /** The page URLs it gave. */
  urls: number;
}

/** The site's sitemaps read for a page on request, and where the URLs asked about are listed. */
export interface SitemapReport {
  /** Where the reading started: the Sitemap lines of robots.txt, or /sitemap.xml when it names none. */
  from: 'robots-txt' | 'default';
  /** The sitemaps it started from, as written (the first 25). */
  sources: string[];
  /** How many it started from. */
  sourceCount: number;
  /** Every sitemap read, index or not, in reading order. */
  files: SitemapFile[];
  /** Page URLs read in all. */
  urls: number;
  /** What could not be read, or was skipped, and why (the first 20). */
  problems: SitemapProblem[];
  problemCount: number;
  /** The limit that ended the reading before its end, if one did. */
  stoppedBy: 'count-limit' | 'url-limit' | 'time-limit' | null;
  /** Each URL asked about, and where it is listed. */
  found: ListedUrl[];
}

/** One kept version of a site's robots.txt: its text, when it was first and last fetched (ms). */
export interface HistoryVersion {
  text: string;
  firstSeen: number;
  lastSeen: number;
}

/** A site's kept versions of robots.txt, oldest first, and the pages of it the user visited. */
export interface OriginHistory {
  origin: string;
  versions: HistoryVersion[];
  /** URLs of the site's visited pages, most recent first (none unless rememberPaths). */
  seen: string[];
  /** Whether visited pages are kept (the settings' rememberPaths). */
  rememberPaths: boolean;
  /** The test URLs the user saved for the site, most recent first (none in a private window). */
  saved: string[];
}

/** Why a history import was refused (background/version-store.ts checks the file). */
export type HistoryImportProblem =
  /** Not JSON at all. */
  | 'not-json'
  /** Not a JSON object. */
  | 'not-an-object'
  /** `format` is not 'robots-lens-history'. */
  | 'wrong-format'
  /** `version` is not 1 (a newer extension's export). */
  | 'unsupported-version'
  /** `origin` is not an http(s) origin as the URL standard serialises it. */
  | 'bad-origin'
  /** `origin` is another site's than the tab's: a file imports only into its own site's history. */
  | 'other-origin'
  /** `versions` is not an array. */
  | 'bad-versions'
  /** More than 20 versions. */
  | 'too-many-versions'
  /** A version that is not an object with a string `text`. */
  | 'bad-version'
  /** A version whose `firstSeen` or `lastSeen` is not a time (finite, ≥ 0), or ends before it starts. */
  | 'bad-time'
  /** A version too large to keep alone (over the per-site cap, or longer than a fetch keeps). */
  | 'text-too-large'
  /** Storage refused the write (quota). */
  | 'storage-refused';

/** Errors the background counted since it started (the options page's debug view). */
export interface DebugInfo {
  /** Per place in the code: how many errors, the last message and when (ms). */
  errors: { where: string; count: number; lastMessage: string; lastAt: number }[];
}

type Empty = Record<string, never>;

export type Protocol = {
  /** The report for a tab (fetching if needed, or the cached one). */
  tabReport: { req: { tabId: number }; res: TabReport; error: never };
  /** Fetch the tab's robots.txt again, bypassing the cache. */
  refresh: { req: { tabId: number }; res: TabReport; error: never };
  /**
   * The text of the file a report described (its origin and fetch time), for the views that show
   * it; 'changed' when the cache holds another fetch by now (the popup asks for the report again).
   */
  robotsText: {
    req: { tabId: number; origin: string; fetchedAt: number };
    res: RobotsFile;
    error: 'changed';
  };
  getSettings: { req: Empty; res: Settings; error: never };
  /** Changes some settings (validated); replies with all of them, or changes nothing. */
  setSettings: { req: Partial<Settings>; res: Settings; error: SettingsProblem };
  /** Replaces all settings from an export file, or changes nothing. */
  importSettings: { req: { text: string }; res: Settings; error: ImportProblem };
  /** The export file of the current settings. */
  exportSettings: { req: Empty; res: string; error: never };
  /** Back to the defaults. */
  resetSettings: { req: Empty; res: Settings; error: never };
  /** Empties the robots.txt cache; replies with how many origins were dropped. */
  clearCache: { req: Empty; res: number; error: never };
  /** What the background counted of its own errors. */
  debugInfo: { req: Empty; res: DebugInfo; error: never };
  /**
   * The tab's page fetched once as served, without cookies (the user asked), under the one fetch
   * policy: a redirect into a private network, past 5 or back to a URL of the chain is refused.
   */
  servedPage: {
    req: { tabId: number };
    res: ServedPage;
    error:
      | 'not-http'
      | 'no-permission'
      | 'timeout'
      | 'network'
      | 'private-address'
      | 'too-many-redirects'
      | 'redirect-loop'
      | 'hop-unreported';
  };
  /**
   * Reads the tab's site's sitemaps (those robots.txt names, else /sitemap.xml) and looks for
   * `urls` in them (the page's, its canonical, the redirects that led to it); the user asked.
   * Only the tab's host is asked, without cookies, under the one fetch policy, within limits.
   */
  sitemaps: {
    req: { tabId: number; urls: string[] };
    res: SitemapReport;
    error: 'not-http' | 'no-permission';
  };
  /** Counts the links of the tab's page and their rel qualifiers (the Page view asks). */
  pageLinks: { req: { tabId: number }; res: LinkCounts; error: 'refused' };
  /** Outlines (or no longer) the page's nofollow, ugc and sponsored links; replies with the state. */
  highlightLinks: { req: { tabId: number; on: boolean }; res: boolean; error: 'refused' };
  /** The tab's site's kept robots.txt versions and visited pages (the History view). */
  history: { req: { tabId: number }; res: OriginHistory; error: 'not-applicable' };
  /** The export file of the tab's site's history (JSON text), with its origin and size. */
  exportHistory: {
    req: { tabId: number };
    res: { origin: string; text: string; versions: number };
    error: 'not-applicable';
  };
  /**
   * Adds an exported history of the tab's site to its kept versions: a normal window's on disk, a
   * private window's in that window's memory (storage.session, gone with the last private window).
   * A file of another site is refused ('other-origin'); 'not-applicable': no robots.txt here.
   */
  importHistory: {
    req: { tabId: number; text: string };
    res: { origin: string; added: number; versions: number };
    error: HistoryImportProblem | 'not-applicable';
  };
  /** The tab's site's saved test URLs, most recent first (the tester asks when first shown). */
  savedUrls: {
    req: { tabId: number };
    res: string[];
    error: 'not-applicable' | 'private-window';
  };
  /**
   * Saves a test URL for the tab's site (a path, or a URL of that site), first in its list, kept
   * until removed; replies with the list. Never for a private window.
   */
  saveTestUrl: {
    req: { tabId: number; url: string };
    res: string[];
    error: 'not-applicable' | 'private-window' | SavedUrlProblem;
  };
  /** Removes a saved test URL of the tab's site; replies with the list. */
  forgetTestUrl: {
    req: { tabId: number; url: string };
    res: string[];
    error: 'not-applicable' | 'private-window';
  };
  /** Forgets the tab's site's history and visited pages (its saved test URLs stay). */
  clearHistory: { req: { tabId: number }; res: true; error: 'not-applicable' };
  /**
   * Forgets every site's history and visited pages (saved test URLs stay); replies with how many
   * sites had one.
   */
  clearAllHistory: { req: Empty; res: number; error: never };
};

export type MessageName = keyof Protocol;
export type RequestOf<K extends MessageName> = Protocol[K]['req'];
export type ResponseOf<K extends MessageName> = Protocol[K]['res'];

/**
 * Why a request failed: the message's own refusal, or 'internal' (the handler threw; the
 * background reported it), 'no-answer' (nothing answered: the background was stopping) or
 * 'bad-request' (an unknown name or a request of the wrong shape: no handler ran).
 */
export type ErrorOf<K extends MessageName> =
  | Protocol[K]['error']
  | 'internal'
  | 'no-answer'
  | 'bad-request';

/** Errors cross as values (exceptions do not survive sendMessage). */
export type Reply<K extends MessageName> =
  | { ok: true; value: ResponseOf<K> }
  | { ok: false; error: ErrorOf<K>; message: string };

/** Every message answered: the background's handlers and the pages' requests have this shape. */
export type Requests = { [K in MessageName]: (req: RequestOf<K>) => Promise<Reply<K>> };

/** A successful reply. */
export function accept<K extends MessageName>(value: ResponseOf<K>): Reply<K> {
  return { ok: true, value };
}

/** A refusal with the message's own error code. */
export function refuse<K extends MessageName>(error: Protocol[K]['error'], message = ''): Reply<K> {
  return { ok: false, error, message: message || String(error) };
}

/** Marks our messages, so the background answers nothing else. */
export const MESSAGE_MARK = '__robotsLens';

export interface Message<K extends MessageName = MessageName> {
  [MESSAGE_MARK]: true;
  name: K;
  req: RequestOf<K>;
}

/** A value marked as one of our messages: dispatch checks its name and request before answering. */
export interface MarkedMessage {
  [MESSAGE_MARK]: true;
  name: unknown;
  req: unknown;
}

/**
 * Whether a value received by the background is marked as one of our messages (anything else is
 * left for other listeners). Its name and request are checked by dispatch, which answers a bad
 * one with 'bad-request' rather than leaving the page without a reply.
 */
export function isMessage(value: unknown): value is MarkedMessage {
  return (
    typeof value === 'object' && value !== null && (value as MarkedMessage)[MESSAGE_MARK] === true
  );
}

/** Builds a message for `sendMessage`. */
export function messageOf<K extends MessageName>(name: K, req: RequestOf<K>): Message<K> {
  return { [MESSAGE_MARK]: true, name, req };
}

/** One field's check: the words say what it must be (they end up in a 'bad-request' message). */
type FieldCheck = [(value: unknown) => boolean, string];

const TAB_ID: FieldCheck = [
  (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  'a non-negative integer',
];
const STRING: FieldCheck = [(v) => typeof v === 'string', 'a string'];
const FINITE: FieldCheck = [(v) => typeof v === 'number' && Number.isFinite(v), 'a finite number'];
const BOOLEAN: FieldCheck = [(v) => typeof v === 'boolean', 'a boolean'];
/** URLs to look for: the page, its canonical and its redirects (a browser follows at most 20). */
const URL_LIST: FieldCheck = [
  (v) => Array.isArray(v) && v.length <= 32 && v.every((url) => typeof url === 'string'),
  'an array of at most 32 strings',
];

/**
 * Each request's fields: exactly these, of these types; null for setSettings, whose fields the
 * settings' own validation checks (an unknown key is ignored there, a bad value refused).
 */
const FIELDS: { [K in MessageName]: { [F in keyof RequestOf<K>]-?: FieldCheck } | null } = {
  tabReport: { tabId: TAB_ID },
  refresh: { tabId: TAB_ID },
  robotsText: { tabId: TAB_ID, origin: STRING, fetchedAt: FINITE },
  getSettings: {},
  setSettings: null,
  importSettings: { text: STRING },
  exportSettings: {},
  resetSettings: {},
  clearCache: {},
  debugInfo: {},
  servedPage: { tabId: TAB_ID },
  sitemaps: { tabId: TAB_ID, urls: URL_LIST },
  pageLinks: { tabId: TAB_ID },
  highlightLinks: { tabId: TAB_ID, on: BOOLEAN },
  history: { tabId: TAB_ID },
  exportHistory: { tabId: TAB_ID },
  importHistory: { tabId: TAB_ID, text: STRING },
  clearHistory: { tabId: TAB_ID },
  clearAllHistory: {},
  savedUrls: { tabId: TAB_ID },
  saveTestUrl: { tabId: TAB_ID, url: STRING },
  forgetTestUrl: { tabId: TAB_ID, url: STRING },
};

/** Every message name, once (FIELDS has one entry per name, or the type check fails). */
export const MESSAGE_NAMES = Object.keys(FIELDS) as MessageName[];

/**
 * What is wrong with a received message, in a sentence for the 'bad-request' reply, or null when
 * its name is known and its request has exactly the fields of that message, of their types.
 */
export function messageProblem(message: MarkedMessage): string | null {
  const { name, req } = message;
  if (typeof name !== 'string' || !Object.hasOwn(FIELDS, name)) {
    return `unknown message ${describe(name)}`;
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    return `${name}: the request is not an object`;
  }
  const fields = FIELDS[name as MessageName] as Record<string, FieldCheck> | null;
  if (fields === null) return null;
  for (const [field, [isValid, what]] of Object.entries(fields)) {
    if (!Object.hasOwn(req, field)) return `${name}: ${field} is missing`;
    if (!isValid((req as Record<string, unknown>)[field])) {
      return `${name}: ${field} must be ${what}`;
    }
  }
  for (const field of Object.keys(req)) {
    if (!Object.hasOwn(fields, field)) return `${name}: unknown field ${describe(field)}`;
  }
  return null;
}

/** A received name or field for an error message: quoted, cut short. */
function describe(value: unknown): string {
  if (typeof value !== 'string') return typeof value;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * Answers a message with the matching handler. A message with an unknown name or a request of
 * the wrong shape is refused with 'bad-request' before any handler runs; a handler that throws
 * becomes an 'internal' error, passed to `onError` first (the background reports it).
 */
export function dispatch<K extends MessageName>(
  handlers: Requests,
  message: Message<K>,
  onError: (where: string, error: unknown) => void,
): Promise<Reply<K>>;
export function dispatch(
  handlers: Requests,
  message: MarkedMessage,
  onError: (where: string, error: unknown) => void,
): Promise<Reply<MessageName>>;
export async function dispatch(
  handlers: Requests,
  message: MarkedMessage,
  onError: (where: string, error: unknown) => void,
): Promise<Reply<MessageName>> {
  const problem = messageProblem(message);
  const name = message.name as MessageName;
  // hasOwn as well: `handlers` may be any object with the protocol's names, never its prototype's.
  if (problem !== null || !Object.hasOwn(handlers, name)) {
    return { ok: false, error: 'bad-request', message: problem ?? `no handler for ${name}` };
  }
  const handler = handlers[name] as (req: unknown) => Promise<Reply<MessageName>>;
  try {
    return await handler(message.req);
  } catch (error) {
    onError(`message:${name}`, error);
    return { ok: false, error: 'internal', message: errorMessage(error) };
  }
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    // A thrown value with no usable toString (Object.create(null), a hostile getter): still a reply.
    return 'unprintable error';
  }
}
