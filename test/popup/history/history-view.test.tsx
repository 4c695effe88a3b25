// @vitest-environment happy-dom
// The History view against the in-memory background (issue 16, items 2 to 4): the timeline,
// newest first, with each change's severity; the diff and the verdict impact of any two versions;
// export, import and clear; and in the popup, the history asked for only once the view is shown.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../../_locales/en/messages.json';
import { App } from '../../../popup/app.tsx';
import { HistoryView } from '../../../popup/history/history-view.tsx';
import { preloadLazyViews } from '../../../popup/lazy.tsx';
import { lookupIn, translator } from '../../../src/explain/index.ts';
import type { OriginHistory } from '../../../src/extension/protocol.ts';
import { type FakeOptions, fakeConnector, fakeTabReport } from '../../../ui/fake-connector.ts';
import { okOutcome } from '../../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const ORIGIN = 'https://shop.test';
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 8, 0);
const ROBOTS = ['Googlebot', 'Bingbot'];

const V1 = 'User-agent: *\nDisallow: /private/\n';
/** Comments and whitespace only: information. */
const V2 = '# shop\nUser-agent: *\nDisallow: /private/\n';
/** A new rule for `*`: a warning. */
const V3 = 'User-agent: *\nDisallow: /private/\nDisallow: /shop/\n';
/** Disallow: / for everyone: critical. */
const V4 = 'User-agent: *\nDisallow: /\n';

const version = (text: string, day: number) => ({
  text,
  firstSeen: T0 + day * DAY,
  lastSeen: T0 + day * DAY + DAY / 2,
});

const HISTORY: OriginHistory = {
  origin: ORIGIN,
  versions: [version(V1, 0), version(V2, 1), version(V3, 2), version(V4, 3)],
  seen: [`${ORIGIN}/shop/cart`, `${ORIGIN}/blog/post`],
  rememberPaths: true,
  saved: [],
};

async function open(
  history: OriginHistory | null = HISTORY,
  testerUrl: string | null = '/about',
  options: FakeOptions = {},
) {
  const actions = fakeConnector({ ...options, ...(history ? { history } : {}) });
  render(<HistoryView tabId={7} actions={actions} robots={ROBOTS} testerUrl={testerUrl} t={t} />);
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return actions;
}

const versions = () =>
  [...document.querySelectorAll('[data-history-version]')].map((li) => [
    li.getAttribute('data-history-version'),
    li.getAttribute('data-severity'),
  ]);
const impactRows = () =>
  [...document.querySelectorAll('[data-impact-url][data-impact-robot]')].map((tr) => ({
    url: tr.getAttribute('data-impact-url'),
    robot: tr.getAttribute('data-impact-robot'),
    before: tr.getAttribute('data-before'),
    after: tr.getAttribute('data-after'),
    text: tr.textContent,
  }));
const notice = () => document.querySelector('[data-history-notice]')?.textContent;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete document.body.dataset['state'];
});

describe('timeline', () => {
  test('newest first, each change after the first with its severity (issue 16 item 3)', async () => {
    await open();
    expect(versions()).toEqual([
      ['3', 'critical'],
      ['2', 'warning'],
      ['1', 'info'],
      ['0', null],
    ]);
  });

  test('the severity as a mark and a word, the reasons in plain words, dates and sizes', async () => {
    await open();
    const newest = document.querySelector('[data-history-version="3"]');
    expect(newest?.querySelector('.history-severity')?.textContent).toBe('‼ Critical');
    expect(newest?.textContent).toContain('Blocks / for every robot in your list.');
    // Condensed for a glance: "blocks / for every robot" stands for each robot's own line, and
    // robots whose verdict changes on the same pages share one sentence.
    expect(newest?.textContent).not.toContain("Googlebot's verdict on / changes");
    expect(newest?.textContent).toContain(
      '2 of your pages change verdict for Googlebot and Bingbot, https://shop.test/blog/post first.',
    );
    expect(newest?.textContent).toContain(
      'First seen Nov 4, 2026, 8:00 AM, last seen Nov 4, 2026, 8:00 PM · 26 bytes',
    );
    const comments = document.querySelector('[data-history-version="1"]');
    expect(comments?.querySelector('.history-severity')?.textContent).toBe('ℹ Information');
    expect(comments?.textContent).toContain('Comments and whitespace only.');
    const rule = document.querySelector('[data-history-version="2"]');
    expect(rule?.querySelector('.history-severity')?.textContent).toBe('⚠ Warning');
    // The visited /shop/cart changes verdict for both robots.
    expect(rule?.textContent).toContain(
      `1 of your pages changes verdict for Googlebot and Bingbot: ${ORIGIN}/shop/cart.`,
    );
    expect(rule?.textContent).toContain('The rules for * change.');
  });

  test('one version: said so with its date, no diff', async () => {
    await open({ ...HISTORY, versions: [version(V1, 0)] });
    expect(document.querySelector('[data-history-one]')?.textContent).toBe(
      'One version seen since Nov 1, 2026, 8:00 AM: nothing to compare yet.',
    );
    expect(document.querySelector('[data-history-diff]')).toBeNull();
    expect(versions()).toEqual([['0', null]]);
  });

  test('a page with no robots.txt history: one sentence', async () => {
    await open(null);
    expect(document.querySelector('[data-history-none]')?.textContent).toBe(
      'This page has no robots.txt history.',
    );
  });
});

