// The popup: loads the tab's report and shows it in five views. Components render data and call
// `actions`; they never call the browser.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { MessageKey, Translator } from '../src/i18n.ts';
import type { TabReport } from '../src/messages.ts';
import { parseRobotsTxt, type RobotsTxt } from '../src/robots/index.ts';
import type { Settings } from '../src/settings.ts';
import { FileView } from './components/file-view.tsx';
import { Outcome } from './components/outcome.tsx';
import { Records } from './components/records.tsx';
import { RobotEditor } from './components/robot-editor.tsx';
import { Summary } from './components/summary.tsx';
import { Tester } from './components/tester.tsx';
import { VerdictTable } from './components/verdicts.tsx';
import type { Actions } from './connector.ts';
import { type PopupModel, popupModel } from './view-model.ts';

type State =
  | { status: 'loading' }
  | { status: 'done'; model: PopupModel; settings: Settings }
  | { status: 'error'; message: string };

const TABS = ['verdicts', 'records', 'file', 'summary', 'tester', 'robots'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, MessageKey> = {
  verdicts: 'tabVerdicts',
  records: 'tabRecords',
  file: 'tabFile',
  summary: 'tabSummary',
  tester: 'tabTester',
  robots: 'tabRobots',
};

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
          actions
            .setSettings({ checking: checked ? 'auto' : 'on-demand' })
            .catch(() => setAuto(!checked));
        }}
      />{' '}
      {t('settingAuto')}
    </label>
  );
}

/** A tab list that moves with the arrow keys (WAI-ARIA tabs pattern). */
function Tabs({
  current,
  available,
  onChange,
  t,
}: {
  current: Tab;
  available: Tab[];
  onChange: (tab: Tab) => void;
  t: Translator;
}) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const move = (delta: number) => {
    const i = available.indexOf(current);
    const next = available[(i + delta + available.length) % available.length] ?? current;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      class="tabs"
      role="tablist"
      aria-label={t('tabsLabel')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        else if (e.key === 'ArrowLeft') move(-1);
        else if (e.key === 'Home') move(-available.indexOf(current));
        else if (e.key === 'End') move(available.length - 1 - available.indexOf(current));
      }}
    >
      {available.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={tab === current}
          aria-controls={`panel-${tab}`}
          tabIndex={tab === current ? 0 : -1}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
          }}
          onClick={() => onChange(tab)}
        >
          {t(TAB_LABELS[tab])}
        </button>
      ))}
    </div>
  );
}

/** The live file parsed, memoised, once any view beyond the verdicts has been opened. */
const parseCache = new Map<string, RobotsTxt>();
function parsed(text: string | null, visited: Set<Tab>): RobotsTxt | null {
  if (text === null || (visited.size === 1 && visited.has('verdicts'))) return null;
  let robots = parseCache.get(text);
  if (robots === undefined) {
    parseCache.clear();
    robots = parseRobotsTxt(text);
    parseCache.set(text, robots);
  }
  return robots;
}

export interface AppProps {
  tabId: number | null;
  actions: Actions;
  t: Translator;
}

export function App({ tabId, actions, t }: AppProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [tab, setTab] = useState<Tab>('verdicts');
  const [visited, setVisited] = useState<Set<Tab>>(new Set(['verdicts']));
  const [selected, setSelected] = useState<string | null>(null);
  const [jump, setJump] = useState<{ line: number } | null>(null);

  const load = useCallback(
    async (force: boolean) => {
      setState({ status: 'loading' });
      try {
        if (tabId === null) throw new Error('no tab');
        const [report, settings] = await Promise.all([
          (force ? actions.refresh(tabId) : actions.tabReport(tabId)) as Promise<TabReport>,
          actions.settings(),
        ]);
        const model = popupModel(report, settings.robots, t, {
          showOtherReadings: settings.showOtherReadings,
        });
        setState({ status: 'done', model, settings });
      } catch (error) {
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [tabId, actions, t],
  );

  useEffect(() => {
    load(false).catch(() => {});
  }, [load]);
  // Settings changed in another popup, the options page or through sync: follow them. A new
  // language needs the page's translator anew, so the page reloads.
  const renderedLanguage = useRef<string | null>(null);
  if (renderedLanguage.current === null && state.status === 'done')
    renderedLanguage.current = state.settings.language;
  useEffect(
    () =>
      actions.onSettingsChanged(() => {
        actions.settings().then(
          (next) => {
            if (renderedLanguage.current !== null && next.language !== renderedLanguage.current)
              location.reload();
            else load(false).catch(() => {});
          },
          () => {},
        );
      }),
    [actions, load],
  );
  useEffect(() => {
    document.body.dataset['state'] = state.status;
    // The moment the verdicts are on screen, for `npm run bench:popup` and for profiling.
    if (state.status === 'done') performance.mark('robots-lens:verdicts');
  }, [state.status]);

  const show = (next: Tab) => {
    setTab(next);
    setVisited((v) => (v.has(next) ? v : new Set([...v, next])));
  };
  const jumpTo = (line: number) => {
    setJump({ line });
    show('file');
  };

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

  const { model, settings } = state;
  // Parsed only once a view that shows the file's structure is opened: the verdicts came ready.
  const robots = parsed(model.text, visited);
  const selectedRobot = selected ?? model.rows[0]?.robot ?? '';
  const selectedRow = model.rows.find((r) => r.robot === selectedRobot);
  // The line the file view shows: the one jumped to, else the selected robot's deciding line.
  const fileLine = jump?.line ?? selectedRow?.rule?.line ?? null;
  const available: Tab[] = model.text === null ? ['verdicts', 'tester', 'robots'] : [...TABS];
  const current = available.includes(tab) ? tab : 'verdicts';
  const panel = (name: Tab, content: () => preact.ComponentChildren) =>
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

  return (
    <main>
      <header>
        <h1>{t('extName')}</h1>
        <p class="url" title={model.url}>
          {model.url}
        </p>
      </header>
      <Outcome
        model={model}
        t={t}
        onRefresh={() => load(true)}
        onGrant={() => actions.requestPermission(model.origin).then(() => load(false))}
      />
      <Tabs current={current} available={available} onChange={show} t={t} />
      {panel('verdicts', () => (
        <VerdictTable
          rows={model.rows}
          t={t}
          caption={t('verdictsCaption')}
          seams
          onJump={jumpTo}
          onSelect={(robot) => {
            setSelected(robot);
            if (model.text !== null) show('records');
          }}
        />
      ))}
      {robots !== null &&
        panel('records', () => (
          <Records
            robots={robots}
            rows={model.rows}
            selected={selectedRobot}
            onSelect={setSelected}
            onJump={jumpTo}
            t={t}
          />
        ))}
      {robots !== null &&
        panel('file', () => (
          <FileView
            text={model.text ?? ''}
            diagnostics={robots.diagnostics}
            highlight={fileLine}
            highlightLabel={t('fileDecidingLine', selectedRobot)}
            jumpTo={fileLine}
            t={t}
          />
        ))}
      {robots !== null && panel('summary', () => <Summary robots={robots} t={t} />)}
      {panel('tester', () => (
        <Tester
          model={model}
          robots={robots}
          names={settings.robots}
          showOtherReadings={settings.showOtherReadings}
          t={t}
          copy={actions.copy}
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
      <footer>
        <CheckingToggle settings={settings} actions={actions} t={t} />
      </footer>
    </main>
  );
}
