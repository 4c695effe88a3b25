import { render } from 'preact';
import { App } from './app.tsx';
import { connector, targetTabId } from './connector.ts';
import { loadTranslator } from './i18n.ts';

const root = document.getElementById('root');
if (root !== null) {
  const settings = connector.settings().catch(() => null);
  Promise.all([
    targetTabId().catch(() => null),
    settings.then((s) => loadTranslator(s?.language ?? 'auto')),
  ]).then(
    ([tabId, t]) => {
      document.documentElement.lang = t.locale;
      render(<App tabId={tabId} actions={connector} t={t} />, root);
    },
    () => {},
  );
}
