// The popup's last screen of a tab's verdicts (src/protocol.ts, TabScreen): taken from the DOM the
// popup drew, as plain data, and built back into elements and text nodes the next time the popup
// opens on the tab, before its code has loaded. The popup then draws its own in its place. Never
// HTML: site text stays text, and a stored value that is not what captureScreen writes builds
// nothing.
import {
  POPUP_SCREEN_PAGE,
  type ScreenNode,
  type TabScreen,
  tabScreenKey,
  tabScreenOf,
} from '../../src/protocol.ts';

/** A screen with more nodes than this is not kept (the verdicts of 7 robots take about 130). */
export const MAX_SCREEN_NODES = 4000;
/** Nor one with more text and attributes than this, in UTF-16 code units. */
export const MAX_SCREEN_CHARS = 250_000;

/** Tags a screen may hold: what the popup draws. Anything else is refused, whole. */
const TAGS = new Set([
  'a',
  'button',
  'caption',
  'code',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'footer',
  'h1',
  'h2',
  'h3',
  'header',
  'input',
  'label',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'select',
  'small',
  'span',
  'strong',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'search',
  'td',
  'textarea',
  'th',
  'thead',
  'tr',
  'ul',
  'mark',
  'abbr',
  'b',
  'i',
  'kbd',
  'br',
  'hr',
  'time',
  'output',
  'fieldset',
  'legend',
]);
/** Attribute names a screen may hold: no event handler, nothing that loads or runs. */
const ATTRIBUTE =
  /^(?:class|id|title|role|hidden|lang|dir|for|type|name|value|checked|selected|disabled|readonly|open|colspan|rowspan|scope|tabindex|placeholder|spellcheck|autocomplete|accept|href|target|rel|(?:aria|data)-[a-z0-9-]+)$/;

/**
 * Whether a screen may hold this attribute: its name in ATTRIBUTE, and a link only to a web page
 * or a place in the popup. captureScreen leaves out what build would refuse.
 */
const allowed = (name: string, value: string): boolean =>
  ATTRIBUTE.test(name) && (name !== 'href' || /^(?:https?:|#)/i.test(value));

/** The panel whose scroll position the screen keeps. */
const PANEL = 'panel-verdicts';

/**
 * `root`'s children as a screen's nodes, with the state attributes do not show (a checked box, a
 * field's value, the option selected); null when they are too many or too long to keep.
 */
export function captureScreen(root: Element): ScreenNode[] | null {
  let nodes = 0;
  let chars = 0;
  /** The nodes of `list` that are shown; null as soon as one cannot be kept. */
  const takeAll = (list: NodeListOf<ChildNode>): ScreenNode[] | null => {
    const out: ScreenNode[] = [];
    for (const child of Array.from(list)) {
      const taken = take(child);
      if (taken === null) return null;
      if (taken !== '') out.push(taken);
    }
    return out;
  };
  const take = (node: Node): ScreenNode | null => {
    if (++nodes > MAX_SCREEN_NODES) return null;
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      chars += text.length;
      return text;
    }
    if (node.nodeType !== 1) return '';
    const element = node as Element;
    const tag = element.localName;
    if (!TAGS.has(tag)) return null;
    // Not shown (the views visited before, the robots' hidden list): the popup draws them anew.
    if (element.hasAttribute('hidden')) return '';
    const attributes: string[] = [];
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowed(name, value) || name === 'checked' || name === 'value' || name === 'selected')
        continue;
      attributes.push(name, value);
      chars += name.length + value.length;
    }
    // Properties the popup sets, not attributes: what the user sees.
    if (tag === 'input') {
      const input = element as HTMLInputElement;
      if (input.type === 'checkbox' || input.type === 'radio') {
        if (input.checked) attributes.push('checked', '');
      } else attributes.push('value', input.value);
    } else if (tag === 'option' && (element as HTMLOptionElement).selected)
      attributes.push('selected', '');
    const children =
      tag === 'textarea' ? [(element as HTMLTextAreaElement).value] : takeAll(element.childNodes);
    return children === null || chars > MAX_SCREEN_CHARS ? null : [tag, attributes, children];
  };
  return takeAll(root.childNodes);
}

/** How far the screen's verdicts are scrolled. */
export function screenScroll(root: Element): number {
  return root.ownerDocument.getElementById(PANEL)?.scrollTop ?? 0;
}

/** A screen's nodes as DOM nodes; null if any is not what captureScreen writes. */
function build(doc: Document, nodes: readonly unknown[]): Node[] | null {
  let count = 0;
  /** The nodes of `list` built; null as soon as one is not a screen's. */
  const makeAll = (list: readonly unknown[]): Node[] | null => {
    const out: Node[] = [];
    for (const node of list) {
      const made = make(node);
      if (made === null) return null;
      out.push(made);
    }
    return out;
  };
  const make = (node: unknown): Node | null => {
    if (++count > MAX_SCREEN_NODES) return null;
    if (typeof node === 'string') return doc.createTextNode(node);
    if (!Array.isArray(node) || node.length !== 3) return null;
    const [tag, attributes, children] = node as unknown[];
    if (typeof tag !== 'string' || !TAGS.has(tag)) return null;
    if (!Array.isArray(attributes) || attributes.length % 2 !== 0 || !Array.isArray(children))
      return null;
    const element = doc.createElement(tag);
    for (let i = 0; i < attributes.length; i += 2) {
      const [name, value] = [attributes[i], attributes[i + 1]];
      if (typeof name !== 'string' || typeof value !== 'string' || !allowed(name, value))
        return null;
      element.setAttribute(name, value);
    }
    const made = makeAll(children);
    if (made === null) return null;
    element.append(...made);
    return element;
  };
  return makeAll(nodes);
}

