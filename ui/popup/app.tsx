// The popup: loads the tab's report and shows it in six views. Components render data and call
// `actions`; they never call the browser.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Translator } from '../../src/explain/index.ts';
import { compareServed } from '../../src/page/compare.ts';
import { ParsedFiles } from '../../src/parsed-files.ts';
import type { Language, Settings } from '../../src/settings.ts';
import { RobotEditor } from '../components/robot-editor.tsx';
import type { Actions } from '../connector.ts';
import { useSettingsChanges } from '../use-settings-changes.ts';
import { FileView } from './file-view.tsx';
import { type PopupModel, popupModel } from './model.ts';
import { Outcome } from './outcome.tsx';
import { PageStrip } from './page-strip.tsx';
import { PageView } from './page-view.tsx';
import { Records } from './records.tsx';
import { readServed } from './served.ts';
import { Summary } from './summary.tsx';
import { Tabs, VIEWS, type View } from './tabs.tsx';
import { Tester } from './tester.tsx';
import { VerdictTable } from './verdicts.tsx';

type State =
  | { status: 'loading' }
  | { status: 'done'; model: PopupModel; settings: Settings }
  | { status: 'error'; message: string };

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
}

export function App({ tabId, actions, t }: AppProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [view, setView] = useState<View>('verdicts');
  const [visited, setVisited] = useState<Set<View>>(new Set(['verdicts']));
  const [selected, setSelected] = useState<string | null>(null);
  const [jump, setJump] = useState<{ line: number } | null>(null);

  const load = useCallback(
    async (force: boolean) => {
      setState({ status: 'loading' });
      if (tabId === null) {
        setState({ status: 'error', message: t('noTab') });
        return;
      }
      const [report, settings] = await Promise.all([
        force ? actions.refresh({ tabId }) : actions.tabReport({ tabId }),
        actions.getSettings({}),
      ]);
      if (!report.ok) return setState({ status: 'error', message: report.message });
      if (!settings.ok) return setState({ status: 'error', message: settings.message });
      const model = popupModel(report.value, t, {
        showOtherReadings: settings.value.showOtherReadings,
        parse: (text) => parsedFiles.get(text),
      });
      setState({ status: 'done', model, settings: settings.value });
    },
    [tabId, actions, t],
  );

  useEffect(() => {
    void load(false);
  }, [load]);
  // The translator is the page's for its whole life: the language it speaks is the one of the
  // first settings shown, whatever reloads follow.
  const renderedLanguage = useRef<Language | null>(null);
  if (renderedLanguage.current === null && state.status === 'done')
    renderedLanguage.current = state.settings.language;
  useSettingsChanges(actions, renderedLanguage.current, () => {
    void load(false);
  });
  useEffect(() => {
    document.body.dataset['state'] = state.status;
    // The moment the verdicts are on screen, for `npm run bench:popup` and for profiling.
    if (state.status === 'done') performance.mark('robots-lens:verdicts');
  }, [state.status]);

  const show = (next: View) => {
    setView(next);
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
  const parsed =
    model.text === null || (visited.size === 1 && visited.has('verdicts'))
      ? null
      : parsedFiles.get(model.text);
  const selectedRobot = selected ?? model.rows[0]?.robot ?? '';
  const selectedRow = model.rows.find((r) => r.robot === selectedRobot);
  // The line the file view shows: the one jumped to, else the selected robot's deciding line.
  const fileLine = jump?.line ?? selectedRow?.rule?.line ?? null;
  const available: View[] = VIEWS.filter(
    (v) =>
      (model.text !== null || !['records', 'file', 'summary'].includes(v)) &&
      (model.page !== null || v !== 'page'),
  );
  const current = available.includes(view) ? view : 'verdicts';
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
      {model.page !== null && <PageStrip page={model.page} t={t} />}
      <Tabs current={current} available={available} onChange={show} t={t} />
      {panel('verdicts', () => (
        <VerdictTable
          rows={model.rows}
          t={t}
          caption={t('verdictsCaption')}
          variant="page"
          onJump={jumpTo}
          onSelect={(robot) => {
            setSelected(robot);
            if (model.text !== null) show('records');
          }}
        />
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
      {parsed !== null &&
        panel('records', () => (
          <Records
            parsed={parsed}
            rows={model.rows}
            selected={selectedRobot}
            onSelect={setSelected}
            onJump={jumpTo}
            t={t}
          />
        ))}
      {parsed !== null &&
        panel('file', () => (
          <FileView
            text={model.text ?? ''}
            diagnostics={parsed.diagnostics}
            highlight={fileLine}
            highlightLabel={t('fileDecidingLine', selectedRobot)}
            jumpTo={fileLine}
            t={t}
          />
        ))}
      {parsed !== null && panel('summary', () => <Summary parsed={parsed} t={t} />)}
      {panel('tester', () => (
        <Tester
          model={model}
          parsed={parsed}
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
