// The toolbar badge: the verdict of the first robot in the user's list for the tab's URL, as a
// symbol, a colour and a tooltip that names the deciding line.
import { checkCrawler } from '../crawlers.ts';
import type { Outcome } from '../policy.ts';
import type { RobotsTxt } from '../robots/index.ts';
import { ruleText } from './formats.ts';
import type { Translator } from './translator.ts';

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

/** No verdict to show (not an http(s) page, checking off, no robot): an empty badge. */
export function emptyBadge(t: Translator): Badge {
  return { text: '', color: '#000000', title: t('extName') };
}

/**
 * The badge for `robot` at `url`, given the fetch outcome and, when it is 'ok', the parsed file
 * (null gives an empty badge).
 */
export function badgeFor(
  robot: string,
  url: string,
  outcome: Outcome,
  parsed: RobotsTxt | null,
  t: Translator,
): Badge {
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
  if (parsed === null) return { ...emptyBadge(t), color: BADGE_COLORS.allowed };
  const verdict = checkCrawler(parsed, robot, url);
  if (verdict.rule === null)
    return { text: '✓', color: BADGE_COLORS.allowed, title: t('badgeNoRule', robot) };
  const rule = ruleText(verdict.rule);
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
