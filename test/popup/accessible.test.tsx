// @vitest-environment happy-dom
// Accessible to everyone (issue 29, item 5), what axe cannot see: the deciding rule's button is
// named by the rule and its line; the page's pills say what they are in text, not only in a
// title; every copy says "copied" to assistive technology, in a status region there before the
// copy; live regions only where a change matters (never the buttons, the diff or the draft's
// rows, one polite summary while drafting); Records is one Tab stop per group, the arrow keys
// moving between its lines. (The e2e suite accessibility.e2e.test.mjs runs axe in both browsers.)
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { HistoryView } from '../../popup/history/history-view.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { Records } from '../../popup/records.tsx';
import {
  draftSummaryText,
  explainVerdicts,
  lookupIn,
  translator,
} from '../../src/explain/index.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakeConnector, fakePage, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/private/item?id=1';
const TEXT = [
  'User-agent: *',
  'Disallow: /private/',
  'Crawl-delay: 5',
  '',
  'User-agent: Googlebot',
  'Allow: /private/item',
  'Disallow: /drafts/',
  'Disallow: /tmp/',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

const report = (previousText: string | null = null): TabReport =>
  fakeTabReport(URL_, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }), {
    previousText,
    page: fakePage(URL_),
  });

async function open(tabReport = report()) {
  const actions = fakeConnector({ tabReport: () => tabReport });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector<E>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const row = (robot: string) => $(`[data-robot="${robot}"]`) as HTMLElement;

const BLOCKED =
  'Under the draft, this URL is blocked for Bingbot, Google-Extended, GPTBot, ClaudeBot, PerplexityBot, and CCBot.';
const ALLOWED = 'Under the draft, every robot may crawl this URL.';

/** Every live region: aria-live other than off, and the roles that are live by default. */
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('names and text', () => {
  test("the deciding rule's button is named by the rule and its line; its title says what it does", async () => {
    await open();
    const button = within(row('Googlebot')).getByRole('button', {
      name: 'Allow: /private/item line 6',
    });
    expect(button.getAttribute('title')).toBe('Show line 6 in the file');
    expect(within(row('GPTBot')).getByRole('button', { name: 'Disallow: / line 11' })).toBeTruthy();
  });

  test("the page's pills say in text what they are (a title is not read by every screen reader)", async () => {
    await open();
    const pills = $$('[data-robot="Googlebot"] .page-pills .pill').map((el) => el.textContent);
    expect(pills).toEqual(['Indexing, as the page says: index', 'Links, as the page says: follow']);
  });
});

describe('a copy says "copied" to assistive technology', () => {
  /** The status region next to `button`, in the same parent, and its text. */
  const statusBeside = (button: HTMLElement) =>
    [...(button.parentElement?.querySelectorAll('[role="status"]') ?? [])].map(
      (el) => el.textContent,
    );

  test('the rule copy, Copy URL and the export buttons: an empty status region first, "Copied" after', async () => {
    const actions = await open();
    const buttons = [
      '[data-robot="Googlebot"] button[data-action="copy-rule"]',
      'button[data-action="copy-robots-url"]',
      'button[data-action="copy-table-text"]',
      'button[data-action="copy-table-csv"]',
    ].map((selector) => $(selector) as HTMLElement);
    // There before any copy: a region added with its text is not reliably read.
    for (const button of buttons) expect(statusBeside(button)).toEqual(['']);
    for (const button of buttons) {
      fireEvent.click(button);
      await waitFor(() => expect(statusBeside(button)).toEqual(['Copied']));
    }
    expect(actions.calls.filter((c) => c.name === 'copy')).toHaveLength(4);
  });

  test("the draft's copy", async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    await waitFor(() => expect($('input[data-draft-mode]')).not.toBeNull());
    fireEvent.click($('input[data-draft-mode]') as HTMLElement);
    const button = await screen.findByRole('button', { name: 'Copy the draft' });
    expect(statusBeside(button)).toEqual(['']);
    fireEvent.click(button);
    await waitFor(() => expect(statusBeside(button)).toEqual(['Copied']));
  });

  test("the history's copy: its notice in a status region that was there before", async () => {
    const origin = 'https://shop.test';
    const history = {
      origin,
      versions: [{ text: TEXT, firstSeen: 1, lastSeen: 2 }],
      seen: [],
      rememberPaths: false,
      saved: [],
    };
    const actions = fakeConnector({ history });
    render(
      <HistoryView tabId={7} actions={actions} robots={['Googlebot']} testerUrl={null} t={t} />,
    );
    const button = await screen.findByRole('button', { name: 'Copy as JSON' });
    const region = $$('.history-actions [role="status"]');
    expect(region.map((el) => el.textContent)).toEqual(['']);
    fireEvent.click(button);
    await waitFor(() => expect(region[0]?.textContent).toBe('The history is on the clipboard.'));
    expect($('.history-actions [role="status"]')).toBe(region[0]);
  });
});

