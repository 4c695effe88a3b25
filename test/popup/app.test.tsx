// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { accept, type TabReport } from '../../src/extension/protocol.ts';
import { DEFAULTS } from '../../src/extension/settings.ts';
import type { Outcome } from '../../src/policy.ts';
import { type FakeOptions, fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

// The views arrive as a chunk in the popup: loaded once here, they render at once, as before.
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
  'disalow: /x',
  '',
  'Sitemap: https://shop.test/sitemap.xml',
  'Sitemap: javascript:alert(1)',
].join('\n');

const ok = (text: string, extra: Partial<Extract<Outcome, { kind: 'ok' }>> = {}) =>
  okOutcome(text, { url: 'https://shop.test/robots.txt', ...extra });
// As the background sends it: the verdicts computed where the parsed file is kept warm.
const report = (outcome: Outcome, previousText: string | null = null): TabReport =>
  fakeTabReport(URL_, outcome, { previousText });

/** The popup against an in-memory background (the components never see the browser). */
function fakeActions(tabReport: TabReport, options: Omit<FakeOptions, 'tabReport'> = {}) {
  return fakeConnector({ tabReport: () => tabReport, ...options });
}

async function open(tabReport: TabReport, options: Omit<FakeOptions, 'tabReport'> = {}) {
  const actions = fakeActions(tabReport, options);
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const row = (robot: string) => document.querySelector(`[data-robot="${robot}"]`);

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('popup', () => {
  test('one row per robot in the list, with the test seams', async () => {
    await open(report(ok(TEXT)));
    expect(document.querySelectorAll('[data-robot]')).toHaveLength(DEFAULTS.robots.length);
    expect(row('Googlebot')?.getAttribute('data-verdict')).toBe('allowed');
    expect(row('Googlebot')?.getAttribute('data-rule-line')).toBe('6');
    expect(row('Bingbot')?.getAttribute('data-verdict')).toBe('disallowed');
    expect(row('Bingbot')?.getAttribute('data-rule-line')).toBe('2');
    expect(document.querySelector('[data-fetch-outcome]')?.getAttribute('data-fetch-outcome')).toBe(
      'ok',
    );
  });

  test('the fetch in words', async () => {
    await open(
      report(
        ok(TEXT, { bytes: 4300, redirects: [{ url: 'http://shop.test/robots.txt', status: 301 }] }),
      ),
    );
    expect(document.querySelector('.outcome .summary')?.textContent).toBe(
      'robots.txt · 200 · 4.2 KiB (4,300 bytes) · fetched 3 minutes ago · after 1 redirect',
    );
  });

  test('a fallback and other readings are said in words', async () => {
    await open(report(ok(TEXT)));
    expect(row('Applebot')?.textContent).toContain(
      'Applebot has no group here; it follows the Googlebot group (line 5)',
    );
    cleanup();
    // /x: only Google reads "disalow: /x"; RFC 9309 and the 1994 standard ignore the line.
    await open(fakeTabReport('https://shop.test/x', ok(TEXT)));
    expect(row('Googlebot')?.getAttribute('data-verdict')).toBe('disallowed');
    expect(row('Googlebot')?.getAttribute('data-verdict-rfc9309')).toBe('allowed');
    expect(row('Googlebot')?.textContent).toContain('The strict RFC 9309 reading would allow it');
    expect(row('Googlebot')?.textContent).toContain('The 1994 standard would allow it');
  });

  test.each([
    [
      { kind: 'unavailable', reason: 'status', status: 404, redirects: [] },
      'No robots.txt (404): every robot may crawl this site',
      'allowed',
    ],
    [
      { kind: 'unreachable', reason: 'status', status: 503, message: null, redirects: [] },
      'Server error (503): crawlers treat every page as disallowed',
      'disallowed',
    ],
    [
      { kind: 'unreachable', reason: 'timeout', status: null, message: null, redirects: [] },
      'No answer within 15 s: crawlers treat every page as disallowed',
      'disallowed',
    ],
  ] as [Outcome, string, string][])('%#: %s', async (outcome, text, verdict) => {
    await open(report(outcome));
    expect(screen.getByText(text)).toBeTruthy();
    expect(row('GPTBot')?.getAttribute('data-verdict')).toBe(verdict);
    expect(row('GPTBot')?.hasAttribute('data-rule-line')).toBe(false);
  });

  test('soft 404 and truncation warnings', async () => {
    await open(report(ok('<!doctype html><p>hi', { looksLikeHtml: true, truncated: true })));
    expect(screen.getByText(/answered with an HTML page, not a robots\.txt file/)).toBeTruthy();
    expect(screen.getByText(/Cut at 500 KiB/)).toBeTruthy();
  });

  test('pages without robots.txt and withheld access', async () => {
    await open({ kind: 'not-applicable', url: 'chrome://extensions/', robots: DEFAULTS.robots });
    expect(screen.getByText(/This page has no robots\.txt/)).toBeTruthy();
    expect(row('Googlebot')?.getAttribute('data-verdict')).toBe('unknown');
    cleanup();
    const actions = await open({
      kind: 'no-permission',
      url: URL_,
      origin: 'https://shop.test',
      robots: DEFAULTS.robots,
    });
    fireEvent.click(screen.getByText('Allow Robots Lens to read https://shop.test/robots.txt'));
    expect(actions.calls).toContainEqual({ name: 'requestPermission', req: 'https://shop.test' });
  });

  test('a loading state first, then done; refresh asks again', async () => {
    const actions = fakeActions(report(ok(TEXT)));
    render(<App tabId={7} actions={actions} t={t} />);
    expect(document.body.dataset['state']).toBe('loading');
    expect(screen.getByText('Checking robots.txt…')).toBeTruthy();
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    fireEvent.click(screen.getByTitle('Fetch robots.txt again, bypassing the cache'));
    await waitFor(() =>
      expect(actions.calls).toContainEqual({ name: 'refresh', req: { tabId: 7 } }),
    );
  });

  test('a background error is shown, with data-state error', async () => {
    const actions = fakeActions(report(ok(TEXT)), {
      override: { tabReport: async () => ({ ok: false, error: 'internal', message: 'boom' }) },
    });
    render(<App tabId={7} actions={actions} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('error'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not check this page: an error inside Robots Lens',
    );
  });

  test('a changed file shows its difference', async () => {
    await open(report(ok(TEXT), TEXT.replace('Disallow: /private/', 'Disallow: /old/')));
    fireEvent.click(screen.getByText(/Changed since the last fetch/));
    const diff = document.querySelector('.diff')?.textContent ?? '';
    expect(diff).toContain('− Disallow: /old/');
    expect(diff).toContain('+ Disallow: /private/');
  });

  test('clicking the deciding rule opens the file at that line, highlighted', async () => {
    await open(report(ok(TEXT)));
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Allow: /private/item line 6' })[0] as HTMLElement,
    );
    expect(screen.getByRole('tab', { name: 'File' }).getAttribute('aria-selected')).toBe('true');
    const line = document.querySelector('.file-line.highlight');
    expect(line?.getAttribute('data-line')).toBe('6');
    expect(line?.textContent).toContain('Allow: /private/item');
    // Diagnostics are marked on their lines.
    expect(document.querySelector('.file-line[data-line="7"] .flag')?.textContent).toContain(
      'Google reads it as disallow',
    );
  });

  test('a 500 KiB file keeps only the visible lines in the DOM', async () => {
    const big = `User-agent: *\n${Array.from({ length: 20_000 }, (_, i) => `Disallow: /p${i}`).join('\n')}`;
    await open(report(ok(big)));
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    expect(screen.getByText('20,001 lines')).toBeTruthy();
    expect(document.querySelectorAll('.file-line').length).toBeLessThan(100);
  });

  test('records: groups of the selected robot highlighted, sitemaps, other lines, problems', async () => {
    await open(report(ok(TEXT)));
    fireEvent.click(screen.getByRole('tab', { name: 'Records' }));
    const applying = () =>
      [...document.querySelectorAll('.group.applies')].map((g) =>
        g.getAttribute('data-group-line'),
      );
    expect(applying()).toEqual(['5']);
    fireEvent.change(document.querySelector('.records select') as HTMLSelectElement, {
      target: { value: 'Bingbot' },
    });
    expect(applying()).toEqual(['1']);
    const links = [...document.querySelectorAll('.sitemaps a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://shop.test/sitemap.xml']);
    expect(screen.getByText('javascript:alert(1)').tagName).toBe('CODE');
    expect(
      screen.getByText(
        /honoured by Microsoft Bing, DuckDuckGo, and Yahoo; ignored by Google and Yandex/,
      ),
    ).toBeTruthy();
    expect(document.querySelector('[data-code="misspelled-key"]')?.textContent).toContain(
      '“disalow” is not a standard key',
    );
  });

  test('in plain words', async () => {
    await open(report(ok(TEXT)));
    fireEvent.click(screen.getByRole('tab', { name: 'In plain words' }));
    // Issue 12, item 3: other groups exist, so the * group speaks for "all other robots"; the
    // `*` group's /private/ does not apply to Googlebot, so nothing of it is "reopened".
    expect(
      screen.getByText('All other robots may visit everything except the folder /private/.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Googlebot may visit everything except URLs starting with /x. (For Google's robots, which read these lines their own way, misspelled rules included.)",
      ),
    ).toBeTruthy();
  });

  test('tabs move with the arrow keys', async () => {
    await open(report(ok(TEXT)));
    const verdicts = screen.getByRole('tab', { name: 'Verdicts' });
    fireEvent.keyDown(verdicts, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Page' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(verdicts, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Robots' }).getAttribute('aria-selected')).toBe('true');
  });

  test('the tester: another path, another site, and the draft mode with its diff and copy', async () => {
    const actions = await open(report(ok(TEXT)));
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    const input = document.querySelector('input[name="tester-url"]') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '/public/' } });
    const verdict = (robot: string) =>
      document.querySelector(`[data-tester-robot="${robot}"]`)?.getAttribute('data-tester-verdict');
    expect(verdict('Bingbot')).toBe('allowed');
    fireEvent.input(input, { target: { value: 'https://other.test/' } });
    expect(screen.getByText(/is on another site/)).toBeTruthy();
    fireEvent.input(input, { target: { value: '/public/' } });
    fireEvent.click(document.querySelector('input[name="draft-mode"]') as HTMLInputElement);
    const draft = document.querySelector('textarea[name="draft"]') as HTMLTextAreaElement;
    expect(draft.value).toBe(TEXT);
    fireEvent.input(draft, {
      target: { value: `${TEXT}\n\nUser-agent: bingbot\nDisallow: /public/` },
    });
    expect(verdict('Bingbot')).toBe('disallowed');
    expect(document.querySelector('.diff')?.textContent).toContain('+ Disallow: /public/');
    fireEvent.click(screen.getByText('Copy the draft'));
    await waitFor(() => expect(actions.copied).toHaveLength(1));
    expect(screen.getByText('✓ Copied')).toBeTruthy();
    // The page's own seams stay unique.
    expect(document.querySelectorAll('[data-robot="Bingbot"]')).toHaveLength(1);
  });

  test('a language changed while the popup reloads still reloads the page in that language', async () => {
    const reload = vi.fn();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    let release = () => {};
    let calls = 0;
    const actions = await open(report(ok(TEXT)), {
      override: {
        // The first report comes at once; the next one waits, so the popup is still loading.
        tabReport: async () => {
          if (calls++ > 0) await new Promise<void>((r) => (release = r));
          return accept<'tabReport'>(report(ok(TEXT)));
        },
      },
    });
    actions.changeSettingsElsewhere({ robots: ['GPTBot'] });
    // The report on screen stays while the new one comes (issue 12): the popup is busy, not blank.
    await waitFor(() =>
      expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('true'),
    );
    expect(document.body.dataset['state']).toBe('done');
    actions.changeSettingsElsewhere({ language: 'es' });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    release();
    vi.restoreAllMocks();
  });
});
