// @vitest-environment happy-dom
// The popup's screens of a tab (issue 12, speed): its last one, kept as plain data from what it
// drew, and the one the background draws for a first opening (the app rendered to HTML, taken as
// the same data); built back into elements and text, never HTML, shown only when drawn from the
// snapshot the background keeps now; named in localStorage or carried by the tab's popup URL.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import th from '../../_locales/th/messages.json';
import { App } from '../../popup/app.tsx';
import { drawScreen } from '../../popup/drawn-screen.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { EMPTY_MEMORY } from '../../popup/memory.ts';
import {
  captureScreen,
  carriedScreen,
  carryingUrl,
  clearScreen,
  keepLocally,
  MAX_LOCAL_SCREEN_CHARS,
  MAX_LOCAL_SCREENS,
  MAX_SCREEN_JSON_CHARS,
  MAX_SCREEN_NODES,
  MAX_SCREEN_URL_CHARS,
  namedScreen,
  paintScreen,
  screenFromHtml,
  screenUrl,
} from '../../popup/screen.ts';
import { lookupIn, type Translator, translator } from '../../src/explain/index.ts';
import {
  readTabScreen,
  type ScreenNode,
  snapshotBasis,
  type TabReport,
  type TabScreen,
  type TabSnapshot,
  tabScreenKey,
} from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { renderSnapshotFirst } from '../fixtures/snapshot-first.tsx';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/item?id=1';
// Site text that would be markup if it were ever parsed as HTML.
const HOSTILE = '# <img src=x onerror="window.__pwned=1"> & <b>bold</b> &amp; "q"';
const TEXT = `${HOSTILE}\nUser-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n`;
const report = (): TabReport =>
  fakeTabReport(URL_, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }));

async function drawn() {
  // One report, answered each time: the snapshot read after is the one the popup drew.
  const once = report();
  const actions = fakeConnector({ tabReport: () => once });
  const { container } = render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return { actions, container };
}

const snapshotOf = async (actions: ReturnType<typeof fakeConnector>): Promise<TabSnapshot> => {
  const [reply, settings] = await Promise.all([
    actions.tabReport({ tabId: 7 }),
    actions.getSettings({}),
  ]);
  if (!reply.ok || !settings.ok) throw new Error('no report');
  return { reply: reply.value, settings: settings.value };
};

