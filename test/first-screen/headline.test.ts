// The answer first (issue 29, item 2): one headline for the first robot of the list, its state
// (data-headline) and the one thing that decides it, through popupModel as the popup builds it.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import { popupModel } from '../../first-screen/model.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { indexableAnswer, type PageState } from '../../src/page/combined.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import type { Outcome } from '../../src/policy.ts';
import { fakePage, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const t = translator(lookupIn(en), 'en');
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const PAGE = 'https://shop.test/p';
const STATUS_DOC = 'Google Search Central, How HTTP status codes affect Google Search';
const NOINDEX_DOC = 'Google Search Central, Block Search indexing with noindex';
const BLOCKED_DOC =
  'Google Search Central, Introduction to robots.txt (a blocked URL can be indexed)';
const AI_DOC = 'OpenAI, Overview of OpenAI Crawlers (GPTBot trains models; it is no search index)';
const CONTROL_DOC = 'Google, Google-Extended is a product token, not a crawler';

const OPEN = okOutcome('User-agent: *\nDisallow: /private/\n');
const CLOSED = okOutcome('User-agent: *\nAllow: /public\n\nUser-agent: *\nDisallow: /p\n');
const UNREACHABLE: Outcome = {
  kind: 'unreachable',
  reason: 'status',
  status: 503,
  message: null,
  redirects: [],
};
const noindexMeta = [{ name: 'robots', content: 'noindex' }];

interface Case {
  source: string;
  robot: string;
  outcome: Outcome;
  page: PageFacts;
  state: PageState;
  /** Words the headline says (English). */
  says: string[];
  /** Words it must not say. */
  not?: string[];
  detail?: string;
}

const CASES: Case[] = [
  {
    source: `${STATUS_DOC}: 2xx, allowed, no noindex`,
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE),
    state: 'indexable',
    says: ['Googlebot: crawlable and indexable'],
  },
  {
    source: NOINDEX_DOC,
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { metas: noindexMeta }),
    state: 'not-indexable',
    says: ['crawlable, not indexable', 'noindex', 'meta name="robots"'],
  },
  {
    source: `${NOINDEX_DOC}: the X-Robots-Tag header`,
    robot: 'Bingbot',
    outcome: OPEN,
    page: fakePage(PAGE, { xRobotsTag: ['noindex'] }),
    state: 'not-indexable',
    says: ['Bingbot: crawlable, not indexable', 'X-Robots-Tag'],
  },
  {
    source: `${STATUS_DOC}: a 404 is not indexed, whatever robots.txt says`,
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { status: 404 }),
    state: 'not-indexable',
    says: ['crawlable, not indexable', 'answered 404 Not Found'],
  },
  {
    source: `${STATUS_DOC}: a 503 is not indexed while it lasts`,
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { status: 503 }),
    state: 'not-indexable',
    says: ['503 Service Unavailable'],
  },
  {
    source: `${BLOCKED_DOC}: blocked, with the deciding line`,
    robot: 'Googlebot',
    outcome: CLOSED,
    page: fakePage(PAGE),
    state: 'blocked',
    says: ['Googlebot: blocked by robots.txt line 5 (Disallow: /p)'],
  },
  {
    source: `${BLOCKED_DOC}: its noindex is never seen`,
    robot: 'Googlebot',
    outcome: CLOSED,
    page: fakePage(PAGE, { metas: noindexMeta, status: 404 }),
    state: 'blocked',
    says: ['blocked by robots.txt line 5', 'noindex is never seen'],
    not: ['404'],
  },
  {
    source: 'RFC 9309 §2.3.1.4: an unreachable robots.txt disallows everything',
    robot: 'Googlebot',
    outcome: UNREACHABLE,
    page: fakePage(PAGE),
    state: 'blocked',
    says: ['Googlebot: blocked — '],
  },
  {
    source: 'issue 29, item 1: the response not seen is unknown, not green',
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { headers: 'not-seen' }),
    state: 'unknown',
    says: ['indexable unknown', 'was not seen'],
  },
  {
    source: 'issue 29, item 1: after pushState the headers are another URL’s',
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { headers: 'same-document' }),
    state: 'unknown',
    says: ['indexable unknown'],
  },
  {
    source: `${AI_DOC}: crawling words only, even on a 404`,
    robot: 'GPTBot',
    outcome: OPEN,
    page: fakePage(PAGE, { status: 404 }),
    state: 'not-indexable',
    says: ['GPTBot: may crawl this page'],
    not: ['index'],
  },
  {
    source: `${AI_DOC}: blocked, with the line`,
    robot: 'GPTBot',
    outcome: CLOSED,
    page: fakePage(PAGE),
    state: 'blocked',
    says: ['GPTBot: may not crawl this page — robots.txt line 5'],
    not: ['index'],
  },
  {
    source: CONTROL_DOC,
    robot: 'Google-Extended',
    outcome: OPEN,
    page: fakePage(PAGE),
    state: 'indexable',
    says: ['Google-Extended: may crawl this page'],
    not: ['index'],
  },
  {
    source: 'OpenAI: OAI-SearchBot builds the index ChatGPT search shows',
    robot: 'OAI-SearchBot',
    outcome: OPEN,
    page: fakePage(PAGE, { metas: noindexMeta }),
    state: 'not-indexable',
    says: ['OAI-SearchBot: crawlable, not indexable'],
  },
  {
    source: 'a robot of the user’s own, with no profile: page tags address it as any robot',
    robot: 'MyCrawler',
    outcome: OPEN,
    page: fakePage(PAGE),
    state: 'indexable',
    says: ['MyCrawler: crawlable and indexable'],
  },
  {
    source: 'Google Search Central, canonical URLs: a canonical elsewhere is said at once',
    robot: 'Googlebot',
    outcome: OPEN,
    page: fakePage(PAGE, { canonicals: ['/other'] }),
    state: 'indexable',
    says: ['crawlable and indexable'],
    detail: 'Canonical → https://shop.test/other',
  },
];

