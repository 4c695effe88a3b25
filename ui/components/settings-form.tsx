// The other settings, and export/import, for the options page.
import { useRef, useState } from 'preact/hooks';
import type { Translator } from '../../src/explain/index.ts';
import { problemText } from '../../src/extension/explain/settings.ts';
import { LANGUAGES, type Language, type Settings } from '../../src/extension/settings.ts';
import type { Actions } from '../connector.ts';

/** Language names in their own language: the same in every interface. */
const AUTONYMS: Record<Exclude<Language, 'auto'>, string> = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
  th: 'ไทย',
};
const LIFETIMES_H = [1, 6, 12, 24];

export function SettingsForm({
  settings,
  actions,
  t,
}: {
  settings: Settings;
  actions: Actions;
  t: Translator;
}) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const set = (change: Partial<Settings>) =>
    void actions
      .setSettings(change)
      .then((reply) =>
        setMessage(
          reply.ok
            ? { text: t('saved'), error: false }
            : { text: t('saveFailed', problemText(reply, t, 'save')), error: true },
        ),
      );

  return (
    <div class="settings-form">
      <h2>{t('settingsHeading')}</h2>
      <fieldset>
        <legend>{t('settingChecking')}</legend>
        <label class="setting">
          <input
            type="radio"
            name="checking"
            value="auto"
            checked={settings.checking === 'auto'}
            onChange={() => set({ checking: 'auto' })}
          />{' '}
          {t('checkingAuto')}
        </label>
        <label class="setting">
          <input
            type="radio"
            name="checking"
            value="on-demand"
            checked={settings.checking === 'on-demand'}
            onChange={() => set({ checking: 'on-demand' })}
          />{' '}
          {t('checkingOnDemand')}
        </label>
      </fieldset>
      <label class="setting">
        <input
          type="checkbox"
          name="other-readings"
          checked={settings.showOtherReadings}
          onChange={(e) => set({ showOtherReadings: e.currentTarget.checked })}
        />{' '}
        {t('settingOtherReadings')}
      </label>
      <label class="setting">
        <input
          type="checkbox"
          name="remember-paths"
          checked={settings.rememberPaths}
          onChange={(e) => set({ rememberPaths: e.currentTarget.checked })}
        />{' '}
        {t('settingRememberPaths')}
      </label>
      <label class="field">
        {t('settingCacheLifetime')}{' '}
        <select
          name="cache-lifetime"
          value={String(settings.cacheLifetimeMs)}
          onChange={(e) => set({ cacheLifetimeMs: Number(e.currentTarget.value) })}
        >
          {LIFETIMES_H.map((h) => (
            <option key={h} value={String(h * 3_600_000)}>
              {t.plural('hours', h)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        {t('settingLanguage')}{' '}
        <select
          name="language"
          value={settings.language}
          onChange={(e) => set({ language: e.currentTarget.value as Language })}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l === 'auto' ? t('languageAuto') : AUTONYMS[l]}
            </option>
          ))}
        </select>
      </label>
      <div class="actions">
        <button
          type="button"
          name="reset-all"
          onClick={() =>
            void actions
              .resetSettings({})
              .then((reply) =>
                setMessage(
                  reply.ok
                    ? { text: t('resetDone'), error: false }
                    : { text: problemText(reply, t, 'save'), error: true },
                ),
              )
          }
        >
          {t('resetAll')}
        </button>
        <button
          type="button"
          name="clear-cache"
          onClick={() =>
            void actions
              .clearCache({})
              .then((reply) =>
                setMessage(
                  reply.ok
                    ? { text: t.plural('cacheCleared', reply.value), error: false }
                    : { text: problemText(reply, t, 'save'), error: true },
                ),
              )
          }
        >
          {t('clearCache')}
        </button>
      </div>
      <h2>{t('exportHeading')}</h2>
      <div class="actions">
        <button
          type="button"
          name="export"
          onClick={() =>
            void actions.exportSettings({}).then((reply) => {
              if (!reply.ok) {
                setMessage({ text: problemText(reply, t, 'save'), error: true });
                return;
              }
              const json = reply.value;
              const link = document.createElement('a');
              link.href = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
              link.download = 'robots-lens-settings.json';
              link.click();
              setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
            })
          }
        >
          {t('exportButton')}
        </button>
        <label class="file-button">
          {t('importButton')}
          <input
            ref={file}
            type="file"
            name="import"
            accept="application/json,.json"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0];
              if (chosen === undefined) return;
              void chosen
                .text()
                .then(
                  (text) => actions.importSettings({ text }),
                  // An unreadable file (removed, no access) is refused like a foreign one.
                  () => ({ ok: false, error: 'foreign-file', message: 'unreadable' }) as const,
                )
                .then((reply) =>
                  setMessage(
                    reply.ok
                      ? { text: t('imported'), error: false }
                      : { text: t('importFailed', problemText(reply, t)), error: true },
                  ),
                )
                .finally(() => {
                  if (file.current) file.current.value = '';
                });
            }}
          />
        </label>
      </div>
      {message !== null && (
        <p
          class={message.error ? 'warning' : 'muted'}
          role={message.error ? 'alert' : 'status'}
          data-message={message.error ? 'error' : 'ok'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
