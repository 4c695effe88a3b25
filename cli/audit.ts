// robots-lens audit (issue 30): crawl × index × follow for every URL, per robot. Each URL's
// robots.txt is fetched once per run (as check does), then the page itself (io/fetch-audit-page.ts,
// the one fetch policy) unless robots.txt keeps the auditor's own token out; the page judge and
// src/page/audit.ts give one state and its reasons per robot, in the popup's words. URLs are
// worked on side by side (--concurrency in all, --per-host per host) and written in input order
// through a bounded window, so memory does not grow with the number of URLs.

import { AUDIT_MAX_BYTES, fetchForAudit } from '../io/fetch-audit-page.ts';
import { NODE_REDIRECTS } from '../io/node-fetch.ts';
import { indexesPages } from '../src/crawlers.ts';
import { auditReasonText } from '../src/explain/audit.ts';
import type { MessageKey, Translator } from '../src/index.ts';
import { printableText } from '../src/index.ts';
import {
  AUDIT_STATES,
  type AuditAnswer,
  type AuditState,
  auditAnswer,
  type Fetched,
  judgeFetched,
} from '../src/page/audit.ts';
import type { Crawl } from '../src/page/combined.ts';
import type { Cut } from './cut.ts';
import type { OrderWindow } from './inputs.ts';
import { ruleLine, verdictOf } from './judge.ts';
import { Parked, Slots } from './slots.ts';
import type { Source } from './sources.ts';

/** The auditor's own robots.txt token (RFC 9309 §2.2.1: letters, digits, "-" and "_"). */
export const AUDITOR_TOKEN = 'robots-lens';

/** Retries of a 429 or 503 at most, each after its Retry-After (issue 30). */
const MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited for: the answer stands. */
const MAX_RETRY_AFTER_MS = 120_000;
/** The longest crawl-delay obeyed, in seconds: a longer one is read as this (said in the README). */
export const MAX_CRAWL_DELAY_S = 60;

/**
 * The crawl-delay robots.txt sets for the auditor's own token, in ms (0 when none): the
 * `Crawl-delay` line of the group(s) that apply to `robots-lens` (Bing's reading: seconds between
 * requests; Google ignores the line). Decimal seconds are read; a value past MAX_CRAWL_DELAY_S
 * is cut to it; anything else is no delay.
 */
export function crawlDelayMs(source: Source): number {
  if (source.kind !== 'ok') return 0;
  const verdict = verdictOf(source, AUDITOR_TOKEN, '/', null);
  const groups = new Set(verdict?.reason.groups.lines ?? []);
  for (const other of source.parsed.others) {
    if (other.key !== 'crawl-delay' || other.groupLine === null || !groups.has(other.groupLine))
      continue;
    const seconds = Number(other.value.trim());
    if (!Number.isFinite(seconds) || seconds <= 0) continue;
    return Math.round(Math.min(seconds, MAX_CRAWL_DELAY_S) * 1000);
  }
  return 0;
}

export interface AuditOptions {
  agents: readonly string[];
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  concurrency: number;
  perHost: number;
  ignoreRobots: boolean;
  /** Default Date.now. */
  now?: () => number;
  /** Default setTimeout: waits `ms` (tests pass a faster clock). */
  sleep?: (ms: number) => Promise<void>;
}

/** One record per (URL, agent): the jsonl keys, in order (csv has the same columns). */
export interface AuditRecord {
  url: string;
  agent: string;
  status: number | null;
  finalUrl: string | null;
  redirects: { url: string; status: number }[];
  crawl: Crawl;
  index: AuditAnswer['index'];
  follow: AuditAnswer['follow'];
  canonical: string | null;
  state: AuditState;
  reasons: string[];
  /** The robots.txt line deciding the crawl verdict, or null. */
  line: number | null;
  /** Present and true when fetched with --ignore-robots against robots.txt's word for the auditor. */
  ignoredRobots?: true;
  /** Present when the URL came from a sitemap. */
  inSitemap?: true;
  /** Present when the URL's robots.txt was cut at 500 KiB (cli/cut.ts): set by the caller. */
  cut?: Cut;
}

