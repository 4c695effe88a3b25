// The popup's entry, kept small (it imports only the requests) so it runs as soon as the page is
// parsed: it asks for the tab, the settings and the first report at once, reads the tab's
// snapshot, then loads the app (start.tsx, which the page's HTML preloads meanwhile) and hands them
// over. Each step sets a performance mark (robots-lens:<step>), read by `npm run bench:popup`.
import { requests, tabSnapshot, targetTab } from '../requests.ts';
import type { FirstRequests, Mark } from './start.tsx';

const mark: Mark = (step) => (value) => {
  performance.mark(`robots-lens:${step}`);
  return value;
};

const root = document.getElementById('root');
if (root !== null) {
  mark('script')(null);
  const tab = targetTab()
    .catch(() => null)
    .then(mark('tab'));
  const first: FirstRequests = {
    tab,
    settings: requests.getSettings({}).then(mark('settings')),
    report: tab
      .then((target) => (target === null ? null : requests.tabReport({ tabId: target.id })))
      .then(mark('report')),
    snapshot: tab
      .then((target) => (target === null ? null : tabSnapshot(target)))
      .then(mark('snapshot')),
  };
  void import('./start.tsx').then(mark('app')).then(({ start }) => start(root, first, mark));
}
