// The popup: loads the tab's report and shows it in its views. Components render data and call
// `actions`; they never call the browser. A refresh, a settings change or a new report updates
// the views in place: what the user typed, the view, the robot picked and the scroll position stay,
// and are kept per site (memory.ts) for when the popup is opened again.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Translator } from '../src/explain/index.ts';
import type { RobotsFile, TabSnapshot } from '../src/extension/protocol.ts';
import type { Language, Settings } from '../src/extension/settings.ts';
import { ParsedFiles } from '../src/parsed-files.ts';
import type { Actions } from '../ui/connector.ts';
import { useSettingsChanges } from '../ui/use-settings-changes.ts';
import { ExportBar } from './export-bar.tsx';
import { type ScreenState, useKeptScreen } from './keep-screen.ts';
import { lazyView, preloadLazyViewsWhenIdle } from './lazy.tsx';
import { EMPTY_MEMORY, MemoryStore, type PopupMemory } from './memory.ts';
import { type PopupModel, popupModel, withFile } from './model.ts';
import { Outcome } from './outcome.tsx';
import { PageStrip } from './page-strip.tsx';
import { readServed } from './served.ts';
import { Tabs, VIEWS, type View } from './tabs.tsx';
import { VerdictTable } from './verdicts.tsx';

// Every view but the verdicts: one chunk (views.ts), loaded when one of them is first shown.
const Records = lazyView(() => import('./views.ts').then((m) => m.Records));
const FileView = lazyView(() => import('./views.ts').then((m) => m.FileView));
const Summary = lazyView(() => import('./views.ts').then((m) => m.Summary));
const Tester = lazyView(() => import('./views.ts').then((m) => m.Tester));
const PageView = lazyView(() => import('./views.ts').then((m) => m.PageView));
const HistoryView = lazyView(() => import('./views.ts').then((m) => m.HistoryView));
const RobotEditor = lazyView(() => import('./views.ts').then((m) => m.RobotEditor));

type State =
  | { status: 'loading' }
  | { status: 'done'; model: PopupModel; settings: Settings }
  | { status: 'error'; message: string };

/** How often the memory is written at most while the user types or scrolls. */
const SAVE_EVERY_MS = 150;

function CheckingToggle({
  settings,
  actions,
  t,
}: {
  settings: Settings;
  actions: Actions;
  t: Translator;
}) {
  const [auto, setAuto] = useState(settings.checking === 'auto');
  return (
    <label class="setting">
      <input
        type="checkbox"
        name="checking"
        checked={auto}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setAuto(checked);
          void actions
            .setSettings({ checking: checked ? 'auto' : 'on-demand' })
            .then((reply) => reply.ok || setAuto(!checked));
        }}
      />{' '}
      {t('settingAuto')}
    </label>
  );
}

/** The popup's parse cache: the views that show the file's structure parse it once. */
const parsedFiles = new ParsedFiles();

export interface AppProps {
  tabId: number | null;
  actions: Actions;
  t: Translator;
  /** The first report, settings and memory, asked for before the app renders (main.tsx). */
  initial?: {
    report: Awaited<ReturnType<Actions['tabReport']>>;
    settings: Awaited<ReturnType<Actions['getSettings']>>;
    memory: PopupMemory | null;
    /** The file's text, when the view left open shows it (asked for before the first screen). */
    file?: (RobotsFile & { fetchedAt: number }) | null;
    /**
     * The popup's own report and settings, still on their way when `report` is the tab's snapshot
     * (the background's last report for it): put in its place, as a refresh is, once they come.
     */
    fresh?: Promise<FreshReport>;
  };
}

/** A report and the settings, as the popup asks for them. */
export type FreshReport = [
  Awaited<ReturnType<Actions['tabReport']>>,
  Awaited<ReturnType<Actions['getSettings']>>,
];

/** A page with no robots.txt concept: one sentence, and the robots as small unknown chips. */
function NotApplicable({ model, t }: { model: PopupModel; t: Translator }) {
  return (
    <ul class="robot-chips" aria-label={t('verdictsCaption')}>
      {model.rows.map((row) => (
        <li
          key={row.robot}
          data-robot={row.robot}
          data-verdict={row.verdict}
          data-verdict-rfc9309={row.verdictRfc9309}
          data-verdict-1994={row.verdict1994}
          data-page-index={row.page.index}
          data-page-follow={row.page.follow}
        >
          {row.robot}
        </li>
      ))}
    </ul>
  );
}