/** A Retry-After in ms: seconds, or an HTTP date (RFC 9110 §10.2.3); null when unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Canonical URLs whose answer is kept for the run's other pages that name them. */
const CANONICALS_KEPT = 10_000;

/** What a canonical URL answered: its status (its first hop's when it redirects). */
type CanonicalAnswer = { status: number; redirects: boolean };

/** Per-host timing, for the summary's slowest host. */
export interface HostTimes {
  pages: number;
  ms: number;
}

/**
 * One host's turns (issue 41): at most `perHost` of its requests at once, each starting at least
 * its crawl-delay after the one before. A URL waiting for a turn, or sleeping for a Retry-After,
 * holds no slot: neither the host's nor the run's.
 */
interface HostTurns {
  /** Requests let through and not yet over. */
  active: number;
  /** The earliest start of the host's next request (its crawl-delay after the last start). */
  nextStart: number;
  /** Let through under a crawl-delay and not started yet: the next turn waits for its start. */
  starting: boolean;
  /** A wake-up is set for nextStart. */
  timer: boolean;
  /** The host's crawl-delay, in ms. */
  delay: number;
  /** URLs waiting for a turn, oldest input first (a retry or a canonical of an older URL too). */
  readonly waiting: { order: number; go: () => void }[];
}

/**
 * Audits URLs: `judge(url, source, inSitemap, ledFrom)` gives the records of one URL; `ledFrom`,
 * the sitemap that lists it, puts its fetch under the private-network rule.
 */
