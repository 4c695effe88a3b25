// The popup's last screen of a tab's verdicts (src/extension/protocol.ts, TabScreen): taken from the DOM the
// popup drew, as plain data, and built back into elements and text nodes the next time the popup
// opens on the tab, before its code has loaded. The popup then draws its own in its place. Never
// HTML: site text stays text, and a stored value that is not what captureScreen writes builds
// nothing.
import { inflateSync } from 'fflate';
import {
  POPUP_SCREEN_PAGE,
  type ScreenNode,
  type TabScreen,
  tabScreenKey,
  tabScreenOf,
} from '../src/extension/protocol.ts';

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

/**
 * An element's attributes as a screen keeps them: those it may hold, in their order, without the
 * state ones; then its state, which is what the user sees (a box checked, a field's value, the
 * option selected). With the characters of the first ones, counted against MAX_SCREEN_CHARS.
 */
function keptAttributes(
  tag: string,
  list: Iterable<readonly [string, string]>,
  state: { type: string; checked: boolean; value: string },
): { attributes: string[]; chars: number } {
  const attributes: string[] = [];
  let chars = 0;
  for (const [name, value] of list) {
    if (!allowed(name, value) || name === 'checked' || name === 'value' || name === 'selected')
      continue;
    attributes.push(name, value);
    chars += name.length + value.length;
  }
  if (tag === 'input') {
    if (state.type === 'checkbox' || state.type === 'radio') {
      if (state.checked) attributes.push('checked', '');
    } else attributes.push('value', state.value);
  } else if (tag === 'option' && state.checked) attributes.push('selected', '');
  return { attributes, chars };
}

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
    // Properties the popup sets, not attributes: what the user sees.
    const input = element as HTMLInputElement;
    const state =
      tag === 'input'
        ? { type: input.type, checked: input.checked, value: input.value }
        : { type: '', checked: (element as HTMLOptionElement).selected === true, value: '' };
    const kept = keptAttributes(
      tag,
      Array.from(element.attributes, ({ name, value }) => [name, value] as const),
      state,
    );
    const attributes = kept.attributes;
    chars += kept.chars;
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

/** Elements with no end tag in HTML. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** The popup's HTML, token by token: a comment, an end tag, a start tag, or text. */
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-z][a-z0-9-]*)\s*>|<([a-z][a-z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)\s*(\/?)>|[^<]+/gy;
const ATTRIBUTES = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Text as HTML escapes it, back as it was; a reference that names no character stays as written. */
const unescapeHtml = (text: string): string =>
  text.replace(ENTITY, (whole, name?: string, dec?: string, hex?: string) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });

/**
 * The popup's screen as the background draws it (drawn-screen.tsx: the app rendered to HTML, with
 * no DOM), as the nodes captureScreen would take from the same elements: the same tags refused,
 * attributes left out, hidden elements skipped and limits. Null for anything else: a tag not
 * closed or closed out of order, a tag or a character that no screen holds.
 */
export function screenFromHtml(html: string): ScreenNode[] | null {
  let nodes = 0;
  let chars = 0;
  const top: ScreenNode[] = [];
  /** The open elements, innermost last, each with its children so far and whether it is shown. */
  const open: { tag: string; attributes: string[]; children: ScreenNode[]; shown: boolean }[] = [];
  const add = (node: ScreenNode) => (open.at(-1)?.children ?? top).push(node);
  const close = () => {
    const element = open.pop();
    if (element === undefined) return;
    const { tag, attributes, children, shown } = element;
    if (!shown || open.some((e) => !e.shown)) return;
    add([tag, attributes, tag === 'textarea' ? [children.join('')] : children]);
  };
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(html);
    if (token === null || token.index !== at) return null;
    const [whole, end, start, list = '', selfClosing] = token;
    if (whole.startsWith('<!--')) continue;
    if (++nodes > MAX_SCREEN_NODES) return null;
    if (end !== undefined) {
      nodes--;
      if (open.at(-1)?.tag !== end) return null;
      close();
    } else if (start !== undefined) {
      // As captureScreen, which never looks into a hidden element.
      if (open.every((e) => e.shown) && !TAGS.has(start)) return null;
      const pairs = Array.from(
        list.matchAll(ATTRIBUTES),
        ([, name = '', raw = '']) => [name, unescapeHtml(raw)] as const,
      );
      const named = new Map(pairs);
      // In HTML the state is written as attributes.
      const { attributes, chars: counted } = keptAttributes(start, pairs, {
        type: named.get('type') ?? '',
        checked: named.has('checked') || named.has('selected'),
        value: named.get('value') ?? '',
      });
      chars += counted;
      open.push({ tag: start, attributes, children: [], shown: !named.has('hidden') });
      if (VOID.has(start) || selfClosing === '/') close();
    } else {
      const text = unescapeHtml(whole);
      if (open.every((e) => e.shown)) {
        chars += text.length;
        add(text);
      }
    }
    if (chars > MAX_SCREEN_CHARS) return null;
  }
  return open.length === 0 ? top : null;
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
 * the tab's popup (action.setPopup) once kept, and replaced by the background (with the plain page
 * or the screen it draws) as soon as the tab's snapshot changes. So a screen is shown only while
 * the URL names it. The page is popup-screen.html, the popup without the app's preloads, which
 * would hold back the screen's frame.
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

// A screen may also travel in the tab's popup URL itself (action.setPopup, in the browser's memory:
// never on disk, and gone with the tab): the one the background draws as it judges the tab's page
// (drawn-screen.tsx), which cannot write the popup's localStorage, and the popup's own in a private
// window. It goes compressed (deflate, then base64url): a long URL holds back the page's first
// script, by about 25 ms for 10 thousand characters in Chromium on this machine, and a screen of 7
// robots' verdicts is about 10 thousand characters of JSON, 2.5 thousand compressed. Even so a
// carried screen costs a reopening about 13 ms at p90 against one named in localStorage
// (bench/popup.bench.mjs, A/B), so the popup keeps its own there.

/** A screen whose URL would be longer than this is not carried (a popup without it shows the snapshot). */
export const MAX_SCREEN_URL_CHARS = 6_000;
/** Nor one longer than this as JSON, before it is compressed. */
export const MAX_SCREEN_JSON_CHARS = 250_000;

/** Bytes as base64url (RFC 4648 §5, no padding): what a URL fragment holds as it is. */
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url back to bytes; throws on anything else. */
function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The popup page for `tabId` that shows `screen` first, as screenUrl's, carrying the screen
 * compressed in its fragment; null when it is too long.
 */
export async function carryingUrl(tabId: number, screen: TabScreen): Promise<string | null> {
  const json = JSON.stringify(screen);
  if (json.length > MAX_SCREEN_JSON_CHARS) return null;
  const deflated = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const url = `/${POPUP_SCREEN_PAGE}?tab=${tabId}#${base64url(new Uint8Array(await new Response(deflated).arrayBuffer()))}`;
  return url.length > MAX_SCREEN_URL_CHARS ? null : url;
}

/** The screen the popup's URL carries (its `location.hash`, as carryingUrl writes it), or null. */
export function carriedScreen(hash: string): TabScreen | null {
  try {
    if (hash.length <= 1 || hash.length > MAX_SCREEN_URL_CHARS) return null;
    const json = new TextDecoder().decode(inflateSync(fromBase64url(hash.slice(1))));
    return json.length > MAX_SCREEN_JSON_CHARS ? null : tabScreenOf(JSON.parse(json));
  } catch {
    return null;
  }
}
