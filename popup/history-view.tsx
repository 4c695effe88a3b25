// The History view (issue 16, items 2 to 4): the kept versions of the site's robots.txt, newest
// first, each with the severity of its change from the one before; for any two of them the text
// diff and the verdict impact for the user's robots on the pages visited on the site, the test URLs
// the user saved for it and the tester's URL, each row saying which; export, import and clear. The history is asked for when the view is first shown
// (the app builds a view only then), never for the first screen.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { dateText, printableText, type Translator } from '../src/explain/index.ts';
import {
  historyFileName,
  historyImportProblemText,
  historySeverityText,
  SEVERITY_MARKS,
  severityReasonsText,
  versionText,
} from '../src/extension/explain/history.ts';
import { type ImpactSource, impactSourceText } from '../src/extension/explain/saved-urls.ts';
import {
  type VerdictImpact,
  type VerdictSide,
  verdictImpact,
} from '../src/extension/history/impact.ts';
import { type ChangeSeverity, changeSeverity } from '../src/extension/history/severity.ts';
import type { OriginHistory } from '../src/extension/protocol.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import { resolveTestUrl } from '../src/policy.ts';
import type { Actions } from '../ui/connector.ts';
import { DiffView } from './diff-view.tsx';

/** Bytes a history file may have: 20 versions of 512,000 characters, escaped as JSON, fit. */
const MAX_HISTORY_FILE_BYTES = 64 * 1024 * 1024;

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

/** A message under the buttons: what the last export, import or clear did. */
type Notice = { text: string; isProblem: boolean } | null;

/** The URLs the impact is checked on, each once, and where each comes from. */
interface ImpactUrls {
  urls: string[];
  sources: ReadonlyMap<string, ImpactSource>;
}

/** Which source a URL from more than one is said to come from: the most deliberate. */
const SOURCE_RANK: Record<ImpactSource, number> = { seen: 0, tester: 1, saved: 2 };

/**
 * The visited pages, then the saved test URLs, then the tester's URL if of this site, each URL
 * once (the same text), said to come from its most deliberate source: saved, the tester's, visited.
 */
function impactUrls(
  history: OriginHistory,
  saved: readonly string[],
  testerUrl: string | null,
): ImpactUrls {
  const urls: string[] = [];
  const sources = new Map<string, ImpactSource>();
  const add = (url: string, source: ImpactSource) => {
    const known = sources.get(url);
    if (known === undefined) urls.push(url);
    if (known === undefined || SOURCE_RANK[source] > SOURCE_RANK[known]) sources.set(url, source);
  };
  for (const url of history.seen) add(url, 'seen');
  for (const url of saved) add(url, 'saved');
  if (testerUrl !== null) {
    const target = resolveTestUrl(testerUrl, history.origin);
    if ('url' in target) add(target.url, 'tester');
  }
  return { urls, sources };
}

/** One side of a change (before or after): the verdict and the line that decides it. */
function SideCell({ side, t }: { side: VerdictSide; t: Translator }) {
  return (
    <td>
      {side.allowed ? (
        <span class="pill small allowed">✓ {t('allowed')}</span>
      ) : (
        <span class="pill small disallowed">✕ {t('disallowed')}</span>
      )}{' '}
      {side.line === null ? (
        <span class="muted">{t('historyNoRule')}</span>
      ) : (
        <code>{t('historyDecidingLine', side.line.line, printableText(side.line.text))}</code>
      )}
    </td>
  );
}

const verdictWord = (side: VerdictSide) => (side.allowed ? 'allowed' : 'disallowed');