/**
 * Shows a kept screen in `root` (empty), inert until the popup draws its own: true when shown,
 * false (root untouched) when its nodes are not a screen's.
 */
export function paintScreen(root: HTMLElement, screen: TabScreen): boolean {
  const nodes = build(root.ownerDocument, screen.nodes);
  if (nodes === null) return false;
  root.replaceChildren(...nodes);
  root.inert = true;
  root.setAttribute('aria-busy', 'true');
  root.dataset['screen'] = 'kept';
  if (screen.scroll > 0) {
    const panel = root.ownerDocument.getElementById(PANEL);
    if (panel !== null) panel.scrollTop = screen.scroll;
  }
  return true;
}

/** Takes a kept screen away before the popup draws its own (nothing when none is shown). */
export function clearScreen(root: HTMLElement): void {
  if (root.dataset['screen'] === undefined) return;
  root.replaceChildren();
  root.inert = false;
  root.removeAttribute('aria-busy');
  delete root.dataset['screen'];
}

/** The screen to keep for the page at `url`, drawn from the report and settings of `basis`. */
export function screenOf(root: HTMLElement, url: string, basis: string): TabScreen | null {
  const nodes = captureScreen(root);
  return nodes === null ? null : { url, basis, scroll: screenScroll(root), nodes };
}

// The popup also keeps its last screen of each tab in its own localStorage (synchronous, unlike
// every extension storage area), under the same key as in storage.session (tabScreenKey), for the
// next opening to read with no wait. Never for a private window's tab (localStorage is on disk).

/** The tabs whose screens localStorage holds, most recent first. */
const LOCAL_INDEX = 'tab-screens';
/** How many tabs' screens localStorage keeps: the most recently kept. */
export const MAX_LOCAL_SCREENS = 30;
/**
 * A screen longer than this, as JSON, is not kept there (the popup reads storage.session then): a
 * tab's verdicts for 7 robots take about 10 thousand characters, in English as in Thai, and 30 of
 * the longest stay under localStorage's 5 MiB of UTF-16.
 */
export const MAX_LOCAL_SCREEN_CHARS = 60_000;

/**
 * The popup page for `tabId` naming the screen (its basis) kept for the tab in localStorage: set as
 * the tab's popup (action.setPopup) once kept, and set back to the plain page by the background as
 * soon as the tab's snapshot changes. So a screen is shown only while the URL names it. The page is
 * popup-screen.html, the popup without the app's preloads, which would hold back the screen's frame.
 */
export const screenUrl = (tabId: number, basis: string): string =>
  `/${POPUP_SCREEN_PAGE}?tab=${tabId}&screen=${encodeURIComponent(basis)}`;

/**
 * The screen the popup's URL names (`?tab=<id>&screen=<basis>`, its `location.search`) when
 * `storage()` holds it for that tab with that basis; null otherwise, and when storage fails (the
 * localStorage getter itself throws where storage is off).
 */
export function namedScreen(
  search: string,
  storage: () => Pick<Storage, 'getItem'>,
): TabScreen | null {
  try {
    const params = new URLSearchParams(search);
    const [tab, basis] = [params.get('tab'), params.get('screen')];
    if (tab === null || !/^\d+$/.test(tab) || basis === null) return null;
    const stored = storage().getItem(tabScreenKey(Number(tab)));
    const screen = stored === null ? null : tabScreenOf(JSON.parse(stored));
    return screen?.basis === basis ? screen : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `screen` as `tabId`'s in `storage`, or removes the tab's (null), and keeps only the most
 * recent MAX_LOCAL_SCREENS tabs' that are still `open`; true when `screen` is kept. False when too
 * long or refused (storage full or off): the popup's URL then names no screen.
 */
export function keepLocally(
  storage: Storage,
  tabId: number,
  screen: TabScreen | null,
  open: readonly number[],
): boolean {
  try {
    const json = screen === null ? null : JSON.stringify(screen);
    const fits = json !== null && json.length <= MAX_LOCAL_SCREEN_CHARS;
    let index: unknown;
    try {
      index = JSON.parse(storage.getItem(LOCAL_INDEX) ?? '[]');
    } catch {
      index = [];
    }
    const earlier = Array.isArray(index) ? index.filter((id) => Number.isInteger(id)) : [];
    const openNow = new Set(open);
    const kept = [...(fits ? [tabId] : []), ...earlier.filter((id) => id !== tabId)]
      .filter((id) => openNow.has(id))
      .slice(0, MAX_LOCAL_SCREENS);
    for (const id of earlier) if (!kept.includes(id)) storage.removeItem(tabScreenKey(id));
    if (!fits) storage.removeItem(tabScreenKey(tabId));
    storage.setItem(LOCAL_INDEX, JSON.stringify(kept));
    if (fits) storage.setItem(tabScreenKey(tabId), json);
    return fits;
  } catch {
    return false;
  }
}
