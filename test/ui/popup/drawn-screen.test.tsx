// @vitest-environment happy-dom
// The popup's first screen drawn by the background (issue 12, speed: a first opening shows the
// verdicts in its first frame): the app rendered to HTML with no DOM, taken as the nodes the popup
// keeps of its own drawing. It must be the very screen the popup draws for the same snapshot, in
// every language, and site text must stay text.
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../../_locales/en/messages.json';
import th from '../../../_locales/th/messages.json';
import { lookupIn, type Translator, translator } from '../../../src/explain/index.ts';
import {
  type ScreenNode,
  snapshotBasis,
  type TabReport,
  type TabSnapshot,
} from '../../../src/protocol.ts';
import { defaultSettings } from '../../../src/settings.ts';
import { fakeConnector, fakeTabReport } from '../../../ui/fake-connector.ts';
import { App } from '../../../ui/popup/app.tsx';
import { drawScreen } from '../../../ui/popup/drawn-screen.tsx';
import { preloadLazyViews } from '../../../ui/popup/lazy.tsx';
import { EMPTY_MEMORY } from '../../../ui/popup/memory.ts';
import {
  captureScreen,
  carryingUrl,
  MAX_SCREEN_URL_CHARS,
  paintScreen,
} from '../../../ui/popup/screen.ts';
import { okOutcome } from '../../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const T = { en: translator(lookupIn(en), 'en'), th: translator(lookupIn(th), 'th') };
const URL_ = 'https://shop.test/item?id=1';
// Site text that would be markup if it were ever parsed as HTML.
const HOSTILE = '# <img src=x onerror="window.__pwned=1"> & <b>bold</b> &amp; "q"';
const TEXT = `${HOSTILE}\nUser-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n`;
const AI = [
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  'User-agent: GPTBot',
  'Disallow: /',
].join('\n');

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
    ['a file with site text that looks like markup', fakeTabReport(URL_, okOutcome(TEXT)), 'en'],
    ['the same in Thai', fakeTabReport(URL_, okOutcome(TEXT)), 'th'],
    ['AI-usage lines, GPTBot disallowed', fakeTabReport(URL_, okOutcome(AI)), 'en'],
    [
      'no robots.txt (404)',
      fakeTabReport(URL_, { kind: 'unavailable', reason: 'status', status: 404, redirects: [] }),
      'th',
    ],
    [
      'a server error (503)',
      fakeTabReport(URL_, {
        kind: 'unreachable',
        reason: 'status',
        status: 503,
        message: null,
        redirects: [],
      }),
      'en',
    ],
    [
      'a browser page',
      { kind: 'not-applicable', url: 'chrome://newtab/', robots: defaultSettings().robots },
      'en',
    ],
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
