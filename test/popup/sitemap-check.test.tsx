// @vitest-environment happy-dom
// The Page view's sitemap check (issue 29, item 6) against an in-memory background: the button,
// the seams (data-sitemap-listed, data-sitemap-problem), the words, what the popup asks for, and
// server text shown as text.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { accept, refuse, type SitemapReport } from '../../src/extension/protocol.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import {
  type FakeOptions,
  fakeConnector,
  fakePage,
  fakeTabReport,
} from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const PAGE = 'https://shop.test/item';
const TEXT = 'User-agent: *\nDisallow: /private/\n\nSitemap: https://shop.test/sitemap.xml\n';
const INDEX = 'https://shop.test/sitemap.xml';
const PAGES = 'https://shop.test/pages.xml';
const MORE = 'https://shop.test/more.xml.gz';

async function open(url: string, page: PageFacts, options: Omit<FakeOptions, 'tabReport'> = {}) {
  const report = fakeTabReport(url, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }), {
    page,
  });
  const actions = fakeConnector({ tabReport: () => report, ...options });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  fireEvent.click(document.querySelector('[role="tab"][data-view="page"]') as HTMLElement);
  const button = await waitFor(() => {
    const found = document.querySelector('button[data-action="check-sitemaps"]');
    expect(found).not.toBeNull();
    return found as HTMLButtonElement;
  });
  return { actions, button };
}

/** Clicks the button and waits for the answer (or the error). */
async function check(button: HTMLButtonElement) {
  fireEvent.click(button);
  await waitFor(() =>
    expect(document.querySelector('[data-sitemap-listed], [data-sitemap-error]')).not.toBeNull(),
  );
  return {
    listed: document.querySelector('[data-sitemap-listed]')?.getAttribute('data-sitemap-listed'),
    count: document.querySelector('[data-sitemap-listed]')?.getAttribute('data-sitemap-count'),
    text: document.querySelector('[data-sitemap-listed]')?.textContent ?? '',
    problems: [...document.querySelectorAll('[data-sitemap-problem]')].map((el) => [
      el.getAttribute('data-sitemap-problem'),
      el.textContent ?? '',
    ]),
    canonical: document.querySelector('[data-sitemap-canonical]')?.textContent ?? null,
    error: document.querySelector('[data-sitemap-error]')?.textContent ?? null,
  };
}

