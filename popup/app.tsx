// The popup: loads the tab's report and shows it in its views. Components render data and call
// `actions`; they never call the browser. A refresh, a settings change or a new report updates
// the views in place: what the user typed, the view, the robot picked and the scroll position stay,
// and are kept per site (memory.ts) for when the popup is opened again.
import { useEffect, useRef, useState } from 'preact/hooks';
import { type PopupModel, withFile } from '../first-screen/model.ts';
import { availableViews, type FrameHandlers, PopupFrame } from '../first-screen/popup-frame.tsx';
import type { Translator } from '../src/explain/index.ts';
import { memoryScope, type PopupMemory, VIEWS, type View } from '../src/extension/popup-memory.ts';
import type { Actions } from '../ui/connector.ts';
import { lazyView, preloadLazyViewsWhenIdle } from './lazy.tsx';
import { Panels } from './panels.tsx';
import { useFindShortcut } from './use-find-shortcut.ts';
import { type FileText, useRobotsFile } from './use-robots-file.ts';
import { useSiteMemory } from './use-site-memory.ts';
import { type FirstReport, useTabReport } from './use-tab-report.ts';
import { useViewScroll } from './use-view-scroll.ts';

export type { FreshReport } from './use-tab-report.ts';

/** The view of the file's changes, in the outcome: with the other views' chunk (panels.tsx). */
const DiffView = lazyView(() => import('./views.ts').then((m) => m.DiffView));

export interface AppProps {
  tabId: number | null;
  actions: Actions;
  t: Translator;
  /** The first report, settings and memory, asked for before the app renders (main.tsx). */
  initial?: FirstReport & {
    memory: PopupMemory | null;
    /** The file's text, when the view left open shows it (asked for before the first screen). */
    file?: FileText | null;
  };
}

/** The scope of what the popup keeps for the page a model shows; null: nothing to keep. */
const scopeOf = (model: PopupModel): string | null =>
  model.page === null || model.origin === null ? null : memoryScope(model.origin, model.inPrivate);

export function App({ tabId, actions, t, initial }: AppProps) {
  const report = useTabReport({
    tabId,
    actions,
    t,
    initial,
    // A report that replaces one comes with its file's text, and the first report of a site with
    // what was kept for it: the views show them together. (Called once a report comes, after this
    // render has made robotsFile and siteMemory.)
    prepare: async (model) => {
      await robotsFile.textFor(model);
      await siteMemory.switchScope(scopeOf(model), model.url);
    },
  });
  const { state } = report;
  const done = state.status === 'done' ? state : null;
  // Once the verdicts are shown, the other views' chunk is fetched while the user reads them.
  const isDone = done !== null;
  useEffect(() => (isDone ? preloadLazyViewsWhenIdle() : undefined), [isDone]);
  const robotsFile = useRobotsFile({
    tabId,
    actions,
    t,
    initial: initial?.file ?? null,
    model: done?.model ?? null,
    load: report.load,
  });
  const siteMemory = useSiteMemory(
    actions,
    initial?.memory ?? null,
    done === null ? null : scopeOf(done.model),
    done?.model.url ?? null,
  );
  const { memory, remember } = siteMemory;
  const view = memory.view;
  const skipRestore = useViewScroll(view, isDone, memory.scroll, remember);
  const findRequest = useFindShortcut(done?.model.hasFile === true, () =>
    remember({ view: 'file' }),
  );
  const [jump, setJump] = useState<{ line: number } | null>(null);
  const [recordsRequest, setRecordsRequest] = useState(0);
  const visited = useRef(new Set<View>(['verdicts'])).current;

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
  const { file } = robotsFile;
  const model = withFile(state.model, file !== null && 'text' in file ? file : null);
  const show = (next: View) => remember({ view: next });
  const jumpTo = (line: number) => {
    // The file view scrolls to the line (the page too, if need be), not to where it was left.
    skipRestore(current !== 'file');
    setJump({ line });
    show('file');
  };
  const available = availableViews(model, VIEWS);
  const current = available.includes(view) ? view : 'verdicts';
  // Views are built the first time they are shown, then kept (hidden): what is typed in them stays.
  visited.add(current);
  const handlers: FrameHandlers = {
    openUrl: (url) => void actions.openUrl(url),
    copy: actions.copy,
    refresh: () => void report.load(true),
    grant: () => void actions.requestPermission(model.origin).then(() => report.load(false)),
    show,
    jumpTo,
    selectRobot: (robot) => {
      if (!model.hasFile) return remember({ selected: robot });
      skipRestore(current !== 'records');
      remember({ selected: robot, view: 'records' });
      setRecordsRequest((n) => n + 1);
    },
    setChecking: (auto) =>
      actions.setSettings({ checking: auto ? 'auto' : 'on-demand' }).then((reply) => reply.ok),
  };

  return (
    <PopupFrame
      model={model}
      settings={settings}
      t={t}
      current={current}
      available={available}
      refreshing={report.refreshing}
      refreshError={report.refreshError}
      handlers={handlers}
      Diff={DiffView}
    >
      <Panels
        model={model}
        settings={settings}
        t={t}
        tabId={tabId}
        actions={actions}
        file={file}
        memory={memory}
        remember={remember}
        current={current}
        available={available}
        visited={visited}
        jump={jump}
        jumpTo={jumpTo}
        findRequest={findRequest}
        recordsRequest={recordsRequest}
      />
    </PopupFrame>
  );
}
