import { render } from 'preact';
import { App } from './app.tsx';
import { connector, targetTabId } from './connector.ts';

const root = document.getElementById('root');
if (root !== null) {
  targetTabId().then(
    (tabId) => render(<App tabId={tabId} actions={connector} />, root),
    () => render(<App tabId={null} actions={connector} />, root),
  );
}
