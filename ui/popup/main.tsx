// The popup's entry: the tab, the translator and the first report, asked for at once, then the app.
import { render } from 'preact';
import { extensionTranslator } from '../../webext/translator.ts';
import { connector, targetTabId } from '../connector.ts';
import { App } from './app.tsx';
import { MemoryStore } from './memory.ts';

const root = document.getElementById('root');
if (root !== null) {
  const settings = connector.getSettings({});
  const tab = targetTabId().catch(() => null);
  const report = tab.then((tabId) => (tabId === null ? null : connector.tabReport({ tabId })));
  const memory = report.then((reply) =>
    reply?.ok && reply.value.kind === 'report'
      ? new MemoryStore(connector.memory).load(reply.value.report.origin)
      : null,
  );
  const language = settings.then((reply) => (reply.ok ? reply.value.language : 'auto'));
  void Promise.all([tab, language.then(extensionTranslator), report, settings, memory]).then(
    ([tabId, t, r, s, m]) => {
      document.documentElement.lang = t.locale;
      const initial = r === null ? undefined : { report: r, settings: s, memory: m };
      render(<App tabId={tabId} actions={connector} t={t} initial={initial} />, root);
    },
  );
}
