// Each robot's robots.txt verdict for the URL a page names as canonical, when it is another URL of
// the page's origin (the same file decides): a report carries them, and the popup says when a
// robot may not crawl the canonical. The background and the component tests' fake both use this.
import { type RobotVerdicts, verdictsFor } from '../crawlers.ts';
import { robotsOrigin } from '../policy.ts';
import type { RobotsTxt } from '../robots/index.ts';
import type { PageFacts } from './facts.ts';
import { pageCanonical } from './judge.ts';

/** Null where there is no such canonical, or no parsed file (the outcome decides for all). */
export function canonicalVerdicts(
  parsed: RobotsTxt | null,
  page: PageFacts,
  origin: string,
  robots: readonly string[],
): RobotVerdicts[] | null {
  if (parsed === null) return null;
  const canonical = pageCanonical(page);
  if (canonical === null || canonical.self || !canonical.isHttp) return null;
  if (robotsOrigin(canonical.url) !== origin) return null;
  return verdictsFor(parsed, robots, canonical.url);
}
