// The popup's entry: one small classic script in the page's <head>, bundled on its own with the
// requests, the kept screen's builder and the browser's own API (no polyfill, no shared chunks), so
// it runs before the page's body is parsed and before the app's modules are preloaded. At once it
// asks for the tab, the settings and the first report, and reads the tab's snapshot with the
// popup's last screen of it, and what the popup kept for the site. It shows that screen as soon as
// the body is there if it was drawn from this very snapshot. Meanwhile it loads the app (start.tsx,
// which the HTML preloads) and hands the requests over to it once the screen is on screen (at once
// without one). Each step sets a performance mark (robots-lens:<step>), read by `npm run bench:popup`.
import { robotsOrigin } from '../../src/policy.ts';
import { requests, sessionValue, tabSnapshot, targetTab } from '../requests.ts';
import { memoryKey } from './memory.ts';
import { paintScreen } from './screen.ts';
import type { FirstRequests, Mark } from './start.tsx';

const mark: Mark = (step) => (value) => {
  performance.mark(`robots-lens:${step}`);
  return value;
};

/** Once what was drawn is on screen (after the next frame). */
const onScreen = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** The popup's root, once the body is parsed (the script runs in the head). */
const root = new Promise<HTMLElement | null>((resolve) => {
  const found = () => resolve(document.getElementById('root'));
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', found, { once: true });
  else found();
});

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
  memory: tab.then(async (target) => {
    const url = target === null ? null : await target.url;
    const origin = url === null ? null : robotsOrigin(url);
    return origin === null ? null : { origin, value: await sessionValue(memoryKey(origin)) };
  }),
};
// The app loads while the storage is read; the last screen goes first, and the app starts
// drawing once it is on screen (at once when there is none).
const app = import('./start.tsx').then(mark('app'));
void Promise.all([root, opening])
  .then(async ([element, o]) => {
    if (element === null || !o?.screen || !paintScreen(element, o.screen)) return element;
    mark('screen')(null);
    await onScreen();
    mark('verdicts')(null);
    return element;
  })
  .then(async (element) => {
    if (element !== null) (await app).start(element, first, mark);
  });
