// @vitest-environment happy-dom
// Issue 12: the popup keeps what the user is doing. A refresh, a settings change made elsewhere,
// a new report and reopening the popup on the same site keep the view, the robot picked, the
// tester's URL and draft; notes stay until dismissed; a robot clicked opens its group.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { memoryKey } from '../../src/extension/popup-memory.ts';
import { refuse, type TabReport } from '../../src/extension/protocol.ts';
import { type FakeOptions, fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { held } from '../fixtures/held.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { renderSnapshotFirst } from '../fixtures/snapshot-first.tsx';

// The views arrive as a chunk in the popup: loaded once here, they render at once.
beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/private/item?id=1';
const TEXT = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'Allow: /private/item',
  'disalow: /drafts/',
  '',
  'User agent: Bingbot',
  'Disallow: /bing/',
].join('\n');
const report = (text = TEXT): TabReport =>
  fakeTabReport(URL_, okOutcome(text, { url: 'https://shop.test/robots.txt' }));

async function open(
  options: Omit<FakeOptions, 'tabReport'> & { tabReport?: () => TabReport } = {},
) {
  const tabReport = options.tabReport ?? (() => report());
  const actions = fakeConnector({ ...options, tabReport });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector(selector) as E | null;
const tab = (view: string) =>
  fireEvent.click($(`[role="tab"][data-view="${view}"]`) as HTMLElement);
const selectedView = () => $('[role="tab"][aria-selected="true"]')?.getAttribute('data-view');

/** Types a draft: the tester, draft mode on, new text. */
async function typeDraft(draft: string) {
  tab('tester');
  fireEvent.click($('input[data-draft-mode]') as HTMLElement);
  await waitFor(() => expect($('textarea[data-draft]')).not.toBeNull());
  fireEvent.input($('textarea[data-draft]') as HTMLElement, { target: { value: draft } });
}

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('nothing typed is lost', () => {
  const DRAFT = `${TEXT}\nUser-agent: GPTBot\nDisallow: /\n`;

  test('the refresh button keeps the view, the tester URL and the draft, updated in place', async () => {
    const actions = await open();
    await typeDraft(DRAFT);
    fireEvent.input($('input[data-tester-url]') as HTMLElement, { target: { value: '/public/x' } });
    fireEvent.click($('[data-action="refresh"]') as HTMLElement);
    await waitFor(() => expect(actions.calls.some((c) => c.name === 'refresh')).toBe(true));
    await waitFor(() => expect($('main')?.getAttribute('aria-busy')).toBe('false'));
    expect(document.body.dataset['state']).toBe('done');
    expect(selectedView()).toBe('tester');
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(DRAFT);
    expect($<HTMLInputElement>('input[data-tester-url]')?.value).toBe('/public/x');
    expect($('[data-tester-robot="GPTBot"]')?.getAttribute('data-tester-verdict')).toBe(
      'disallowed',
    );
  });

  test('a settings change made elsewhere (the robot list) keeps the draft', async () => {
    const actions = await open({ tabReport: undefined });
    await typeDraft(DRAFT);
    actions.changeSettingsElsewhere({ robots: ['GPTBot', 'Googlebot'] });
    await waitFor(() =>
      expect(actions.calls.filter((c) => c.name === 'tabReport').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect($('main')?.getAttribute('aria-busy')).toBe('false'));
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(DRAFT);
  });

  test('a new robots.txt from the background: an edited draft stays, an untouched one follows', async () => {
    let text = TEXT;
    const actions = await open({ tabReport: () => report(text) });
    tab('tester');
    fireEvent.click($('input[data-draft-mode]') as HTMLElement);
    await waitFor(() => expect($('textarea[data-draft]')).not.toBeNull());
    text = `${TEXT}\n# changed on the server\n`;
    fireEvent.click($('[data-action="refresh"]') as HTMLElement);
    await waitFor(() => expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(text));
    fireEvent.input($('textarea[data-draft]') as HTMLElement, { target: { value: DRAFT } });
    text = `${TEXT}\n# changed again\n`;
    fireEvent.click($('[data-action="refresh"]') as HTMLElement);
    await waitFor(() => expect(actions.calls.filter((c) => c.name === 'refresh')).toHaveLength(2));
    await waitFor(() => expect($('main')?.getAttribute('aria-busy')).toBe('false'));
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(DRAFT);
  });

  test('closed and reopened on the same site: the view, the robot, the URL and the draft come back', async () => {
    const memory = new Map<string, unknown>();
    await open({ memory });
    fireEvent.click($('[data-robot="Bingbot"] th button') as HTMLElement);
    await typeDraft(DRAFT);
    fireEvent.input($('input[data-tester-url]') as HTMLElement, { target: { value: '/bing/x' } });
    // The popup closes.
    dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 20));
    cleanup();
    delete document.body.dataset['state'];
    await open({ memory });
    expect(selectedView()).toBe('tester');
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(DRAFT);
    expect($<HTMLInputElement>('input[data-tester-url]')?.value).toBe('/bing/x');
    tab('records');
    expect($<HTMLSelectElement>('select')?.value).toBe('Bingbot');
  });

  test('the scroll position of a view comes back when the popup is reopened', async () => {
    const memory = new Map<string, unknown>();
    await open({ memory });
    const panel = $('#panel-verdicts') as HTMLElement;
    panel.scrollTop = 137;
    panel.dispatchEvent(new Event('scroll'));
    dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 20));
    cleanup();
    delete document.body.dataset['state'];
    await open({ memory });
    await waitFor(() => expect(($('#panel-verdicts') as HTMLElement).scrollTop).toBe(137));
  });

  test('another site does not get this one’s draft', async () => {
    const memory = new Map<string, unknown>();
    await open({ memory });
    await typeDraft(DRAFT);
    dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 20));
    cleanup();
    delete document.body.dataset['state'];
    const other = fakeTabReport(
      'https://other.test/',
      okOutcome('User-agent: *\nDisallow:\n', { url: 'https://other.test/robots.txt' }),
    );
    await open({ memory, tabReport: () => other });
    expect(selectedView()).toBe('verdicts');
  });
});