describe('captureScreen and paintScreen', () => {
  test('what the popup drew comes back the same: text, seams, the checked box', async () => {
    const { container } = await drawn();
    const nodes = captureScreen(container);
    expect(nodes).not.toBeNull();
    const other = document.createElement('div');
    document.body.append(other);
    expect(paintScreen(other, { url: URL_, basis: 'b', scroll: 0, nodes: nodes ?? [] })).toBe(true);
    const seams = (root: Element) =>
      [...root.querySelectorAll('[data-robot]:not([hidden] *)')].map((e) => [
        e.getAttribute('data-robot'),
        e.getAttribute('data-verdict'),
      ]);
    expect(seams(other)).toEqual(seams(container));
    expect(seams(other).length).toBeGreaterThan(0);
    expect(other.querySelector('input[name="checking"]')).toMatchObject({
      checked: (container.querySelector('input[name="checking"]') as HTMLInputElement).checked,
    });
    // Shown, not yet usable: the popup's own drawing takes its place.
    expect(other.inert).toBe(true);
    expect(other.getAttribute('aria-busy')).toBe('true');
    clearScreen(other);
    expect(other.childNodes.length).toBe(0);
    expect(other.inert).toBe(false);
    other.remove();
  });

  test('site text stays text: no element is made from it', () => {
    const root = document.createElement('div');
    const nodes: ScreenNode[] = [['p', ['class', 'x'], [HOSTILE]]];
    expect(paintScreen(root, { url: URL_, basis: 'b', scroll: 0, nodes })).toBe(true);
    expect(root.querySelectorAll('img, b').length).toBe(0);
    expect(root.textContent).toBe(HOSTILE);
    expect(captureScreen(root)).toEqual(nodes);
  });

  test.each<[string, unknown[]]>([
    ['a script element', [['script', [], ['window.__pwned=1']]]],
    ['an iframe', [['iframe', ['src', 'https://evil.test/'], []]]],
    ['an event handler attribute', [['p', ['onclick', 'window.__pwned=1'], []]]],
    ['a style attribute', [['p', ['style', 'background:url(https://evil.test/)'], []]]],
    ['a javascript: link', [['a', ['href', 'javascript:alert(1)'], ['x']]]],
    ['attributes not in pairs', [['p', ['class'], []]]],
    ['a node that is neither text nor element', [42]],
    ['an element of two parts', [['p', []]]],
    ['a nested bad node', [['div', [], [['p', [], [['object', [], []]]]]]]],
    ['too many nodes', [['div', [], Array.from({ length: MAX_SCREEN_NODES + 1 }, () => 'x')]]],
  ])('refused whole, the root untouched: %s', (_name, nodes) => {
    const root = document.createElement('div');
    root.append('kept');
    expect(paintScreen(root, { url: URL_, basis: 'b', scroll: 0, nodes } as TabScreen)).toBe(false);
    expect(root.textContent).toBe('kept');
    expect(root.inert).toBe(false);
  });

  test('what building would refuse is left out when captured: a link to a browser page', () => {
    const root = document.createElement('div');
    const link = document.createElement('a');
    link.setAttribute('href', 'chrome://extensions');
    link.setAttribute('class', 'x');
    link.append('settings');
    root.append(link);
    const nodes = captureScreen(root);
    expect(nodes).toEqual([['a', ['class', 'x'], ['settings']]]);
    const other = document.createElement('div');
    expect(paintScreen(other, { url: URL_, basis: 'b', scroll: 0, nodes: nodes ?? [] })).toBe(true);
  });

  test('a screen too large to keep is not captured', () => {
    const root = document.createElement('div');
    for (let i = 0; i <= MAX_SCREEN_NODES; i++) root.append(document.createElement('p'));
    expect(captureScreen(root)).toBeNull();
  });
});

/** A file with AI-usage lines and a contradiction (Cloudflare's managed block, then GPTBot's). */
const AI = [
  '# BEGIN Cloudflare Managed content',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  '# END Cloudflare Managed Content',
  'User-agent: GPTBot',
  'Content-Usage: train-ai=n',
  'Disallow: /private/',
].join('\n');

/** Every kind of first screen: a file, none (404), a server error, a browser page. */
const KINDS: [string, TabReport][] = [
  ['a file with AI-usage lines and a contradiction', fakeTabReport(URL_, okOutcome(AI))],
  [
    'no robots.txt (404: everything allowed)',
    fakeTabReport(URL_, { kind: 'unavailable', reason: 'status', status: 404, redirects: [] }),
  ],
  [
    'a server error (503: everything disallowed)',
    fakeTabReport(URL_, {
      kind: 'unreachable',
      reason: 'status',
      status: 503,
      message: null,
      redirects: [],
    }),
  ],
  [
    'a browser page',
    { kind: 'not-applicable', url: 'chrome://newtab/', robots: defaultSettings().robots },
  ],
];

