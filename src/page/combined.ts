// One answer per robot: may it crawl the page (robots.txt), did the page answer as a page (its
// HTTP status), and what the page says (index, follow), with the contradictions between them named.
import { isPageStatus } from './facts.ts';
import type { Canonical, RobotPage } from './judge.ts';

/** The robots.txt verdict for the page, or for its canonical URL. */
export type Crawl = 'allowed' | 'disallowed' | 'unknown';

/** Two signals that work against each other, for one robot (combineRow). */
export type Conflict =
  /** robots.txt blocks the page, so its noindex is never read: the URL can still be indexed from links. */
  | 'blocked-noindex'
  /** robots.txt blocks the page: none of its own signals are read. */
  | 'blocked-unseen'
  /** noindex together with a canonical pointing elsewhere (Google: do not mix the two). */
  | 'noindex-canonical'
  /** The canonical URL is one robots.txt disallows to this robot. */
  | 'canonical-disallowed'
  /** The canonical is on another host. */
  | 'canonical-other-host';

/** The combined state of a page for a robot. */
export type PageState =
  /** Crawlable and indexable (what the page says as far as it could be read). */
  | 'indexable'
  /** Crawlable, but its response is not a page (a 4xx, 5xx or redirect) or it says noindex. */
  | 'not-indexable'
  /** robots.txt keeps the robot out. */
  | 'blocked'
  /** The crawl verdict, the page's response or its signals are unknown. */
  | 'unknown';

/** A robot's answer for a page: robots.txt and what the page says, combined (combineRow). */
export interface CombinedRow {
  state: PageState;
  /**
   * What keeps a crawlable page out of the index ('not-indexable'): its HTTP status, or a noindex
   * it says; null in every other state.
   */
  notIndexableBy: 'status' | 'noindex' | null;
  conflicts: Conflict[];
}

/** `data-indexable`: the combined answer as yes, no or unknown. */
export function indexableAnswer(state: PageState): 'yes' | 'no' | 'unknown' {
  return state === 'indexable' ? 'yes' : state === 'unknown' ? 'unknown' : 'no';
}

/**
 * Combines a robot's robots.txt verdict for the page (`crawl`) with the page's own HTTP status
 * (`status`, null when its response was not seen) and what the page says to it; `canonicalCrawl`
 * is its verdict for the canonical URL (unknown when on another origin).
 *
 * A page that answers 404, 500 or a redirect is no page in any index, whatever robots.txt and its
 * tags say (Google's "HTTP status codes" page: 4xx and 5xx URLs are not indexed, and a redirect's
 * target is indexed in its place). A robots.txt block comes first: the robot never asks.
 */
export function combineRow(
  crawl: Crawl,
  page: RobotPage,
  canonical: Canonical | null,
  canonicalCrawl: Crawl,
  status: number | null,
): CombinedRow {
  const conflicts: Conflict[] = [];
  if (crawl === 'disallowed')
    conflicts.push(page.index === 'noindex' ? 'blocked-noindex' : 'blocked-unseen');
  const elsewhere = canonical?.isHttp && !canonical.self;
  if (elsewhere && page.index === 'noindex' && crawl !== 'disallowed')
    conflicts.push('noindex-canonical');
  // A robot robots.txt keeps out never reads the canonical: only the block is worth saying.
  if (elsewhere && crawl !== 'disallowed' && canonicalCrawl === 'disallowed')
    conflicts.push('canonical-disallowed');
  if (elsewhere && crawl !== 'disallowed' && !canonical.sameHost)
    conflicts.push('canonical-other-host');
  const notIndexableBy =
    crawl !== 'allowed'
      ? null
      : status !== null && !isPageStatus(status)
        ? 'status'
        : page.index === 'noindex'
          ? 'noindex'
          : null;
  const state: PageState =
    crawl === 'disallowed'
      ? 'blocked'
      : crawl === 'unknown'
        ? 'unknown'
        : notIndexableBy !== null
          ? 'not-indexable'
          : page.index === 'index' && status !== null
            ? 'indexable'
            : 'unknown';
  return { state, notIndexableBy, conflicts };
}
