// The popup's entry: the tab and the translator, then the app.
import { render } from 'preact';
import { extensionTranslator } from '../../webext/translator.ts';
import { connector, targetTabId } from '../connector.ts';
import { App } from './app.tsx';

const root = document.getElementById('root');
if (root !== null) {
  const language = connector
    .getSettings({})
    .then((reply) => (reply.ok ? reply.value.language : 'auto'));
  void Promise.all([
    // No tab id: the app says it cannot check this page.
    targetTabId().catch(() => null),
    language.then(extensionTranslator),
  ]).then(([tabId, t]) => {
    document.documentElement.lang = t.locale;
    render(<App tabId={tabId} actions={connector} t={t} />, root);
  });
}
