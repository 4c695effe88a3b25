// The popup's entry: one small classic script at the end of the page's body, bundled on its own
// with the requests, the screen's builder and the browser's own API (no polyfill, no shared
// chunks), so it runs with the popup's root there, before the page's first frame. The popup's
// first frame has two sources, no more:
// 1. the screen the tab's popup URL carries (popup-screen.html?tab=<id>#<screen>), drawn by the
//    background from the tab's snapshot (first-screen/draw-screen.tsx): read with no wait and shown
//    at once, so it is in the first frame (that page preloads nothing, which would hold the frame
//    back); once it is on screen, the requests are sent and the app is loaded;
// 2. the app (start.tsx), which draws the tab's snapshot (storage.session) or its own report,
//    whichever comes first, in the screen's place.
// Either way the entry asks for the tab, the settings and the first report, reads the tab's
// snapshot and what the popup kept for the site, and hands them to the app. Each step sets a
// performance mark (robots-lens:<step>), read by `npm run bench:popup`.

import { carriedScreen, clearScreen, paintScreen, type TabScreen } from '../first-screen/screen.ts';
import { memoryKey, memoryScope } from '../src/extension/popup-memory.ts';
import { snapshotBasis } from '../src/extension/tab-snapshot.ts';
import { robotsOrigin } from '../src/policy.ts';
import { requests, sessionValue, tabSnapshot, targetTab } from '../ui/requests.ts';
import type { FirstRequests, Mark } from './start.tsx';

const mark: Mark = (step) => (value) => {
  performance.mark(`robots-lens:${step}`);
  return value;
};

/**
 * Once what was drawn is on screen (after the next frame), or after 100 ms in a page that draws no
 * frames (hidden): the requests and the app wait for it.
 */
const onScreen = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(resolve));
  });

/** Shows `screen` in the popup's root (empty): true when shown, marked for the bench. */
const show = (element: HTMLElement, screen: TabScreen): boolean => {
  if (!paintScreen(element, screen)) return false;
  mark('screen')(null);
  return true;
};

/** Once the screen shown in `element` is on screen: marked as the verdicts, unless taken away. */
const screenOnScreen = (element: HTMLElement) =>
  onScreen().then(() => {
    if (element.dataset['screen'] !== undefined) mark('verdicts')(null);
  });

/** The popup's root: there already (the script ends the body), or once the body is parsed. */
const root = new Promise<HTMLElement | null>((resolve) => {
  const found = () => resolve(document.getElementById('root'));
  if (document.readyState === 'loading' && document.getElementById('root') === null)
    document.addEventListener('DOMContentLoaded', found, { once: true });
  else found();
});

mark('script')(null);
const here = document.getElementById('root');
// The screen the popup's URL carries is shown before anything is asked of the browser: it is in
// the page's first frame. Nothing is asked before that frame is drawn either: the first calls into
// the extension's APIs cost the page's main thread a few ms, which held the frame back
// (bench/popup.bench.mjs: 5–10 ms at the median).
const carried = carriedScreen(location.hash);
const shown = carried !== null && here !== null && show(here, carried);
const painted = shown ? screenOnScreen(here) : Promise.resolve();
const tab = painted
  .then(targetTab)
  .catch(() => null) // no tab to show: the app says so
  .then(mark('tab'));
const snapshot = tab
  .then((target) => (target === null ? null : tabSnapshot(target)))
  .then(mark('snapshot'));
const first: FirstRequests = {
  tab,
  settings: painted.then(() => requests.getSettings({})).then(mark('settings')),
  report: tab
    .then((target) => (target === null ? null : requests.tabReport({ tabId: target.id })))
    .then(mark('report')),
  snapshot,
  // Under the tab's scope: a private window's memory is kept apart (no extra request: the tab's
  // facts come with its URL).
  memory: tab.then(async (target) => {
    if (target === null) return null;
    const [url, incognito] = await Promise.all([target.url, target.incognito]);
    const origin = url === null ? null : robotsOrigin(url);
    if (origin === null) return null;
    const scope = memoryScope(origin, incognito);
    return { scope, value: await sessionValue(memoryKey(scope)) };
  }),
};

if (shown) {
  // Taken away as soon as it turns out not to be of the page the tab shows, or drawn from another
  // snapshot than the one kept now (overtaken as the popup opened): a screen shows only what the
  // background last judged of the tab's page.
  void tab.then(async (target) => {
    if ((target === null ? null : await target.url) !== carried.url) clearScreen(here);
  });
  void snapshot.then((s) => {
    if (s !== null && snapshotBasis(s) !== carried.basis) clearScreen(here);
  });
  // The app's modules load after the frame that shows the screen, out of its way.
  void painted.then(async () => {
    (await import('./start.tsx').then(mark('app'))).start(here, first, mark);
  });
} else {
  // No screen to show: the app loads while the requests are on their way, and draws at once.
  const app = import('./start.tsx').then(mark('app'));
  void root.then(async (element) => {
    if (element !== null) (await app).start(element, first, mark);
  });
}
