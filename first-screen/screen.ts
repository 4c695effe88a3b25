// The popup's first screen of a tab, as plain data: drawn by the background as it judges the tab's
// page (draw-screen.tsx renders the popup's frame to HTML; screenFromHtml takes it as nodes),
// carried by the tab's popup URL, and built back into elements and text nodes by the popup's entry
// before its code has loaded (paintScreen). The popup's app then draws in its place. Never HTML in
// the popup: site text stays text, and nodes that are not a screen's build nothing.
import { inflateSync } from 'fflate';

/** The popup's page, as the manifest names it (action.default_popup): every tab's popup by default. */
export const POPUP_PAGE = 'popup.html';
/**
 * The same page without the app's preloads, named as a tab's popup while it carries a screen
 * (carryingUrl): the app loads after that screen's frame, which preloading would hold back.
 */
export const POPUP_SCREEN_PAGE = 'popup-screen.html';

/**
 * One node of a screen: a text, or an element as [tag, its attributes as name, value, name,
 * value…, its children]. Plain data: the popup builds elements and text nodes from it, never HTML.
 */
export type ScreenNode = string | [tag: string, attributes: string[], children: ScreenNode[]];

/**
 * A screen of a tab's verdicts, drawn from the tab's snapshot of `basis` (snapshotBasis) for the
 * page at `url`. The popup shows it at once if the tab still shows that page, and takes it away if
 * the snapshot it then reads is another.
 */
export interface TabScreen {
  url: string;
  /** snapshotBasis of the report and settings it was drawn from. */
  basis: string;
  /** How far the verdicts were scrolled (px), as the popup's memory of the site says. */
  scroll: number;
  /** The popup root's children. */
  nodes: ScreenNode[];
}

/**
 * A value as a screen, or null when it does not have a screen's shape. Its nodes are checked as
 * they are built (paintScreen).
 */
export function tabScreenOf(value: unknown): TabScreen | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, basis, scroll, nodes } = value as Partial<Record<keyof TabScreen, unknown>>;
  if (typeof url !== 'string' || typeof basis !== 'string' || !Array.isArray(nodes)) return null;
  if (typeof scroll !== 'number' || !Number.isFinite(scroll) || scroll < 0) return null;
  return value as TabScreen;
}

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
 * or a place in the popup. screenFromHtml leaves out what build would refuse.
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

/** A screen's nodes as DOM nodes; null if any is not what screenFromHtml writes. */
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
 * Shows a carried screen in `root` (empty), inert until the popup draws its own: true when shown,
 * false (root untouched) when its nodes are not a screen's.
 */
export function paintScreen(root: HTMLElement, screen: TabScreen): boolean {
  const nodes = build(root.ownerDocument, screen.nodes);
  if (nodes === null) return false;
  root.replaceChildren(...nodes);
  root.inert = true;
  root.setAttribute('aria-busy', 'true');
  root.dataset['screen'] = 'carried';
  if (screen.scroll > 0) {
    const panel = root.ownerDocument.getElementById(PANEL);
    if (panel !== null) panel.scrollTop = screen.scroll;
  }
  return true;
}

/** Takes a carried screen away before the popup draws its own (nothing when none is shown). */
export function clearScreen(root: HTMLElement): void {
  if (root.dataset['screen'] === undefined) return;
  root.replaceChildren();
  root.inert = false;
  root.removeAttribute('aria-busy');
  delete root.dataset['screen'];
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
 * The popup's screen as the background draws it (draw-screen.tsx: the popup's frame rendered to
 * HTML, with no DOM), as nodes: tags no screen holds refused, attributes that load or run left
 * out, hidden elements skipped (the popup draws them anew), within the limits. Null for anything else: a tag not
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
      // What a hidden element holds is skipped whole, whatever its tags.
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

// The screen travels in the tab's popup URL itself (action.setPopup: in the browser's memory, never
// on disk, gone with the tab, and read by the popup with no wait, unlike every storage area). It
// goes compressed (deflate, then base64url): a long URL holds back the page's first script, by
// about 25 ms for 10 thousand characters in Chromium on this machine, and a screen of 7 robots'
// verdicts is about 10 thousand characters of JSON, 2.5 thousand compressed.

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
 * The popup page for `tabId` that shows `screen` first (popup-screen.html?tab=<id>), carrying the
 * screen compressed in its fragment; null when it is too long.
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
