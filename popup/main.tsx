import { render } from 'preact';
import { App } from './app.tsx';
import { connector, targetTabId } from './connector.ts';
import { browserTranslator } from './i18n.ts';

const root = document.getElementById('root');
if (root !== null) {
  const t = browserTranslator();
  document.documentElement.lang = t.locale;
  targetTabId().then(
    (tabId) => render(<App tabId={tabId} actions={connector} t={t} />, root),
    () => render(<App tabId={null} actions={connector} t={t} />, root),
  );
}
