// @vitest-environment happy-dom
// The popup's first screen of a tab (issue 12, speed; issue 27 item 1). The background draws it from
// the tab's snapshot (drawScreen: the popup's frame rendered to HTML with no DOM, taken as plain
// data by screenFromHtml), carries it compressed in the tab's popup URL (carryingUrl,
// carriedScreen), and the popup's entry builds it back into elements and text, never HTML
// (paintScreen), until the app draws in its place (clearScreen). It must be the very screen the
// app draws for the same snapshot, in every language, as the user left it (the site's memory: its
// scroll; another view, no screen); site text stays text; and the background alone sets a tab's
// popup URL: the app never does.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import th from '../../_locales/th/messages.json';
import { drawScreen } from '../../first-screen/draw-screen.tsx';
import {
  carriedScreen,
  carryingUrl,
  clearScreen,
  MAX_SCREEN_JSON_CHARS,
  MAX_SCREEN_NODES,
  MAX_SCREEN_URL_CHARS,
  paintScreen,
  type ScreenNode,
  screenFromHtml,
  type TabScreen,
  tabScreenOf,
} from '../../first-screen/screen.ts';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, type Translator, translator } from '../../src/explain/index.ts';
import { EMPTY_MEMORY, memoryKey, memoryOf } from '../../src/extension/popup-memory.ts';
import { MESSAGE_NAMES, type TabReport } from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { snapshotBasis, type TabSnapshot } from '../../src/extension/tab-snapshot.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const t = translator(lookupIn(en), 'en');
const T = { en: t, th: translator(lookupIn(th), 'th') };
const URL_ = 'https://shop.test/item?id=1';
const SITE = 'https://shop.test';
// Site text that would be markup if it were ever parsed as HTML.
const HOSTILE = '# <img src=x onerror="window.__pwned=1"> & <b>bold</b> &amp; "q"';
const TEXT = `${HOSTILE}\nUser-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n`;
const report = (): TabReport =>
  fakeTabReport(URL_, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }));

/**
 * The popup's app drawing `reply` (answered to each request) in `t`'s language, once done; the
 * snapshot the background would keep of it (the reply and the settings it was judged with).
 */
async function appDrew(reply: TabReport, tr: Translator = t, memory = new Map<string, unknown>()) {
  const actions = fakeConnector({ tabReport: () => reply, memory });
  const { container } = render(<App tabId={7} actions={actions} t={tr} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  const settings = await actions.getSettings({});
  if (!settings.ok) throw new Error('no settings');
  const snapshot: TabSnapshot = { reply, settings: settings.value };
  return { actions, container, snapshot };
}

/** The verdicts' rows shown in `root` (none inside a hidden element): robot and verdict. */
const seams = (root: Element) =>
  [...root.querySelectorAll('[data-robot]:not([hidden] *)')].map((e) => [
    e.getAttribute('data-robot'),
    e.getAttribute('data-verdict'),
  ]);

/** The text `root` shows: its text without what hidden elements hold (happy-dom lays nothing out). */
const shownText = (root: Element): string => {
  const copy = root.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[hidden]')) hidden.remove();
  return copy.textContent ?? '';
};

/** `nodes` shown in a root of their own, in the document (paintScreen finds the panel by id). */
const painted = (nodes: ScreenNode[], scroll = 0): HTMLElement => {
  const root = document.createElement('div');
  document.body.append(root);
  expect(paintScreen(root, { url: URL_, basis: 'b', scroll, nodes })).toBe(true);
  return root;
};

/**
 * The app's DOM as HTML, with what its controls show written as attributes: the HTML serialization
 * writes attributes only, and Preact sets a box's `checked` and a field's `value` as properties.
 */
function appHtml(container: Element): string {
  const copy = container.cloneNode(true) as Element;
  const controls = 'input, option, textarea';
  const copies = [...copy.querySelectorAll(controls)];
  for (const [i, control] of [...container.querySelectorAll(controls)].entries()) {
    const into = copies[i] as Element;
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio')
        into.toggleAttribute('checked', control.checked);
      else into.setAttribute('value', control.value);
    } else if (control instanceof HTMLOptionElement)
      into.toggleAttribute('selected', control.selected);
    else if (control instanceof HTMLTextAreaElement) into.textContent = control.value;
  }
  return copy.innerHTML;
}

