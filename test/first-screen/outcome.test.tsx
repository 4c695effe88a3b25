// @vitest-environment happy-dom
// Where the file came from (issue 12, items 8 and 10), rendered directly: the final URL after
// redirects, the size in KiB and bytes against the 500 KiB limit, open and copy the robots.txt,
// copy a rule with its line, export the verdict table; the soft-404 wording.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { ExportBar } from '../../first-screen/export-bar.tsx';
import { popupModel } from '../../first-screen/model.ts';
import { Outcome as OutcomeView } from '../../first-screen/outcome.tsx';
import { VerdictTable } from '../../first-screen/verdicts.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import type { Hop, Outcome } from '../../src/policy.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const t = translator(lookupIn(en), 'en');
const PAGE = 'https://shop.test/private/item?id=1';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const TEXT = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /private/item\n';
const HOP: Hop = { url: 'https://shop.test/robots.txt', status: 301 };

const modelFor = (outcome: Outcome) =>
  popupModel(fakeTabReport(PAGE, outcome, { fetchedAt: NOW - 3 * 60_000 }), t, { now: NOW });

function show(outcome: Outcome) {
  const actions = fakeConnector();
  const model = modelFor(outcome);
  render(
    <OutcomeView
      model={model}
      t={t}
      onRefresh={() => {}}
      onGrant={() => {}}
      onOpen={(url) => actions.openUrl(url)}
      onCopy={actions.copy}
    />,
  );
  return { actions, model };
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const click = (selector: string) => fireEvent.click($(selector) as HTMLElement);

afterEach(cleanup);

describe('the outcome: where the file came from', () => {
  test('the size in KiB with the exact bytes, data-bytes on it, the summary reading as one line', () => {
    show(okOutcome(TEXT, { url: 'https://shop.test/robots.txt', bytes: 4300, redirects: [] }));
    expect($('.outcome .summary')?.textContent).toBe(
      'robots.txt · 200 · 4.2 KiB (4,300 bytes) · fetched 3 minutes ago',
    );
    expect($('[data-bytes]')?.getAttribute('data-bytes')).toBe('4300');
    expect($('[data-bytes]')?.textContent).toBe('4.2 KiB (4,300 bytes)');
  });

  // [case, final URL served from, data-final-url or null, link or text]
  const FINAL: [string, string, string | null, 'a' | 'code' | null][] = [
    ['served where asked: no final URL', 'https://shop.test/robots.txt', null, null],
    [
      'redirected to www: the final URL, as a link',
      'https://www.shop.test/robots.txt',
      'https://www.shop.test/robots.txt',
      'a',
    ],
    [
      'redirected to http: the final URL, as a link',
      'http://shop.test/robots.txt',
      'http://shop.test/robots.txt',
      'a',
    ],
    ['not http(s): text, never a link', 'data:text/plain,x', 'data:text/plain,x', 'code'],
  ];

  test.each(FINAL)('%s', (_, url, finalUrl, element) => {
    const { actions } = show(okOutcome(TEXT, { url, redirects: [HOP] }));
    const shown = $('[data-final-url]');
    if (finalUrl === null) {
      expect(shown).toBeNull();
      return;
    }
    expect(shown?.getAttribute('data-final-url')).toBe(finalUrl);
    expect(shown?.textContent).toBe(`Final URL after redirects: ${finalUrl}`);
    expect(shown?.querySelector('a') !== null).toBe(element === 'a');
    expect(shown?.querySelector('code') !== null).toBe(element === 'code');
    if (element === 'a') {
      fireEvent.click(shown?.querySelector('a') as HTMLElement);
      // Through the actions, like every button: the component never opens tabs itself.
      expect(actions.calls).toContainEqual({ name: 'openUrl', req: finalUrl });
    }
  });

  // [bytes, truncated, the limit line or null]
  const LIMIT: [number, boolean, string | null][] = [
    [409_599, false, null],
    [
      409_600,
      false,
      '⚠ 80% of the 500 KiB (512,000 bytes) limit: crawlers ignore whatever comes after it.',
    ],
    [
      504_832,
      false,
      '⚠ 98% of the 500 KiB (512,000 bytes) limit: crawlers ignore whatever comes after it.',
    ],
    [512_000, true, null],
  ];

  test.each(LIMIT)('%d bytes (cut: %s): how close to the limit', (bytes, truncated, line) => {
    show(okOutcome('User-agent: *\n', { bytes, truncated }));
    expect($('.near-limit')?.textContent ?? null).toBe(line);
    expect($('[data-bytes]')?.getAttribute('data-bytes')).toBe(String(bytes));
  });

  test('open robots.txt and copy its URL, through the actions', async () => {
    const { actions } = show(
      okOutcome(TEXT, { url: 'https://www.shop.test/robots.txt', redirects: [HOP] }),
    );
    click('button[data-action="open-robots"]');
    expect(actions.calls).toContainEqual({
      name: 'openUrl',
      req: 'https://shop.test/robots.txt',
    });
    click('button[data-action="copy-robots-url"]');
    expect(actions.copied).toEqual(['https://shop.test/robots.txt']);
    await waitFor(() =>
      expect($('button[data-action="copy-robots-url"]')?.textContent).toBe('✓ Copied'),
    );
  });

  test('with no file (404), still open and copy robots.txt; no size, no final URL', () => {
    show({ kind: 'unavailable', reason: 'status', status: 404, redirects: [HOP] });
    expect($('button[data-action="open-robots"]')).not.toBeNull();
    expect($('button[data-action="copy-robots-url"]')).not.toBeNull();
    expect($('[data-bytes]')).toBeNull();
    expect($('[data-final-url]')).toBeNull();
  });

  test('not an http(s) page: no robots.txt to open or copy', () => {
    render(
      <OutcomeView
        model={popupModel({ kind: 'not-applicable', url: 'about:blank', robots: ['Googlebot'] }, t)}
        t={t}
        onRefresh={() => {}}
        onGrant={() => {}}
        onOpen={() => {}}
        onCopy={() => {}}
      />,
    );
    expect($('button[data-action="open-robots"]')).toBeNull();
    expect($('button[data-action="copy-robots-url"]')).toBeNull();
  });

  test('without the actions, no buttons (the props are optional)', () => {
    render(
      <OutcomeView
        model={modelFor(okOutcome(TEXT))}
        t={t}
        onRefresh={() => {}}
        onGrant={() => {}}
      />,
    );
    expect($('button[data-action="open-robots"]')).toBeNull();
    expect($('button[data-action="copy-robots-url"]')).toBeNull();
  });

  test('a soft 404 says what the server did (issue 12, item 10)', () => {
    show(okOutcome('<!doctype html><title>Not found</title>', { looksLikeHtml: true }));
    expect($('.outcome .warning')?.textContent).toBe(
      '⚠ The server answered with an HTML page, not a robots.txt file (a “soft 404”): crawlers find almost no rules in it.',
    );
  });
});

describe('the verdict rows: copy a rule and where it is', () => {
  function rows(robotsUrl?: string | null) {
    const actions = fakeConnector();
    const model = modelFor(okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }));
    render(
      <VerdictTable
        rows={model.rows}
        t={t}
        caption="x"
        variant="page"
        onJump={() => {}}
        onCopy={actions.copy}
        {...(robotsUrl === undefined ? {} : { robotsUrl })}
      />,
    );
    return actions;
  }

  test('one copy button per row a rule decided, beside the rule; none where no rule decided', () => {
    rows('https://shop.test/robots.txt');
    for (const tr of document.querySelectorAll('tr[data-robot]')) {
      const decided = tr.hasAttribute('data-rule-line');
      expect(tr.querySelectorAll('button[data-action="copy-rule"]')).toHaveLength(decided ? 1 : 0);
    }
    // The row keeps its seams and its jump button.
    const googlebot = $('[data-robot="Googlebot"]');
    expect(googlebot?.getAttribute('data-rule-line')).toBe('5');
    expect(googlebot?.querySelector('button.rule')).not.toBeNull();
  });

  test('copies the rule, then the file URL with the line, and says so in its title', async () => {
    const actions = rows('https://shop.test/robots.txt');
    const button = $('[data-robot="Googlebot"] button[data-action="copy-rule"]') as HTMLElement;
    expect(button.getAttribute('title')).toBe(
      'Copy the rule and where it is: https://shop.test/robots.txt (line 5). A text file has no line anchors, so the line number is written after the URL.',
    );
    fireEvent.click(button);
    expect(actions.copied).toEqual(['Allow: /private/item\nhttps://shop.test/robots.txt (line 5)']);
    await waitFor(() => expect(button.textContent).toBe('✓'));
  });

  test('without a URL, the line alone', () => {
    const actions = rows();
    fireEvent.click($('[data-robot="Bingbot"] button[data-action="copy-rule"]') as HTMLElement);
    expect(actions.copied).toEqual(['Disallow: /private/\nline 2']);
  });

  test('without onCopy, no copy buttons (the tester, for now)', () => {
    const model = modelFor(okOutcome(TEXT));
    render(<VerdictTable rows={model.rows} t={t} caption="x" variant="page" />);
    expect($('button[data-action="copy-rule"]')).toBeNull();
  });

  test('a hostile rule is copied with its control characters escaped', () => {
    // As if the file said `Disallow: /a<RLO>b<NUL>c` (rows are data: the parser's reading of such
    // a line is tested elsewhere).
    const actions = fakeConnector();
    const hostile = { type: 'disallow' as const, value: '/a\u202eb\u0000c', line: 2 };
    const model = modelFor(okOutcome(TEXT));
    const rows = model.rows.map((r) => (r.robot === 'Googlebot' ? { ...r, rule: hostile } : r));
    render(<VerdictTable rows={rows} t={t} caption="x" variant="page" onCopy={actions.copy} />);
    fireEvent.click($('[data-robot="Googlebot"] button[data-action="copy-rule"]') as HTMLElement);
    expect(actions.copied[0]).toBe('Disallow: /a\\u202eb\\u0000c\nline 2');
  });
});

