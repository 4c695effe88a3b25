// @vitest-environment happy-dom
// The tester's saved test URLs and their place in the History view's verdict impact (issue 16,
// "History", item 2: "which of the user's saved test URLs change verdict"), against the in-memory
// background: asked for only once the tester is shown, saved with a button beside the field,
// listed under it (put back in the field, removed), never in a private window, every refusal in
// words; in History, each impact row says where its URL comes from.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { HistoryView } from '../../popup/history/history-view.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { type OriginHistory, refuse } from '../../src/extension/protocol.ts';
import { type FakeOptions, fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const ORIGIN = 'https://shop.test';
const PAGE = `${ORIGIN}/blog/post`;
const T0 = Date.UTC(2026, 10, 1, 8, 0);
const V1 = 'User-agent: *\nDisallow: /private/\n';
const V2 = 'User-agent: *\nDisallow: /\n';

const HISTORY: OriginHistory = {
  origin: ORIGIN,
  versions: [
    { text: V1, firstSeen: T0, lastSeen: T0 + 1 },
    { text: V2, firstSeen: T0 + 2, lastSeen: T0 + 3 },
  ],
  seen: [`${ORIGIN}/blog/post`, `${ORIGIN}/cart`],
  rememberPaths: true,
  saved: [`${ORIGIN}/pricing`, `${ORIGIN}/cart`],
};

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const field = () => document.querySelector('input[data-tester-url]') as HTMLInputElement;
const saveButton = () =>
  document.querySelector('[data-action="save-test-url"]') as HTMLButtonElement;
const savedItems = () =>
  [...document.querySelectorAll('[data-saved-url]')].map((li) => li.getAttribute('data-saved-url'));
const type = (value: string) => fireEvent.input(field(), { target: { value } });

async function openPopup(options: FakeOptions = {}) {
  const actions = fakeConnector({
    tabReport: () => fakeTabReport(PAGE, okOutcome(V2, { url: `${ORIGIN}/robots.txt` })),
    history: HISTORY,
    ...options,
  });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

async function openTester(options: FakeOptions = {}) {
  const actions = await openPopup(options);
  fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
  await waitFor(() =>
    expect(document.querySelector('[data-saved-urls]')?.getAttribute('data-saved-urls')).not.toBe(
      'loading',
    ),
  );
  return actions;
}

describe('the tester’s saved test URLs', () => {
  test('asked for only once the tester is shown, never for the first screen', async () => {
    const actions = await openPopup();
    expect(actions.calls.some((c) => c.name === 'savedUrls')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    await waitFor(() => expect(savedItems()).toEqual(HISTORY.saved));
    expect(actions.calls.filter((c) => c.name === 'savedUrls')).toEqual([
      { name: 'savedUrls', req: { tabId: 7 } },
    ]);
  });

  test('Save: what the field holds, first in the list; again moves it first', async () => {
    const actions = await openTester();
    type('/new?x=1');
    fireEvent.click(saveButton());
    await waitFor(() => expect(savedItems()[0]).toBe(`${ORIGIN}/new?x=1`));
    expect(actions.calls).toContainEqual({
      name: 'saveTestUrl',
      req: { tabId: 7, url: '/new?x=1' },
    });
    type(`${ORIGIN}/cart`);
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(savedItems()).toEqual([`${ORIGIN}/cart`, `${ORIGIN}/new?x=1`, `${ORIGIN}/pricing`]),
    );
  });

  const DISABLED: { name: string; value: string }[] = [
    { name: 'empty', value: '' },
    { name: 'spaces only', value: '   ' },
    { name: 'not a URL', value: 'pricing' },
    { name: 'another site', value: 'https://other.test/' },
  ];
  for (const { name, value } of DISABLED)
    test(`Save is disabled for a field that is ${name}`, async () => {
      await openTester();
      expect(saveButton().disabled).toBe(false);
      type(value);
      await waitFor(() => expect(saveButton().disabled).toBe(true));
    });

  test('an item puts its URL in the field; Remove takes it out of the list', async () => {
    const actions = await openTester();
    const item = document.querySelector(`[data-saved-url="${ORIGIN}/pricing"]`) as HTMLElement;
    fireEvent.click(item.querySelector('[data-action="use-saved-url"]') as HTMLElement);
    await waitFor(() => expect(field().value).toBe(`${ORIGIN}/pricing`));
    fireEvent.click(item.querySelector('[data-action="forget-test-url"]') as HTMLElement);
    await waitFor(() => expect(savedItems()).toEqual([`${ORIGIN}/cart`]));
    expect(actions.calls).toContainEqual({
      name: 'forgetTestUrl',
      req: { tabId: 7, url: `${ORIGIN}/pricing` },
    });
  });

  test('none saved yet: said so', async () => {
    await openTester({ saved: { origin: ORIGIN, urls: [] } });
    expect(screen.getByText('No saved URLs for this site yet.')).toBeTruthy();
  });

  test('a private window: said so, Save disabled, no list, nothing sent', async () => {
    const actions = await openTester({ saved: 'private-window' });
    expect(document.querySelector('[data-saved-private]')?.textContent).toBe(
      'Test URLs are never saved in a private window.',
    );
    expect(saveButton().disabled).toBe(true);
    expect(savedItems()).toEqual([]);
    expect(actions.calls.some((c) => c.name === 'saveTestUrl')).toBe(false);
  });

  const REFUSED: { name: string; options: FakeOptions; value: string; words: string }[] = [
    {
      name: 'too long (the fake refuses as the background does)',
      options: {},
      value: `/${'x'.repeat(2_000)}`,
      words: 'This URL is longer than 2,000 characters: it cannot be saved.',
    },
    {
      name: 'another site, said by the background',
      options: { override: { saveTestUrl: async () => refuse<'saveTestUrl'>('not-this-site') } },
      value: '/x',
      words: 'Only URLs of this site can be saved.',
    },
    {
      name: 'the background failing',
      options: {
        override: {
          saveTestUrl: async () => ({ ok: false, error: 'no-answer', message: 'gone' }),
        },
      },
      value: '/x',
      words: 'That did not work: the extension did not answer: try again',
    },
    {
      name: 'the request throwing',
      options: {
        override: {
          saveTestUrl: () => Promise.reject(new Error('port closed')),
        },
      },
      value: '/x',
      words: 'That did not work: an unexpected error',
    },
  ];
  for (const { name, options, value, words } of REFUSED)
    test(`refused in words, never thrown: ${name}`, async () => {
      await openTester(options);
      type(value);
      fireEvent.click(saveButton());
      await waitFor(() =>
        expect(document.querySelector('[data-saved-problem]')?.textContent).toBe(words),
      );
      expect(savedItems()).toEqual(HISTORY.saved);
    });

  test('the list failing to load: in words, Save disabled', async () => {
    await openTester({
      override: { savedUrls: async () => ({ ok: false, error: 'internal', message: 'boom' }) },
    });
    expect(document.querySelector('[data-saved-problem]')?.textContent).toBe(
      'That did not work: an error inside Robots Lens',
    );
    expect(saveButton().disabled).toBe(true);
  });
});

describe('History: the saved URLs in the verdict impact, each row saying its source', () => {
  const sources = () =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-impact-url][data-impact-robot="Googlebot"]')].map(
        (tr) => [
          tr.getAttribute('data-impact-url'),
          [tr.getAttribute('data-impact-source'), tr.querySelector('.source')?.textContent],
        ],
      ),
    );

  test('visited pages, saved URLs and the tester’s URL, each once, in words', async () => {
    const actions = fakeConnector({ history: HISTORY });
    render(
      <HistoryView tabId={7} actions={actions} robots={['Googlebot']} testerUrl="/about" t={t} />,
    );
    await waitFor(() => expect(document.querySelector('[data-impact-url]')).not.toBeNull());
    // /cart was visited and saved: one row, said to be saved (the more deliberate source).
    expect(sources()).toEqual({
      [`${ORIGIN}/blog/post`]: ['seen', 'visited page'],
      [`${ORIGIN}/cart`]: ['saved', 'saved URL'],
      [`${ORIGIN}/pricing`]: ['saved', 'saved URL'],
      [`${ORIGIN}/about`]: ['tester', 'tester URL'],
    });
    expect(
      [...document.querySelectorAll('[data-impact-robot="Googlebot"]')].map((tr) =>
        tr.getAttribute('data-impact-url'),
      ),
    ).toEqual([`${ORIGIN}/blog/post`, `${ORIGIN}/cart`, `${ORIGIN}/pricing`, `${ORIGIN}/about`]);
    expect(screen.getByText(/4 URLs checked/)).toBeTruthy();
  });

  test('a URL saved in the tester is checked by History at once; clearing history keeps it', async () => {
    const actions = await openPopup();
    // History read first: its own list has no /checkout.
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(document.querySelector('[data-impact-url]')).not.toBeNull());
    expect(document.querySelector(`[data-impact-url="${ORIGIN}/checkout"]`)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    await waitFor(() => expect(savedItems()).toEqual(HISTORY.saved));
    type('/checkout');
    fireEvent.click(saveButton());
    await waitFor(() => expect(savedItems()[0]).toBe(`${ORIGIN}/checkout`));
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() =>
      expect(
        document
          .querySelector(`[data-impact-url="${ORIGIN}/checkout"]`)
          ?.getAttribute('data-impact-source'),
      ).toBe('saved'),
    );
    // Clearing the site's history forgets versions and visited pages, not the user's list.
    fireEvent.click(document.querySelector('[data-action="clear-history"]') as HTMLElement);
    fireEvent.click(document.querySelector('[data-action="confirm-clear-history"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('[data-history-notice]')).not.toBeNull());
    const reply = await actions.savedUrls({ tabId: 7 });
    expect(reply.ok && reply.value[0]).toBe(`${ORIGIN}/checkout`);
  });
});