describe('paintScreen and clearScreen', () => {
  test('the screen the background draws, painted, shows what the app drew: text, seams, the checked box', async () => {
    const { container, snapshot } = await appDrew(report());
    const screen = drawScreen(snapshot, t, null);
    expect(screen).not.toBeNull();
    const other = painted(screen?.nodes ?? []);
    expect(seams(other)).toEqual(seams(container));
    expect(seams(other).length).toBeGreaterThan(0);
    expect(other.textContent).toBe(shownText(container));
    const box = (root: Element) => root.querySelector<HTMLInputElement>('input[name="checking"]');
    expect(box(container)?.checked).toBe(true);
    expect(box(other)?.checked).toBe(box(container)?.checked);
    // Shown, not yet usable: the app's own drawing takes its place.
    expect(other.inert).toBe(true);
    expect(other.getAttribute('aria-busy')).toBe('true');
    expect(other.dataset['screen']).toBe('carried');
    clearScreen(other);
    expect(other.childNodes.length).toBe(0);
    expect(other.inert).toBe(false);
    expect(other.hasAttribute('aria-busy')).toBe(false);
    expect(other.dataset['screen']).toBeUndefined();
    other.remove();
  });

  test('the verdicts’ panel scrolled as the screen says (the site’s memory)', () => {
    const nodes: ScreenNode[] = [['section', ['id', 'panel-verdicts'], [['p', [], ['x']]]]];
    const root = painted(nodes, 120);
    expect(root.querySelector('#panel-verdicts')?.scrollTop).toBe(120);
    root.remove();
  });

  test('clearScreen with no screen shown: the app’s own drawing stays', () => {
    const root = document.createElement('div');
    root.append('drawn by the app');
    clearScreen(root);
    expect(root.textContent).toBe('drawn by the app');
  });

  test('site text stays text: no element is made from it, and it comes back from HTML the same', () => {
    const nodes: ScreenNode[] = [['p', ['class', 'x'], [HOSTILE]]];
    const root = painted(nodes);
    expect(root.querySelectorAll('img, b').length).toBe(0);
    expect(root.textContent).toBe(HOSTILE);
    // Serialized as HTML escapes it, read back by the background's reader: the same text.
    expect(screenFromHtml(root.innerHTML)).toEqual(nodes);
    root.remove();
  });

  test.each<[string, unknown[]]>([
    ['a script element', [['script', [], ['window.__pwned=1']]]],
    ['an iframe', [['iframe', ['src', 'https://evil.test/'], []]]],
    ['an event handler attribute', [['p', ['onclick', 'window.__pwned=1'], []]]],
    ['a style attribute', [['p', ['style', 'background:url(https://evil.test/)'], []]]],
    ['a javascript: link', [['a', ['href', 'javascript:alert(1)'], ['x']]]],
    ['a link to a browser page', [['a', ['href', 'chrome://extensions'], ['x']]]],
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
    expect(root.dataset['screen']).toBeUndefined();
  });
});

/** A screen with site text, Thai and characters that mean something in a URL. */
const screen = (basis: string): TabScreen => ({
  url: URL_,
  basis,
  scroll: 40,
  nodes: [['p', ['data-robot', 'Googlebot'], [HOSTILE, 'ไม่อนุญาต #1 %2F & ?x=1']]],
});

