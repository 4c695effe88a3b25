// One audit record's answer (`robots-lens audit`, issue 30): for a URL and a robot, one state from
// a fixed list, with the reasons behind it. It combines what the extension already judges: the
// robots.txt verdict (the engine), the page's response and what it says (judge.ts, combined.ts).
// Nothing here fetches: the command line's I/O gives the outcome of its request.
import { indexesPages } from '../crawlers.ts';
import { type Conflict, type Crawl, combineRow } from './combined.ts';
import type { DomFacts, Hop, ResponseFacts } from './facts.ts';
import { judgePage, type PageJudgement, type RobotPage } from './judge.ts';

/**
 * The states of a record, in the order in which they win when several hold (issue 30): a robot
 * robots.txt keeps out never sees the rest; a page never fetched or never answered says nothing
 * of its index; a status comes before what the body says.
 */
export const AUDIT_STATES = [
  'blocked',
  'not-fetched',
  'unreachable',
  'server-error',
  'not-found',
  'redirect',
  'noindex',
  'canonicalised',
  'indexable',
] as const;

export type AuditState = (typeof AUDIT_STATES)[number];

/** Why the auditor has no response for the URL. */
export type Unreachable =
  | 'timeout'
  | 'network'
  | 'private-address'
  | 'too-many-redirects'
  | 'redirect-loop';

/** Why the auditor did not request the URL: robots.txt's word, or the private-network rule. */
export type NotFetched = 'robots' | 'private-address';

/** What the auditor's own request for the URL came to. */
export type Fetched =
  /** An answer: its response, and the HTML's facts (null when the body is not HTML). */
  | { kind: 'answer'; response: ResponseFacts; dom: DomFacts | null }
  /**
   * Not requested: robots.txt keeps the auditor itself out (its own token), and it obeys; or, with
   * `why` 'private-address', a public address led to it (a sitemap's <loc>) and it is in a
   * private network (io/follow-redirects.ts), with or without --ignore-robots.
   */
  | { kind: 'not-fetched'; why?: NotFetched }
  /** No answer. */
  | { kind: 'unreachable'; why: Unreachable };

/** One reason, as data: the words are the explain layer's. */
export type AuditReason =
  /**
   * robots.txt keeps the robot out: line `line`, the rule as written; null when no rule decides
   * (the file could not be fetched, and every URL of the site counts as disallowed).
   */
  | { code: 'blocked'; line: number | null; rule: string | null }
  | { code: 'not-fetched'; why: NotFetched }
  | { code: 'unreachable'; why: Unreachable }
  | { code: 'status'; status: number }
  | { code: 'redirected'; hops: Hop[]; finalUrl: string }
  | { code: 'noindex'; page: RobotPage }
  | { code: 'canonical'; url: string }
  /**
   * The canonical URL, fetched, is no page of its own: it redirects (`status` is its first hop's)
   * or answers an error; a canonical should name a page that can be indexed.
   */
  | { code: 'canonical-answer'; url: string; status: number; redirects: boolean }
  | { code: 'conflict'; conflict: Conflict; canonical: string | null };

export interface AuditAnswer {
  state: AuditState;
  crawl: Exclude<Crawl, 'unknown'> | 'unknown';
  index: RobotPage['index'];
  follow: RobotPage['follow'];
  /** The canonical that counts, as an absolute URL; null when none (or unread). */
  canonical: string | null;
  reasons: AuditReason[];
}

/** A status that is no page: Google treats every 4xx but 429 as not found, 429 as a 5xx. */
function statusState(status: number): AuditState | null {
  if (status === 429 || status >= 500) return 'server-error';
  if (status >= 400) return 'not-found';
  if (status >= 300) return 'redirect';
  return null;
}

/**
 * The page's judgement for `robots`, from the auditor's answer: its headers as received, the
 * HTML's facts when the body is HTML, and none (judged by its headers alone) when it is not.
 */