describe('comparing two versions', () => {
  test('by default the newest two: the diff and the impact with deciding lines', async () => {
    await open();
    const diff = document.querySelector('[data-history-diff]');
    expect(diff?.getAttribute('data-history-before')).toBe('2');
    expect(diff?.getAttribute('data-history-after')).toBe('3');
    expect([...(diff?.querySelectorAll('.removed') ?? [])].map((l) => l.textContent)).toEqual([
      '− Disallow: /private/',
      '− Disallow: /shop/',
    ]);
    expect(diff?.querySelector('.added')?.textContent).toBe('+ Disallow: /');
    // /shop/cart was already disallowed; /blog/post (visited) and /about (the tester) change.
    const rows = impactRows();
    expect(rows.map(({ text: _, ...r }) => r)).toEqual([
      { url: `${ORIGIN}/blog/post`, robot: 'Googlebot', before: 'allowed', after: 'disallowed' },
      { url: `${ORIGIN}/blog/post`, robot: 'Bingbot', before: 'allowed', after: 'disallowed' },
      { url: `${ORIGIN}/about`, robot: 'Googlebot', before: 'allowed', after: 'disallowed' },
      { url: `${ORIGIN}/about`, robot: 'Bingbot', before: 'allowed', after: 'disallowed' },
    ]);
    expect(rows[0]?.text).toContain('no rule applies');
    expect(rows[0]?.text).toContain('line 2: Disallow: /');
    const root = [...document.querySelectorAll('[data-impact-root]')].map((r) => [
      r.getAttribute('data-impact-root'),
      r.getAttribute('data-before'),
      r.getAttribute('data-after'),
    ]);
    expect(root).toEqual([
      ['Googlebot', 'allowed', 'disallowed'],
      ['Bingbot', 'allowed', 'disallowed'],
    ]);
    expect(screen.getByText(/3 URLs checked/)).toBeTruthy();
  });

  test('another pair: the oldest against the rule change', async () => {
    await open();
    const from = document.querySelector('[data-history-from]') as HTMLSelectElement;
    fireEvent.change(from, { target: { value: '0' } });
    const to = document.querySelector('[data-history-to]') as HTMLSelectElement;
    fireEvent.change(to, { target: { value: '2' } });
    await waitFor(() =>
      expect(
        document.querySelector('[data-history-diff]')?.getAttribute('data-history-after'),
      ).toBe('2'),
    );
    expect(document.querySelector('[data-history-diff] .added')?.textContent).toBe(
      '+ Disallow: /shop/',
    );
    const rows = impactRows();
    expect(rows.map((r) => [r.url, r.robot, r.before, r.after])).toEqual([
      [`${ORIGIN}/shop/cart`, 'Googlebot', 'allowed', 'disallowed'],
      [`${ORIGIN}/shop/cart`, 'Bingbot', 'allowed', 'disallowed'],
    ]);
    expect(rows[0]?.text).toContain('line 3: Disallow: /shop/');
    expect(document.querySelector('[data-impact-root]')).toBeNull();
  });

  test('a deciding line is shown as text, never as HTML', async () => {
    const evil = 'User-agent: *\nDisallow: /<img src=x onerror=alert(1)>\nDisallow: /blog/\n';
    await open({ ...HISTORY, versions: [version(V1, 0), version(evil, 1)] });
    const row = impactRows()[0];
    expect(row?.text).toContain('line 3: Disallow: /blog/');
    expect(document.querySelector('[data-history-diff] img')).toBeNull();
    expect(document.querySelector('[data-history-diff]')?.textContent).toContain(
      '<img src=x onerror=alert(1)>',
    );
  });

  test('the same version twice: asked for two different ones', async () => {
    await open();
    fireEvent.change(document.querySelector('[data-history-from]') as HTMLSelectElement, {
      target: { value: '3' },
    });
    await waitFor(() => expect(screen.getByText('Choose two different versions.')).toBeTruthy());
    expect(document.querySelector('[data-history-diff]')).toBeNull();
  });

  test('visited pages not kept: one sentence, and the options page a click away', async () => {
    const actions = await open({ ...HISTORY, seen: [], rememberPaths: false });
    const off = document.querySelector('[data-history-paths-off]');
    expect(off?.textContent).toContain('The pages you visit are not kept');
    expect(off?.textContent).toContain('on the options page');
    fireEvent.click(screen.getByText('Open the options page'));
    expect(actions.calls).toContainEqual({ name: 'openOptions', req: null });
    // Only the tester's URL is checked.
    expect(impactRows().map((r) => r.url)).toEqual([`${ORIGIN}/about`, `${ORIGIN}/about`]);
  });

  test('paths kept: no such sentence', async () => {
    await open();
    expect(document.querySelector('[data-history-paths-off]')).toBeNull();
  });
});