describe('tabScreenOf: a value read from a URL as a screen, or none', () => {
  const drawn = screen('b');
  // [what the value is, the value, taken as a screen]; its nodes are checked as they are built.
  test.each<[string, unknown, boolean]>([
    ['a screen as drawScreen writes it', drawn, true],
    ['at the top', { ...drawn, scroll: 0 }, true],
    ['a negative scroll', { ...drawn, scroll: -1 }, false],
    ['a scroll that is no number', { ...drawn, scroll: Number.NaN }, false],
    ['an endless scroll', { ...drawn, scroll: Number.POSITIVE_INFINITY }, false],
    ['nodes that are no list', { ...drawn, nodes: 'x' }, false],
    ['no URL', { ...drawn, url: undefined }, false],
    ['a basis that is no text', { ...drawn, basis: 1 }, false],
    ['nothing', undefined, false],
    ['null', null, false],
    ['not an object', 'screen', false],
  ])('%s', (_name, value, taken) => {
    expect(tabScreenOf(value)).toEqual(taken ? value : null);
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

describe('screenFromHtml: HTML as the nodes of what a browser shows of it', () => {
  // Each case twice checked: against the nodes written out here, and against happy-dom's parse of
  // the same HTML with its hidden elements removed: the nodes painted back show the same elements
  // in the same order, the same text, the same state of each control, and no attribute the parse
  // does not have. [name and rule, HTML, nodes]
  const CASES: [string, string, ScreenNode[]][] = [
    [
      'text and escapes, as renderToString writes them (HTML §13.1.4 character references)',
      '<p class="a&amp;b" title="&quot;x&quot; &lt;y&gt;">1 &lt; 2 &amp;&amp; &#x41;&#66; &apos;</p>',
      [['p', ['class', 'a&b', 'title', '"x" <y>'], ["1 < 2 && AB '"]]],
    ],
    [
      'a hidden element and what it holds, whatever its tags: the popup draws it anew',
      '<div><p hidden>gone<svg></svg></p><p>kept</p></div>',
      [['div', [], [['p', [], ['kept']]]]],
    ],
    [
      'void elements (HTML §13.1.2), a field’s value and a box’s state last',
      '<p>a<br>b</p><hr><input type="text" value="typed &amp; kept"><input type="checkbox" checked name="c">',
      [
        ['p', [], ['a', ['br', [], []], 'b']],
        ['hr', [], []],
        ['input', ['type', 'text', 'value', 'typed & kept'], []],
        ['input', ['type', 'checkbox', 'name', 'c', 'checked', ''], []],
      ],
    ],
    [
      'an unchecked box, a select: the option shown, not the values sent',
      '<input type="checkbox" name="c"><select><option value="1">one</option><option value="2" selected>two</option></select>',
      [
        ['input', ['type', 'checkbox', 'name', 'c'], []],
        [
          'select',
          [],
          [
            ['option', [], ['one']],
            ['option', ['selected', ''], ['two']],
          ],
        ],
      ],
    ],
    [
      'a textarea: its text, markup in it as text',
      '<textarea name="d">User-agent: *\n&lt;b&gt;</textarea>',
      [['textarea', ['name', 'd'], ['User-agent: *\n<b>']]],
    ],
    [
      'attributes that run or load left out: a javascript: link, a handler, a style',
      '<a href="javascript:alert(1)" onclick="x()" style="color:red" class="k">link</a><a href="https://a.test/">web</a>',
      [
        ['a', ['class', 'k'], ['link']],
        ['a', ['href', 'https://a.test/'], ['web']],
      ],
    ],
    [
      'a link to a browser page left out; one to a place in the popup kept',
      '<a href="chrome://extensions" class="x">settings</a><a href="#panel-file">file</a>',
      [
        ['a', ['class', 'x'], ['settings']],
        ['a', ['href', '#panel-file'], ['file']],
      ],
    ],
    [
      'the verdicts’ seams and labels kept (data-*, aria-*)',
      '<li data-robot="Googlebot" data-verdict="allowed" aria-label="Googlebot: allowed">G</li>',
      [
        [
          'li',
          [
            'data-robot',
            'Googlebot',
            'data-verdict',
            'allowed',
            'aria-label',
            'Googlebot: allowed',
          ],
          ['G'],
        ],
      ],
    ],
    ['a comment left out', '<p><!-- a note -->text</p>', [['p', [], ['text']]]],
  ];

  /** What a DOM shows, element by element: tag, attributes, the state of its control. */
  const elements = (root: Element) =>
    [...root.querySelectorAll('*')].map((e) => ({
      tag: e.localName,
      attributes: new Map([...e.attributes].map((a) => [a.name, a.value])),
      state:
        e instanceof HTMLInputElement
          ? [e.checked, e.value]
          : e instanceof HTMLOptionElement
            ? [e.selected]
            : e instanceof HTMLTextAreaElement
              ? [e.value]
              : [],
    }));

  test.each(CASES)('%s', (_name, html, nodes) => {
    expect(screenFromHtml(html)).toEqual(nodes);
    const parsed = document.createElement('div');
    parsed.innerHTML = html;
    for (const hidden of parsed.querySelectorAll('[hidden]')) hidden.remove();
    const root = painted(nodes);
    expect(root.textContent).toBe(parsed.textContent);
    const [shown, browser] = [elements(root), elements(parsed)];
    expect(shown.map((e) => [e.tag, e.state])).toEqual(browser.map((e) => [e.tag, e.state]));
    for (const [i, { attributes }] of shown.entries())
      for (const [name, value] of attributes)
        expect([name, browser[i]?.attributes.get(name)]).toEqual([name, value]);
    root.remove();
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

// What the app drew, as the reference: its DOM (Preact's render, with its state and effects),
// serialized by happy-dom with the controls' state written as attributes (appHtml), read by the
// same screenFromHtml the background uses. A fair reference: the reader is the same on both sides,
// so the two differ only where the trees differ, and the reader skips hidden elements (the app's
// views visited before, kept hidden) as the popup's eye does. That the reader loses nothing of
// what the app shows is checked apart from it: the reference is not empty, shows the rows, and
// shows the very text of the app's visible DOM.
describe('drawScreen: the screen the app draws for the same snapshot', () => {
  /** The reference: the app's drawing as a screen's nodes, checked against its visible DOM. */
  const reference = (container: Element): ScreenNode[] => {
    const nodes = screenFromHtml(appHtml(container));
    expect(nodes).not.toBeNull();
    const root = painted(nodes ?? []);
    expect(root.textContent).toBe(shownText(container));
    expect(seams(root)).toEqual(seams(container));
    root.remove();
    return nodes ?? [];
  };

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
    const tr = T[language];
    const { container, snapshot } = await appDrew(reply, tr);
    const drawn = drawScreen(snapshot, tr, null);
    expect(drawn).not.toBeNull();
    expect(drawn?.nodes).toEqual(reference(container));
    expect(drawn?.url).toBe(reply.url);
    expect(drawn?.basis).toBe(snapshotBasis(snapshot));
    expect(drawn?.scroll).toBe(0);
    expect(JSON.stringify(drawn?.nodes)).toContain('data-robot');
    // Short enough for the tab's popup URL, with room to spare: the largest, a Thai screen with
    // the headline, the page's status and AI-usage lines, is about 3.1 thousand characters.
    const url = drawn === null ? null : await carryingUrl(7, drawn);
    expect(url?.length).toBeLessThan(MAX_SCREEN_URL_CHARS * 0.6);
  });

  test('the views visited and left, kept hidden in the app, are not in the screen', async () => {
    const { container, snapshot } = await appDrew(report());
    for (const view of ['tester', 'records', 'verdicts'])
      fireEvent.click(container.querySelector(`[role="tab"][data-view="${view}"]`) as Element);
    await waitFor(() =>
      expect(container.querySelectorAll('[role="tabpanel"][hidden]')).toHaveLength(2),
    );
    expect(drawScreen(snapshot, t, null)?.nodes).toEqual(reference(container));
  });

  test('site text stays text once shown: no element is made from it', () => {
    const snapshot: TabSnapshot = { reply: report(), settings: defaultSettings() };
    const drawn = drawScreen(snapshot, T.en, null);
    const root = document.createElement('div');
    expect(drawn !== null && paintScreen(root, drawn)).toBe(true);
    expect(root.querySelectorAll('img, b, script').length).toBe(0);
    expect(seams(root)).toContainEqual(['Googlebot', 'allowed']);
  });

  test('what the popup kept for the site: its scroll; another view left open draws none', () => {
    const snapshot: TabSnapshot = { reply: report(), settings: defaultSettings() };
    const here = { ...EMPTY_MEMORY, page: snapshot.reply.url };
    const scrolled = { ...here, scroll: { verdicts: 120, file: 300 } };
    expect(drawScreen(snapshot, T.en, scrolled)?.scroll).toBe(120);
    expect(drawScreen(snapshot, T.en, EMPTY_MEMORY)?.scroll).toBe(0);
    expect(drawScreen(snapshot, T.en, { ...here, view: 'records' })).toBeNull();
    // Issue 29 item 4: left on another page of the site, the popup opens on the verdicts.
    const elsewhere = { ...scrolled, view: 'records' as const, page: `${SITE}/other` };
    expect(drawScreen(snapshot, T.en, elsewhere)?.scroll).toBe(0);
  });

  test('the memory the app writes as the user goes is the one the screen is drawn with', async () => {
    const memory = new Map<string, unknown>();
    const { container, snapshot } = await appDrew(report(), t, memory);
    const kept = () => memoryOf(memory.get(memoryKey(SITE)));
    // Scrolled once the panel is shown (the app gives the kept scroll back in the next frame).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const panel = container.querySelector('#panel-verdicts') as HTMLElement;
    panel.scrollTop = 120;
    fireEvent.scroll(panel);
    await waitFor(() => expect(kept()?.scroll.verdicts).toBe(120));
    expect(drawScreen(snapshot, t, kept())?.scroll).toBe(120);
    fireEvent.click(container.querySelector('[role="tab"][data-view="tester"]') as Element);
    await waitFor(() => expect(kept()?.view).toBe('tester'));
    expect(drawScreen(snapshot, t, kept())).toBeNull();
  });

  test('a snapshot the app cannot render: none, nothing thrown', () => {
    const broken = { reply: { kind: 'report', url: URL_ }, settings: defaultSettings() };
    expect(drawScreen(broken as unknown as TabSnapshot, T.en, null)).toBeNull();
  });
});

describe('the background alone sets a tab’s popup URL', () => {
  // The page's own actions (ui/connector.ts PageActions) that reach no popup URL; with the
  // protocol's messages, answered by the background, they are all the app may use.
  const PAGE_ACTIONS = [
    'copy',
    'requestPermission',
    'openOptions',
    'openUrl',
    'memory',
    'onSettingsChanged',
  ];

  test('drawn, refreshed, its views switched and scrolled: the app uses no other action, writes only its memory', async () => {
    const memory = new Map<string, unknown>();
    const fake = fakeConnector({ tabReport: () => report(), memory });
    // Every action the app reads, called or not: one that set a popup URL would be among them.
    const used = new Set<string>();
    const actions = new Proxy(fake, {
      get(target, name, receiver) {
        if (typeof name === 'string') used.add(name);
        return Reflect.get(target, name, receiver);
      },
    });
    const { container } = render(<App tabId={7} actions={actions} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    const refreshes = () => fake.calls.filter((c) => c.name === 'refresh').length;
    fireEvent.click(container.querySelector('[data-action="refresh"]') as Element);
    await waitFor(() => expect(refreshes()).toBe(1));
    await waitFor(() => expect(document.querySelector('main[aria-busy="true"]')).toBeNull());
    for (const view of ['tester', 'file', 'verdicts'])
      fireEvent.click(container.querySelector(`[role="tab"][data-view="${view}"]`) as Element);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const panel = container.querySelector('#panel-verdicts') as HTMLElement;
    panel.scrollTop = 80;
    fireEvent.scroll(panel);
    dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(memoryOf(memory.get(memoryKey(SITE)))?.scroll.verdicts).toBe(80));

    const allowed = new Set<string>([...MESSAGE_NAMES, ...PAGE_ACTIONS]);
    expect([...used].filter((name) => !allowed.has(name))).toEqual([]);
    expect(used.has('tabReport') && used.has('memory')).toBe(true);
    // No request carries a popup page, with or without a screen.
    expect(JSON.stringify(fake.calls)).not.toMatch(/popup(?:-screen)?\.html/);
    // Only what the popup keeps for the site (which the background draws the screen with):
    // no screen of its own, in storage.session or in localStorage.
    expect([...memory.keys()].sort()).toEqual(['popup-memory-index', memoryKey(SITE)]);
    expect(localStorage.length).toBe(0);
  });
});
