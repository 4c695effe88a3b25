// What the popup shows for a tab report: the background's verdicts and the fetch, in words.

import type { RobotAiSignals } from '../src/ai/report.ts';
import type { RobotVerdicts } from '../src/crawlers.ts';
import { type AiAnswers, aiAnswers, type ExplainedAi, explainAi } from '../src/explain/ai.ts';
import {
  type Blanket,
  type ExplainedVerdict,
  explainBlanket,
  explainVerdict,
  type Headline,
  headlineFor,
  noReportText,
  type OutcomeSource,
  outcomeSource,
  outcomeText,
  pastCutText,
  type Translator,
} from '../src/explain/index.ts';
import { type ExplainedPage, explainPage } from '../src/explain/page.ts';
import type { ChangeSeverityLevel } from '../src/extension/history/severity.ts';
import type { RobotsFile, TabReport } from '../src/extension/protocol.ts';
import { type CombinedRow, type Crawl, combineRow } from '../src/page/combined.ts';
import type { PageFacts } from '../src/page/facts.ts';
import { judgePage, type PageJudgement, unknownPage } from '../src/page/judge.ts';
import { type ObservedOutcome, robotsOrigin } from '../src/policy.ts';

/**
 * The fetch outcome as `data-fetch-outcome` names it; 'not-applicable' where none was made,
 * 'unknown' where the browser never reported a hop of the fetch (no outcome is known).
 */
export type PageStatus = ObservedOutcome['kind'] | 'not-applicable';

export interface PopupModel {
  url: string;
  status: PageStatus;
  summary: string;
  warnings: string[];
  /** Where the file came from and its size; null where no fetch was made. */
  source: OutcomeSource | null;
  needsPermission: boolean;
  origin: string | null;
  /** The tab is in a private window (what the popup keeps for it is kept apart). */
  inPrivate: boolean;
  /** When the file was fetched (which robotsText asks for); null where no fetch was made. */
  fetchedAt: number | null;
  /** The fetch got a file ('ok'): the views that show it wait for its text. */
  hasFile: boolean;
  /** The live file once its text came (robotsText; parsed by the views that need it), else null. */
  text: string | null;
  /** It differs from the version seen before it. */
  changed: boolean;
  /** How much that change matters for the robots of the list ('critical': all newly blocked). */
  changeSeverity: ChangeSeverityLevel | null;
  /** The version before, once the text came, when it changed. */
  previousText: string | null;
  /** What the outcome decides when there are no rules; null when the file was parsed. */
  blanket: Exclude<Blanket, 'unknown'> | null;
  /** The robot list the background judged with, in order. */
  robots: string[];
  rows: PopupRow[];
  /** The answer for the first robot, in one line; null where no page is judged (a browser page). */
  headline: Headline | null;
  /** What the page says about itself; null where there is no page to read (not http(s)). */
  page: PageModel | null;
}

/** The first robot's row as a headline, or null when the list is empty. */
function headlineOf(rows: PopupRow[], judgement: PageJudgement, t: Translator): Headline | null {
  const row = rows[0];
  if (row === undefined) return null;
  const page = judgement.robots[0] ?? unknownPage(row.robot);
  return headlineFor(row, page, row.combined, judgement, t);
}

/** A robot's row: its robots.txt verdict, and what the page says to it. */
export interface PopupRow extends ExplainedVerdict {
  page: ExplainedPage;
  combined: CombinedRow;
  /** What the site says about AI use to this robot, per question; absent when the report has no aiSignals. */
  aiAnswers?: AiAnswers;
  /** The same in words; null or absent when nothing worth saying (not an AI crawler, nothing said). */
  ai?: ExplainedAi | null;
}

export interface PageModel {
  facts: PageFacts;
  judgement: PageJudgement;
  linksHighlighted: boolean;
}

/** Each row with what the page says to its robot, and the two combined. */
function withPage(
  rows: ExplainedVerdict[],
  judgement: PageJudgement,
  t: Translator,
  canonicalCrawl: (robot: string) => Crawl,
): PopupRow[] {
  return rows.map((row, i) => {
    const page = judgement.robots[i] ?? unknownPage(row.robot);
    const combined = combineRow(
      row.verdict,
      page,
      judgement.canonical,
      canonicalCrawl(row.robot),
      judgement.status,
    );
    return { ...row, page: explainPage(page, combined, judgement, t), combined };
  });
}

/** Each row's AI-usage picture from the report's aiSignals, matched by robot (the tester's too). */
export function withAi<
  R extends ExplainedVerdict & { aiAnswers?: AiAnswers; ai?: ExplainedAi | null },
