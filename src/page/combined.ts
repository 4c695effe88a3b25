// One answer per robot: may it crawl the page (robots.txt), and what the page says (index,
// follow), with the contradictions between them named.
import type { Canonical, RobotPage } from './judge.ts';

/** The robots.txt verdict for the page, or for its canonical URL. */
export type Crawl = 'allowed' | 'disallowed' | 'unknown';

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
  /** Crawlable, but the page says noindex. */
  | 'not-indexable'
  /** robots.txt keeps the robot out. */
  | 'blocked'
  /** The crawl verdict or the page's signals are unknown. */
  | 'unknown';

export interface CombinedRow {
  state: PageState;
  conflicts: Conflict[];
}

/**
 * Combines a robot's robots.txt verdict for the page (`crawl`) with what the page says to it;
 * `canonicalCrawl` is its verdict for the canonical URL (unknown when on another origin).
 */
export function combineRow(
  crawl: Crawl,
  page: RobotPage,
  canonical: Canonical | null,
  canonicalCrawl: Crawl,
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
  const state: PageState =
    crawl === 'disallowed'
      ? 'blocked'
      : crawl === 'unknown'
        ? 'unknown'
        : page.index === 'noindex'
          ? 'not-indexable'
          : page.index === 'index'
            ? 'indexable'
            : 'unknown';
  return { state, conflicts };
}
