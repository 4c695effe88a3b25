// The History view (issue 16, items 2 to 4): the kept versions of the site's robots.txt, newest
// first, each with the severity of its change from the one before (timeline.tsx); for any two of
// them the text diff and the verdict impact for the user's robots on the pages visited on the
// site, the test URLs the user saved for it and the tester's URL, each row saying which
// (compare.tsx, impact.tsx, impact-urls.ts); export, import and clear (actions-bar.tsx). The
// history is asked for when the view is first shown (the app builds a view only then), never for
// the first screen.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { dateText, refusalText, type Translator } from '../../src/explain/index.ts';
import type { ImpactSource } from '../../src/extension/explain/saved-urls.ts';
import type { OriginHistory } from '../../src/extension/protocol.ts';
import { ParsedFiles } from '../../src/parsed-files.ts';
import type { Actions } from '../../ui/connector.ts';
import { ActionsBar } from './actions-bar.tsx';
import { Compare } from './compare.tsx';
import { impactUrls } from './impact-urls.ts';
import { Timeline } from './timeline.tsx';

export type HistoryActions = Pick<
  Actions,
  'history' | 'exportHistory' | 'importHistory' | 'clearHistory' | 'openOptions' | 'copy'
>;

export interface HistoryViewProps {
  tabId: number;
  actions: HistoryActions;
  /** The user's robot list (the settings'). */
  robots: readonly string[];
  /** The tester's URL kept for the site (null: none typed). */
  testerUrl: string | null;
  /**
   * The site's saved test URLs as the tester last had them (saved or removed since the history
   * was read); null or absent: the history's own `saved`.
   */
  saved?: readonly string[] | null;
  t: Translator;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; history: OriginHistory };

/** The view: loading, then the site's history (or why there is none), with its actions. */
export function HistoryView({ tabId, actions, robots, testerUrl, saved, t }: HistoryViewProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const reload = async () => {
    const reply = await actions.history({ tabId });
    if (reply.ok) setLoaded({ status: 'done', history: reply.value });
    else if (reply.error === 'not-applicable')
      setLoaded({ status: 'error', message: t('historyNotApplicable') });
    else setLoaded({ status: 'error', message: t('loadError', refusalText(reply.error, t)) });
  };
  // Asked once, when the view is first built (the app builds it the first time it is shown).
  useEffect(() => {
    void reload();
  }, [tabId]);
  // One parse per version for the timeline and the comparison (at most 20 versions are kept).
  const files = useMemo(() => new ParsedFiles(24), []);
  const history = loaded.status === 'done' ? loaded.history : null;
  const { urls, sources } = useMemo(
    () =>
      history === null
        ? { urls: [], sources: new Map<string, ImpactSource>() }
        : impactUrls(history, saved ?? history.saved, testerUrl),
    [history, saved, testerUrl],
  );

  if (loaded.status === 'loading')
    return (
      <p class="status" aria-busy="true">
        {t('loading')}
      </p>
    );
  if (loaded.status === 'error' || history === null)
    return (
      <p class="status" role="status" data-history-none="">
        {loaded.status === 'error' ? loaded.message : ''}
      </p>
    );
  const { versions } = history;
  const first = versions[0];
  return (
    <div class="history" data-history-origin={history.origin}>
      {first === undefined ? (
        <p data-history-none="">{t('historyNone')}</p>
      ) : versions.length === 1 ? (
        <p data-history-one="">{t('historyOneVersion', dateText(first.firstSeen, t))}</p>
      ) : null}
      {first !== undefined && (
        <Timeline history={history} robots={robots} urls={urls} files={files} t={t} />
      )}
      {versions.length >= 2 && (
        <Compare
          history={history}
          robots={robots}
          urls={urls}
          sources={sources}
          files={files}
          openOptions={() => void actions.openOptions()}
          t={t}
        />
      )}
      <ActionsBar tabId={tabId} actions={actions} history={history} reload={reload} t={t} />
    </div>
  );
}
