// The popup's frame: its header, the fetch outcome, the page strip, the tabs, the verdicts and the
// footer, drawn from data alone. The popup's app (popup/app.tsx) renders it with its state, its
// handlers and its other views as `children`; the background renders it to HTML for a tab's
// snapshot (draw-screen.tsx), the popup's first screen, where no handler ever runs. So it calls no
// browser API and keeps no state of its own but the checking switch's.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Translator } from '../src/explain/index.ts';
import type { View } from '../src/extension/popup-memory.ts';
import type { Settings } from '../src/extension/settings.ts';
import { indexableAnswer } from '../src/page/combined.ts';
import { BadgeLegend } from './badge-legend.tsx';
import { ExportBar } from './export-bar.tsx';
import { HeadlineLine } from './headline.tsx';
import type { PopupModel } from './model.ts';
import { type DiffComponent, Outcome } from './outcome.tsx';
import { PageStrip } from './page-strip.tsx';
import { Tabs } from './tabs.tsx';
import { VerdictTable } from './verdicts.tsx';

/** What the frame's controls do: the app's handlers; refusing stand-ins where none runs. */
export interface FrameHandlers {
  openUrl(url: string): void;
  copy(text: string): unknown;
  refresh(): void;
  grant(): void;
  show(view: View): void;
  jumpTo(line: number): void;
  selectRobot(robot: string): void;
  setChecking(auto: boolean): Promise<boolean>;
}

export interface PopupFrameProps {
  model: PopupModel;
  settings: Settings;
  t: Translator;
  /** The view shown, one of `available`. */
  current: View;
  available: readonly View[];
  refreshing: boolean;
  /** A refresh that failed while the last report stays on screen. */
  refreshError: string | null;
  handlers: FrameHandlers;
  /** The view of the file's changes, loaded when first opened (none where no event runs). */
  Diff?: DiffComponent;
  /** The other views' panels, after the verdicts'. */
  children?: ComponentChildren;
}

/** The views the popup offers for `model`: those with something to show. */
export function availableViews(model: PopupModel, views: readonly View[]): View[] {
  return views.filter(
    (v) =>
      (model.hasFile || !['records', 'file', 'summary'].includes(v)) &&
      (model.page !== null || v !== 'page') &&
      (model.origin !== null || v !== 'history'),
  );
}

/** One view's panel, hidden unless it is the view shown. */
export function Panel({
  name,
  current,
  children,
}: {
  name: View;
  current: View;
  children: ComponentChildren;
}) {
  return (
    <section
      role="tabpanel"
      id={`panel-${name}`}
      aria-labelledby={`tab-${name}`}
      hidden={name !== current}
      class="panel"
    >
      {children}
    </section>
  );
}

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
          data-indexable={indexableAnswer(row.combined.state)}
        >
          {row.robot}
        </li>
      ))}
    </ul>
  );
}

/** The switch between checking every page as it loads and only when the popup opens. */
function CheckingToggle({
  settings,
  setChecking,
  t,
}: {
  settings: Settings;
  setChecking: FrameHandlers['setChecking'];
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
          void setChecking(checked).then((saved) => saved || setAuto(!checked));
        }}
      />{' '}
      {t('settingAuto')}
    </label>
  );
}

export function PopupFrame({
  model,
  settings,
  t,
  current,
  available,
  refreshing,
  refreshError,
  handlers,
  Diff,
  children,
}: PopupFrameProps) {
  const internal = model.status === 'not-applicable' && !model.needsPermission;
  return (
    <main class="popup" aria-busy={refreshing}>
      <header>
        <h1>{t('extName')}</h1>
        <p class="url" title={model.url}>
          {model.url}
        </p>
      </header>
      {model.headline !== null && <HeadlineLine headline={model.headline} />}
      <Outcome
        model={model}
        t={t}
        onOpen={handlers.openUrl}
        onCopy={handlers.copy}
        onRefresh={handlers.refresh}
        onGrant={handlers.grant}
        Diff={Diff}
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
          <Tabs current={current} available={available} onChange={handlers.show} t={t} />
          {available.includes('verdicts') && (
            <Panel key="verdicts" name="verdicts" current={current}>
              {model.changeSeverity === 'critical' && (
                <p class="warning critical-change" data-change-severity="critical">
                  ⚠ {t('criticalChangeVerdicts')}
                </p>
              )}
              <ExportBar rows={model.rows} url={model.url} t={t} copy={handlers.copy} />
              <VerdictTable
                rows={model.rows}
                t={t}
                caption={t('verdictsCaption')}
                variant="page"
                onJump={handlers.jumpTo}
                onCopy={handlers.copy}
                robotsUrl={model.source?.fileUrl ?? null}
                onSelect={handlers.selectRobot}
              />
            </Panel>
          )}
          {children}
        </>
      )}
      <footer>
        <CheckingToggle settings={settings} setChecking={handlers.setChecking} t={t} />
        <BadgeLegend t={t} />
      </footer>
    </main>
  );
}