export class Auditor {
  private readonly options: AuditOptions;
  private readonly t: Translator;
  private readonly all: Slots;
  private readonly hosts = new Map<string, HostTurns>();
  /** The crawl-delay of each robots.txt read, once per file. */
  private readonly delays = new WeakMap<Source, number>();
  /** What each canonical URL checked answered (at most CANONICALS_KEPT, the oldest dropped). */
  private readonly canonicals = new Map<string, Promise<CanonicalAnswer | null>>();
  /** Per host: its requests, and the time they and the waits it asked for took. */
  readonly times = new Map<string, HostTimes>();
  /** URLs waiting on what their host asked (a Retry-After, a crawl-delay): others go past. */
  readonly parked = new Parked();
  /** Requests let through and not yet over (waiting for a slot of the run's, or asked). */
  private underWay = 0;
  /** URLs judged so far: each one's number orders its requests at its host. */
  private judged = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AuditOptions, t: Translator) {
    this.options = options;
    this.t = t;
    this.all = new Slots(options.concurrency);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Adds `ms` to the host's time (a request's, or a wait it asked for). */
  private timed(host: string, ms: number, request: boolean): void {
    let times = this.times.get(host);
    if (times === undefined) {
      times = { pages: 0, ms: 0 };
      this.times.set(host, times);
    }
    if (request) times.pages++;
    times.ms += ms;
  }

  /**
   * The host with the most time per request, the waits it asked for counted (Retry-After,
   * crawl-delay), and that time in ms; null before any request.
   */
  slowest(): [host: string, msPerPage: number] | null {
    let slowest: [string, number] | null = null;
    for (const [host, { pages, ms }] of this.times)
      if (pages > 0 && (slowest === null || ms / pages > slowest[1])) slowest = [host, ms / pages];
    return slowest;
  }

  /** Requests let through and not over: 0 while every URL under way waits on its host. */
  get requestsUnderWay(): number {
    return this.underWay;
  }

  private turnsOf(host: string, delay: number): HostTurns {
    let turns = this.hosts.get(host);
    if (turns === undefined) {
      turns = { active: 0, nextStart: 0, starting: false, timer: false, delay, waiting: [] };
      this.hosts.set(host, turns);
    }
    turns.delay = delay;
    return turns;
  }

  private free(turns: HostTurns): boolean {
    return turns.active < this.options.perHost && !turns.starting;
  }

  private let(turns: HostTurns): void {
    turns.active++;
    if (turns.delay > 0) turns.starting = true;
  }

  /** Lets the waiting URLs through while the host has room, or sets a wake-up for its delay. */
  private pump(host: string, turns: HostTurns): void {
    while (turns.waiting.length > 0 && this.free(turns)) {
      const wait = turns.nextStart - this.now();
      if (wait > 0) {
        if (turns.timer) return;
        turns.timer = true;
        // The host's crawl-delay counts in its time: the wait is the host's doing.
        this.timed(host, wait, false);
        void this.sleep(wait).then(() => {
          turns.timer = false;
          this.pump(host, turns);
        });
        return;
      }
      this.let(turns);
      turns.waiting.shift()?.go();
    }
  }

  /**
   * Waits for a turn at the host without holding anything, before the URLs that come after it in
   * the input (`order`): the oldest URL's retry or canonical check does not wait behind newer
   * URLs, which the ordered output would wait for. Waiting out a crawl-delay is parked (the ordered
   * window lets other hosts' URLs past); waiting for one of the host's --per-host turns is not.
   */
  private async turn(host: string, turns: HostTurns, order: number): Promise<void> {
    if (turns.waiting.length === 0 && this.free(turns) && this.now() >= turns.nextStart) {
      this.let(turns);
      return;
    }
    // Waiting on the host's own word (its crawl-delay, or a Retry-After it answered) is parked.
    const isHostsWait = turns.delay > 0 || this.now() < turns.nextStart;
    const waited = new Promise<void>((go) => {
      const { waiting } = turns;
      let at = waiting.length;
      while (at > 0 && (waiting[at - 1]?.order ?? 0) > order) at--;
      waiting.splice(at, 0, { order, go });
      this.pump(host, turns);
    });
    await (isHostsWait ? this.parked.during(waited) : waited);
  }

  /** A request let through starts: the host's next one waits its crawl-delay from now. */
  private started(host: string, turns: HostTurns): void {
    if (turns.delay <= 0) return;
    turns.nextStart = Math.max(turns.nextStart, this.now() + turns.delay);
    turns.starting = false;
    this.pump(host, turns);
  }

  /** A request is over: its turn goes to the next. An idle host past its delay is forgotten. */
  private over(host: string, turns: HostTurns): void {
    turns.active--;
    this.pump(host, turns);
    if (
      turns.active === 0 &&
      turns.waiting.length === 0 &&
      !turns.timer &&
      !turns.starting &&
      this.now() >= turns.nextStart
    )
      this.hosts.delete(host);
  }

  /**
   * Fetches the page within both limits and the host's crawl-delay, honouring Retry-After on 429
   * and 503 (at most 2 retries). Waiting, for a turn or a Retry-After, holds no slot. A Retry-After
   * is the host's: none of its URLs is asked before it has passed (RFC 6585 §4 and RFC 9110
   * §10.2.3 say how long to wait "before making a new request", not before asking that URL again;
   * Google's crawlers slow down on a whole site for 429 and 503), the retry first in line.
   */
  private async fetch(
    url: string,
    delayMs: number,
    headersOnly: boolean,
    ledFrom: string | null,
    order: number,
  ): Promise<Fetched> {
    const host = new URL(url).host;
    for (let attempt = 0; ; attempt++) {
      const turns = this.turnsOf(host, delayMs);
      await this.turn(host, turns, order);
      let got: Awaited<ReturnType<typeof fetchForAudit>>;
      let retry = false;
      this.underWay++;
      try {
        got = await this.all.run(async () => {
          this.started(host, turns);
          const started = this.now();
          const fetched = await fetchForAudit(url, {
            redirects: NODE_REDIRECTS,
            ...(ledFrom === null ? {} : { ledFrom }),
            userAgent: this.options.userAgent,
            timeoutMs: this.options.timeoutMs,
            maxBytes: this.options.maxBytes,
            headersOnly,
            now: this.now,
          });
          this.timed(host, this.now() - started, true);
          return fetched;
        });
        const status = got.fetched.kind === 'answer' ? got.fetched.response.status : 0;
        if (status === 429 || status === 503) {
          const wait = retryAfterMs(got.retryAfter, this.now()) ?? 1000 * 2 ** attempt;
          // Set before the turn is handed on, so no URL of the host slips in before the wait.
          if (wait <= MAX_RETRY_AFTER_MS) {
            turns.nextStart = Math.max(turns.nextStart, this.now() + wait);
            retry = attempt < MAX_RETRIES;
          }
        }
      } finally {
        this.underWay--;
        this.over(host, turns);
      }
      // The retry waits for its turn after the host's wait, parked: the run's other hosts go on.
      if (!retry) return got.fetched;
    }
  }

  /**
   * What the page's canonical answers, when it names another URL of the same origin that the
   * auditor may fetch: asked once per run (headers only, within the host's limits), so that a
   * canonical that redirects or fails is a reason. Null otherwise.
   */
  private canonicalAnswer(
    canonical: { url: string; isHttp: boolean; self: boolean } | null,
    origin: string,
    source: Source,
    delay: number,
    page: string,
    order: number,
  ): Promise<CanonicalAnswer | null> {
    if (canonical === null || !canonical.isHttp || canonical.self) return Promise.resolve(null);
    const url = canonical.url;
    if (new URL(url).origin !== origin) return Promise.resolve(null);
    const allowed =
      this.options.ignoreRobots ||
      source.kind === 'unavailable' ||
      (source.kind === 'ok' && verdictOf(source, AUDITOR_TOKEN, url, null)?.allowed !== false);
    if (!allowed) return Promise.resolve(null);
    // The page that names it leads to it (the private-network rule): kept apart by that page's
    // origin, which is the canonical's own or, after a redirect, the one that answered.
    const key = `${new URL(page).origin} ${url}`;
    const known = this.canonicals.get(key);
    if (known !== undefined) return known;
    const asked = this.fetch(url, delay, true, page, order).then((fetched) =>
      fetched.kind !== 'answer'
        ? null
        : {
            redirects: (fetched.response.redirects ?? []).length > 0,
            status: fetched.response.redirects?.[0]?.status ?? fetched.response.status,
          },
    );
    this.canonicals.set(key, asked);
    if (this.canonicals.size > CANONICALS_KEPT) {
      const oldest = this.canonicals.keys().next().value;
      if (oldest !== undefined) this.canonicals.delete(oldest);
    }
    return asked;
  }

  /** The records of one URL, one per agent in order. Never throws. */
  async judge(
    url: string,
    source: Source,
    inSitemap: boolean,
    ledFrom: string | null = null,
  ): Promise<AuditRecord[]> {
    const { agents, ignoreRobots } = this.options;
    const order = this.judged++;
    const crawlOf = (verdict: ReturnType<typeof verdictOf>): Crawl => {
      if (source.kind !== 'ok') return source.kind === 'unavailable' ? 'allowed' : 'disallowed';
      return verdict?.allowed === false ? 'disallowed' : 'allowed';
    };
    // Each agent's verdict on the URL is matched once, for its crawl and its line.
    const verdicts = agents.map((agent) => verdictOf(source, agent, url, null));
    const auditorAllowed = crawlOf(verdictOf(source, AUDITOR_TOKEN, url, null)) === 'allowed';
    let delay = this.delays.get(source);
    if (delay === undefined) {
      delay = crawlDelayMs(source);
      this.delays.set(source, delay);
    }
    const fetched: Fetched =
      auditorAllowed || ignoreRobots
        ? await this.fetch(url, delay, false, ledFrom, order)
        : { kind: 'not-fetched' };
    const judgement = judgeFetched(url, fetched, agents, this.now());
    const origin = new URL(url).origin;
    const canonicalAnswer = await this.canonicalAnswer(
      judgement?.canonical ?? null,
      origin,
      source,
      delay,
      fetched.kind === 'answer' ? fetched.response.url : url,
      order,
    );
    return agents.map((agent, i) => {
      const verdict = verdicts[i] ?? null;
      const crawl = crawlOf(verdict);
      const canonical = judgement?.canonical;
      const canonicalCrawl: Crawl =
        canonical?.isHttp === true && new URL(canonical.url).origin === origin
          ? crawlOf(verdictOf(source, agent, canonical.url, null))
          : 'unknown';
      const answer = auditAnswer({
        crawl,
        line: verdict?.rule?.line ?? null,
        rule: ruleLine(verdict?.rule ?? null),
        fetched,
        judgement,
        page: judgement?.robots[i] ?? null,
        canonicalCrawl,
        canonicalAnswer,
      });
      const reasons = answer.reasons.map((r) =>
        auditReasonText(r, agent, url, this.t, this.options.timeoutMs / 1000),
      );
      const ignored = !auditorAllowed && ignoreRobots && fetched.kind !== 'not-fetched';
      if (ignored) reasons.push(this.t('auditIgnoredRobots'));
      const response = fetched.kind === 'answer' ? fetched.response : null;
      const record: AuditRecord = {
        url,
        agent,
        status: response?.status ?? null,
        finalUrl: response?.url ?? null,
        redirects: response?.redirects ?? [],
        crawl,
        index: answer.index,
        follow: answer.follow,
        canonical: answer.canonical,
        state: answer.state,
        reasons,
        line: verdict?.rule?.line ?? null,
      };
      if (ignored) record.ignoredRobots = true;
      if (inSitemap) record.inSitemap = true;
      return record;
    });
  }
}

