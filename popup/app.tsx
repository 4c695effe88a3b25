// The popup's components: they render data and call `actions`, never the browser.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { TabReport } from '../src/messages.ts';
import type { Settings } from '../src/settings.ts';
import type { Actions } from './connector.ts';
import { type RobotRow, type ViewModel, viewModel } from './view-model.ts';

type State =
  | { status: 'loading' }
  | { status: 'done'; model: ViewModel; settings: Settings }
  | { status: 'error'; message: string };

function CheckingToggle({ settings, actions }: { settings: Settings; actions: Actions }) {
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
      Check sites automatically as I browse (otherwise only when I open this popup)
    </label>
  );
}

function Row({ row }: { row: RobotRow }) {
  const ruleAttr = row.rule === null ? {} : { 'data-rule-line': String(row.rule.line) };
  const others = [
    row.semantics !== 'rfc9309' && row.rfc9309 !== row.verdict && row.verdict !== 'unknown'
      ? `RFC 9309: ${row.rfc9309}`
      : null,
    row.original1994 !== row.verdict && row.verdict !== 'unknown'
      ? `1994 standard: ${row.original1994}`
      : null,
  ].filter((x) => x !== null);
  return (
    <tr
      class={`row ${row.verdict}`}
      data-robot={row.robot}
      data-verdict={row.verdict}
      data-verdict-rfc9309={row.rfc9309}
      data-verdict-1994={row.original1994}
      {...ruleAttr}
    >
      <th scope="row">{row.robot}</th>
      <td class="verdict">
        {row.verdict === 'unknown' ? '—' : row.verdict === 'allowed' ? 'Allowed' : 'Disallowed'}
      </td>
      <td class="rule">
        {row.rule === null ? (
          <span class="muted">{row.why}</span>
        ) : (
          <>
            <code>
              {row.rule.type === 'allow' ? 'Allow' : 'Disallow'}: {row.rule.value}
            </code>{' '}
            <span class="muted">
              line {row.rule.line} · {row.why}
            </span>
          </>
        )}
        {others.length > 0 && <div class="other">{others.join(' · ')}</div>}
      </td>
    </tr>
  );
}

export function App({ tabId, actions }: { tabId: number | null; actions: Actions }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(
    async (force: boolean) => {
      setState({ status: 'loading' });
      try {
        if (tabId === null) throw new Error('No tab to show.');
        const [report, settings] = await Promise.all([
          (force ? actions.refresh(tabId) : actions.tabReport(tabId)) as Promise<TabReport>,
          actions.settings(),
        ]);
        setState({ status: 'done', model: viewModel(report, settings.robots), settings });
      } catch (error) {
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [tabId, actions],
  );

  useEffect(() => {
    load(false).catch(() => {});
  }, [load]);
  useEffect(() => {
    document.body.dataset['state'] = state.status;
  }, [state.status]);

  if (state.status === 'loading')
    return (
      <p class="status" aria-busy="true">
        Checking robots.txt…
      </p>
    );
  if (state.status === 'error')
    return (
      <p class="status error" role="alert">
        Could not check this page: {state.message}
      </p>
    );
  const { model } = state;
  return (
    <main>
      <header>
        <h1>Robots Lens</h1>
        <p class="url" title={model.url}>
          {model.url}
        </p>
      </header>
      <section class="outcome" data-fetch-outcome={model.outcome}>
        <p>{model.summary}</p>
        {model.warnings.map((w) => (
          <p class="warning" key={w}>
            {w}
          </p>
        ))}
        {model.needsPermission && (
          <button
            type="button"
            onClick={() => actions.requestPermission(model.origin).then(() => load(false))}
          >
            {model.origin === null
              ? 'Allow Robots Lens to read robots.txt on the sites you visit'
              : `Allow Robots Lens to read ${model.origin}/robots.txt`}
          </button>
        )}
        {model.outcome !== 'not-applicable' && (
          <button type="button" class="refresh" onClick={() => load(true)}>
            Refresh
          </button>
        )}
      </section>
      <table class="verdicts">
        <caption>Verdicts for this page</caption>
        <tbody>
          {model.rows.map((row) => (
            <Row row={row} key={row.robot} />
          ))}
        </tbody>
      </table>
      {model.text !== null && (
        <details class="file">
          <summary>robots.txt</summary>
          <pre>{model.text}</pre>
        </details>
      )}
      <footer>
        <CheckingToggle settings={state.settings} actions={actions} />
      </footer>
    </main>
  );
}