describe('every kind of first screen can be kept (only tags and attributes the screen allows)', () => {
  test.each<[string, TabReport]>(KINDS)('%s', async (_name, reply) => {
    const actions = fakeConnector({ tabReport: () => reply });
    const { container } = render(<App tabId={7} actions={actions} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    expect(captureScreen(container)).not.toBeNull();
    await waitFor(async () => expect(await actions.memory.get(tabScreenKey(7))).toBeDefined());
  });
});

describe('readTabScreen: only a screen drawn from the snapshot kept now', () => {
  const snapshot: TabSnapshot = {
    reply: { kind: 'not-applicable', url: 'about:blank', robots: ['Googlebot'] },
    settings: defaultSettings(),
  };
  const basis = snapshotBasis(snapshot);
  const screen: TabScreen = { url: 'about:blank', basis, scroll: 0, nodes: [['p', [], ['x']]] };
  test.each<[string, unknown, boolean]>([
    ['drawn from it', screen, true],
    ['scrolled', { ...screen, scroll: 120 }, true],
    ['of another URL', { ...screen, url: 'https://a.test/' }, false],
    ['drawn from another report', { ...screen, basis: 'other' }, false],
    ['a negative scroll', { ...screen, scroll: -1 }, false],
    ['no nodes', { ...screen, nodes: 'x' }, false],
    ['nothing', undefined, false],
    ['not an object', 'screen', false],
  ])('%s', (_name, value, shown) => {
    expect(readTabScreen(value, snapshot)).toEqual(shown ? value : null);
  });
  test('the same snapshot with its keys in another order (as Chromium’s storage gives it back)', () => {
    const reordered = JSON.parse(
      JSON.stringify({
        settings: snapshot.settings,
        reply: { robots: ['Googlebot'], url: 'about:blank', kind: 'not-applicable' },
      }),
    ) as TabSnapshot;
    expect(readTabScreen(screen, reordered)).toEqual(screen);
  });
  test('the page read again as it was: only the reading time differs (DomFacts.readMs)', () => {
    const read = (readMs: number, robots: string) =>
      ({
        reply: { ...snapshot.reply, page: { facts: { dom: { facts: { readMs, robots } } } } },
        settings: snapshot.settings,
      }) as unknown as TabSnapshot;
    const kept = { ...screen, basis: snapshotBasis(read(0.4, 'noindex')) };
    expect(readTabScreen(kept, read(1.7, 'noindex'))).toEqual(kept);
    expect(readTabScreen(kept, read(0.4, 'index'))).toBeNull();
  });
});

describe('the popup keeps its screen of the verdicts for the tab', () => {
  test("kept once its own report is drawn, with that report's basis; dropped for another view", async () => {
    const { actions } = await drawn();
    const key = tabScreenKey(7);
    let kept: TabScreen | undefined;
    await waitFor(async () => {
      kept = (await actions.memory.get(key)) as TabScreen | undefined;
      expect(kept).toBeDefined();
    });
    const snapshot = await snapshotOf(actions);
    expect(readTabScreen(kept, snapshot)).not.toBeNull();
    expect(JSON.stringify(kept?.nodes)).toContain('data-robot');
    // Another view left open: the popup opens on it, so no screen of the verdicts is kept.
    fireEvent.click(document.querySelector('[role="tab"][data-view="tester"]') as HTMLElement);
    await waitFor(async () => expect(await actions.memory.get(key)).toBeUndefined());
  });

  test("the same screen goes into the tab's popup URL; another view sets the plain page back", async () => {
    const { actions } = await drawn();
    const opening = () =>
      actions.calls
        .filter((call) => call.name === 'openingScreen')
        .map((call) => call.req as { tabId: number; screen: TabScreen | null });
    await waitFor(() => expect(opening().length).toBeGreaterThan(0));
    const stored = await actions.memory.get(tabScreenKey(7));
    expect(opening().at(-1)).toEqual({ tabId: 7, screen: stored });
    fireEvent.click(document.querySelector('[role="tab"][data-view="tester"]') as HTMLElement);
    await waitFor(() => expect(opening().at(-1)).toEqual({ tabId: 7, screen: null }));
  });

  test("the tab's snapshot on screen is not kept: only the popup's own report is", async () => {
    const actions = fakeConnector({ tabReport: () => report() });
    const { snapshot, settings, arrive } = await renderSnapshotFirst(actions, t);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await actions.memory.get(tabScreenKey(7))).toBeUndefined();
    arrive([snapshot, settings]);
    await waitFor(async () => expect(await actions.memory.get(tabScreenKey(7))).toBeDefined());
  });
});

/** A screen with site text, Thai and characters that mean something in a URL. */
const screen = (basis: string): TabScreen => ({
  url: URL_,
  basis,
  scroll: 40,
  nodes: [['p', ['data-robot', 'Googlebot'], [HOSTILE, 'ไม่อนุญาต #1 %2F & ?x=1']]],
});

