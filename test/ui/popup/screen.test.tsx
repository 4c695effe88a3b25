// @vitest-environment happy-dom
// The popup's last screen of a tab (issue 12, speed): kept as plain data from what the popup drew,
// built back into elements and text, never HTML, shown only when drawn from the snapshot the
// background keeps now.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import { lookupIn, translator } from '../../../src/explain/index.ts';
import {
  readTabScreen,
  type ScreenNode,
  snapshotBasis,
  type TabReport,
  type TabScreen,
  type TabSnapshot,
  tabScreenKey,
} from '../../../src/protocol.ts';
import { defaultSettings } from '../../../src/settings.ts';
import { fakeConnector, fakeTabReport } from '../../../ui/fake-connector.ts';
import { App } from '../../../ui/popup/app.tsx';
import { preloadLazyViews } from '../../../ui/popup/lazy.tsx';
import {
  captureScreen,
  clearScreen,
  MAX_SCREEN_NODES,
  MAX_URL_SCREEN_CHARS,
  namedScreen,
  paintScreen,
  screenFromHtml,
  screenUrl,
} from '../../../ui/popup/screen.ts';
import { okOutcome } from '../../fixtures/outcomes.ts';
import { renderSnapshotFirst } from '../../fixtures/snapshot-first.tsx';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/item?id=1';
// Site text that would be markup if it were ever parsed as HTML.
const HOSTILE = '# <img src=x onerror="window.__pwned=1"> & <b>bold</b>';
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

describe('every kind of first screen can be kept (only tags and attributes the screen allows)', () => {
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
  test.each<[string, TabReport]>([
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
  ])('%s', async (_name, reply) => {
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

describe('the screen carried by the tab’s popup URL (screenUrl, namedScreen)', () => {
  const screen = (basis: string): TabScreen => ({
    url: URL_,
    basis,
    scroll: 40,
    nodes: [['p', ['data-robot', 'Googlebot'], [HOSTILE, 'ไม่อนุญาต #1 %2F & ?x=1']]],
  });
  const hash = (url: string) => new URL(url, 'chrome-extension://x/').hash;

  test('carried in popup-screen.html’s fragment and read back the same', () => {
    const url = screenUrl(7, screen('b/1+2'));
    expect(url?.startsWith('/popup-screen.html?tab=7#')).toBe(true);
    // As the browser gives the popup its URL back: location.hash, encoded as it was set.
    expect(namedScreen(hash(url ?? ''))).toEqual(screen('b/1+2'));
  });

  test('the plain page, a fragment that is not a screen: none, nothing thrown', () => {
    for (const plain of [
      '',
      '#',
      '#x',
      '#%E0%A4%A',
      `#${encodeURIComponent('{"url":1}')}`,
      `#${encodeURIComponent(JSON.stringify({ ...screen('b'), scroll: -1 }))}`,
    ])
      expect(namedScreen(plain)).toBeNull();
  });

  test(`a screen longer than ${MAX_URL_SCREEN_CHARS} characters as JSON is not carried`, () => {
    const fits = { ...screen('b'), nodes: [''] };
    const room = MAX_URL_SCREEN_CHARS - JSON.stringify(fits).length;
    expect(screenUrl(7, { ...fits, nodes: ['x'.repeat(room)] })).not.toBeNull();
    expect(screenUrl(7, { ...fits, nodes: ['x'.repeat(room + 1)] })).toBeNull();
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
