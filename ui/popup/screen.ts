// The popup's last screen of a tab's verdicts (src/protocol.ts, TabScreen): taken from the DOM the
// popup drew, as plain data, and built back into elements and text nodes the next time the popup
// opens on the tab, before its code has loaded. The popup then draws its own in its place. Never
// HTML: site text stays text, and a stored value that is not what captureScreen writes builds
// nothing.
import {
  POPUP_SCREEN_PAGE,
  type ScreenNode,
  type TabScreen,
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
      const inShown = open.every((e) => e.shown);
      // As captureScreen, which never looks into a hidden element.
      if (inShown && !TAGS.has(start)) return null;
      const attributes: string[] = [];
      let shown = true;
      let checked = false;
      let value = '';
      let type = '';
      for (const [, name = '', raw = ''] of list.matchAll(ATTRIBUTES)) {
        const text = unescapeHtml(raw);
        if (name === 'hidden') shown = false;
        if (name === 'type') type = text;
        if (name === 'checked' || name === 'selected') checked = true;
        if (name === 'value') value = text;
        if (!allowed(name, text) || name === 'checked' || name === 'value' || name === 'selected')
          continue;
        attributes.push(name, text);
        chars += name.length + text.length;
      }
      // As captureScreen takes them: the state, after the attributes.
      if (start === 'input') {
        if (type === 'checkbox' || type === 'radio') {
          if (checked) attributes.push('checked', '');
        } else attributes.push('value', value);
      } else if (start === 'option' && checked) attributes.push('selected', '');
      open.push({ tag: start, attributes, children: [], shown });
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

// A tab's screen travels in its popup URL (action.setPopup, in the browser's memory: never on
// disk, and gone with the tab), set by the popup when it keeps its screen and by the background
// when it judges the tab's page (drawn-screen.tsx), and read by the popup's entry with no wait.

/**
 * A screen longer than this, as JSON, is not put in a popup URL (the popup reads storage.session
 * then): a tab's verdicts for 7 robots take about 10 thousand characters, in English as in Thai.
 */
export const MAX_URL_SCREEN_CHARS = 60_000;

/**
 * The popup page for `tabId` that shows `screen` first: popup-screen.html, the popup without the
 * app's preloads (which would hold the screen's frame back), naming the tab (the popup asks for it
 * with no wait) and with the screen as JSON in its fragment; null when it is too long. Set as the tab's popup (action.setPopup) by the popup once it keeps its
 * screen and by the background when it judges the page, and set back to the plain page as soon as
 * the tab's snapshot changes: a screen is shown only while the URL names it.
 */
export function screenUrl(tabId: number, screen: TabScreen): string | null {
  const json = JSON.stringify(screen);
  return json.length > MAX_URL_SCREEN_CHARS
    ? null
    : `/${POPUP_SCREEN_PAGE}?tab=${tabId}#${encodeURIComponent(json)}`;
}

/** The screen the popup's URL carries (its `location.hash`, as screenUrl writes it), or null. */
export function namedScreen(hash: string): TabScreen | null {
  try {
    return hash.length > 1 ? tabScreenOf(JSON.parse(decodeURIComponent(hash.slice(1)))) : null;
  } catch {
    return null;
  }
}