/**
 * How far the records of an audit may run ahead of the oldest URL not written (issue 41): the
 * output keeps the input's order, and the URLs behind one that waits on its host (Retry-After,
 * crawl-delay, its per-host limit) go on, their records held back, up to these bounds.
 */
export const AUDIT_AHEAD_URLS = 10_000;
/** Bytes of records held back for the order, at most (their strings, as UTF-16, roughly). */
export const AUDIT_HELD_BYTES = 64 * 1024 * 1024;

/** Roughly the bytes a URL's records hold: their strings as UTF-16, and a little per object. */
export function recordsWeight(records: readonly AuditRecord[] | null): number {
  if (records === null) return 64;
  let chars = 0;
  for (const r of records) {
    chars += 128 + r.url.length + r.agent.length;
    chars += (r.finalUrl?.length ?? 0) + (r.canonical?.length ?? 0);
    for (const hop of r.redirects) chars += 16 + hop.url.length;
    for (const reason of r.reasons) chars += 16 + reason.length;
  }
  return 2 * chars;
}

/** The ordered window of an audit: `concurrency` × 4 URLs under way, the parked ones aside. */
export function auditWindow(
  auditor: Auditor,
  concurrency: number,
): OrderWindow<AuditRecord[] | null> {
  return {
    size: concurrency * 4,
    parked: auditor.parked,
    ahead: Math.max(AUDIT_AHEAD_URLS, concurrency * 4),
    held: AUDIT_HELD_BYTES,
    weigh: recordsWeight,
  };
}