describe('the export menu', () => {
  function bar() {
    const actions = fakeConnector();
    const model = modelFor(okOutcome(TEXT));
    render(<ExportBar rows={model.rows} url={PAGE} t={t} copy={actions.copy} />);
    return { actions, model };
  }

  test('copies the table as text: the page on top, a row per robot', async () => {
    const { actions, model } = bar();
    click('button[data-action="copy-table-text"]');
    const [text = ''] = actions.copied;
    const lines = text.split('\n');
    expect(lines[0]).toBe(`Verdicts for ${PAGE}`);
    expect(lines[2]).toMatch(/^Robot\s+Verdict\s+Rule\s+Line\s+Why$/);
    expect(lines.slice(4)).toHaveLength(model.rows.length);
    expect(lines.find((l) => l.startsWith('Googlebot '))).toMatch(
      /^Googlebot\s+Allowed\s+Allow: \/private\/item\s+5\s+its group \(line 4\); longest match$/,
    );
    await waitFor(() =>
      expect($('button[data-action="copy-table-text"]')?.textContent).toBe('✓ Copied'),
    );
  });

  test('copies the table as CSV: header, a record per robot, CRLF', () => {
    const { actions, model } = bar();
    click('button[data-action="copy-table-csv"]');
    const [csv = ''] = actions.copied;
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'url,robot,verdict,rule,line,verdict_rfc9309,verdict_1994,page_index,page_follow,why',
    );
    expect(lines).toHaveLength(model.rows.length + 2);
    expect(lines.at(-1)).toBe('');
    expect(lines.find((l) => l.includes(',Googlebot,'))).toBe(
      `${PAGE},Googlebot,allowed,Allow: /private/item,5,allowed,allowed,index,follow,its group (line 4); longest match`,
    );
  });
});