function Impact({
  impact,
  sources,
  rememberPaths,
  openOptions,
  t,
}: {
  impact: VerdictImpact;
  sources: ReadonlyMap<string, ImpactSource>;
  rememberPaths: boolean;
  openOptions: () => void;
  t: Translator;
}) {
  return (
    <section class="history-impact" aria-label={t('historyImpactTitle')}>
      <h2>{t('historyImpactTitle')}</h2>
      {!rememberPaths && (
        <p class="note" data-history-paths-off="">
          {t('historyPathsOff')}{' '}
          <button type="button" class="link" onClick={openOptions}>
            {t('historyOpenOptions')}
          </button>
        </p>
      )}
      <p class="muted">{t.plural('historyImpactChecked', impact.checkedUrls)}</p>
      {impact.skippedUrls > 0 && (
        <p class="muted">{t('historyImpactSkipped', t.number(impact.skippedUrls))}</p>
      )}
      {impact.rootChanges.length > 0 && (
        <table class="impact root">
          <caption>{t('historyRootTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colRobot')}</th>
              <th scope="col">{t('historyColBefore')}</th>
              <th scope="col">{t('historyColAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {impact.rootChanges.map((r) => (
              <tr
                key={r.robot}
                data-impact-root={r.robot}
                data-before={verdictWord(r.before)}
                data-after={verdictWord(r.after)}
              >
                <th scope="row">{r.robot}</th>
                <SideCell side={r.before} t={t} />
                <SideCell side={r.after} t={t} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {impact.changes.length === 0 ? (
        <p data-impact-none="">{t('historyImpactNone')}</p>
      ) : (
        <table class="impact">
          <thead>
            <tr>
              <th scope="col">{t('historyColUrl')}</th>
              <th scope="col">{t('colRobot')}</th>
              <th scope="col">{t('historyColBefore')}</th>
              <th scope="col">{t('historyColAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {impact.changes.map((c) => {
              const source = sources.get(c.url) ?? 'seen';
              return (
                <tr
                  key={`${c.url} ${c.robot}`}
                  data-impact-url={c.url}
                  data-impact-robot={c.robot}
                  data-impact-source={source}
                  data-before={verdictWord(c.before)}
                  data-after={verdictWord(c.after)}
                >
                  <td class="url">
                    {printableText(c.url)}{' '}
                    <span class="source muted">{impactSourceText(source, t)}</span>
                  </td>
                  <th scope="row">{c.robot}</th>
                  <SideCell side={c.before} t={t} />
                  <SideCell side={c.after} t={t} />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The buttons: export (download or copy), import a file, clear with a confirmation step. */
function HistoryActionsBar({
  tabId,
  actions,
  history,
  reload,
  t,
}: {
  tabId: number;
  actions: HistoryActions;
  history: OriginHistory;
  reload: () => Promise<void>;
  t: Translator;
}) {
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const say = (text: string, isProblem = false) => setNotice({ text, isProblem });
  const hasVersions = history.versions.length > 0;

  // The file is offered as a data: URL, not a blob: URL: a data: URL holds the file itself, so
  // the download does not depend on the popup's document staying alive (a popup may close while
  // the browser asks where to save, and a blob: URL is revoked with its document). An <a download>
  // needs no permission (browser.downloads would) and works from Chrome's and Firefox's popups;
  // "Copy as JSON" is there for when a browser's setting blocks downloads from extension pages.
  const exportFile = async () => {
    const reply = await actions.exportHistory({ tabId });
    if (!reply.ok) return say(t('historyActionFailed', reply.message), true);
    const file = historyFileName(reply.value.origin);
    const link = document.createElement('a');
    link.href = `data:application/json;charset=utf-8,${encodeURIComponent(reply.value.text)}`;
    link.download = file;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    say(t('historyExported', file));
  };
  const copyFile = async () => {
    const reply = await actions.exportHistory({ tabId });
    if (!reply.ok) return say(t('historyActionFailed', reply.message), true);
    try {
      await actions.copy(reply.value.text);
      say(t('historyCopied'));
    } catch (error) {
      say(t('historyActionFailed', String(error)), true);
    }
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    // Never read a file no export could be into memory (20 versions of at most 512,000
    // characters each, escaped as JSON): a wrong pick of a video says so at once.
    if (file.size > MAX_HISTORY_FILE_BYTES) {
      const reason = t('historyImportFileTooLarge', t.number(MAX_HISTORY_FILE_BYTES));
      return say(t('historyImportFailed', reason), true);
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      return say(t('historyActionFailed', String(error)), true);
    }
    const reply = await actions.importHistory({ text });
    if (!reply.ok) return say(historyImportProblemText(reply.error, reply.message, t), true);
    const { added, origin, versions } = reply.value;
    say(t.plural('historyImported', added, origin, t.number(versions)));
    if (origin === history.origin) await reload();
  };
  const clear = async () => {
    setConfirming(false);
    const reply = await actions.clearHistory({ tabId });
    if (!reply.ok) return say(t('historyActionFailed', reply.message), true);
    say(t('historyCleared'));
    await reload();
  };

  return (
    <div class="history-actions">
      <p class="actions">
        <button
          type="button"
          data-action="export-history"
          disabled={!hasVersions}
          onClick={() => void exportFile()}
        >
          {t('historyExport')}
        </button>
        <button
          type="button"
          data-action="copy-history"
          disabled={!hasVersions}
          onClick={() => void copyFile()}
        >
          {t('historyCopy')}
        </button>
        <label class="file-button">
          {t('historyImport')}{' '}
          <input
            type="file"
            accept=".json,application/json"
            data-action="import-history"
            onChange={(e) => void importFile(e.currentTarget)}
          />
        </label>
        <button
          type="button"
          data-action="clear-history"
          disabled={!hasVersions && history.seen.length === 0}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('historyClear')}
        </button>
      </p>
      {confirming && (
        <p class="confirm" role="alertdialog" aria-label={t('historyClear')}>
          {t('historyClearConfirm', history.origin)}{' '}
          <button type="button" data-action="confirm-clear-history" onClick={() => void clear()}>
            {t('historyClearYes')}
          </button>{' '}
          <button
            type="button"
            data-action="cancel-clear-history"
            onClick={() => setConfirming(false)}
          >
            {t('historyClearNo')}
          </button>
        </p>
      )}
      {notice !== null && (
        <p
          class={notice.isProblem ? 'warning' : 'muted'}
          role={notice.isProblem ? 'alert' : 'status'}
          data-history-notice=""
        >
          {notice.text}
        </p>
      )}
    </div>
  );
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

function Timeline({
  history,
  robots,
  urls,
  files,
  t,
}: {
  history: OriginHistory;
  robots: readonly string[];
  urls: readonly string[];
  files: ParsedFiles;
  t: Translator;
}) {
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

function Compare({
  history,
  robots,
  urls,
  sources,
  files,
  openOptions,
  t,
}: {
  history: OriginHistory;
  robots: readonly string[];
  urls: readonly string[];
  sources: ReadonlyMap<string, ImpactSource>;
  files: ParsedFiles;
  openOptions: () => void;
  t: Translator;
}) {
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

export function HistoryView({ tabId, actions, robots, testerUrl, saved, t }: HistoryViewProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const reload = async () => {
    const reply = await actions.history({ tabId });
    if (reply.ok) setLoaded({ status: 'done', history: reply.value });
    else if (reply.error === 'not-applicable')
      setLoaded({ status: 'error', message: t('historyNotApplicable') });
    else setLoaded({ status: 'error', message: t('loadError', reply.message) });
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
      <HistoryActionsBar tabId={tabId} actions={actions} history={history} reload={reload} t={t} />
    </div>
  );
}
