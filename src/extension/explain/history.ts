// The History view's sentences (issue 16, items 2 to 4): a change's severity and its reasons
// (src/extension/history/severity.ts gives them as data), a version's dates and size, and why an import was
// refused. The popup only places these words; they are built here, once.

import { refusalText } from '../../explain/failures.ts';
import { listText, printableText, sizeText } from '../../explain/formats.ts';
import { dateText } from '../../explain/page.ts';
import type { MessageKey, Translator } from '../../explain/translator.ts';
import { utf8Length } from '../../robots/encoding.ts';
import type { ChangeSeverityLevel, SeverityReason } from '../history/severity.ts';
import type { HistoryImportProblem } from '../protocol.ts';

const SEVERITY_WORDS: Record<ChangeSeverityLevel, MessageKey> = {
  critical: 'historySeverityCritical',
  warning: 'historySeverityWarning',
  info: 'historySeverityInfo',
};

/** The mark shown beside a severity's word: never the only sign of it (the word is always said). */
export const SEVERITY_MARKS: Readonly<Record<ChangeSeverityLevel, string>> = {
  critical: '‼',
  warning: '⚠',
  info: 'ℹ',
};

/** A change's severity in one word: Critical, Warning or Information. */
export function historySeverityText(severity: ChangeSeverityLevel, t: Translator): string {
  return t(SEVERITY_WORDS[severity]);
}

/** `*` stays `*`; a product token is written as the file matches it (lower case). */
function agentsText(agents: readonly string[], t: Translator): string {
  return listText(
    agents.map((a) => printableText(a)),
    t,
  );
}

/** A few values of a list, then how many more ("a, b, c and 2 more"). */
function someText(values: readonly string[], t: Translator, shown = 3): string {
  const head = values.slice(0, shown).map((v) => printableText(v));
  const rest = values.length - head.length;
  return rest > 0 ? listText([...head, t.plural('historyMore', rest)], t) : listText(head, t);
}

/** One reason of a change's severity, as a sentence. */
export function severityReasonText(reason: SeverityReason, t: Translator): string {
  switch (reason.code) {
    case 'blocks-all-root':
      return t('historyBlocksAllRoot');
    case 'root-verdict-changed':
      return t(
        reason.allowed ? 'historyRootNowAllowed' : 'historyRootNowDisallowed',
        printableText(reason.robot),
      );
    case 'robot-verdict-changed':
      return t.plural(
        'historyRobotUrls',
        reason.count,
        printableText(reason.robot),
        printableText(reason.url),
      );
    case 'rules-changed':
      return t('historyRulesChanged', agentsText(reason.agents, t));
    case 'sitemaps-changed':
      if (reason.removed.length === 0) return t('historySitemapsAdded', someText(reason.added, t));
      if (reason.added.length === 0)
        return t('historySitemapsRemoved', someText(reason.removed, t));
      return t('historySitemapsChanged', someText(reason.added, t), someText(reason.removed, t));
    case 'directives-changed':
      return t('historyDirectivesChanged', someText(reason.keys, t));
    case 'comments-only':
      return t('historyCommentsOnly');
    case 'unchanged':
      return t('historyUnchanged');
  }
}

/**
 * A change's reasons as sentences, condensed for reading at a glance: "blocks / for every robot"
 * stands for each robot's own "now disallowed on /", and robots whose verdict changes on the same
 * pages share one sentence ("… for Googlebot, Bingbot, Applebot and 5 more").
 */
export function severityReasonsText(reasons: readonly SeverityReason[], t: Translator): string[] {
  const blockedAll = new Set(
    reasons.flatMap((r) => (r.code === 'blocks-all-root' ? r.robots : [])),
  );
  type Group = { url: string; count: number; robots: string[] };
  const out: (string | Group)[] = [];
  const byPages = new Map<string, Group>();
  for (const reason of reasons) {
    if (reason.code === 'root-verdict-changed' && !reason.allowed && blockedAll.has(reason.robot))
      continue;
    if (reason.code !== 'robot-verdict-changed') {
      out.push(severityReasonText(reason, t));
      continue;
    }
    const key = `${reason.count} ${reason.url}`;
    const group = byPages.get(key);
    if (group !== undefined) group.robots.push(reason.robot);
    else {
      const created = { url: reason.url, count: reason.count, robots: [reason.robot] };
      byPages.set(key, created);
      out.push(created);
    }
  }
  return out.map((item) =>
    typeof item === 'string'
      ? item
      : t.plural('historyRobotUrls', item.count, someText(item.robots, t), printableText(item.url)),
  );
}

/** When a version was first and last seen, and its size. */
export function versionText(
  version: { text: string; firstSeen: number; lastSeen: number },
  t: Translator,
): string {
  const size = sizeText(utf8Length(version.text), t);
  const first = dateText(version.firstSeen, t);
  if (version.lastSeen - version.firstSeen < 60_000) return t('historySeenOnce', first, size);
  return t('historySeenFromTo', first, dateText(version.lastSeen, t), size);
}

const IMPORT_PROBLEMS: Record<Exclude<HistoryImportProblem, 'other-origin'>, MessageKey> = {
  'not-json': 'historyImportNotJson',
  'not-an-object': 'historyImportWrongFormat',
  'wrong-format': 'historyImportWrongFormat',
  'unsupported-version': 'historyImportUnsupported',
  'bad-origin': 'historyImportBadOrigin',
  'bad-versions': 'historyImportBadVersions',
  'too-many-versions': 'historyImportTooMany',
  'bad-version': 'historyImportBadVersions',
  'bad-time': 'historyImportBadTime',
  'text-too-large': 'historyImportTooLarge',
  'storage-refused': 'historyImportStorage',
};

/**
 * Why a history file was not imported, as a sentence (nothing was changed). `problem` is the
 * reply's error: a HistoryImportProblem, or another error of the protocol, said by its `message`.
 * `origins`: the site the file names (historyFileOrigin) and the popup's, for 'other-origin';
 * both are shown as text (escaped), whatever the file holds.
 */
export function historyImportProblemText(
  problem: string,
  t: Translator,
  origins: { file: string | null; site: string } | null = null,
): string {
  if (problem === 'other-origin') {
    const file = printableText(origins?.file ?? '?');
    return t(
      'historyImportFailed',
      t('historyImportOtherOrigin', file, printableText(origins?.site ?? '?')),
    );
  }
  const key = Object.hasOwn(IMPORT_PROBLEMS, problem)
    ? IMPORT_PROBLEMS[problem as keyof typeof IMPORT_PROBLEMS]
    : undefined;
  return t('historyImportFailed', key === undefined ? refusalText(problem, t) : t(key));
}

/** Characters of a file's origin shown at most: an origin is at most 270 (version-store.ts). */
const MAX_SHOWN_ORIGIN_CHARS = 300;

/**
 * The site a history file names (its `origin`, cut to MAX_SHOWN_ORIGIN_CHARS), or null when it is
 * not JSON or names none: for saying which site a refused file is of (never throws).
 */
export function historyFileOrigin(text: string): string | null {
  try {
    const origin: unknown = (JSON.parse(text) as { origin?: unknown } | null)?.origin;
    return typeof origin === 'string' ? origin.slice(0, MAX_SHOWN_ORIGIN_CHARS) : null;
  } catch {
    return null;
  }
}

/** The export file's name: the origin with what a file name cannot hold made `_`. */
export function historyFileName(origin: string): string {
  const name = origin
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return `robots-history-${name === '' ? 'site' : name}.json`;
}
