// The report the popup shows: the first one handed over (main.tsx, start.tsx), then the popup's own
// in its place, then each refresh and settings change in place of the last, with what went wrong.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type PopupModel, popupModel } from '../first-screen/model.ts';
import { refusalText, type Translator } from '../src/explain/index.ts';
import type { Language, Settings } from '../src/extension/settings.ts';
import type { Actions } from '../ui/connector.ts';
import { useSettingsChanges } from '../ui/use-settings-changes.ts';

/** A report and the settings, as the popup asks for them. */
export type FreshReport = [
  Awaited<ReturnType<Actions['tabReport']>>,
  Awaited<ReturnType<Actions['getSettings']>>,
];

/** The first report and settings, asked for before the app renders (main.tsx). */
export interface FirstReport {
  report: FreshReport[0];
  settings: FreshReport[1];
  /**
   * The popup's own report and settings, still on their way when `report` is the tab's snapshot
   * (the background's last report for it): put in its place, as a refresh is, once they come.
   */
  fresh?: Promise<FreshReport>;
}

/** Where the report stands: the first one on its way, on screen, or failed before any was. */
export type ReportState =
  | { status: 'loading' }
  | { status: 'done'; model: PopupModel; settings: Settings }
  | { status: 'error'; message: string };

/** What useTabReport gives the app. */
export interface TabReport {
  state: ReportState;
  /** A report is on its way while the last one stays on screen. */
  refreshing: boolean;
  /** A refresh that failed while the last report stays on screen. */
  refreshError: string | null;
  /** Asks for the tab's report again (`force`: the file fetched anew) and shows it in place. */
  load: (force: boolean) => Promise<void>;
}

/** What useTabReport needs. */
export interface TabReportOptions {
  tabId: number | null;
  actions: Actions;
  t: Translator;
  initial: FirstReport | undefined;
  /**
   * Runs with each report that comes after `initial`'s, before it is shown, so what comes with
   * it shows with it (the latest function given is called: it need not be stable).
   */
  prepare: (model: PopupModel) => Promise<void>;
}

/** Owns the report shown, its refresh and errors, body[data-state] and the bench's marks. */
export function useTabReport({ tabId, actions, t, initial, prepare }: TabReportOptions): TabReport {
  const [state, setState] = useState<ReportState>(() => {
    if (initial === undefined || !initial.report.ok || !initial.settings.ok)
      return { status: 'loading' };
    const model = popupModel(initial.report.value, t, {
      showOtherReadings: initial.settings.value.showOtherReadings,
    });
    return { status: 'done', model, settings: initial.settings.value };
  });
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const shown = useRef(state.status === 'done');
  const prepared = useRef(prepare);
  prepared.current = prepare;

  /** Shows a report: in place of the one on screen, if any. */
  const apply = useCallback(
    async ([report, settings]: FreshReport) => {
      if (tabId === null) return;
      if (!report.ok || !settings.ok) {
        // By the refusal's code: the background's message is English.
        const message = refusalText(
          report.ok ? (settings.ok ? '' : settings.error) : report.error,
          t,
        );
        if (shown.current) setRefreshError(message);
        else setState({ status: 'error', message });
        return;
      }
      setRefreshError(null);
      const model = popupModel(report.value, t, {
        showOtherReadings: settings.value.showOtherReadings,
      });
      await prepared.current(model);
      shown.current = true;
      setState({ status: 'done', model, settings: settings.value });
    },
    [tabId, t],
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

  return { state, refreshing, refreshError, load };
}
