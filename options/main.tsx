// The options page: the robot list and every other setting, export and import.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { RobotEditor } from '../popup/components/robot-editor.tsx';
import { SettingsForm } from '../popup/components/settings-form.tsx';
import { type Actions, connector } from '../popup/connector.ts';
import { loadTranslator } from '../popup/i18n.ts';
import type { Translator } from '../src/i18n.ts';
import type { Settings } from '../src/settings.ts';

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
  useEffect(
    () =>
      actions.onSettingsChanged(() => {
        actions.settings().then(
          (next) => {
            if (next.language !== settings.language) location.reload();
            else setSettings(next);
          },
          () => {},
        );
      }),
    [actions, settings.language],
  );
  useEffect(() => {
    document.body.dataset['state'] = 'done';
  }, []);
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <RobotEditor
        robots={settings.robots}
        t={t}
        save={(robots) => actions.setSettings({ robots }).then(setSettings)}
      />
      <SettingsForm settings={settings} actions={actions} t={t} />
    </main>
  );
}

const root = document.getElementById('root');
if (root !== null) {
  connector.settings().then(
    async (settings) => {
      const t = await loadTranslator(settings.language);
      document.documentElement.lang = t.locale;
      document.title = t('optionsTitle');
      render(<Options actions={connector} t={t} initial={settings} />, root);
    },
    (error: unknown) => {
      document.body.dataset['state'] = 'error';
      root.textContent = String(error);
    },
  );
}
