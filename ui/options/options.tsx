// The options page: the robot list and every other setting, export and import, and the
// background's error counts for debugging.
import { useEffect, useState } from 'preact/hooks';
import type { Translator } from '../../src/explain/index.ts';
import type { Settings } from '../../src/settings.ts';
import { RobotEditor } from '../components/robot-editor.tsx';
import { SettingsForm } from '../components/settings-form.tsx';
import type { Actions } from '../connector.ts';
import { useSettingsChanges } from '../use-settings-changes.ts';
import { DebugView } from './debug-view.tsx';

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
      <DebugView actions={actions} t={t} />
    </main>
  );
}