>(rows: R[], signals: readonly RobotAiSignals[] | null | undefined, t: Translator): R[] {
  if (!Array.isArray(signals)) return rows;
  return rows.map((row) => {
    const found = signals.find((s) => s.robot === row.robot);
    if (found === undefined) return row;
    return {
      ...row,
      aiAnswers: aiAnswers(found.signals),
      ai: explainAi(row.robot, found.signals, t),
    };
  });
}

/** The popup's data for a tab report (`now` for the fetch's age and unavailable_after dates). */
export function popupModel(
  report: TabReport,
  t: Translator,
  options: {
    now?: number;
    showOtherReadings?: boolean;
  } = {},
): PopupModel {
  const now = options.now ?? Date.now();
  const base = {
    url: report.url,
    warnings: [],
    fetchedAt: null,
    hasFile: false,
    text: null,
    changed: false,
    changeSeverity: null,
    previousText: null,
    blanket: null,
    robots: report.robots,
    inPrivate: report.kind === 'report' && report.inPrivate,
  };
  if (report.kind !== 'report') {
    const noPermission = report.kind === 'no-permission';
    const judgement = judgePage(null, report.robots, now);
    const rows = withPage(
      explainBlanket(
        report.robots,
        'unknown',
        t,
        noPermission ? t('noPermissionRow') : t('notApplicableRow'),
      ),
      judgement,
      t,
      () => 'unknown',
    );
    return {
      ...base,
      status: 'not-applicable',
      summary: noReportText(report, t),
      source: null,
      needsPermission: noPermission,
      origin: noPermission ? report.origin : null,
      rows,
      headline: noPermission ? headlineOf(rows, judgement, t) : null,
      page: null,
    };
  }
  const { outcome, fetchedAt, origin, changed } = report.report;
  // With the report's lifetime: says when the server asked not to cache (issue 15, item 4).
  const { summary, warnings: said } = outcomeText(outcome, fetchedAt, now, t, report.report);
  const pastCut = pastCutText(outcome, report.robots, t);
  const warnings = pastCut === null ? said : [...said, pastCut];
  const blanket =
    outcome.kind === 'unavailable' ? 'allow' : outcome.kind === 'unreachable' ? 'disallow' : null;
  const judgement = judgePage(report.page, report.robots, now);
  const canonicalCrawl = canonicalCrawlOf(judgement, origin, blanket, report.canonicalVerdicts);
  // No outcome known (a hop the browser never reported): no verdict at all, said so on each row.
  const isUnknown = outcome.kind === 'unknown';
  const rows = withAi(
    withPage(
      isUnknown
        ? explainBlanket(report.robots, 'unknown', t, t('rowHopUnreported'))
        : blanket === null
          ? report.verdicts.map((v) => explainVerdict(v, t, options.showOtherReadings ?? true))
          : explainBlanket(report.robots, blanket, t),
      judgement,
      t,
      isUnknown ? () => 'unknown' : canonicalCrawl,
    ),
    blanket === null && !isUnknown ? report.aiSignals : null,
    t,
  );
  return {
    ...base,
    status: outcome.kind,
    summary,
    warnings,
    source: outcomeSource(outcome, origin, t),
    needsPermission: false,
    origin,
    fetchedAt,
    hasFile: outcome.kind === 'ok',
    changed,
    changeSeverity: changed ? (report.report.changeSeverity ?? null) : null,
    blanket,
    rows,
    headline: headlineOf(rows, judgement, t),
    page: { facts: report.page, judgement, linksHighlighted: report.linksHighlighted },
  };
}

/**
 * The model with the file's text, once robotsText brought it: only the text of the fetch the
 * model describes (a reply for an older fetch is not this file).
 */
export function withFile(model: PopupModel, file: (RobotsFile & { fetchedAt: number }) | null) {
  if (file === null || !model.hasFile || file.fetchedAt !== model.fetchedAt) return model;
  // A change whose earlier version is no longer kept has nothing to show.
  const previousText = model.changed ? file.previousText : null;
  return { ...model, text: file.text, previousText, changed: previousText !== null };
}

/** Each robot's robots.txt verdict for the canonical URL, when it is on the page's origin. */
function canonicalCrawlOf(
  judgement: PageJudgement,
  origin: string,
  blanket: 'allow' | 'disallow' | null,
  verdicts: RobotVerdicts[] | null,
): (robot: string) => Crawl {
  const canonical = judgement.canonical;
  if (canonical === null || canonical.self || !canonical.isHttp) return () => 'unknown';
  if (robotsOrigin(canonical.url) !== origin) return () => 'unknown';
  if (blanket !== null) return () => (blanket === 'allow' ? 'allowed' : 'disallowed');
  return (robot) => {
    const v = verdicts?.find((x) => x.robot === robot);
    return v === undefined ? 'unknown' : v.verdict.allowed ? 'allowed' : 'disallowed';
  };
}
