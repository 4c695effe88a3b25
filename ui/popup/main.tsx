// The popup's entry, kept small (it imports only the requests and the kept screen) so it runs as
// soon as the page is parsed: it asks for the tab, the settings and the first report at once,
// reads the tab's snapshot and the popup's last screen of it, and shows that screen at once if it
// was drawn from this very snapshot. Meanwhile it loads the app (start.tsx, which the page's HTML
// preloads) and hands the requests over to it once the screen is on screen (at once without one).
// Each step sets a performance mark (robots-lens:<step>), read by `npm run bench:popup`.
import { requests, tabSnapshot, targetTab } from '../requests.ts';
import { paintScreen } from './screen.ts';
import type { FirstRequests, Mark } from './start.tsx';

const mark: Mark = (step) => (value) => {
  performance.mark(`robots-lens:${step}`);
  return value;
};

/** Once what was drawn is on screen (after the next frame). */
const onScreen = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

const root = document.getElementById('root');
if (root !== null) {
  mark('script')(null);
  const tab = targetTab()
    .catch(() => null)
    .then(mark('tab'));
  const opening = tab
    .then((target) => (target === null ? null : tabSnapshot(target)))
    .then(mark('snapshot'));
  const first: FirstRequests = {
    tab,
    settings: requests.getSettings({}).then(mark('settings')),
    report: tab
      .then((target) => (target === null ? null : requests.tabReport({ tabId: target.id })))
      .then(mark('report')),
    snapshot: opening.then((o) => o?.snapshot ?? null),
  };
  // The app loads while the storage is read; the last screen goes first, and the app starts
  // drawing once it is on screen (at once when there is none).
  const app = import('./start.tsx').then(mark('app'));
  void opening
    .then(async (o) => {
      if (!o?.screen || !paintScreen(root, o.screen)) return;
      mark('screen')(null);
      await onScreen();
      mark('verdicts')(null);
    })
    .then(() => app)
    .then(({ start }) => start(root, first, mark));
}