describe('the screen kept in localStorage, named by the tab’s popup URL (screenUrl, namedScreen, keepLocally)', () => {
  /** The DOM's own localStorage (happy-dom's), empty. */
  const storage = (): Storage => {
    localStorage.clear();
    return localStorage;
  };
  /** A storage that refuses every write, as a full or disabled one does. */
  const refusing = (): Storage => ({
    length: 0,
    key: () => null,
    getItem: () => null,
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem: () => undefined,
    clear: () => undefined,
  });
  const search = (url: string) => url.slice(url.indexOf('?'));

  test('kept, named by the URL, and read back the same; another basis or tab names nothing', () => {
    const local = storage();
    expect(keepLocally(local, 7, screen('b/1+2'), [7])).toBe(true);
    const url = screenUrl(7, 'b/1+2');
    expect(url).toBe('/popup-screen.html?tab=7&screen=b%2F1%2B2');
    expect(namedScreen(search(url), () => local)).toEqual(screen('b/1+2'));
    expect(namedScreen(search(screenUrl(7, 'b2')), () => local)).toBeNull();
    expect(namedScreen(search(screenUrl(8, 'b/1+2')), () => local)).toBeNull();
    // The plain page, a tab seam without a screen, nonsense: none.
    for (const plain of ['', '?tab=7', '?screen=b', '?tab=x&screen=b/1+2'])
      expect(namedScreen(plain, () => local)).toBeNull();
  });

  test('a stored value that is not a screen, storage that throws: none, nothing thrown', () => {
    const local = storage();
    local.setItem(tabScreenKey(7), '{not json');
    expect(namedScreen('?tab=7&screen=b', () => local)).toBeNull();
    local.setItem(tabScreenKey(7), JSON.stringify({ ...screen('b'), scroll: -1 }));
    expect(namedScreen('?tab=7&screen=b', () => local)).toBeNull();
    const off = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(namedScreen('?tab=7&screen=b', off)).toBeNull();
  });

  test(`the ${MAX_LOCAL_SCREENS} most recent tabs still open are kept; removing one, too long, refused`, () => {
    const local = storage();
    const open = Array.from({ length: MAX_LOCAL_SCREENS + 5 }, (_, i) => i);
    for (const id of open) keepLocally(local, id, screen(`b${id}`), open);
    const kept = open.filter((id) => local.getItem(tabScreenKey(id)) !== null);
    expect(kept).toEqual(open.slice(5));
    // Tab 10 closed: gone at the next keeping; tab 11's screen removed.
    keepLocally(
      local,
      11,
      null,
      open.filter((id) => id !== 10),
    );
    expect(local.getItem(tabScreenKey(10))).toBeNull();
    expect(local.getItem(tabScreenKey(11))).toBeNull();
    expect(local.getItem(tabScreenKey(12))).not.toBeNull();
    // Too long: not kept, and the tab's older one goes (the URL will name none).
    const long = { ...screen('b'), nodes: ['x'.repeat(MAX_LOCAL_SCREEN_CHARS)] };
    expect(keepLocally(local, 12, long, open)).toBe(false);
    expect(local.getItem(tabScreenKey(12))).toBeNull();
    // Storage full or off: false, nothing thrown.
    expect(keepLocally(refusing(), 1, screen('b'), [1])).toBe(false);
  });
});