describe('the headline: the first robot’s answer in one line', () => {
  test.each(CASES)(
    '$robot, $state: $source',
    ({ robot, outcome, page, state, says, not, detail }) => {
      const report = fakeTabReport(PAGE, outcome, { robots: [robot, 'Bingbot'], page });
      const model = popupModel(report, t, { now: NOW });
      const headline = model.headline;
      expect(headline?.robot).toBe(robot);
      expect(headline?.state).toBe(state);
      for (const words of says) expect(headline?.text).toContain(words);
      for (const words of not ?? []) expect(headline?.text).not.toContain(words);
      expect(headline?.detail ?? undefined).toBe(detail);
      // The row agrees with the headline (data-indexable).
      expect(indexableAnswer(model.rows[0]?.combined.state ?? 'unknown')).toBe(
        indexableAnswer(state),
      );
    },
  );

  test('a 404 page: every row says no; the search robots’ rows say why, the AI robots’ do not', () => {
    const report = fakeTabReport(PAGE, OPEN, {
      robots: ['Googlebot', 'GPTBot'],
      page: fakePage(PAGE, { status: 404 }),
    });
    const [google, gpt] = popupModel(report, t, { now: NOW }).rows;
    expect(google?.combined.state).toBe('not-indexable');
    expect(google?.page.lines[0]).toBe(
      'The page answered 404 Not Found: Googlebot does not index it, whatever robots.txt and its tags say.',
    );
    expect(gpt?.combined.state).toBe('not-indexable');
    expect(gpt?.page.lines.join(' ')).not.toContain('404');
    // The page's words decide nothing for a search robot: greyed, and said why.
    expect(google?.page.pills).toBe('status');
    expect(google?.page.muted?.label).toBe('the 404 decides');
    expect(gpt?.page.pills).toBe('read');
  });

  test('a page reached through redirects: judged where it landed; the first address said', () => {
    const page = fakePage(PAGE, {
      redirects: [
        { url: 'http://shop.test/p', status: 301 },
        { url: 'https://shop.test/old', status: 302 },
      ],
    });
    const headline = popupModel(fakeTabReport(PAGE, OPEN, { page }), t, { now: NOW }).headline;
    expect(headline?.state).toBe('indexable');
    expect(headline?.redirected).toBe(
      'Reached through 2 redirects from http://shop.test/p: that address is not indexed as such.',
    );
    const direct = popupModel(fakeTabReport(PAGE, OPEN), t, { now: NOW }).headline;
    expect(direct?.redirected).toBeNull();
  });

  test('a browser page has no headline; a site not yet allowed has an unknown one', () => {
    const internal = popupModel(
      { kind: 'not-applicable', url: 'about:blank', robots: ['Googlebot'] },
      t,
    );
    expect(internal.headline).toBeNull();
    const withheld = popupModel(
      { kind: 'no-permission', url: PAGE, origin: 'https://shop.test', robots: ['Googlebot'] },
      t,
    );
    expect(withheld.headline?.state).toBe('unknown');
  });

  test.each([
    ['es', es],
    ['ru', ru],
    ['th', th],
  ] as const)('%s: every headline a filled sentence, none left in English', (locale, messages) => {
    const tl = translator(lookupIn(messages), locale);
    for (const { robot, outcome, page } of CASES) {
      const report = fakeTabReport(PAGE, outcome, { robots: [robot], page });
      const english = popupModel(report, t, { now: NOW }).headline?.text;
      const text = popupModel(report, tl, { now: NOW }).headline?.text ?? '';
      expect(text).not.toMatch(/\{|\$[A-Z]+\$/);
      expect(text).toContain(robot);
      expect(text).not.toBe(english);
    }
  });
});