describe('live regions only where a change matters', () => {
  test('no live region holds a button, the diff or a verdict row (the changes opened)', async () => {
    await open(report(TEXT.replace('Disallow: /tmp/', 'Disallow: /old/')));
    fireEvent.click(screen.getByText(/Changed since the last fetch/));
    await waitFor(() => expect($('.outcome .diff')).not.toBeNull());
    expect($$(LIVE).length).toBeGreaterThan(0);
    for (const live of $$(LIVE)) {
      expect(
        live.querySelector('button, .diff, [data-robot], [data-tester-robot]'),
        live.outerHTML,
      ).toBeNull();
    }
    // What a refresh finds is still read out.
    const summary = $('.outcome .summary') as HTMLElement;
    expect(summary.closest(LIVE)).not.toBeNull();
  });

  test('while drafting: one polite summary, not the 8 rows; it changes only when the blocked robots do', async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    await waitFor(() => expect($('input[data-draft-mode]')).not.toBeNull());
    fireEvent.click($('input[data-draft-mode]') as HTMLElement);
    await waitFor(() => expect($('textarea[data-draft]')).not.toBeNull());
    const tester = $('#panel-tester') as HTMLElement;
    const live = () => [...tester.querySelectorAll<HTMLElement>(LIVE)];
    const texts = () => live().map((el) => el.textContent);
    const type = (draft: string) =>
      fireEvent.input($('textarea[data-draft]') as HTMLElement, { target: { value: draft } });
    const summary = tester.querySelector('[data-draft-summary]') as HTMLElement;
    expect(summary.getAttribute('role')).toBe('status');
    expect(summary.textContent).toBe(BLOCKED);
    const check = () => {
      expect($$('[data-tester-robot]')).toHaveLength(8);
      for (const el of live()) expect(el.querySelector('[data-tester-robot]')).toBeNull();
    };
    check();

    // A keystroke that moves the deciding lines but blocks the same robots: the rows change,
    // nothing live does.
    const before = texts();
    const rowsBefore = $$('[data-tester-robot]').map((el) => el.textContent);
    type(`# a comment\n${TEXT}`);
    await waitFor(() =>
      expect($$('[data-tester-robot]').map((el) => el.textContent)).not.toEqual(rowsBefore),
    );
    check();
    expect(texts()).toEqual(before);

    // Every robot let in: the summary alone changes.
    type('User-agent: *\nDisallow: /nothing/\n');
    await waitFor(() => expect(summary.textContent).toBe(ALLOWED));
    check();
    expect(texts()).toEqual(before.map((text) => (text === BLOCKED ? ALLOWED : text)));
  });

  test('the summary sentence: blocked robots, every robot allowed, robots without a verdict', () => {
    const rows = (verdicts: Record<string, 'allowed' | 'disallowed' | 'unknown'>) =>
      Object.entries(verdicts).map(([robot, verdict]) => ({ robot, verdict }));
    expect(draftSummaryText(rows({ Googlebot: 'allowed', GPTBot: 'allowed' }), t)).toBe(
      'Under the draft, every robot may crawl this URL.',
    );
    expect(draftSummaryText(rows({ Googlebot: 'allowed', GPTBot: 'disallowed' }), t)).toBe(
      'Under the draft, this URL is blocked for GPTBot.',
    );
    expect(
      draftSummaryText(
        rows({ Googlebot: 'unknown', GPTBot: 'disallowed', CCBot: 'disallowed' }),
        t,
      ),
    ).toBe('Under the draft, this URL is blocked for GPTBot and CCBot. No verdict for Googlebot.');
  });
});

describe('Records: one Tab stop per group, the arrow keys within it', () => {
  const parsed = parseRobotsTxt(TEXT);
  const rows = explainVerdicts(parsed, 'unknown', URL_, ['Googlebot', 'GPTBot'], t);
  const show = () =>
    render(
      <Records
        parsed={parsed}
        text={TEXT}
        rows={rows}
        selected="Googlebot"
        onSelect={() => {}}
        onJump={() => {}}
        t={t}
      />,
    );
  /** The buttons Tab stops at, in a part of the view. */
  const tabStops = (root: Element) =>
    [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
      (b) => b.tabIndex >= 0 && !b.disabled,
    );
  const key = (key: string) => fireEvent.keyDown(document.activeElement as HTMLElement, { key });
  const focused = () => document.activeElement?.textContent;

  test('each group is one stop (its line); its rules are not', () => {
    show();
    const groups = $$('.groups > li');
    expect(groups).toHaveLength(3);
    for (const group of groups) {
      expect(tabStops(group).map((b) => b.textContent)).toEqual([
        `Line ${group.getAttribute('data-group-line')}`,
      ]);
    }
    // Every line is still a button, for a click or a screen reader's list of buttons.
    expect($$('.groups .rules button')).toHaveLength(5);
    // The other lines and the problems: one stop each list.
    expect(tabStops($('.others') as HTMLElement)).toHaveLength(1);
    expect(tabStops($('.diagnostics') as HTMLElement)).toHaveLength(1);
  });

  test('the arrow keys, Home and End move within a group, and stop at its ends', () => {
    show();
    const group = $('[data-group-line="5"]') as HTMLElement;
    (tabStops(group)[0] as HTMLElement).focus();
    expect(focused()).toBe('Line 5');
    key('ArrowDown');
    expect(focused()).toBe('Allow: /private/item');
    key('ArrowDown');
    expect(focused()).toBe('Disallow: /drafts/');
    key('End');
    expect(focused()).toBe('Disallow: /tmp/');
    key('ArrowDown');
    expect(focused()).toBe('Disallow: /tmp/');
    key('Home');
    expect(focused()).toBe('Line 5');
    key('ArrowUp');
    expect(focused()).toBe('Line 5');
  });
});
