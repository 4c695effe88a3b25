// The toolbar badge: the verdict of the first robot in the user's list for the tab's URL, as a
// symbol, a colour and a tooltip that names the deciding line.
import { checkCrawler, indexesPages } from '../crawlers.ts';
import { isPageStatus } from '../page/facts.ts';
import type { PageJudgement } from '../page/judge.ts';
import type { ObservedOutcome } from '../policy.ts';
import type { RobotsTxt } from '../robots/index.ts';
import { ruleText, statusText } from './formats.ts';
import { sourceText } from './page.ts';
import type { Translator } from './translator.ts';

/** The toolbar badge for a page: a glyph, its colour and the tooltip that says why. */
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
  /**
   * Crawlable, but not indexable (a noindex, a 404): deep purple, apart from the red ✕ in hue and
   * in lightness (1.8:1 between the two; each 5:1 or more under white text).
   */
  noindex: '#512a97',
  /** Crawlable; whether it can be indexed is unknown (the page's response was not seen). */
  indexUnknown: '#57606a',
  /** robots.txt changed since the last fetch, and now blocks / for every robot in the list. */
  criticalChange: '#82071e',
} as const;

/** The mark after the verdict's symbol when robots.txt changed since the last fetch. */
const CHANGED_MARK = '•';

/**
 * Marks a badge for a robots.txt that changed since the last fetch (issue 16): a dot after the
 * symbol and a sentence in the tooltip; a critical change (every robot of the list now blocked on
 * `/`) also turns the badge dark red. `severity` null: unchanged, the badge as it is.
 */
export function markChange(
  badge: Badge,
  severity: 'critical' | 'warning' | 'info' | null,
  t: Translator,
): Badge {
  if (severity === null || badge.text === '') return badge;
  const said = severity === 'critical' ? t('badgeChangedCritical') : t('badgeChanged');
  return {
    text: `${badge.text}${CHANGED_MARK}`,
    color: severity === 'critical' ? BADGE_COLORS.criticalChange : badge.color,
    title: t('badgeTitleChanged', badge.title, said),
  };
}

/** No verdict to show (not an http(s) page, checking off, no robot): an empty badge. */
export function emptyBadge(t: Translator): Badge {
  return { text: '', color: '#000000', title: t('extName') };
}

/**
 * The badge for `robot` at `url`, given the fetch outcome and, when it is 'ok', the parsed file
 * (null gives an empty badge). With what the page says (`said`, judged for `robot` alone), a page
 * the robot may crawl shows ⊘ when it cannot be indexed (its HTTP status, a noindex), and ✓ in grey
 * when its own response was not seen: ✓ in green only for an answer known in full. A robot that
 * keeps no search index (an AI trainer, a control token) gets the robots.txt answer alone.
 */
export function badgeFor(
  robot: string,
  url: string,
  outcome: ObservedOutcome,
  parsed: RobotsTxt | null,
  t: Translator,
  said: PageJudgement | null = null,
): Badge {
  const crawl = robotsBadge(robot, url, outcome, parsed, t);
  if (crawl.color !== BADGE_COLORS.allowed || crawl.text === '' || said === null) return crawl;
  const page = said.robots.find((r) => r.robot === robot) ?? null;
  const indexes = indexesPages(robot);
  if (indexes && said.status !== null && !isPageStatus(said.status))
    return {
      text: '⊘',
      color: BADGE_COLORS.noindex,
      title: t('badgeStatus', robot, statusText(said.status)),
    };
  const noindex = page?.noindexBy ?? null;
  if (noindex !== null)
    return {
      text: '⊘',
      color: BADGE_COLORS.noindex,
      title: t('badgeNoindex', robot, noindex.directive.text.trim(), sourceText(noindex.source, t)),
    };
  if (indexes && said.readable && said.status === null)
    return {
      ...crawl,
      color: BADGE_COLORS.indexUnknown,
      title: `${crawl.title}\n${t('badgeIndexUnknown')}`,
    };
  return crawl;
}

/** The robots.txt part of the badge. */
function robotsBadge(
  robot: string,
  url: string,
  outcome: ObservedOutcome,
  parsed: RobotsTxt | null,
  t: Translator,
): Badge {
  if (outcome.kind === 'unknown') {
    // No verdict: the browser did not report the file's redirect (not the red "!" of a server
    // that failed, nor a guess).
    return { text: '?', color: BADGE_COLORS.indexUnknown, title: t('badgeHopUnreported', robot) };
  }
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
