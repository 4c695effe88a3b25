// What the popup keeps for a site while the browser runs (storage.session, memory only): the view,
// the selected robot, the tester's URL and draft, the scroll position of each view. The popup
// writes it (popup/memory.ts); the background reads it to draw the popup's first screen as the
// user left it (first-screen/draw-screen.tsx), and draws again when it changes.

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
}

export const EMPTY_MEMORY: PopupMemory = {
  view: 'verdicts',
  selected: null,
  testerUrl: null,
  drafting: false,
  draft: null,
  scroll: {},
};

const PREFIX = 'popup-memory:';
/** Where the memory of `site` (an origin) is kept in storage.session. */
export const memoryKey = (site: string): string => PREFIX + site;
/** The site (an origin) whose memory a storage key holds, or null for any other key. */
export const memorySite = (key: string): string | null =>
  key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;

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
  };
}
