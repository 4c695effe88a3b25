// Keeps the verdicts the popup shows as the tab's last screen (screen.ts), for the next time the
// popup opens on the tab, in storage.session and in the popup's localStorage, named by the tab's
// popup URL (the connector's openingScreen): written once the popup's own report is drawn and again
// when the verdicts are scrolled; removed when another view is left open, which the popup opens on
// instead.
import { useEffect } from 'preact/hooks';
import {
  snapshotBasis,
  type TabScreen,
  type TabSnapshot,
  tabScreenKey,
} from '../src/extension/protocol.ts';
import type { Actions } from '../ui/connector.ts';
import { screenOf } from './screen.ts';

/**
 * 'keep': the popup's own report is drawn in the verdicts view; 'drop': another view is shown;
 * 'wait': neither yet (loading, the snapshot still on screen, a refresh on its way).
 */
export type ScreenState = 'keep' | 'drop' | 'wait';

/** How long after the last scroll the screen is kept again. */
const AFTER_SCROLL_MS = 300;

/**
 * Keeps the screen of `root()` for `tabId`, drawn from `from` (the report and settings on screen,
 * as the background keeps them), whenever `drawn` changes while `state` is 'keep'.
 */
export function useKeptScreen(
  actions: Actions,
  tabId: number | null,
  root: () => HTMLElement | null,
  from: TabSnapshot | null,
  state: ScreenState,
  drawn: unknown,
): void {
  useEffect(() => {
    if (tabId === null || state === 'wait') return;
    const key = tabScreenKey(tabId);
    const element = root();
    // In storage.session, and where the next popup reads it with no wait (openingScreen).
    const save = (screen: TabScreen | null) =>
      Promise.all([
        screen === null ? actions.memory.remove(key) : actions.memory.set(key, screen),
        // The tab may have closed meanwhile: nothing is lost.
        actions.openingScreen(tabId, screen).catch(() => undefined),
      ]);
    if (state === 'drop' || from === null || element === null) {
      void save(null);
      return;
    }
    // The same report and settings for every keeping of this effect (scrolls included).
    const basis = snapshotBasis(from);
    const keep = () => {
      void save(screenOf(element, from.reply.url, basis)).then(
        // For `npm run bench:popup`, which keeps the popup open until then.
        () => performance.mark('robots-lens:kept'),
      );
    };
    // After the frame that shows it, out of the way of the first interactions.
    let timer = setTimeout(keep, 0);
    const panel = element.ownerDocument.getElementById('panel-verdicts');
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(keep, AFTER_SCROLL_MS);
    };
    panel?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      panel?.removeEventListener('scroll', onScroll);
    };
  }, [actions, tabId, root, from, state, drawn]);
}
