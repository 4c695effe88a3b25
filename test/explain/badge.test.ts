import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import ru from '../../_locales/ru/messages.json';
import { markChange } from '../../src/explain/badge.ts';
import {
  BADGE_COLORS,
  badgeFor,
  emptyBadge,
  lookupIn,
  translator,
} from '../../src/explain/index.ts';
import type { ObservedOutcome } from '../../src/policy.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');

import { judgePage } from '../../src/page/judge.ts';
import { fakePage } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

/** The badge reads only the fetch outcome. */
const report = (outcome: ObservedOutcome): ObservedOutcome => outcome;
const TEXT =
  'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /private/ok\nDisallow: /private/\n';
const ok = okOutcome(TEXT);

describe('badgeFor', () => {
  const robots = parseRobotsTxt(TEXT);
  test('disallowed: ✕, red, the deciding line in the tooltip', () => {
    expect(badgeFor('Googlebot', 'https://a.test/private/x', report(ok), robots, t)).toEqual({
      text: '✕',
      color: BADGE_COLORS.disallowed,
      title: 'Googlebot: disallowed — line 6: Disallow: /private/',
    });
  });
  test('allowed by a longer Allow', () => {
    expect(badgeFor('Googlebot', 'https://a.test/private/ok', report(ok), robots, t)).toMatchObject(
      {
        text: '✓',
        title: 'Googlebot: allowed — line 5: Allow: /private/ok',
      },
    );
  });
  test('no rule matches', () => {
    expect(badgeFor('GPTBot', 'https://a.test/', report(ok), robots, t).title).toBe(
      'GPTBot: allowed — no rule matches',
    );
  });
  test('unavailable (404): allowed; unreachable (503): !', () => {
    expect(
      badgeFor(
        'Googlebot',
        'https://a.test/',
        report({ kind: 'unavailable', reason: 'status', status: 404, redirects: [] }),
        null,
        t,
      ),
    ).toMatchObject({
      text: '✓',
      title: 'Googlebot: allowed — no robots.txt (404), every page may be crawled',
    });
    expect(
      badgeFor(
        'Googlebot',
        'https://a.test/',
        report({
          kind: 'unreachable',
          reason: 'status',
          status: 503,
          message: null,
          redirects: [],
        }),
        null,
        t,
      ),
    ).toMatchObject({ text: '!', color: BADGE_COLORS.unreachable });
  });
  test('a hop the browser never reported: ?, grey, said as such — not the ! of a server (issue 41)', () => {
    const unknown = report({
      kind: 'unknown',
      reason: 'hop-unreported',
      url: 'https://a.test/robots.txt',
      status: null,
      redirects: [],
    });
    expect(badgeFor('Googlebot', 'https://a.test/', unknown, null, t)).toEqual({
      text: '?',
      color: BADGE_COLORS.indexUnknown,
      title:
        'Googlebot: not known — the browser did not report where robots.txt redirects; asked again after a minute',
    });
  });
  test('a robot profile applies: Applebot follows the Googlebot group', () => {
    expect(badgeFor('Applebot', 'https://a.test/private/ok', report(ok), robots, t).text).toBe('✓');
  });
});

test('the tooltip speaks the chosen language', () => {
  const tr = translator(lookupIn(ru), 'ru');
  expect(
    badgeFor('Googlebot', 'https://a.test/private/x', report(ok), parseRobotsTxt(TEXT), tr).title,
  ).toBe('Googlebot: запрещено — строка 6: Disallow: /private/');
});

