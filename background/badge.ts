// The toolbar badge: the verdict of the first robot in the user's list for the tab's URL.
import { checkCrawler } from '../src/crawlers.ts';
import type { Translator } from '../src/i18n.ts';
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

/** The badge for a tab: robot, verdict, and the deciding line in the tooltip (in the user's language). */
export function badgeFor(
  robot: string,
  url: string,
  report: OriginReport,
  robots: RobotsTxt | null,
  t: Translator,
): Badge {
  const { outcome } = report;
  if (outcome.kind === 'unavailable') {
    const title =
      outcome.status === null
        ? t('badgeUnavailable', robot)
        : t('badgeNoFile', robot, outcome.status);
    return { text: '✓', color: BADGE_COLORS.allowed, title };
  }
  if (outcome.kind === 'unreachable') {
    return { text: '!', color: BADGE_COLORS.unreachable, title: t('badgeUnreachable', robot) };
  }
  if (robots === null) return { text: '', color: BADGE_COLORS.allowed, title: t('extName') };
  const verdict = checkCrawler(robots, robot, url);
  if (verdict.rule === null)
    return { text: '✓', color: BADGE_COLORS.allowed, title: t('badgeNoRule', robot) };
  const rule = `${verdict.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${verdict.rule.value}`;
  return verdict.allowed
    ? {
        text: '✓',
        color: BADGE_COLORS.allowed,
        title: t('badgeAllowed', robot, verdict.rule.line, rule),
      }
    : {
        text: '✕',
        color: BADGE_COLORS.disallowed,
        title: t('badgeDisallowed', robot, verdict.rule.line, rule),
      };
}