export function judgeFetched(
  url: string,
  fetched: Fetched,
  robots: readonly string[],
  now: number,
): PageJudgement | null {
  if (fetched.kind !== 'answer') return null;
  const { response, dom } = fetched;
  const facts: DomFacts = dom ?? {
    contentType: response.contentType ?? '',
    baseUrl: response.url,
    metas: [],
    canonicals: [],
    cut: false,
    readMs: 0,
  };
  return judgePage(
    { url: response.url || url, dom: { ok: true, facts }, headers: { ok: true, facts: response } },
    robots,
    now,
  );
}

/**
 * The answer for one robot. `crawl` (unknown: read as allowed for the state) and `line` are the robots.txt verdict for the URL asked and
 * the line deciding it; `canonicalCrawl` the verdict for the page's canonical URL (unknown when
 * on another origin); `page` what the page says to this robot, from judgeFetched (null when there
 * is no answer).
 */
export function auditAnswer(input: {
  crawl: Crawl;
  line: number | null;
  rule: string | null;
  fetched: Fetched;
  judgement: PageJudgement | null;
  page: RobotPage | null;
  canonicalCrawl: Crawl;
  /** What the canonical URL answered when it was fetched (same host only), else null. */
  canonicalAnswer?: { status: number; redirects: boolean } | null;
}): AuditAnswer {
  const { crawl, line, rule, fetched, judgement, page, canonicalCrawl } = input;
  const canonicalAnswer = input.canonicalAnswer ?? null;
  const reasons: AuditReason[] = [];
  const canonical = judgement?.canonical ?? null;
  const answer = (state: AuditState): AuditAnswer => ({
    state,
    crawl,
    index: page?.index ?? 'unknown',
    follow: page?.follow ?? 'unknown',
    canonical: canonical?.isHttp ? canonical.url : null,
    reasons,
  });
  if (crawl === 'disallowed') {
    // The robot never asks: nothing the page says reaches it. Only what that costs is a reason:
    // a noindex a search robot never sees (the URL can still be indexed from links).
    reasons.push({ code: 'blocked', line, rule });
    // Asked for anyway (--ignore-robots) and refused by the private-network rule: said too.
    if (fetched.kind === 'not-fetched' && fetched.why === 'private-address')
      reasons.push({ code: 'not-fetched', why: 'private-address' });
    if (page?.index === 'noindex' && indexesPages(page.robot))
      reasons.push({ code: 'conflict', conflict: 'blocked-noindex', canonical: null });
    return answer('blocked');
  }
  if (fetched.kind === 'not-fetched') {
    reasons.push({ code: 'not-fetched', why: fetched.why ?? 'robots' });
    return answer('not-fetched');
  }
  if (fetched.kind === 'unreachable') {
    reasons.push({ code: 'unreachable', why: fetched.why });
    return answer('unreachable');
  }
  const { response } = fetched;
  const status = response.status;
  const hops = response.redirects ?? [];
  const fromStatus = statusState(status);
  if (fromStatus !== null && fromStatus !== 'redirect') reasons.push({ code: 'status', status });
  if (hops.length > 0 || fromStatus === 'redirect')
    reasons.push({ code: 'redirected', hops, finalUrl: response.url });
  if (page?.index === 'noindex') reasons.push({ code: 'noindex', page });
  const elsewhere = canonical?.isHttp === true && !canonical.self;
  if (elsewhere && canonical !== null) {
    reasons.push({ code: 'canonical', url: canonical.url });
    if (canonicalAnswer !== null && (canonicalAnswer.redirects || canonicalAnswer.status >= 400))
      reasons.push({ code: 'canonical-answer', url: canonical.url, ...canonicalAnswer });
  }
  // What contradicts what: a noindex with a canonical elsewhere, a canonical robots.txt blocks,
  // or on another host (combined.ts).
  const conflicts =
    page === null ? [] : combineRow(crawl, page, canonical, canonicalCrawl, status).conflicts;
  for (const conflict of conflicts)
    reasons.push({ code: 'conflict', conflict, canonical: canonical?.url ?? null });
  if (fromStatus === 'server-error' || fromStatus === 'not-found') return answer(fromStatus);
  // A redirect followed is not the URL asked for in any index: its target is indexed instead.
  if (fromStatus === 'redirect' || hops.length > 0) return answer('redirect');
  if (page?.index === 'noindex') return answer('noindex');
  if (elsewhere) return answer('canonicalised');
  return answer('indexable');
}
