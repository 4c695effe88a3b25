// What the popup keeps for a site while the browser runs (storage.session, memory only): the view,
// the selected robot, the tester's URL and draft, the scroll position of each view. The popup
// writes it (popup/memory.ts); the background reads it to draw the popup's first screen as the
// user left it (first-screen/draw-screen.tsx), draws again when it changes, and drops a private
// window's when the last private window closes.

import { pageUrl } from '../page/facts.ts';

/** The popup's views, in the order of its tabs. */
export const VIEWS = [
  'verdicts',
  'page',
  'records',
  'file',
  'summary',
  'tester',
  'history',
  'robots',
] as const;
export type View = (typeof VIEWS)[number];

export interface PopupMemory {
  view: View;
  /** The robot picked in the rows or Records; null: the first of the list. */
  selected: string | null;
  /** The tester's URL field as typed; null: the page's URL. */
  testerUrl: string | null;
  drafting: boolean;
  /** The draft as edited; null: not edited, it follows the live file. */
  draft: string | null;
  /** Scroll position of each view, in CSS pixels. */
  scroll: Partial<Record<View, number>>;
  /**
   * The page (pageUrl: its URL without the fragment) the view and the scroll were left on; null: not
   * recorded. Opened on another page of the site, the popup shows the verdicts (openingOn).
   */
  page: string | null;
}

export const EMPTY_MEMORY: PopupMemory = {
  view: 'verdicts',
  selected: null,
  testerUrl: null,
  drafting: false,
  draft: null,
  scroll: {},
  page: null,
};

/**
 * What the popup opens with on `url`, from what it kept for the site: the view and the scroll it
 * was left with when reopened on the same page; on another page of the site, the verdicts (the
 * answer for that page), while the robot picked and the tester's URL and draft stay the site's.
 */
export function openingOn(memory: PopupMemory, url: string): PopupMemory {
  return memory.page === pageUrl(url) ? memory : { ...memory, view: 'verdicts', scroll: {} };
}

// Each memory is kept under a scope: the site's origin for a tab of a normal window, a marked
// form for a tab of a private window, so that the two never read or overwrite each other's, and
// the private ones can all be found and dropped when the last private window closes
// (background/private-windows.ts).

/** The mark that starts a private window's scope; an origin (`http(s)://…`) never starts so. */
const PRIVATE_MARK = 'private:';
const PREFIX = 'popup-memory:';
/** Where the scopes remembered are listed in storage.session, the most recent first. */
export const MEMORY_INDEX_KEY = 'popup-memory-index';

/** The scope of `origin`'s memory: the origin in a normal window, marked in a private one. */
export const memoryScope = (origin: string, inPrivate: boolean): string =>
  inPrivate ? PRIVATE_MARK + origin : origin;
/** The scope of what the popup keeps for a judged tab's report (TabReport of kind 'report'). */
export const reportScope = (reply: { report: { origin: string }; inPrivate?: boolean }): string =>
  memoryScope(reply.report.origin, reply.inPrivate === true);
/** Whether `scope` is a private window's. */
export const isPrivateScope = (scope: string): boolean => scope.startsWith(PRIVATE_MARK);
/** Where the memory of `scope` (memoryScope) is kept in storage.session. */
export const memoryKey = (scope: string): string => PREFIX + scope;
/** The scope whose memory a storage key holds, or null for any other key. */
export const memoryScopeOf = (key: string): string | null =>
  key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
/** Whether a storage key holds a private window's memory. */
export const isPrivateMemoryKey = (key: string): boolean => {
  const scope = memoryScopeOf(key);
  return scope !== null && isPrivateScope(scope);
};
/** The scopes a stored index lists (anything else in it dropped), in its order. */
export const indexScopes = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];

/** A stored value read back: anything of another shape (an older version, junk) is dropped. */
export function memoryOf(value: unknown): PopupMemory | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const view = VIEWS.find((name) => name === v['view']);
  if (view === undefined) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  const scroll: Partial<Record<View, number>> = {};
  if (typeof v['scroll'] === 'object' && v['scroll'] !== null)
    for (const name of VIEWS) {
      const y = (v['scroll'] as Record<string, unknown>)[name];
      if (typeof y === 'number' && Number.isFinite(y) && y >= 0) scroll[name] = y;
    }
  return {
    view,
    selected: text(v['selected']),
    testerUrl: text(v['testerUrl']),
    drafting: v['drafting'] === true,
    draft: text(v['draft']),
    scroll,
    page: text(v['page']),
  };
}