describe('badgeFor with what the page says (issue 11)', () => {
  const robots = parseRobotsTxt(TEXT);
  const page = (url: string, facts: Parameters<typeof fakePage>[1], robot = 'Googlebot') =>
    judgePage(fakePage(url, facts), [robot], Date.UTC(2026, 10, 23));

  test('crawlable but noindex: ⊘ on its own colour, the directive and its source in the tooltip', () => {
    const url = 'https://a.test/public';
    const said = page(url, { metas: [{ name: 'robots', content: 'noindex' }] });
    expect(badgeFor('Googlebot', url, report(ok), robots, t, said)).toEqual({
      text: '⊘',
      color: BADGE_COLORS.noindex,
      title: 'Googlebot: may crawl, but not index — the page says noindex (meta name="robots")',
    });
  });
  test('a header scoped to Googlebot counts; one scoped to another robot does not', () => {
    const url = 'https://a.test/public';
    const mine = page(url, { xRobotsTag: ['googlebot: noindex'] });
    const other = page(url, { xRobotsTag: ['bingbot: noindex'] });
    expect(badgeFor('Googlebot', url, report(ok), robots, t, mine).text).toBe('⊘');
    expect(badgeFor('Googlebot', url, report(ok), robots, t, other).text).toBe('✓');
  });
  test('blocked by robots.txt stays ✕: the crawler never sees the noindex', () => {
    const url = 'https://a.test/private/x';
    const said = page(url, { metas: [{ name: 'robots', content: 'noindex' }] });
    expect(badgeFor('Googlebot', url, report(ok), robots, t, said).text).toBe('✕');
  });
  // Google Search Central, "How HTTP status codes affect Google Search": 4xx and 5xx pages are not
  // indexed (issue 29, item 1: a 404 showed a green ✓).
  test('a 404 page robots.txt allows: ⊘, and the tooltip names the status', () => {
    const url = 'https://a.test/public';
    expect(badgeFor('Googlebot', url, report(ok), robots, t, page(url, { status: 404 }))).toEqual({
      text: '⊘',
      color: BADGE_COLORS.noindex,
      title: 'Googlebot: may crawl, but not index — the page answered 404 Not Found',
    });
    const blocked = 'https://a.test/private/x';
    expect(
      badgeFor('Googlebot', blocked, report(ok), robots, t, page(blocked, { status: 404 })).text,
    ).toBe('✕');
  });
  test('the response not seen: ✓ in grey, and the tooltip says the index is unknown', () => {
    const url = 'https://a.test/public';
    const badge = badgeFor(
      'Googlebot',
      url,
      report(ok),
      robots,
      t,
      page(url, { headers: 'not-seen' }),
    );
    expect(badge.text).toBe('✓');
    expect(badge.color).toBe(BADGE_COLORS.indexUnknown);
    expect(badge.title).toContain("the page's own response was not seen");
  });
  test('a robot that keeps no index (GPTBot): the robots.txt answer alone, even on a 404', () => {
    const url = 'https://a.test/';
    const said = page(url, { status: 404 }, 'GPTBot');
    expect(badgeFor('GPTBot', url, report(ok), robots, t, said).color).toBe(BADGE_COLORS.allowed);
  });
  test('⊘ and ✕ told apart by lightness, not only by hue (WCAG relative luminance)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    expect(contrast(BADGE_COLORS.noindex, BADGE_COLORS.disallowed)).toBeGreaterThan(1.5);
    for (const color of Object.values(BADGE_COLORS))
      expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('markChange: a robots.txt that changed since the last visit (issue 16, item 3)', () => {
  const base = { text: '✕', color: BADGE_COLORS.disallowed, title: 'Googlebot: disallowed' };
  const rows: [string, 'critical' | 'warning' | 'info' | null, string, string, boolean][] = [
    ['unchanged: the badge as it is', null, '✕', BADGE_COLORS.disallowed, false],
    ['comments only (info): the dot, same colour', 'info', '✕•', BADGE_COLORS.disallowed, true],
    ['one robot changes (warning): the dot', 'warning', '✕•', BADGE_COLORS.disallowed, true],
    [
      'a new block on / for every robot (critical): the dot, dark red',
      'critical',
      '✕•',
      BADGE_COLORS.criticalChange,
      true,
    ],
  ];
  for (const [what, severity, text, color, said] of rows) {
    test(what, () => {
      const marked = markChange(base, severity, t);
      expect(marked.text).toBe(text);
      expect(marked.color).toBe(color);
      expect(marked.title.startsWith(base.title)).toBe(true);
      expect(marked.title.includes('changed since the last visit')).toBe(said);
    });
  }
  test('an empty badge (nothing judged) stays empty', () => {
    expect(markChange(emptyBadge(t), 'critical', t)).toEqual(emptyBadge(t));
  });
});
