// robots-lens audit (issue 30): crawl × index × follow for every URL, per robot. Each URL's
// robots.txt is fetched once per run (as check does), then the page itself (io/fetch-audit-page.ts,
// the one fetch policy) unless robots.txt keeps the auditor's own token out; the page judge and
// src/page/audit.ts give one state and its reasons per robot, in the popup's words. URLs are
// worked on side by side (--concurrency in all, --per-host per host) and written in input order
// through a bounded window, so memory does not grow with the number of URLs.

import { AUDIT_MAX_BYTES, fetchForAudit } from '../io/fetch-audit-page.ts';
import { nodeLookup } from '../io/node-lookup.ts';
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
import { ruleLine, verdictOf } from './judge.ts';
import { Slots } from './slots.ts';
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

/** Audits URLs: `judge(url, source, inSitemap)` gives the records of one URL. */
export class Auditor {
  private readonly options: AuditOptions;
  private readonly t: Translator;
  private readonly all: Slots;
  private readonly hosts = new Map<string, Slots>();
  /** The earliest time the next request to a host may start (its crawl-delay), by host. */
  private readonly nextStart = new Map<string, number>();
  /** The crawl-delay of each robots.txt read, once per file. */
  private readonly delays = new WeakMap<Source, number>();
  /** What each canonical URL checked answered (at most CANONICALS_KEPT, the oldest dropped). */
  private readonly canonicals = new Map<string, Promise<CanonicalAnswer | null>>();
  readonly times = new Map<string, HostTimes>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AuditOptions, t: Translator) {
    this.options = options;
    this.t = t;
    this.all = new Slots(options.concurrency);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  private hostSlots(host: string): Slots {
    let slots = this.hosts.get(host);
    if (slots === undefined) {
      slots = new Slots(this.options.perHost);
      this.hosts.set(host, slots);
    }
    return slots;
  }

  /**
   * Waits for the host's turn under its crawl-delay: each request reserves its start, `delayMs`
   * after the one before (0: no wait).
   */
  private async pace(host: string, delayMs: number): Promise<void> {
    if (delayMs <= 0) return;
    const now = this.now();
    const at = Math.max(now, this.nextStart.get(host) ?? 0);
    this.nextStart.set(host, at + delayMs);
    if (at > now) await this.sleep(at - now);
  }

  /**
   * Fetches the page within both limits and the host's crawl-delay, honouring Retry-After on 429
   * and 503 (at most 2 retries).
   */
  private async fetch(url: string, delayMs: number, headersOnly = false): Promise<Fetched> {
    const host = new URL(url).host;
    const slots = this.hostSlots(host);
    const result = await slots.run(async () => {
      for (let attempt = 0; ; attempt++) {
        await this.pace(host, delayMs);
        const got = await this.all.run(async () => {
          const started = this.now();
          const fetched = await fetchForAudit(url, {
            redirects: { kind: 'manual', lookup: nodeLookup },
            userAgent: this.options.userAgent,
            timeoutMs: this.options.timeoutMs,
            maxBytes: this.options.maxBytes,
            headersOnly,
            now: this.now,
          });
          const times = this.times.get(host) ?? { pages: 0, ms: 0 };
          times.pages++;
          times.ms += this.now() - started;
          this.times.set(host, times);
          return fetched;
        });
        const status = got.fetched.kind === 'answer' ? got.fetched.response.status : 0;
        if ((status !== 429 && status !== 503) || attempt >= MAX_RETRIES) return got.fetched;
        // The host's slot is held while waiting, so its other URLs wait too (per-host backoff);
        // the run's other hosts go on.
        const wait = retryAfterMs(got.retryAfter, this.now()) ?? 1000 * 2 ** attempt;
        if (wait > MAX_RETRY_AFTER_MS) return got.fetched;
        await this.sleep(wait);
      }
    });
    // The map is bounded by the hosts of the run; an idle host's slots are not kept.
    if (slots.idle) this.hosts.delete(host);
    return result;
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
  ): Promise<CanonicalAnswer | null> {
    if (canonical === null || !canonical.isHttp || canonical.self) return Promise.resolve(null);
    const url = canonical.url;
    if (new URL(url).origin !== origin) return Promise.resolve(null);
    const allowed =
      this.options.ignoreRobots ||
      source.kind === 'unavailable' ||
      (source.kind === 'ok' && verdictOf(source, AUDITOR_TOKEN, url, null)?.allowed !== false);
    if (!allowed) return Promise.resolve(null);
    const known = this.canonicals.get(url);
    if (known !== undefined) return known;
    const asked = this.fetch(url, delay, true).then((fetched) =>
      fetched.kind !== 'answer'
        ? null
        : {
            redirects: (fetched.response.redirects ?? []).length > 0,
            status: fetched.response.redirects?.[0]?.status ?? fetched.response.status,
          },
    );
    this.canonicals.set(url, asked);
    if (this.canonicals.size > CANONICALS_KEPT) {
      const oldest = this.canonicals.keys().next().value;
      if (oldest !== undefined) this.canonicals.delete(oldest);
    }
    return asked;
  }

  /** The records of one URL, one per agent in order. Never throws. */
  async judge(url: string, source: Source, inSitemap: boolean): Promise<AuditRecord[]> {
    const { agents, ignoreRobots } = this.options;
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
      auditorAllowed || ignoreRobots ? await this.fetch(url, delay) : { kind: 'not-fetched' };
    const judgement = judgeFetched(url, fetched, agents, this.now());
    const origin = new URL(url).origin;
    const canonicalAnswer = await this.canonicalAnswer(
      judgement?.canonical ?? null,
      origin,
      source,
      delay,
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
      if (!auditorAllowed && ignoreRobots) reasons.push(this.t('auditIgnoredRobots'));
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
      if (!auditorAllowed && ignoreRobots) record.ignoredRobots = true;
      if (inSitemap) record.inSitemap = true;
      return record;
    });
  }
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