describe('a private window’s popup keeps its own memory (private-memory brief)', () => {
  const DRAFT = `${TEXT}\nUser-agent: GPTBot\nDisallow: /\n`;
  const privateReport = () =>
    fakeTabReport(URL_, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }), {
      inPrivate: true,
    });
  /** The popup closes. */
  async function close() {
    dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 20));
    cleanup();
    delete document.body.dataset['state'];
  }

  test('the same site: a private popup neither reads nor overwrites the normal window’s memory', async () => {
    const memory = new Map<string, unknown>();
    await open({ memory });
    await typeDraft(DRAFT);
    await close();
    const normalKept = structuredClone(memory.get(memoryKey('https://shop.test')));
    expect(normalKept).toMatchObject({ view: 'tester', draft: DRAFT });

    await open({ memory, tabReport: privateReport });
    expect(selectedView()).toBe('verdicts');
    tab('records');
    await close();
    expect(memory.get(memoryKey('https://shop.test'))).toEqual(normalKept);
    expect(memory.get(memoryKey('private:https://shop.test'))).toMatchObject({ view: 'records' });

    // Each kind of window opens as it was left there.
    await open({ memory });
    expect(selectedView()).toBe('tester');
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(DRAFT);
    await close();
    await open({ memory, tabReport: privateReport });
    expect(selectedView()).toBe('records');
  });
});

describe('notes stay until dismissed', () => {
  test('"reduced to the token" survives the settings change it causes, and goes when dismissed', async () => {
    const actions = await open();
    tab('robots');
    const field = $<HTMLInputElement>('input[name="robot-name"]') as HTMLInputElement;
    fireEvent.input(field, {
      target: { value: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)' },
    });
    fireEvent.submit(field.form as HTMLFormElement);
    await waitFor(() => expect($('[data-robot-note]')?.textContent).toContain('AhrefsBot'));
    // The save changed the settings: the popup reloads its report in place.
    await waitFor(() =>
      expect(actions.calls.filter((c) => c.name === 'tabReport').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect($('main')?.getAttribute('aria-busy')).toBe('false'));
    expect($('[data-robot-note]')?.textContent).toContain('AhrefsBot');
    fireEvent.click($('[data-robot-note] button') as HTMLElement);
    expect($('[data-robot-note]')).toBeNull();
  });
});

describe('clicking a robot', () => {
  test('opens Records scrolled to its group, highlighted', async () => {
    const scrolled: (string | null)[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      scrolled.push(this.getAttribute('data-group-line'));
    });
    await open();
    fireEvent.click($('[data-robot="Googlebot"] th button') as HTMLElement);
    await waitFor(() => expect(scrolled).toContain('4'));
    expect(selectedView()).toBe('records');
    expect($('[data-group-line="4"]')?.classList.contains('applies')).toBe(true);
    vi.restoreAllMocks();
  });
});