export function App({ tabId, actions, t, initial }: AppProps) {
  const [state, setState] = useState<State>(() => {
    if (initial === undefined || !initial.report.ok || !initial.settings.ok)
      return { status: 'loading' };
    const model = popupModel(initial.report.value, t, {
      showOtherReadings: initial.settings.value.showOtherReadings,
    });
    return { status: 'done', model, settings: initial.settings.value };
  });
  const [refreshing, setRefreshing] = useState(false);
  /** A refresh that failed while the last report stays on screen. */
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [memory, setMemory] = useState<PopupMemory>(initial?.memory ?? EMPTY_MEMORY);
  const [jump, setJump] = useState<{ line: number } | null>(null);
  const [findRequest, setFindRequest] = useState(0);
  const [recordsRequest, setRecordsRequest] = useState(0);
  // The site's saved test URLs as the tester last had them (null: not asked yet): History checks
  // the list as it is now, saved or removed since it read its own.
  const [savedUrls, setSavedUrls] = useState<{ origin: string | null; urls: string[] } | null>(
    null,
  );
  /** The file's text (robotsText), asked for once the verdicts are shown; or why it did not come. */
  const [file, setFile] = useState<
    (RobotsFile & { fetchedAt: number }) | { fetchedAt: number; error: string } | null
  >(initial?.file ?? null);
  const fileRef = useRef(file);
  fileRef.current = file;
  const store = useMemo(() => new MemoryStore(actions.memory), [actions]);
  /** The site whose memory is shown, once it was read (null: nothing to remember). */
  const site = useRef<string | null>(
    state.status === 'done' && state.model.page !== null ? state.model.origin : null,
  );
  const shown = useRef(state.status === 'done');
  /** The report and settings of the popup's own report on screen, as the background keeps them. */
  const drawnFrom = useRef<TabSnapshot | null>(
    initial?.fresh === undefined && initial?.report.ok && initial.settings.ok
      ? { reply: initial.report.value, settings: initial.settings.value }
      : null,
  );
  const visitedViews = useRef(new Set<View>(['verdicts']));
  /** A robot was clicked: Records scrolls to its group instead of where it was left. */
  const skipRestore = useRef(false);
  const memoryRef = useRef(memory);
  memoryRef.current = memory;

  /** Shows a report: in place of the one on screen, if any. */
  const apply = useCallback(
    async ([report, settings]: FreshReport) => {
      if (tabId === null) return;
      if (!report.ok || !settings.ok) {
        const message = report.ok ? (settings.ok ? '' : settings.message) : report.message;
        if (shown.current) setRefreshError(message);
        else setState({ status: 'error', message });
        return;
      }
      setRefreshError(null);
      drawnFrom.current = { reply: report.value, settings: settings.value };
      const model = popupModel(report.value, t, {
        showOtherReadings: settings.value.showOtherReadings,
      });
      // A report that replaces one comes with its file's text, so the views that show the file are
      // updated in place. With no text yet (the first screen, or the snapshot before its report)
      // the verdicts go first and the text is asked for after them.
      const { hasFile, fetchedAt } = model;
      if (hasFile && model.origin !== null && fetchedAt !== null && fileRef.current !== null) {
        if (fileRef.current.fetchedAt !== fetchedAt) {
          const reply = await actions.robotsText({ tabId, origin: model.origin, fetchedAt });
          if (reply.ok) setFile({ ...reply.value, fetchedAt });
        }
      }
      // The first report of a site brings back what was kept for it.
      const origin = model.page === null ? null : model.origin;
      if (origin !== site.current) {
        site.current = origin;
        const kept = origin === null ? null : await store.load(origin);
        setMemory(kept ?? EMPTY_MEMORY);
      }
      shown.current = true;
      setState({ status: 'done', model, settings: settings.value });
    },
    [tabId, actions, t, store],
  );

  const load = useCallback(
    async (force: boolean) => {
      if (tabId === null) {
        setState({ status: 'error', message: t('noTab') });
        return;
      }
      // Once something is on screen it stays there: the new report replaces it in place.
      if (shown.current) setRefreshing(true);
      const fresh = await Promise.all([
        force ? actions.refresh({ tabId }) : actions.tabReport({ tabId }),
        actions.getSettings({}),
      ]);
      setRefreshing(false);
      await apply(fresh);
    },
    [tabId, actions, t, apply],
  );

  const skipFirstLoad = useRef(state.status === 'done');
  const pendingReport = useRef(initial?.fresh ?? null);
  /** The tab's snapshot is on screen, the popup's own report still on its way. */
  const [provisional, setProvisional] = useState(initial?.fresh !== undefined);
  useEffect(() => {
    const fresh = pendingReport.current;
    pendingReport.current = null;
    if (fresh !== null) {
      skipFirstLoad.current = false;
      // The tab's snapshot is on screen: the popup's own report takes its place, for
      // `npm run bench:popup` marked when it has.
      void fresh
        .then(apply)
        .finally(() => setProvisional(false))
        .then(() => performance.mark('robots-lens:fresh'));
    } else if (skipFirstLoad.current) skipFirstLoad.current = false;
    else void load(false);
  }, [load, apply]);
  // The translator is the page's for its whole life: the language it speaks is the one of the
  // first settings shown, whatever reloads follow.
  const renderedLanguage = useRef<Language | null>(null);
  if (renderedLanguage.current === null && state.status === 'done')
    renderedLanguage.current = state.settings.language;
  useSettingsChanges(actions, renderedLanguage.current, () => {
    void load(false);
  });
  useEffect(() => {
    // The tab's snapshot on screen is not yet the popup's answer: the page says 'done' (the seam
    // tests wait for) once its own report is there.
    document.body.dataset['state'] =
      state.status === 'done' && provisional ? 'loading' : state.status;
  }, [state.status, provisional]);
  useEffect(() => {
    // The moment the verdicts are on screen, for `npm run bench:popup` and for profiling (unless
    // the tab's last screen showed them first: main.tsx marked that moment).
    if (
      state.status === 'done' &&
      performance.getEntriesByName('robots-lens:verdicts').length === 0
    )
      performance.mark('robots-lens:verdicts');
  }, [state.status]);
  // The verdicts drawn from the popup's own report, kept as the tab's last screen.
  const screenState: ScreenState =
    state.status !== 'done' || provisional || refreshing
      ? 'wait'
      : memory.view === 'verdicts'
        ? 'keep'
        : 'drop';
  const mainRef = useRef<HTMLElement>(null);
  const rootOf = useCallback(() => mainRef.current?.parentElement ?? null, []);
  useKeptScreen(actions, tabId, rootOf, drawnFrom.current, screenState, state);
  // Once the verdicts are shown, the other views' chunk is fetched while the user reads them.
  const isShown = state.status === 'done';
  useEffect(() => (isShown ? preloadLazyViewsWhenIdle() : undefined), [isShown]);
  // And the file's text, which the report leaves out (a 500 KiB text would delay the verdicts).
  const wanted =
    state.status === 'done' && state.model.hasFile && state.model.origin !== null
      ? { origin: state.model.origin, fetchedAt: state.model.fetchedAt ?? 0 }
      : null;
  const wantedKey = wanted === null ? null : `${wanted.origin} ${wanted.fetchedAt}`;
  /** The report was asked for again after a 'changed' answer: once in the popup's life, no loop. */
  const reloadedForText = useRef(false);
  useEffect(() => {
    if (wanted === null || wantedKey === null || tabId === null) return;
    // A report that replaced another came with its text (load).
    if (fileRef.current?.fetchedAt === wanted.fetchedAt) return;
    let current = true;
    void actions.robotsText({ tabId, ...wanted }).then((reply) => {
      if (!current) return;
      if (reply.ok) return setFile({ ...reply.value, fetchedAt: wanted.fetchedAt });
      // The cache holds a newer fetch by now: the report is asked for again, once.
      if (reply.error === 'changed' && !reloadedForText.current) {
        reloadedForText.current = true;
        return void load(false);
      }
      const error =
        reply.error === 'changed' ? t('fileFetchedAgain') : t('loadError', reply.message);
      setFile({ fetchedAt: wanted.fetchedAt, error });
    });
    return () => {
      current = false;
    };
  }, [wantedKey, tabId, actions, load, t]);

  // Kept as the user goes: written at most every SAVE_EVERY_MS, and once more as the popup closes.
  const pending = useRef<PopupMemory | null>(null);
  const flush = useCallback(() => {
    const value = pending.current;
    pending.current = null;
    if (value !== null && site.current !== null) void store.save(site.current, value);
  }, [store]);
  const remember = useCallback(
    (change: Partial<PopupMemory>) => {
      setMemory((before) => {
        const next = { ...before, ...change };
        if (pending.current === null) setTimeout(flush, SAVE_EVERY_MS);
        pending.current = next;
        return next;
      });
    },
    [flush],
  );
  useEffect(() => {
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [flush]);

  // The scroll position of the view shown (each panel scrolls on its own), kept and given back
  // when the view is shown again or the popup reopened.
  const view = memory.view;
  const isDone = state.status === 'done';
  useEffect(() => {
    if (!isDone) return;
    const panel = document.getElementById(`panel-${view}`);
    if (panel === null) return;
    const y = memoryRef.current.scroll[view] ?? 0;
    if (skipRestore.current) skipRestore.current = false;
    else requestAnimationFrame(() => panel.scrollTo(0, y));
    const onScroll = () =>
      remember({ scroll: { ...memoryRef.current.scroll, [view]: panel.scrollTop } });
    panel.addEventListener('scroll', onScroll, { passive: true });
    return () => panel.removeEventListener('scroll', onScroll);
    // Only when the view changes or the popup first shows: scrolling itself must not restore.
  }, [view, isDone, remember]);

  // Ctrl/Cmd+F anywhere in the popup: the file view's find box.
  const hasFile = state.status === 'done' && state.model.hasFile;
  useEffect(() => {
    if (!hasFile) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'f') return;
      event.preventDefault();
      remember({ view: 'file' });
      setFindRequest((n) => n + 1);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [hasFile, remember]);

  if (state.status === 'loading') {
    return (
      <main class="loading" aria-busy="true">
        <p class="status">{t('loading')}</p>
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main>
        <p class="status error" role="alert">
          {t('loadError', state.message)}
        </p>
      </main>
    );
  }

  const { settings } = state;
  const model = withFile(state.model, file !== null && 'text' in file ? file : null);
  /** The views that show the file wait for its text: what to show meanwhile, or null. */
  const fileWait =
    !model.hasFile || model.text !== null ? null : file !== null &&
      'error' in file &&
      file.fetchedAt === model.fetchedAt ? (
      <p class="status error" role="alert">
        {file.error}
      </p>
    ) : (
      <p class="status" aria-busy="true">
        {t('loading')}
      </p>
    );
  const show = (next: View) => remember({ view: next });
  const jumpTo = (line: number) => {
    setJump({ line });
    show('file');
  };
  const available: View[] = VIEWS.filter(
    (v) =>
      (model.hasFile || !['records', 'file', 'summary'].includes(v)) &&
      (model.page !== null || v !== 'page') &&
      (model.origin !== null || v !== 'history'),
  );
  const current = available.includes(view) ? view : 'verdicts';
  // Views are built the first time they are shown, then kept (hidden): what is typed in them stays.
  const visited = visitedViews.current;
  visited.add(current);
  // Parsed only once a view that shows the file's structure is opened: the verdicts came ready.
  const parsed =
    model.text === null || (visited.size === 1 && visited.has('verdicts'))
      ? null
      : parsedFiles.get(model.text);
  const known = model.rows.map((r) => r.robot);
  const selectedRobot =
    memory.selected !== null && known.includes(memory.selected)
      ? memory.selected
      : (known[0] ?? '');
  const selectedRow = model.rows.find((r) => r.robot === selectedRobot);
  // The line the file view shows: the one jumped to, else the selected robot's deciding line.
  const fileLine = jump?.line ?? selectedRow?.rule?.line ?? null;
  const panel = (name: View, content: () => preact.ComponentChildren) =>
    available.includes(name) &&
    visited.has(name) && (
      <section
        key={name}
        role="tabpanel"
        id={`panel-${name}`}
        aria-labelledby={`tab-${name}`}
        hidden={name !== current}
        class="panel"
      >
        {content()}
      </section>
    );
  const internal = model.status === 'not-applicable' && !model.needsPermission;

  return (
    <main aria-busy={refreshing} ref={mainRef}>
      <header>
        <h1>{t('extName')}</h1>
        <p class="url" title={model.url}>
          {model.url}
        </p>
      </header>
      <Outcome
        model={model}
        t={t}
        onOpen={(url) => actions.openUrl(url)}
        onCopy={actions.copy}
        onRefresh={() => load(true)}
        onGrant={() => actions.requestPermission(model.origin).then(() => load(false))}
      />
      {refreshing && (
        <p class="muted refreshing" role="status">
          {t('loading')}
        </p>
      )}
      {refreshError !== null && (
        <p class="warning" role="alert">
          ⚠ {t('loadError', refreshError)}
        </p>
      )}
      {internal ? (
        <NotApplicable model={model} t={t} />
      ) : (
        <>
          {model.page !== null && <PageStrip page={model.page} t={t} />}
          <Tabs current={current} available={available} onChange={show} t={t} />
          {panel('verdicts', () => (
            <>
              <ExportBar rows={model.rows} url={model.url} t={t} copy={actions.copy} />
              <VerdictTable
                rows={model.rows}
                t={t}
                caption={t('verdictsCaption')}
                variant="page"
                onJump={jumpTo}
                onCopy={actions.copy}
                robotsUrl={model.source?.fileUrl ?? null}
                onSelect={(robot) => {
                  if (!model.hasFile) return remember({ selected: robot });
                  skipRestore.current = current !== 'records';
                  remember({ selected: robot, view: 'records' });
                  setRecordsRequest((n) => n + 1);
                }}
              />
            </>
          ))}
          {model.page !== null &&
            tabId !== null &&
            panel('page', () => {
              const page = model.page;
              if (page === null) return null;
              return (
                <PageView
                  page={page}
                  t={t}
                  countLinks={async () => {
                    const reply = await actions.pageLinks({ tabId });
                    return reply.ok ? reply.value : null;
                  }}
                  highlight={async (on) => {
                    const reply = await actions.highlightLinks({ tabId, on });
                    return reply.ok ? reply.value : null;
                  }}
                  compare={async () => {
                    const { compareServed } = await import('./views.ts');
                    const reply = await actions.servedPage({ tabId });
                    if (!reply.ok) return { ok: false, message: reply.message };
                    const rendered = page.facts.dom;
                    const served = readServed(reply.value);
                    const findings = rendered.ok
                      ? compareServed(model.url, served, rendered.facts, model.robots, Date.now())
                      : [];
                    return { ok: true, served: reply.value, findings };
                  }}
                />
              );
            })}
          {model.hasFile &&
            panel('records', () =>
              parsed === null ? (
                fileWait
              ) : (
                <Records
                  parsed={parsed}
                  text={model.text ?? ''}
                  rows={model.rows}
                  selected={selectedRobot}
                  scrollRequest={recordsRequest}
                  onSelect={(robot) => remember({ selected: robot })}
                  onJump={jumpTo}
                  t={t}
                />
              ),
            )}
          {model.hasFile &&
            panel('file', () =>
              parsed === null ? (
                fileWait
              ) : (
                <FileView
                  text={model.text ?? ''}
                  diagnostics={parsed.diagnostics}
                  highlight={fileLine}
                  highlightLabel={t('fileDecidingLine', selectedRobot)}
                  jumpTo={fileLine}
                  findRequest={findRequest}
                  t={t}
                />
              ),
            )}
          {model.hasFile &&
            panel('summary', () =>
              parsed === null ? (
                fileWait
              ) : (
                <Summary
                  parsed={parsed}
                  text={model.text ?? ''}
                  robots={settings.robots}
                  onJump={jumpTo}
                  t={t}
                />
              ),
            )}
          {panel(
            'tester',
            () =>
              fileWait ?? (
                <Tester
                  model={model}
                  parsed={parsed}
                  showOtherReadings={settings.showOtherReadings}
                  t={t}
                  copy={actions.copy}
                  url={memory.testerUrl}
                  onUrl={(testerUrl) => remember({ testerUrl })}
                  drafting={memory.drafting}
                  onDrafting={(drafting) => remember({ drafting })}
                  draft={memory.draft}
                  onDraft={(draft) => remember({ draft })}
                  saved={
                    tabId === null
                      ? undefined
                      : {
                          tabId,
                          actions,
                          onSaved: (urls) => setSavedUrls({ origin: model.origin, urls }),
                        }
                  }
                />
              ),
          )}
          {tabId !== null &&
            panel('history', () => (
              <HistoryView
                tabId={tabId}
                actions={actions}
                robots={settings.robots}
                testerUrl={memory.testerUrl}
                saved={savedUrls?.origin === model.origin ? savedUrls.urls : null}
                t={t}
              />
            ))}
          {panel('robots', () => (
            <>
              <RobotEditor
                robots={settings.robots}
                t={t}
                save={(robots) => actions.setSettings({ robots })}
              />
              <p>
                <button type="button" class="link" onClick={() => actions.openOptions()}>
                  {t('moreSettings')}
                </button>
              </p>
            </>
          ))}
        </>
      )}
      <footer>
        <CheckingToggle settings={settings} actions={actions} t={t} />
      </footer>
    </main>
  );
}