const SITEMAPS: FakeOptions['sitemaps'] = [
  { url: INDEX, kind: 'sitemapindex', locs: [] },
  { url: PAGES, locs: [PAGE, 'https://shop.test/other'] },
  { url: MORE, locs: [PAGE] },
];

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('the Page view: is this page in the sitemaps?', () => {
  test('nothing is read until the button is clicked; then the page, its canonical and its redirects are asked for', async () => {
    const { actions, button } = await open(
      PAGE,
      fakePage(PAGE, {
        canonicals: ['https://shop.test/item-canonical'],
        redirects: [{ url: 'http://shop.test/item', status: 301 }],
      }),
      { sitemaps: SITEMAPS },
    );
    expect(actions.calls.filter((c) => c.name === 'sitemaps')).toEqual([]);
    await check(button);
    expect(actions.calls.filter((c) => c.name === 'sitemaps').map((c) => c.req)).toEqual([
      {
        tabId: 7,
        urls: [PAGE, 'https://shop.test/item-canonical', 'http://shop.test/item'],
      },
    ]);
  });

  test('listed in 2 sitemaps, indexable: yes, no contradiction, what was read', async () => {
    const { button } = await open(PAGE, fakePage(PAGE), { sitemaps: SITEMAPS });
    const seen = await check(button);
    expect([seen.listed, seen.count, seen.text]).toEqual([
      'yes',
      '2',
      'This page is listed in 2 sitemaps.',
    ]);
    expect(seen.problems).toEqual([]);
    const listings = [...document.querySelectorAll('[data-sitemap-listing]')];
    expect(listings.map((li) => li.getAttribute('data-sitemap-listing'))).toEqual([PAGES, MORE]);
    expect(document.querySelector('[data-sitemap-files]')?.getAttribute('data-sitemap-files')).toBe(
      '3',
    );
    expect(document.body.textContent).toContain('Sitemap files read: 3. URLs in them: 3.');
    expect(document.body.textContent).toContain("this tool's reading");
  });

  test('listed and noindex: the contradiction Search Console reports', async () => {
    const { button } = await open(
      PAGE,
      fakePage(PAGE, { metas: [{ name: 'robots', content: 'noindex' }] }),
      { sitemaps: SITEMAPS },
    );
    const seen = await check(button);
    expect(seen.listed).toBe('yes');
    expect(seen.problems).toEqual([
      [
        'listed-noindex',
        '⚠ Listed, but the page says noindex to Googlebot: Search Console reports it as “Excluded by ‘noindex’ tag”. A sitemap should list only pages meant for the index.',
      ],
    ]);
  });

  test('listed, blocked by robots.txt, answering 404, canonical elsewhere: each said once', async () => {
    const blocked = 'https://shop.test/private/item';
    const { button } = await open(
      blocked,
      fakePage(blocked, {
        status: 404,
        canonicals: ['https://shop.test/item'],
        metas: [{ name: 'robots', content: 'noindex' }],
      }),
      { sitemaps: [{ url: PAGES, locs: [blocked] }] },
    );
    const seen = await check(button);
    expect(seen.problems.map(([code]) => code)).toEqual([
      'listed-blocked',
      'listed-not-canonical',
      'listed-failing',
    ]);
    expect(seen.problems[2]?.[1]).toContain('answers 404 Not Found');
    expect(seen.canonical).toBe(
      'Its canonical, https://shop.test/item, is not listed in the sitemaps read.',
    );
  });

  test('not listed: no; a listing with a trailing slash is said as a near miss', async () => {
    const { button } = await open(PAGE, fakePage(PAGE), {
      sitemaps: [{ url: PAGES, locs: [`${PAGE}/`] }],
    });
    const seen = await check(button);
    expect(seen.listed).toBe('no');
    expect(seen.text).toBe('This page is not listed in the sitemaps read.');
    expect(document.querySelector('[data-sitemap-near]')?.textContent).toContain(
      `Listed as ${PAGE}/ in ${PAGES}: to search engines that is another URL`,
    );
  });

  test('nothing could be read: unknown, with why', async () => {
    const report: SitemapReport = {
      from: 'default',
      sources: ['https://shop.test/sitemap.xml'],
      sourceCount: 1,
      files: [],
      urls: 0,
      problems: [
        {
          source: 'https://shop.test/sitemap.xml',
          code: 'http-status',
          params: { status: 404, statusText: 'Not Found' },
        },
      ],
      problemCount: 1,
      stoppedBy: null,
      found: [{ url: PAGE, listings: [], count: 0, sitemaps: 0, near: [] }],
    };
    const { button } = await open(PAGE, fakePage(PAGE), {
      override: { sitemaps: async () => accept(report) },
    });
    const seen = await check(button);
    expect(seen.listed).toBe('unknown');
    expect(document.querySelector('[data-sitemap-read-problem="http-status"]')?.textContent).toBe(
      'Cannot read the sitemap https://shop.test/sitemap.xml: HTTP 404 Not Found',
    );
    expect(document.body.textContent).toContain(
      'robots.txt names no sitemap, so https://shop.test/sitemap.xml was read',
    );
  });

  test('a limit stopped the reading: said, and the page may be in what was not read', async () => {
    const report: SitemapReport = {
      from: 'robots-txt',
      sources: [INDEX],
      sourceCount: 1,
      files: [{ url: INDEX, kind: 'sitemapindex', urls: 0 }],
      urls: 0,
      problems: [
        { source: INDEX, code: 'count-limit', params: { limit: 25, child: `${PAGES}?26` } },
      ],
      problemCount: 31,
      stoppedBy: 'count-limit',
      found: [{ url: PAGE, listings: [], count: 0, sitemaps: 0, near: [] }],
    };
    const { button } = await open(PAGE, fakePage(PAGE), {
      override: { sitemaps: async () => accept(report) },
    });
    const seen = await check(button);
    expect(seen.listed).toBe('no');
    expect(seen.text).toContain('this page may be listed in one of them');
    expect(
      document.querySelector('[data-sitemap-stopped]')?.getAttribute('data-sitemap-stopped'),
    ).toBe('count-limit');
    expect(document.body.textContent).toContain('…and 30 more problems.');
  });

  test('the background refuses: the reason, and the button comes back', async () => {
    const { button } = await open(PAGE, fakePage(PAGE), {
      override: { sitemaps: async () => refuse('no-permission') },
    });
    const seen = await check(button);
    expect(seen.error).toBe(
      '⚠ The sitemaps could not be checked: Robots Lens has no access to this site',
    );
    expect(button.disabled).toBe(false);
  });

  test('markup in a sitemap’s URLs is text: nothing is injected', async () => {
    const evil = 'https://shop.test/<img src=x onerror=window.__pwned=1>';
    const { button } = await open(PAGE, fakePage(PAGE), {
      sitemaps: [{ url: evil, locs: [PAGE, `${PAGE}/`] }],
    });
    await check(button);
    expect(document.querySelectorAll('img[src="x"], [onerror]')).toHaveLength(0);
    expect(document.querySelector('[data-sitemap-listing]')?.textContent).toBe(evil);
  });
});
