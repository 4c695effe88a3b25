// The answer first: one line for the first robot of the list, saying whether it may crawl the page
// and whether the page can be in its index, with the one thing that decides it (a robots.txt line,
// the page's HTTP status, a noindex and where it was written). The rows below keep the details.
import { indexesPages } from '../crawlers.ts';
import type { CombinedRow, PageState } from '../page/combined.ts';
import type { PageJudgement, RobotPage } from '../page/judge.ts';
import { printableText, ruleText, statusText } from './formats.ts';
import { sourceText } from './page.ts';
import type { Translator } from './translator.ts';
import type { ExplainedVerdict } from './verdicts.ts';

/** The one-line answer for the first robot of the list, shown above everything in the popup. */
export interface Headline {
  robot: string;
  /** `data-headline`: the combined answer for this robot. */
  state: PageState;
  /** The answer and what decides it, one sentence. */
  text: string;
  /** A second line worth seeing at once (a canonical elsewhere), or null. */
  detail: string | null;
  /** The page was reached through redirects: the address asked for is not indexed as such. */
  redirected: string | null;
  /**
   * The robot keeps a search index. One that does not (GPTBot) is told of crawling only, and a
   * block of it, likely the site's wish, is not shown as an alarm.
   */
  indexes: boolean;
}

/** A noindex as the page wrote it: `noindex`, `unavailable_after: 2020-01-01`. */
function directiveText(page: RobotPage): string {
  return printableText(page.noindexBy?.directive.text.trim() ?? '');
}

/**
 * The headline for `row`, the first robot's row, whose page signals are `page` and combined
 * answer `combined`. For a robot that builds no search index (an AI trainer, a control token, a
 * preview fetcher) it speaks of crawling only: "indexable" would say something untrue of it.
 */
export function headlineFor(
  row: Pick<ExplainedVerdict, 'robot' | 'verdict' | 'rule' | 'why'>,
  page: RobotPage,
  combined: CombinedRow,
  judgement: PageJudgement,
  t: Translator,
): Headline {
  const { robot, rule } = row;
  const indexes = indexesPages(robot);
  const text = (() => {
    if (row.verdict === 'disallowed') {
      if (!indexes)
        return rule === null
          ? t('headlineMayNotCrawlWhy', robot, row.why)
          : t('headlineMayNotCrawlLine', robot, rule.line, printableText(ruleText(rule)));
      if (rule === null) return t('headlineBlockedWhy', robot, row.why);
      return page.index === 'noindex'
        ? t('headlineBlockedNoindex', robot, rule.line)
        : t('headlineBlocked', robot, rule.line, printableText(ruleText(rule)));
    }
    if (row.verdict === 'unknown') return t('headlineUnknown', robot);
    if (!indexes) return t('headlineMayCrawl', robot);
    if (combined.notIndexableBy === 'status' && judgement.status !== null)
      return t('headlineStatus', robot, statusText(judgement.status));
    if (combined.notIndexableBy === 'noindex' && page.noindexBy !== null)
      return t('headlineNoindex', robot, directiveText(page), sourceText(page.noindexBy.source, t));
    if (combined.state === 'indexable') return t('headlineIndexable', robot);
    return judgement.status === null
      ? t('headlineResponseUnseen', robot)
      : t('headlineSignalsUnread', robot);
  })();
  const canonical = judgement.canonical;
  const detail =
    row.verdict !== 'disallowed' && canonical !== null && canonical.isHttp && !canonical.self
      ? t('headlineCanonical', printableText(canonical.url))
      : null;
  const [first] = judgement.redirects;
  const redirected =
    first === undefined
      ? null
      : t.plural('headlineRedirected', judgement.redirects.length, printableText(first.url));
  return { robot, state: combined.state, text, detail, redirected, indexes };
}
