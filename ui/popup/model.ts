// What the popup shows for a tab report: the background's verdicts and the fetch, in words.
import {
  type Blanket,
  type ExplainedVerdict,
  explainBlanket,
  explainVerdict,
  noReportText,
  outcomeText,
  type Translator,
} from '../../src/explain/index.ts';
import type { Outcome } from '../../src/policy.ts';
import type { TabReport } from '../../src/protocol.ts';

/** The fetch outcome as `data-fetch-outcome` names it; 'not-applicable' where none was made. */
export type PageStatus = Outcome['kind'] | 'not-applicable';

export interface PopupModel {
  url: string;
  status: PageStatus;
  summary: string;
  warnings: string[];
  needsPermission: boolean;
  origin: string | null;
  /** The live file, when there is one (parsed by the views that need it). */
  text: string | null;
  previousText: string | null;
  /** What the outcome decides when there are no rules; null when the file was parsed. */
  blanket: Exclude<Blanket, 'unknown'> | null;
  /** The robot list the background judged with, in order. */
  robots: string[];
  rows: ExplainedVerdict[];
}

/** The popup's data for a tab report (`now` for the fetch's age). */
export function popupModel(
  report: TabReport,
  t: Translator,
  options: { now?: number; showOtherReadings?: boolean } = {},
): PopupModel {
  const base = {
    url: report.url,
    warnings: [],
    text: null,
    previousText: null,
    blanket: null,
    robots: report.robots,
  };
  if (report.kind !== 'report') {
    const noPermission = report.kind === 'no-permission';
    return {
      ...base,
      status: 'not-applicable',
      summary: noReportText(report, t),
      needsPermission: noPermission,
      origin: noPermission ? report.origin : null,
      rows: explainBlanket(
        report.robots,
        'unknown',
        t,
        noPermission ? t('noPermissionRow') : t('notApplicableRow'),
      ),
    };
  }
  const { outcome, fetchedAt, origin, previousText } = report.report;
  const { summary, warnings } = outcomeText(outcome, fetchedAt, options.now ?? Date.now(), t);
  const blanket =
    outcome.kind === 'unavailable' ? 'allow' : outcome.kind === 'unreachable' ? 'disallow' : null;
  return {
    ...base,
    status: outcome.kind,
    summary,
    warnings,
    needsPermission: false,
    origin,
    text: outcome.kind === 'ok' ? outcome.text : null,
    previousText,
    blanket,
    rows:
      blanket === null
        ? report.verdicts.map((v) => explainVerdict(v, t, options.showOtherReadings ?? true))
        : explainBlanket(report.robots, blanket, t),
  };
}