describe('Records shows misspelled lines as written', () => {
  test('`disalow:` and `User agent:` as in the file, marked as read by Google only', async () => {
    await open();
    tab('records');
    const marks = [...document.querySelectorAll('[data-misspelled]')].map(
      (e) => e.closest('li')?.textContent,
    );
    expect(marks.some((m) => m?.includes('disalow: /drafts/'))).toBe(true);
    expect(marks.some((m) => m?.includes('User agent: Bingbot'))).toBe(true);
  });
});

describe('the verdict row shows a misspelled rule as written', () => {
  test('`disalow: /drafts/` for Googlebot, marked as read by Google only', async () => {
    const drafts = fakeTabReport(
      'https://shop.test/drafts/a',
      okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }),
    );
    await open({ tabReport: () => drafts });
    const row = $('[data-robot="Googlebot"]');
    expect(row?.getAttribute('data-verdict')).toBe('disallowed');
    expect(row?.querySelector('button.rule code')?.textContent).toBe('disalow: /drafts/');
    expect(row?.querySelector('[data-misspelled]')?.textContent).toContain('only Google');
  });
});

describe('browser-internal pages', () => {
  test('one sentence, no table of "not applicable" rows; the robots stay as unknown chips', async () => {
    await open({
      tabReport: () => ({ kind: 'not-applicable', url: 'chrome://newtab/', robots: ['Googlebot'] }),
    });
    expect($('table')).toBeNull();
    expect(document.body.textContent).not.toContain('not applicable');
    expect($('[data-robot="Googlebot"]')?.getAttribute('data-verdict')).toBe('unknown');
    expect($('[data-fetch-outcome]')?.getAttribute('data-fetch-outcome')).toBe('not-applicable');
  });
});