describe('export, import, clear', () => {
  test('export: a .json file named after the origin, from a data: URL', async () => {
    let clicked: HTMLAnchorElement | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked = this;
    });
    const actions = await open();
    fireEvent.click(document.querySelector('[data-action="export-history"]') as HTMLElement);
    await waitFor(() => expect(notice()).toBe('Saved as robots-history-shop.test.json.'));
    expect(actions.calls).toContainEqual({ name: 'exportHistory', req: { tabId: 7 } });
    const link = clicked as HTMLAnchorElement | null;
    expect(link?.download).toBe('robots-history-shop.test.json');
    const href = link?.getAttribute('href') ?? '';
    expect(href.startsWith('data:application/json;charset=utf-8,')).toBe(true);
    const file = JSON.parse(decodeURIComponent(href.slice(href.indexOf(',') + 1)));
    expect(file).toMatchObject({ format: 'robots-lens-history', origin: ORIGIN });
    expect(file.versions).toHaveLength(4);
    // The link is not left in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  test('copy as JSON', async () => {
    const actions = await open();
    fireEvent.click(document.querySelector('[data-action="copy-history"]') as HTMLElement);
    await waitFor(() => expect(notice()).toBe('The history is on the clipboard.'));
    expect(JSON.parse(actions.copied[0] ?? '')).toMatchObject({ origin: ORIGIN });
  });

  const choose = (text: string) => {
    const input = document.querySelector('[data-action="import-history"]') as HTMLInputElement;
    const file = new File([text], 'h.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  };

  test('import: the file sent, the result in words, the timeline reloaded', async () => {
    const actions = await open();
    const v5 = version('User-agent: *\nAllow: /\n', 4);
    choose(
      JSON.stringify({ format: 'robots-lens-history', version: 1, origin: ORIGIN, versions: [v5] }),
    );
    await waitFor(() =>
      expect(notice()).toBe('1 new version imported for https://shop.test; 5 kept in all.'),
    );
    expect(actions.calls.some((c) => c.name === 'importHistory')).toBe(true);
    await waitFor(() => expect(versions()[0]).toEqual(['4', 'warning']));
    // The comparison moves to the newest two.
    expect(document.querySelector('[data-history-diff]')?.getAttribute('data-history-after')).toBe(
      '4',
    );
  });

  test('import refused: the problem in words', async () => {
    await open();
    choose('{not json');
    await waitFor(() =>
      expect(notice()).toBe('Not imported, nothing changed: the file is not JSON.'),
    );
    expect(document.querySelector('[data-history-notice]')?.getAttribute('role')).toBe('alert');
    expect(versions()).toHaveLength(4);
  });

  test('import of another site’s file: refused, both sites named as text (issue 28, item 8)', async () => {
    const actions = await open();
    const other = 'https://evil.test';
    const v5 = version('User-agent: *\nDisallow: /\n', 4);
    choose(
      JSON.stringify({ format: 'robots-lens-history', version: 1, origin: other, versions: [v5] }),
    );
    await waitFor(() =>
      expect(notice()).toBe(
        'Not imported, nothing changed: the file is the history of https://evil.test, not of this site (https://shop.test). Open the popup on a page of that site to import it.',
      ),
    );
    expect(document.querySelector('[data-history-notice]')?.getAttribute('role')).toBe('alert');
    // The request named the tab; this site's timeline is as it was.
    expect(actions.calls.find((c) => c.name === 'importHistory')?.req).toMatchObject({ tabId: 7 });
    expect(versions()).toHaveLength(4);
  });

  test('import of a file naming a site with markup and controls: shown as text', async () => {
    await open();
    // Refused by the background whatever it names; the sentence escapes it.
    const origin = 'https://a.test/<img src=x onerror=alert(1)>\u202e';
    choose(JSON.stringify({ format: 'robots-lens-history', version: 1, origin, versions: [] }));
    await waitFor(() => expect(notice()).toMatch(/^Not imported, nothing changed:/));
    expect(document.querySelector('[data-history-notice] img')).toBeNull();
    expect(notice()).toContain('<img src=x onerror=alert(1)>\\u202e, not of this site');
  });

  test('import of a file larger than any export: refused before it is read', async () => {
    const actions = await open();
    const input = document.querySelector('[data-action="import-history"]') as HTMLInputElement;
    const file = new File(['{}'], 'video.json', { type: 'application/json' });
    Object.defineProperty(file, 'size', { value: 70 * 1024 * 1024 });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    await waitFor(() =>
      expect(notice()).toMatch(/^Not imported, nothing changed: the file is larger than/),
    );
    expect(actions.calls.some((c) => c.name === 'importHistory')).toBe(false);
  });

  test('clear: a confirmation step in the view, then cleared', async () => {
    const actions = await open();
    fireEvent.click(document.querySelector('[data-action="clear-history"]') as HTMLElement);
    expect(screen.getByText(/Forget the kept versions of robots.txt/).textContent).toContain(
      ORIGIN,
    );
    expect(actions.calls.some((c) => c.name === 'clearHistory')).toBe(false);
    fireEvent.click(document.querySelector('[data-action="cancel-clear-history"]') as HTMLElement);
    expect(document.querySelector('[data-action="confirm-clear-history"]')).toBeNull();
    fireEvent.click(document.querySelector('[data-action="clear-history"]') as HTMLElement);
    fireEvent.click(document.querySelector('[data-action="confirm-clear-history"]') as HTMLElement);
    await waitFor(() => expect(notice()).toBe("This site's history was cleared."));
    expect(actions.calls).toContainEqual({ name: 'clearHistory', req: { tabId: 7 } });
    expect(document.querySelector('[data-history-none]')?.textContent).toBe(
      "No version of this site's robots.txt is kept yet.",
    );
    expect(versions()).toEqual([]);
  });
});

describe('in the popup', () => {
  test('a History tab; the history asked for only once the view is shown', async () => {
    const url = `${ORIGIN}/blog/post`;
    const actions = fakeConnector({
      tabReport: () => fakeTabReport(url, okOutcome(V4, { url: `${ORIGIN}/robots.txt` })),
      history: HISTORY,
    });
    render(<App tabId={7} actions={actions} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    const tab = document.querySelector('[role="tab"][data-view="history"]') as HTMLElement;
    expect(tab.textContent).toBe('History');
    expect(actions.calls.some((c) => c.name === 'history')).toBe(false);
    fireEvent.click(tab);
    await waitFor(() => expect(versions()).toHaveLength(4));
    expect(actions.calls.filter((c) => c.name === 'history')).toEqual([
      { name: 'history', req: { tabId: 7 } },
    ]);
  });
});