/** The default User-Agent: the tool, its version, where to read about it. */
export function defaultUserAgent(version: string): string {
  return `robots-lens/${version} (+https://github.com/robots-lens/robots-lens)`;
}

export const AUDIT_DEFAULTS = {
  timeoutSeconds: 15,
  maxBytes: AUDIT_MAX_BYTES,
  concurrency: 16,
  perHost: 2,
} as const;

/** The states --fail-on names, or a usage problem: the state that is not one. */
export function failOnStates(value: string | undefined): Set<AuditState> | { bad: string } {
  const states = new Set<AuditState>();
  if (value === undefined) return states;
  for (const word of value.split(',')) {
    const state = word.trim();
    if (!(AUDIT_STATES as readonly string[]).includes(state)) return { bad: state };
    states.add(state as AuditState);
  }
  return states;
}

/** The states Search Console reports for a URL a sitemap lists, and its words for each. */
const SITEMAP_REPORTS: Partial<Record<AuditState, MessageKey>> = {
  blocked: 'auditSitemapBlocked',
  noindex: 'auditSitemapNoindex',
  canonicalised: 'auditSitemapCanonical',
  redirect: 'auditSitemapRedirect',
  'not-found': 'auditSitemapNotFound',
  'server-error': 'auditSitemapServerError',
  unreachable: 'auditSitemapUnreachable',
};

