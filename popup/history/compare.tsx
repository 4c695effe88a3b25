// Any two kept versions side by side (issue 16, "History", items 2 and 4): two pickers, the newest
// two at first; the text diff between them and the verdict impact of the change.
import { useMemo, useState } from 'preact/hooks';
import { dateText, type Translator } from '../../src/explain/index.ts';
import type { ImpactSource } from '../../src/extension/explain/saved-urls.ts';
import { verdictImpact } from '../../src/extension/history/impact.ts';
import type { OriginHistory } from '../../src/extension/protocol.ts';
import type { ParsedFiles } from '../../src/parsed-files.ts';
import { DiffView } from '../diff-view.tsx';
import { Impact } from './impact.tsx';

export interface CompareProps {
  /** A history of at least two versions. */
  history: OriginHistory;
  /** The user's robot list (the settings'). */
  robots: readonly string[];
  /** The URLs the change is checked on, and where each comes from (impactUrls). */
  urls: readonly string[];
  sources: ReadonlyMap<string, ImpactSource>;
  /** The view's parses, shared with the timeline. */
  files: ParsedFiles;
  openOptions: () => void;
  t: Translator;
}

/** The comparison section; the same version picked twice shows a note instead of a diff. */
export function Compare({ history, robots, urls, sources, files, openOptions, t }: CompareProps) {
  const { versions, origin } = history;
  const last = versions.length - 1;
  // The pair chosen, for the history it was chosen in: one that changed under the view (an
  // import) is compared again from its newest two.
  const [chosen, choose] = useState<{ from: number; to: number; of: OriginHistory } | null>(null);
  const { from, to } = chosen?.of === history ? chosen : { from: last - 1, to: last };
  const setFrom = (i: number) => choose({ from: i, to, of: history });
  const setTo = (i: number) => choose({ from, to: i, of: history });
  const older = versions[Math.min(from, to)];
  const newer = versions[Math.max(from, to)];
  const impact = useMemo(
    () =>
      older === undefined || newer === undefined || from === to
        ? null
        : verdictImpact({ before: older.text, after: newer.text, robots, urls, origin }, files),
    [older, newer, from, to, robots, urls, origin, files],
  );
  const option = (v: (typeof versions)[number], i: number) => (
    <option key={i} value={String(i)}>
      {t('historyVersionOption', t.number(i + 1), dateText(v.firstSeen, t))}
    </option>
  );
  /** One of the two version pickers (a list of options each: Preact must not mount them twice). */
  const picker = (label: string, seam: string, value: number, pick: (i: number) => void) => (
    <label>
      {label}{' '}
      <select
        {...{ [seam]: '' }}
        value={String(value)}
        onChange={(e) => pick(Number(e.currentTarget.value))}
      >
        {versions.map(option).reverse()}
      </select>
    </label>
  );
  return (
    <section class="history-compare" aria-label={t('historyCompare')}>
      <h2>{t('historyCompare')}</h2>
      <p class="history-pair">
        {picker(t('historyFrom'), 'data-history-from', from, setFrom)}{' '}
        {picker(t('historyTo'), 'data-history-to', to, setTo)}
      </p>
      {older === undefined || newer === undefined || impact === null ? (
        <p class="note">{t('historySameVersion')}</p>
      ) : (
        <>
          <div
            data-history-diff=""
            data-history-before={String(Math.min(from, to))}
            data-history-after={String(Math.max(from, to))}
          >
            {older.text === newer.text ? (
              <p class="muted">{t('historySameText')}</p>
            ) : (
              <DiffView
                before={older.text}
                after={newer.text}
                t={t}
                label={t('historyDiffLabel')}
              />
            )}
          </div>
          <Impact
            impact={impact}
            sources={sources}
            rememberPaths={history.rememberPaths}
            openOptions={openOptions}
            t={t}
          />
        </>
      )}
    </section>
  );
}
