// The toolbar badge: the verdict of the first robot in the user's list for the tab's URL.
import { checkCrawler } from '../src/crawlers.ts';
import type { OriginReport } from '../src/messages.ts';
import type { RobotsTxt } from '../src/robots/index.ts';

export interface Badge {
  text: string;
  /** Background colour: white text on it reads in light and dark toolbars. */
  color: string;
  title: string;
}

export const BADGE_COLORS = {
  allowed: '#1a7f37',
  disallowed: '#cf222e',
  unreachable: '#9a6700',
} as const;

/** The badge for a tab: robot, verdict, and the deciding line in the tooltip. */
export function badgeFor(
  robot: string,
  url: string,
  report: OriginReport,
  robots: RobotsTxt | null,
): Badge {
  const { outcome } = report;
  if (outcome.kind === 'unavailable') {
    const why =
      outcome.status === null ? 'robots.txt unavailable' : `no robots.txt (${outcome.status})`;
    return {
      text: '✓',
      color: BADGE_COLORS.allowed,
      title: `${robot}: allowed — ${why}, every page may be crawled`,
    };
  }
  if (outcome.kind === 'unreachable') {
    const why = outcome.status === null ? outcome.reason : `server error ${outcome.status}`;
    return {
      text: '!',
      color: BADGE_COLORS.unreachable,
      title: `${robot}: disallowed — robots.txt unreachable (${why}), every page is off limits`,
    };
  }
  if (robots === null) return { text: '', color: BADGE_COLORS.allowed, title: 'Robots Lens' };
  const verdict = checkCrawler(robots, robot, url);
  const line =
    verdict.rule === null
      ? 'no rule matches'
      : `line ${verdict.rule.line}: ${verdict.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${verdict.rule.value}`;
  return verdict.allowed
    ? { text: '✓', color: BADGE_COLORS.allowed, title: `${robot}: allowed — ${line}` }
    : { text: '✕', color: BADGE_COLORS.disallowed, title: `${robot}: disallowed — ${line}` };
}
