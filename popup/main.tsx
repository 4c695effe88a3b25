// The popup's entry: one small classic script at the end of the page's body, bundled on its own
// with the requests, the kept screen's builder and the browser's own API (no polyfill, no shared
// chunks), so it runs with the popup's root there, before the page's first frame. When the tab's
// popup URL names a screen of the tab (set back when the tab's snapshot changes): the popup's last
// one, kept in localStorage by keep-screen.ts (popup-screen.html?tab=<id>&screen=<basis>), or one
// the URL carries itself (popup-screen.html?tab=<id>#<screen>: drawn by the background as it judged
// the page, drawn-screen.tsx, or the popup's last in a private window), it reads that screen with
// no wait and shows it at once: it is in the first frame (that page preloads nothing, which would
// hold the frame back); once it is on screen, the requests are sent and the app is loaded.
// Otherwise (popup.html, which preloads the app's modules) it sends the requests and imports the
// app at once, and shows the screen kept in storage.session if it was drawn from the tab's
// snapshot. Either way it asks for the tab, the
// settings and the first report, reads the tab's snapshot and what the popup kept for the site,
// and hands them to the app (start.tsx), which draws in the screen's place. Each step sets a
// performance mark (robots-lens:<step>), read by `npm run bench:popup`.

import { readTabScreen, type TabScreen } from '../src/extension/protocol.ts';
import { robotsOrigin } from '../src/policy.ts';
import { requests, sessionValue, tabSnapshot, targetTab } from '../ui/requests.ts';
import { memoryKey } from './memory.ts';
import { carriedScreen, clearScreen, namedScreen, paintScreen } from './screen.ts';
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
// The screen the popup's URL names, or carries, is shown before anything is asked of the browser:
// it is in the page's first frame. Nothing is asked before that frame is drawn either: the first
// calls into the extension's APIs cost the page's main thread a few ms, which held the frame back
// (bench/popup.bench.mjs: 5–10 ms at the median).
const carried = namedScreen(location.search, () => localStorage) ?? carriedScreen(location.hash);
const shown = carried !== null && here !== null && show(here, carried);
const painted = shown ? screenOnScreen(here) : Promise.resolve();
const tab = painted
  .then(targetTab)
  .catch(() => null)
  .then(mark('tab'));
const opening = tab
  .then((target) => (target === null ? null : tabSnapshot(target)))
  .then(mark('snapshot'));
const first: FirstRequests = {
  tab,
  settings: painted.then(() => requests.getSettings({})).then(mark('settings')),
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

if (shown) {
  // Taken away as soon as it turns out not to be of the page the tab shows, or drawn from another
  // snapshot than the one kept now (overtaken as it was named): a screen shows only what the
  // background last judged of the tab's page.
  void tab.then(async (target) => {
    if ((target === null ? null : await target.url) !== carried.url) clearScreen(here);
  });
  void opening.then((o) => {
    if (o !== null && readTabScreen(carried, o.snapshot) === null) clearScreen(here);
  });
  // The app's modules load after the frame that shows the screen, out of its way.
  void painted.then(async () => {
    (await import('./start.tsx').then(mark('app'))).start(here, first, mark);
  });
} else {
  // The app loads while the storage is read; the screen kept there goes first if it was drawn
  // from the tab's snapshot, and the app starts drawing once it is on screen (at once without).
  const app = import('./start.tsx').then(mark('app'));
  void Promise.all([root, opening])
    .then(async ([element, o]) => {
      if (element === null || !o?.screen || !show(element, o.screen)) return element;
      await screenOnScreen(element);
      return element;
    })
    .then(async (element) => {
      if (element !== null) (await app).start(element, first, mark);
    });
}