describe('the screen carried by the tab’s popup URL (carryingUrl, carriedScreen)', () => {
  const hash = (url: string) => new URL(url, 'chrome-extension://x/').hash;
  /** Text that does not compress: `length` characters of a fixed pseudo-random sequence. */
  const noise = (length: number) => {
    let x = 1;
    return Array.from({ length }, () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(0x21 + (x % 90));
    }).join('');
  };

  test('carried, compressed, in popup-screen.html’s fragment and read back the same', async () => {
    const url = await carryingUrl(7, screen('b/1+2'));
    expect(url).toMatch(/^\/popup-screen\.html\?tab=7#[A-Za-z0-9_-]+$/);
    // As the browser gives the popup its URL back: location.hash, as it was set.
    expect(carriedScreen(hash(url ?? ''))).toEqual(screen('b/1+2'));
  });

  test('the plain page, a fragment that is not a screen: none, nothing thrown', async () => {
    const notAScreen = await carryingUrl(7, { ...screen('b'), scroll: -1 });
    for (const plain of ['', '#', '#x', '#%E0%A4%A', '#!!!!', hash(notAScreen ?? '')])
      expect(carriedScreen(plain)).toBeNull();
  });

  test(`a URL longer than ${MAX_SCREEN_URL_CHARS} characters is not set, nor JSON longer than ${MAX_SCREEN_JSON_CHARS}`, async () => {
    // Text that does not compress: 3,000 characters fit, 10,000 do not.
    expect(await carryingUrl(7, { ...screen('b'), nodes: [noise(3_000)] })).not.toBeNull();
    expect(await carryingUrl(7, { ...screen('b'), nodes: [noise(10_000)] })).toBeNull();
    // Long, but it compresses well.
    const plain = { ...screen('b'), nodes: ['x'.repeat(200_000)] };
    expect(carriedScreen(hash((await carryingUrl(7, plain)) ?? ''))).toEqual(plain);
    expect(
      await carryingUrl(7, { ...plain, nodes: ['x'.repeat(MAX_SCREEN_JSON_CHARS)] }),
    ).toBeNull();
  });
});

/** Adjacent texts as one, as HTML writes them: the same screen, however the text was split. */
const merged = (nodes: readonly ScreenNode[]): ScreenNode[] =>
  nodes.reduce<ScreenNode[]>((out, node) => {
    const last = out.at(-1);
    if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
    else if (typeof node === 'string') {
      if (node !== '') out.push(node);
    } else out.push([node[0], node[1], merged(node[2])]);
    return out;
  }, []);

describe('screenFromHtml: the popup’s HTML as the nodes captureScreen takes from the same elements', () => {
  test.each([
    [
      'text and escapes',
      '<p class="a&amp;b" title="&quot;x&quot; &lt;y&gt;">1 &lt; 2 &amp;&amp; &#x41;&#66; &apos;</p>',
    ],
    ['a hidden element and what it holds', '<div><p hidden>gone<svg></svg></p><p>kept</p></div>'],
    [
      'void elements',
      '<p>a<br>b</p><hr><input type="text" value="typed &amp; kept"><input type="checkbox" checked name="c">',
    ],
    [
      'an unchecked box, a select',
      '<input type="checkbox" name="c"><select><option value="1">one</option><option value="2" selected>two</option></select>',
    ],
    ['a textarea', '<textarea name="d">User-agent: *\n&lt;b&gt;</textarea>'],
    [
      'attributes left out',
      '<a href="javascript:alert(1)" onclick="x()" style="color:red" class="k">link</a><a href="https://a.test/">web</a>',
    ],
    ['a comment', '<p><!-- a note -->text</p>'],
  ])('%s', (_name, html) => {
    const root = document.createElement('div');
    root.innerHTML = html;
    const captured = captureScreen(root);
    expect(captured).not.toBeNull();
    expect(screenFromHtml(html)).toEqual(merged(captured ?? []));
  });

  test.each([
    ['a script', '<p>x</p><script>window.__pwned=1</script>'],
    ['an iframe', '<iframe src="https://evil.test/"></iframe>'],
    ['an element not closed', '<div><p>x</p>'],
    ['closed out of order', '<div><p>x</div></p>'],
    ['an end tag with no start', '</p>'],
    ['a stray <', '<p>1 < 2</p>'],
    ["an attribute quoted with '", "<p class='x'>x</p>"],
    ['too many nodes', `<div>${'<p></p>'.repeat(MAX_SCREEN_NODES)}</div>`],
  ])('refused: %s', (_name, html) => {
    expect(screenFromHtml(html)).toBeNull();
  });

  test('a reference that renderToString never writes stays as written', () => {
    expect(screenFromHtml('<p>&nbsp; &#0; &#xD800; &bogus;</p>')).toEqual([
      ['p', [], ['&nbsp; &#0; &#xD800; &bogus;']],
    ]);
  });

  test('never throws, whatever the text (fast-check)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<div class="x">',
        '</div>',
        '<br>',
        '<input value="',
        '"',
        '>',
        '&amp;',
        '&#x',
        ';',
        '<!--',
        '-->',
        '<p hidden>',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const nodes = screenFromHtml(pieces.join(''));
        expect(nodes === null || Array.isArray(nodes)).toBe(true);
      }),
    );
  });
});

