// The options page: the robot list and every other setting, export and import, and the
// background's error counts for debugging, and a button that forgets every site's history.
import { useEffect, useState } from 'preact/hooks';
import { refusalText, type Translator } from '../src/explain/index.ts';
import type { Settings } from '../src/extension/settings.ts';
import { RobotEditor } from '../ui/components/robot-editor.tsx';
import { SettingsForm } from '../ui/components/settings-form.tsx';
import type { Actions } from '../ui/connector.ts';
import { useSettingsChanges } from '../ui/use-settings-changes.ts';
import { DebugView } from './debug-view.tsx';

/** Forgets every site's kept robots.txt versions and visited pages, after a confirmation step. */
function ClearAllHistory({ actions, t }: { actions: Actions; t: Translator }) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ text: string; isProblem: boolean } | null>(null);
  const clear = async () => {
    setConfirming(false);
    const reply = await actions.clearAllHistory({});
    setResult(
      reply.ok
        ? { text: t.plural('historyClearedAll', reply.value), isProblem: false }
        : { text: t('historyActionFailed', refusalText(reply.error, t)), isProblem: true },
    );
  };
  return (
    <div class="clear-history">
      <p class="actions">
        <button
          type="button"
          data-action="clear-all-history"
          aria-expanded={confirming}
          onClick={() => {
            setResult(null);
            setConfirming(true);
          }}
        >
          {t('historyClearAll')}
        </button>
      </p>
      {confirming && (
        <p class="confirm" role="alertdialog" aria-label={t('historyClearAll')}>
          {t('historyClearAllConfirm')}{' '}
          <button
            type="button"
            data-action="confirm-clear-all-history"
            onClick={() => void clear()}
          >
            {t('historyClearYes')}
          </button>{' '}
          <button
            type="button"
            data-action="cancel-clear-all-history"
            onClick={() => setConfirming(false)}
          >
            {t('historyClearNo')}
          </button>
        </p>
      )}
      {result !== null && (
        <p
          class={result.isProblem ? 'warning' : 'muted'}
          role={result.isProblem ? 'alert' : 'status'}
          data-clear-all-result=""
        >
          {result.text}
        </p>
      )}
    </div>
  );
}

export function Options({
  actions,
  t,
  initial,
}: {
  actions: Actions;
  t: Translator;
  initial: Settings;
}) {
  const [settings, setSettings] = useState(initial);
  useSettingsChanges(actions, settings.language, setSettings);
  useEffect(() => {
    document.body.dataset['state'] = 'done';
  }, []);
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <RobotEditor
        robots={settings.robots}
        t={t}
        save={async (robots) => {
          const reply = await actions.setSettings({ robots });
          if (reply.ok) setSettings(reply.value);
          return reply;
        }}
      />
      <SettingsForm settings={settings} actions={actions} t={t} />
      <ClearAllHistory actions={actions} t={t} />
      <DebugView actions={actions} t={t} />
    </main>
  );
}
