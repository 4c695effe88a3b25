// @vitest-environment happy-dom
// The popup's page-level signals against an in-memory background: the row seams, the canonical,
// the Page view (sources, problems, links read once, the outline switch, served vs rendered).
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { accept, refuse, type ServedPage } from '../../src/extension/protocol.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import {
  type FakeOptions,
  fakeConnector,
  fakePage,
  fakeTabReport,
} from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

// The views arrive as a chunk in the popup: loaded once here, they render at once.
beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/item?id=1';
const TEXT = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';

async function open(page: PageFacts, options: Omit<FakeOptions, 'tabReport'> = {}) {
  const report = fakeTabReport(URL_, okOutcome(TEXT, { url: 'https://shop.test/robots.txt' }), {
    page,
  });
  const actions = fakeConnector({ tabReport: () => report, ...options });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const attr = (robot: string, name: string) =>
  document.querySelector(`[data-robot="${robot}"]`)?.getAttribute(name);
const showPage = () =>
  fireEvent.click(document.querySelector('[role="tab"][data-view="page"]') as HTMLElement);

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('popup: page-level signals', () => {
  test('each row says index and follow as the page says them to its robot', async () => {
    await open(
      fakePage(URL_, {
        metas: [
          { name: 'robots', content: 'nofollow' },
          { name: 'googlebot', content: 'noindex' },
        ],
      }),
    );
    expect(attr('Googlebot', 'data-page-index')).toBe('noindex');
    expect(attr('Googlebot', 'data-page-follow')).toBe('nofollow');
    expect(attr('Bingbot', 'data-page-index')).toBe('index');
    expect(attr('Bingbot', 'data-page-follow')).toBe('nofollow');
    // robots.txt keeps GPTBot out: the page's words stay as they are in the attributes, greyed
    // and said unseen on screen; a deliberate block is no warning (issue 29, item 3).
    expect(attr('GPTBot', 'data-verdict')).toBe('disallowed');
    expect(attr('GPTBot', 'data-page-follow')).toBe('nofollow');
    expect(attr('GPTBot', 'data-indexable')).toBe('no');
    const gpt = document.querySelector('[data-robot="GPTBot"]');
    expect(gpt?.querySelector('.page-pills.unseen')?.textContent).toContain('unseen');
    expect(gpt?.querySelector('.page-pills.unseen .pill.follow')).toBeNull();
    expect(gpt?.querySelector('.conflict')).toBeNull();
  });

  test('headers unknown after pushState: unknown unless the DOM says noindex', async () => {
    await open(fakePage(URL_, { headers: 'same-document', xRobotsTag: ['noindex'] }));
    expect(document.querySelector('[data-headers]')?.getAttribute('data-headers')).toBe('unknown');
    expect(attr('Googlebot', 'data-page-index')).toBe('unknown');
    cleanup();
    await open(
      fakePage(URL_, { headers: 'same-document', metas: [{ name: 'robots', content: 'noindex' }] }),
    );
    expect(attr('Googlebot', 'data-page-index')).toBe('noindex');
  });

  test('one data-canonical, absolute; a javascript: canonical is text, never a link', async () => {
    await open(fakePage(URL_, { canonicals: ['/item'] }));
    const canonical = document.querySelectorAll('[data-canonical]');
    expect(canonical).toHaveLength(1);
    expect(canonical[0]?.getAttribute('data-canonical')).toBe('https://shop.test/item');
    cleanup();
    await open(fakePage(URL_, { canonicals: ['javascript:alert(1)'] }));
    expect(document.querySelector('[data-canonical]')?.tagName).toBe('CODE');
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  test('the Page view: sources, problems, and the links counted once however often it renders', async () => {
    const actions = await open(
      fakePage(URL_, { metas: [{ name: 'robots', content: 'noindex, nofolow' }] }),
    );
    showPage();
    await waitFor(() => expect(document.querySelector('[data-links]')).not.toBeNull());
    expect(
      document.querySelector('[data-page-problem="unknown-directive"]')?.textContent,
    ).toContain('Did you mean nofollow?');
    expect(document.querySelector('[data-links]')?.getAttribute('data-nofollow')).toBe('3');
    fireEvent.click(document.querySelector('[role="tab"][data-view="verdicts"]') as HTMLElement);
    showPage();
    fireEvent.click(document.querySelector('[role="tab"][data-view="tester"]') as HTMLElement);
    showPage();
    expect(actions.calls.filter((c) => c.name === 'pageLinks')).toHaveLength(1);
  });

  test('the Page view names a scoped header or a named tag once, and says "every robot" for the generic ones', async () => {
    await open(
      fakePage(URL_, {
        metas: [
          { name: 'robots', content: 'nofollow' },
          { name: 'googlebot', content: 'noindex' },
        ],
        xRobotsTag: ['googlebot: noarchive'],
      }),
    );
    showPage();
    await waitFor(() => expect(document.querySelector('.page-source')).not.toBeNull());
    const heads = [...document.querySelectorAll('.page-source > div')].map((d) =>
      (d.textContent ?? '').trim(),
    );
    expect(heads).toEqual([
      `meta name="robots" ${t('pageSourceForAll')}`,
      'meta name="googlebot"',
      'X-Robots-Tag header for googlebot',
    ]);
  });

  // Issue 31, items 2 and 3: which names each robot reads and how its directives combine, with
  // whose documentation says so; a tag named for a robot that reads no such name is a problem.
  test('the Page view: which tags each robot reads, and a tag named for nobody', async () => {
    await open(fakePage(URL_, { metas: [{ name: 'GPTBot', content: 'noindex' }] }));
    // GPTBot's operator documents no name: the tag named for it does not address it.
    expect(attr('GPTBot', 'data-page-index')).toBe('index');
    showPage();
    const reads = (robot: string) => {
      const li = document.querySelector(`[data-page-reads="${robot}"]`);
      return (
        li && [
          li.getAttribute('data-names'),
          li.getAttribute('data-names-documented'),
          li.getAttribute('data-combining'),
          li.getAttribute('data-combining-documented'),
          li.textContent,
        ]
      );
    };
    expect(reads('Googlebot')).toEqual([
      'robots googlebot',
      'true',
      'restrictive',
      'true',
      'Googlebot reads robots and googlebot, as Google documents. Where directives disagree, Google documents that the more restrictive applies.',
    ]);
    expect(reads('GPTBot')?.slice(0, 4)).toEqual(['robots', 'false', 'restrictive', 'false']);
    expect(reads('Bingbot')?.slice(0, 4)).toEqual([
      'robots bingbot msnbot',
      'true',
      'restrictive',
      'false',
    ]);
    // A control token reads no page: not listed.
    expect(document.querySelector('[data-page-reads="Google-Extended"]')).toBeNull();
    const problems = [...document.querySelectorAll('[data-page-problem]')];
    expect(problems.map((p) => p.getAttribute('data-page-problem'))).toContain(
      'unread-robots-name',
    );
  });

  test('the outline switch asks the background, on then off', async () => {
    const actions = await open(fakePage(URL_));
    showPage();
    await waitFor(() => expect(document.querySelector('[data-highlight-links]')).not.toBeNull());
    const toggle = document.querySelector('[data-highlight-links]') as HTMLInputElement;
    // Issue 29, item 4: a legend names each outline colour the page will show.
    const legend = [...document.querySelectorAll('[data-link-legend] li')].map((li) => [
      li.textContent?.trim(),
      (li.querySelector('.swatch') as HTMLElement | null)?.style.outlineColor,
    ]);
    expect(legend.map(([rel]) => rel)).toEqual(['nofollow', 'ugc', 'sponsored']);
    expect(legend.every(([, color]) => typeof color === 'string' && color !== '')).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(actions.calls.filter((c) => c.name === 'highlightLinks').map((c) => c.req)).toEqual([
      { tabId: 7, on: true },
      { tabId: 7, on: false },
    ]);
  });

  test('served vs rendered: a noindex a script removed is named, for each robot', async () => {
    const served: ServedPage = {
      url: URL_,
      status: 200,
      contentType: 'text/html',
      html: '<!doctype html><head><meta name="robots" content="noindex"></head><body></body>',
      xRobotsTag: [],
      link: [],
      cut: false,
    };
    await open(fakePage(URL_), { override: { servedPage: async () => accept(served) } });
    showPage();
    fireEvent.click(document.querySelector('[data-action="compare-served"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('[data-served-finding]')).not.toBeNull());
    const findings = [...document.querySelectorAll('[data-served-finding]')];
    expect(findings.map((f) => f.getAttribute('data-served-finding'))).toContain(
      'removed-by-script',
    );
    expect(findings[0]?.textContent).toContain('Googlebot');
  });

  test.each([
    [
      'after a redirect: the final URL is said',
      'https://shop.test/item/1',
      'https://shop.test/item/1',
    ],
    ['without a redirect: no final URL', URL_, null],
  ])('served vs rendered %s', async (_what, finalUrl, said) => {
    const served: ServedPage = {
      url: finalUrl,
      status: 200,
      contentType: 'text/html',
      html: '<!doctype html><head></head><body></body>',
      xRobotsTag: [],
      link: [],
      cut: false,
    };
    await open(fakePage(URL_), { override: { servedPage: async () => accept(served) } });
    showPage();
    fireEvent.click(document.querySelector('[data-action="compare-served"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('[data-served]')).not.toBeNull());
    const line = document.querySelector('[data-served-url]');
    expect(line?.getAttribute('data-served-url') ?? null).toBe(said);
    if (said !== null) expect(line?.textContent).toBe(`Final URL after redirects: ${said}`);
  });

  test.each([
    ['too-many-redirects', 'redirects more than 5 times'],
    ['redirect-loop', 'a loop'],
  ] as const)(
    'served vs rendered, %s: said in words, not as a network failure',
    async (error, words) => {
      await open(fakePage(URL_), { override: { servedPage: async () => refuse(error) } });
      showPage();
      fireEvent.click(document.querySelector('[data-action="compare-served"]') as HTMLElement);
      await waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
      const alert = document.querySelector('[role="alert"]')?.textContent ?? '';
      expect(alert).toContain(words);
      expect(alert).not.toContain('could not be reached');
      expect(document.body.textContent).not.toContain('Fetching the page…');
    },
  );

  test('served vs rendered, the fetch failing: the reason, nothing else changes', async () => {
    await open(fakePage(URL_));
    showPage();
    fireEvent.click(document.querySelector('[data-action="compare-served"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('could not be fetched');
  });

  // Issue 28, item 5: a served page the reader cannot read (Firefox's DOMParser documents take
  // named properties from the page) left the button at "Fetching the page…" for good.
  test('served vs rendered, the HTML unreadable: a message, and the button back', async () => {
    const served: ServedPage = {
      url: URL_,
      status: 200,
      contentType: 'text/html',
      html: '<!doctype html><img name="querySelectorAll">',
      xRobotsTag: [],
      link: [],
      cut: false,
    };
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString').mockImplementation(() => {
      throw new TypeError('d.querySelectorAll is not a function');
    });
    try {
      await open(fakePage(URL_), { override: { servedPage: async () => accept(served) } });
      showPage();
      const button = document.querySelector('[data-action="compare-served"]') as HTMLButtonElement;
      fireEvent.click(button);
      await waitFor(() => expect(document.querySelector('[data-served-error]')).not.toBeNull());
      expect(document.querySelector('[data-served-error]')?.textContent).toContain(
        en.servedUnreadable.message,
      );
      expect(button.disabled).toBe(false);
      expect(document.body.textContent).not.toContain(en.comparing.message);
    } finally {
      parse.mockRestore();
    }
  });

  test('a <base href> too long to keep: the Page view says so', async () => {
    const page = fakePage(URL_, { canonicals: ['c0'] });
    if (!page.dom.ok) throw new Error('fakePage reads the DOM');
    await open({
      ...page,
      dom: { ok: true, facts: { ...page.dom.facts, baseUrl: '', baseTooLong: true } },
    });
    showPage();
    await waitFor(() =>
      expect(document.querySelector('[data-page-problem="base-too-long"]')).not.toBeNull(),
    );
    expect(document.querySelector('[data-page-problem="base-too-long"]')?.textContent).toContain(
      '8,192',
    );
    expect(document.querySelector('[data-canonical]')?.getAttribute('data-canonical')).toBe(
      'https://shop.test/c0',
    );
  });
});