// The popup's first screen drawn by the background (a first opening shows the verdicts in its first
// frame): the app rendered to HTML with no DOM, taken as the nodes the popup keeps of its own
// drawing. It must be the very screen the popup draws for the same snapshot, in every language, and
// site text must stay text.
const T = { en: t, th: translator(lookupIn(th), 'th') };

/** The popup's own drawing of `reply`, as it keeps it, and the snapshot it was drawn from. */
async function popupDrew(reply: TabReport, t: Translator) {
  const actions = fakeConnector({ tabReport: () => reply });
  const { container } = render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  const settings = await actions.getSettings({});
  if (!settings.ok) throw new Error('no settings');
  const snapshot: TabSnapshot = { reply, settings: settings.value };
  return { nodes: captureScreen(container), snapshot };
}

describe('drawScreen: the screen the popup draws for the same snapshot', () => {
  test.each<[string, TabReport, keyof typeof T]>([
    ['a file with site text that looks like markup', report(), 'en'],
    ...KINDS.flatMap(([name, reply]) =>
      (['en', 'th'] as const).map((language): [string, TabReport, keyof typeof T] => [
        `${name}, ${language}`,
        reply,
        language,
      ]),
    ),
  ])('%s', async (_name, reply, language) => {
    const t = T[language];
    const { nodes, snapshot } = await popupDrew(reply, t);
    const screen = drawScreen(7, snapshot, t, null);
    expect(screen).not.toBeNull();
    expect(screen?.nodes).toEqual(merged(nodes ?? []));
    expect(screen?.url).toBe(reply.url);
    expect(screen?.basis).toBe(snapshotBasis(snapshot));
    expect(JSON.stringify(screen?.nodes)).toContain('data-robot');
    // Short enough for the tab's popup URL.
    const url = screen === null ? null : await carryingUrl(7, screen);
    expect(url?.length).toBeLessThan(MAX_SCREEN_URL_CHARS / 2);
  });

  test('site text stays text once shown: no element is made from it', async () => {
    const { snapshot } = await popupDrew(fakeTabReport(URL_, okOutcome(TEXT)), T.en);
    const screen = drawScreen(7, snapshot, T.en, null);
    const root = document.createElement('div');
    expect(screen !== null && paintScreen(root, screen)).toBe(true);
    expect(root.querySelectorAll('img, b, script').length).toBe(0);
    const rows = [...root.querySelectorAll('[data-robot]')].map((row) => [
      row.getAttribute('data-robot'),
      row.getAttribute('data-verdict'),
    ]);
    expect(rows).toContainEqual(['Googlebot', 'allowed']);
  });

  test('what the popup kept for the site: its scroll; another view left open draws none', () => {
    const snapshot: TabSnapshot = {
      reply: fakeTabReport(URL_, okOutcome(TEXT)),
      settings: defaultSettings(),
    };
    const scrolled = { ...EMPTY_MEMORY, scroll: { verdicts: 120 } };
    expect(drawScreen(7, snapshot, T.en, scrolled)?.scroll).toBe(120);
    expect(drawScreen(7, snapshot, T.en, { ...EMPTY_MEMORY, view: 'records' })).toBeNull();
  });

  test('a snapshot the app cannot render: none, nothing thrown', () => {
    const broken = { reply: { kind: 'report', url: URL_ }, settings: defaultSettings() };
    expect(drawScreen(7, broken as unknown as TabSnapshot, T.en, null)).toBeNull();
  });
});
