// What the popup keeps for the site shown (memory.ts): the view, the robot picked, the tester's
// URL and draft, the scroll positions. Closed and reopened on the same site, or refreshed, the
// popup comes back as it was left. Kept per scope (src/extension/popup-memory.ts memoryScope): a
// private window's apart from a normal window's.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EMPTY_MEMORY, openingOn, type PopupMemory } from '../src/extension/popup-memory.ts';
import { pageUrl } from '../src/page/facts.ts';
import type { Actions } from '../ui/connector.ts';
import { MemoryStore } from './memory.ts';

/** How often the memory is written at most while the user types or scrolls. */
const SAVE_EVERY_MS = 150;

/** What useSiteMemory gives the app. */
export interface SiteMemory {
  memory: PopupMemory;
  /** Changes the memory: shown at once, kept within SAVE_EVERY_MS (stable). */
  remember: (change: Partial<PopupMemory>) => void;
  /**
   * Shows what was kept for `scope` (memoryScope: the site, in a normal or a private window; null:
   * nothing to remember), if it is a new one, as it opens on the page `url` (openingOn); what is
   * kept from then on is of that page.
   */
  switchScope: (scope: string | null, url: string | null) => Promise<void>;
}

/** Owns the popup's memory of the site shown: loaded for a new site, saved as it changes. */
export function useSiteMemory(
  actions: Actions,
  /** What was kept for the first site, read before the app rendered (main.tsx). */
  initial: PopupMemory | null,
  /** The first report's scope, whose memory `initial` is. */
  initialScope: string | null,
  /** The first report's page URL. */
  initialUrl: string | null,
): SiteMemory {
  const [memory, setMemory] = useState<PopupMemory>(initial ?? EMPTY_MEMORY);
  const store = useMemo(() => new MemoryStore(actions.memory), [actions]);
  /** The scope whose memory is shown, once it was read (null: nothing to remember). */
  const scope = useRef<string | null>(initialScope);
  /** The page shown (pageUrl), which the view and scroll kept are of. */
  const page = useRef<string | null>(initialUrl === null ? null : pageUrl(initialUrl));

  // The first report of a site brings back what was kept for it.
  const switchScope = useCallback(
    async (next: string | null, url: string | null) => {
      page.current = url === null ? null : pageUrl(url);
      if (next === scope.current) return;
      scope.current = next;
      const kept = next === null ? null : await store.load(next);
      setMemory(kept === null || url === null ? EMPTY_MEMORY : openingOn(kept, url));
    },
    [store],
  );

  // Kept as the user goes: written at most every SAVE_EVERY_MS, and once more as the popup closes.
  const pending = useRef<PopupMemory | null>(null);
  const flush = useCallback(() => {
    const value = pending.current;
    pending.current = null;
    if (value !== null && scope.current !== null) void store.save(scope.current, value);
  }, [store]);
  const remember = useCallback(
    (change: Partial<PopupMemory>) => {
      setMemory((before) => {
        const next = { ...before, ...change, page: page.current };
        if (pending.current === null) setTimeout(flush, SAVE_EVERY_MS);
        pending.current = next;
        return next;
      });
    },
    [flush],
  );
  useEffect(() => {
    addEventListener('pagehide', flush);
    return () => removeEventListener('pagehide', flush);
  }, [flush]);

  return { memory, remember, switchScope };
}