/** Adds one record to counts by agent and state. */
function count(byAgent: Map<string, Map<AuditState, number>>, r: AuditRecord): void {
  let counts = byAgent.get(r.agent);
  if (counts === undefined) {
    counts = new Map();
    byAgent.set(r.agent, counts);
  }
  counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
}

/** Counts per state and agent, for the summary table. */
export class AuditCounts {
  readonly byAgent = new Map<string, Map<AuditState, number>>();
  /** The same counts, of the URLs a sitemap lists. */
  private readonly listed = new Map<string, Map<AuditState, number>>();
  urls = 0;

  add(records: readonly AuditRecord[]): void {
    this.urls++;
    for (const r of records) {
      count(this.byAgent, r);
      if (r.inSitemap) count(this.listed, r);
    }
  }

  /**
   * The sitemap URLs in the states Search Console reports, per robot that keeps an index, in its
   * report's words; [] when none is (or no URL came from a sitemap).
   */
  sitemapLines(t: Translator): string[] {
    const keys = Object.entries(SITEMAP_REPORTS) as [AuditState, MessageKey][];
    const lines: string[] = [];
    for (const [agent, counts] of this.listed) {
      if (!indexesPages(agent)) continue;
      const found = keys.filter(([state]) => (counts.get(state) ?? 0) > 0);
      if (found.length === 0) continue;
      lines.push(t('auditSitemapHeading', printableText(agent, false)));
      for (const [state, key] of found) lines.push(`  ${t(key, t.number(counts.get(state) ?? 0))}`);
    }
    return lines;
  }

  /** Whether any record is in one of `states`. */
  any(states: ReadonlySet<AuditState>): boolean {
    for (const counts of this.byAgent.values())
      for (const state of states) if ((counts.get(state) ?? 0) > 0) return true;
    return false;
  }

  /** A table: a row per agent, a column per state that occurs. */
  table(): string {
    const states = AUDIT_STATES.filter((s) =>
      [...this.byAgent.values()].some((c) => (c.get(s) ?? 0) > 0),
    );
    const width = Math.max(5, ...[...this.byAgent.keys()].map((a) => a.length));
    const rows = [
      `${''.padEnd(width)}  ${states.map((s) => s.padStart(Math.max(s.length, 5))).join('  ')}`,
    ];
    for (const [agent, counts] of this.byAgent)
      rows.push(
        `${printableText(agent, false).padEnd(width)}  ${states
          .map((s) => String(counts.get(s) ?? 0).padStart(Math.max(s.length, 5)))
          .join('  ')}`,
      );
    return rows.join('\n');
  }
}

/** --shard K/N: this run keeps the URLs whose origin hashes to K modulo N (0 ≤ K < N). */
export interface Shard {
  k: number;
  n: number;
}

/** `K/N` as a shard, or null when it is not one. */
export function parseShard(value: string): Shard | null {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value.trim());
  if (match === null) return null;
  const k = Number(match[1]);
  const n = Number(match[2]);
  return n >= 1 && k < n ? { k, n } : null;
}

/** FNV-1a, 32 bits, over a string's UTF-16 code units: the same on every machine and run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Whether an input line belongs to `shard`: by its URL's origin, so that one host is never
 * fetched from two machines. A line that is no URL belongs to shard 0, which reports it.
 */
export function inShard(line: string, shard: Shard): boolean {
  let origin: string;
  try {
    origin = new URL(line).origin;
  } catch {
    return shard.k === 0;
  }
  return fnv1a(origin) % shard.n === shard.k;
}
