// Each panel scrolls on its own: the scroll position of the view shown is kept in the site's
// memory as the user scrolls, and given back when the view is shown again or the popup reopened.
import { useCallback, useEffect, useRef } from 'preact/hooks';
import type { PopupMemory, View } from '../src/extension/popup-memory.ts';

/**
 * Turned on, the next view shown is not scrolled back (a robot was clicked: Records scrolls to its
 * group instead of where it was left).
 */
export type SkipRestore = (isSkipped: boolean) => void;

/** Owns the scroll position's restore for `view`'s panel (`panel-<view>`), once `isShown`. */
export function useViewScroll(
  view: View,
  isShown: boolean,
  scroll: PopupMemory['scroll'],
  remember: (change: Partial<PopupMemory>) => void,
): SkipRestore {
  const scrollRef = useRef(scroll);
  scrollRef.current = scroll;
  const skipRestore = useRef(false);
  useEffect(() => {
    if (!isShown) return;
    const panel = document.getElementById(`panel-${view}`);
    if (panel === null) return;
    const y = scrollRef.current[view] ?? 0;
    if (skipRestore.current) skipRestore.current = false;
    else requestAnimationFrame(() => panel.scrollTo(0, y));
    const onScroll = () => remember({ scroll: { ...scrollRef.current, [view]: panel.scrollTop } });
    panel.addEventListener('scroll', onScroll, { passive: true });
    return () => panel.removeEventListener('scroll', onScroll);
    // Only when the view changes or the popup first shows: scrolling itself must not restore.
  }, [view, isShown, remember]);
  return useCallback((isSkipped: boolean) => {
    skipRestore.current = isSkipped;
  }, []);
}