describe('the first screen from what main.tsx asked for before rendering', () => {
  test('the report, the settings and the memory given: verdicts at once, no second request', async () => {
    const actions = fakeConnector({ tabReport: () => report() });
    const first = await actions.tabReport({ tabId: 7 });
    const settings = await actions.getSettings({});
    const memory = {
      view: 'tester' as const,
      selected: null,
      testerUrl: '/kept',
      drafting: false,
      draft: null,
      scroll: {},
      page: null,
    };
    render(<App tabId={7} actions={actions} t={t} initial={{ report: first, settings, memory }} />);
    expect($('[data-robot="Googlebot"]')).not.toBeNull();
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    expect(selectedView()).toBe('tester');
    await waitFor(() => expect($<HTMLInputElement>('input[data-tester-url]')?.value).toBe('/kept'));
    expect(actions.calls.filter((c) => c.name === 'tabReport')).toHaveLength(1);
  });

  test("the tab's snapshot first, then the popup's own report in its place, in place", async () => {
    // Issue 12, speed: the snapshot (the background's last report for the tab) is shown while the
    // popup's own report is on its way; here the file changed meanwhile, so Googlebot's verdict
    // on /private/item turns from allowed to disallowed, in place.
    const actions = fakeConnector({ tabReport: () => report() });
    const states: (string | undefined)[] = [];
    const seen = new MutationObserver(() => states.push(document.body.dataset['state']));
    seen.observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
    const { settings, arrive } = await renderSnapshotFirst(actions, t);
    const googlebot = () => $('[data-robot="Googlebot"]')?.getAttribute('data-verdict');
    expect(googlebot()).toBe('allowed');
    // Shown, but not yet the popup's answer: the seam says 'done' only with its own report.
    await waitFor(() => expect(document.body.dataset['state']).toBe('loading'));
    const changed = fakeTabReport(
      URL_,
      okOutcome('User-agent: *\nDisallow: /private/\n', { url: 'https://shop.test/robots.txt' }),
    );
    arrive([{ ok: true, value: changed }, settings]);
    await waitFor(() => expect(googlebot()).toBe('disallowed'));
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    seen.disconnect();
    // Never back to a loading screen: the rows stayed, the seam went loading → done once.
    expect(states).toEqual(['loading', 'done']);
    // The popup's own report came with the snapshot: it was not asked for again.
    expect(actions.calls.filter((c) => c.name === 'tabReport')).toHaveLength(1);
  });

  test('the verdicts need no text: the file comes apart, and its views wait for it', async () => {
    const { promise: text, release: answer } = held();
    const base = fakeConnector({ tabReport: () => report() });
    const actions = fakeConnector({
      tabReport: () => report(),
      override: {
        robotsText: async (req) => {
          await text;
          return base.robotsText(req);
        },
      },
    });
    const first = await actions.tabReport({ tabId: 7 });
    if (!first.ok || first.value.kind !== 'report') throw new Error('no report');
    expect(first.value.report.outcome).not.toHaveProperty('text');
    const settings = await actions.getSettings({});
    render(
      <App tabId={7} actions={actions} t={t} initial={{ report: first, settings, memory: null }} />,
    );
    // The rows, a misspelled rule as written included, with no text yet.
    expect($('[data-robot="Googlebot"]')?.getAttribute('data-verdict')).toBe('allowed');
    await waitFor(() => expect(actions.calls.some((c) => c.name === 'robotsText')).toBe(true));
    tab('file');
    await waitFor(() => expect($('#panel-file [aria-busy="true"]')).not.toBeNull());
    answer();
    await waitFor(() => expect($('#panel-file')?.textContent).toContain('User agent: Bingbot'));
    expect($('#panel-file [aria-busy="true"]')).toBeNull();
  });

  test('reopened in the tester with its text given: the draft is there on the first screen', async () => {
    const actions = fakeConnector({ tabReport: () => report() });
    const first = await actions.tabReport({ tabId: 7 });
    if (!first.ok || first.value.kind !== 'report') throw new Error('no report');
    const { origin, fetchedAt } = first.value.report;
    const text = await actions.robotsText({ tabId: 7, origin, fetchedAt });
    if (!text.ok) throw new Error('no text');
    const settings = await actions.getSettings({});
    const memory = {
      view: 'tester' as const,
      selected: null,
      testerUrl: '/kept',
      drafting: true,
      draft: 'User-agent: *\nDisallow: /kept\n',
      scroll: {},
      page: null,
    };
    await preloadLazyViews();
    render(
      <App
        tabId={7}
        actions={actions}
        t={t}
        initial={{ report: first, settings, memory, file: { ...text.value, fetchedAt } }}
      />,
    );
    await waitFor(() => expect($<HTMLTextAreaElement>('textarea[data-draft]')).not.toBeNull());
    expect($<HTMLTextAreaElement>('textarea[data-draft]')?.value).toBe(memory.draft);
    expect($('#panel-tester [aria-busy="true"]')).toBeNull();
    expect(actions.calls.filter((c) => c.name === 'robotsText')).toHaveLength(1);
  });

  test('a text asked for a fetch the cache no longer holds: the report is asked for again, once', async () => {
    const actions = fakeConnector({
      tabReport: () => report(),
      override: { robotsText: async () => refuse('changed') },
    });
    const first = await actions.tabReport({ tabId: 7 });
    const settings = await actions.getSettings({});
    render(
      <App tabId={7} actions={actions} t={t} initial={{ report: first, settings, memory: null }} />,
    );
    await waitFor(() =>
      expect(actions.calls.filter((c) => c.name === 'tabReport')).toHaveLength(2),
    );
    tab('file');
    await waitFor(() => expect($('#panel-file [role="alert"]')).not.toBeNull());
    expect($('#panel-file [role="alert"]')?.textContent).toContain('was fetched again');
    expect(actions.calls.filter((c) => c.name === 'tabReport')).toHaveLength(2);
  });
});
