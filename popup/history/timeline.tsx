// The kept versions of the site's robots.txt, newest first (issue 16, "History", items 2 and 3),
// each with the severity of its change from the one before and the reasons in plain words.
import { useMemo } from 'preact/hooks';
import type { Translator } from '../../src/explain/index.ts';
import {
  historySeverityText,
  SEVERITY_MARKS,
  severityReasonsText,
  versionText,
} from '../../src/extension/explain/history.ts';
import { type ChangeSeverity, changeSeverity } from '../../src/extension/history/severity.ts';
import type { OriginHistory } from '../../src/extension/protocol.ts';
import type { ParsedFiles } from '../../src/parsed-files.ts';

export interface TimelineProps {
  history: OriginHistory;
  /** The user's robot list (the settings'). */
  robots: readonly string[];
  /** The URLs each change is checked on (impactUrls). */
  urls: readonly string[];
  /** The view's parses, shared with the comparison. */
  files: ParsedFiles;
  t: Translator;
}

/** One severity as a mark and a word, with its reasons in plain words. */
function Severity({ change, t }: { change: ChangeSeverity; t: Translator }) {
  return (
    <div class={`history-change ${change.severity}`}>
      <span class="history-severity">
        <span aria-hidden="true">{SEVERITY_MARKS[change.severity]}</span>{' '}
        {historySeverityText(change.severity, t)}
      </span>
      <ul class="reasons">
        {severityReasonsText(change.reasons, t).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** The versions as a reversed list, newest first; the oldest has no change to show. */
export function Timeline({ history, robots, urls, files, t }: TimelineProps) {
  const { versions, origin } = history;
  // Each change from the version before, computed once per history (a few parses per version).
  const changes = useMemo(
    () =>
      versions.map((v, i) => {
        const before = versions[i - 1];
        if (before === undefined) return null;
        const input = { before: before.text, after: v.text, robots, urls, origin };
        return changeSeverity(input, files);
      }),
    [versions, robots, urls, origin, files],
  );
  return (
    <ol class="history-timeline" aria-label={t('historyTimeline')} reversed>
      {versions
        .map((v, i) => ({ v, i, change: changes[i] ?? null }))
        .reverse()
        .map(({ v, i, change }) => (
          <li
            key={`${v.firstSeen} ${i}`}
            data-history-version={i}
            data-severity={change?.severity}
            class="history-version"
          >
            <strong>{t('historyVersionNumber', t.number(i + 1))}</strong>{' '}
            <span class="muted">{versionText(v, t)}</span>
            {change !== null && <Severity change={change} t={t} />}
          </li>
        ))}
    </ol>
  );
}
