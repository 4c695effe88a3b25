// The popup's data for each kind of tab report: the rows always name the robots the background
// judged with, in its order.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { popupModel, withFile } from '../../first-screen/model.ts';
import { explainBlanket, lookupIn, translator } from '../../src/explain/index.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import type { ObservedOutcome, Outcome } from '../../src/policy.ts';
import { fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const t = translator(lookupIn(en), 'en');
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const PAGE = 'https://shop.test/private/item';
const ROBOTS = ['GPTBot', 'Googlebot', 'ChatGPT-User'];
const TEXT = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'Allow: /private/item',
  'disalow: /drafts/',
].join('\n');
const ok = okOutcome(TEXT, { url: 'https://shop.test/robots.txt', bytes: 4300 });
const report = (outcome: ObservedOutcome, robots = ROBOTS, previousText: string | null = null) =>
  fakeTabReport(PAGE, outcome, { robots, fetchedAt: NOW - 3 * 60_000, previousText });

describe('popupModel', () => {
  test('a private window’s tab: the model says so (the popup keeps its memory apart)', () => {
    const outcome = okOutcome('User-agent: *\nDisallow:\n');
    expect(popupModel(report(outcome), t, { now: NOW }).inPrivate).toBe(false);
    const inPrivate = fakeTabReport(PAGE, outcome, {
      fetchedAt: NOW - 3 * 60_000,
      inPrivate: true,
    });
    expect(popupModel(inPrivate, t, { now: NOW }).inPrivate).toBe(true);
  });

  test('not applicable: no fetch, an unknown row per robot', () => {
    const m = popupModel(
      { kind: 'not-applicable', url: 'chrome://extensions/', robots: ROBOTS },
      t,
      {
        now: NOW,
      },
    );
    expect(m).toEqual({
      url: 'chrome://extensions/',
      status: 'not-applicable',
      summary: 'This page has no robots.txt: robots.txt applies to http and https pages only.',
      warnings: [],
      source: null,
      needsPermission: false,
      origin: null,
      inPrivate: false,
      fetchedAt: null,
      hasFile: false,
      text: null,
      changed: false,
      changeSeverity: null,
      previousText: null,
      blanket: null,
      robots: ROBOTS,
      rows: explainBlanket(ROBOTS, 'unknown', t, 'not applicable').map((row) => ({
        ...row,
        page: {
          index: 'unknown',
          follow: 'unknown',
          pills: 'read',
          muted: null,
          lines: [],
          conflicts: [],
          undocumented: false,
        },
        combined: { state: 'unknown', notIndexableBy: null, conflicts: [] },
      })),
      headline: null,
      page: null,
    });
    expect(m.rows.map((r) => [r.robot, r.verdict, r.why])).toEqual([
      ['GPTBot', 'unknown', 'not applicable'],
      ['Googlebot', 'unknown', 'not applicable'],
      ['ChatGPT-User', 'unknown', 'not applicable'],
    ]);
  });

  test.each([
    ['https://shop.test', 'Robots Lens may not read https://shop.test/robots.txt yet.'],
    [
      null,
      'Robots Lens may not read robots.txt on the sites you visit: access to websites was withheld.',
    ],
  ])('no permission for %s: asks for it, no access rows', (origin, summary) => {
    const m = popupModel({ kind: 'no-permission', url: PAGE, origin, robots: ROBOTS }, t, {
      now: NOW,
    });
    expect(m).toMatchObject({
      status: 'not-applicable',
      summary,
      needsPermission: true,
      origin,
      text: null,
      blanket: null,
      robots: ROBOTS,
    });
    expect(m.rows.map((r) => [r.robot, r.verdict, r.why])).toEqual(
      ROBOTS.map((robot) => [robot, 'unknown', 'no access']),
    );
  });

  test('ok: one row per verdict, in the report order, with the fetch in words', () => {
    const r = report(ok, ROBOTS, 'User-agent: *\nDisallow: /old/\n');
    const first = popupModel(r, t, { now: NOW });
    // The report leaves the text out: the first screen has the verdicts, the views wait for it.
    expect(first).toMatchObject({ hasFile: true, changed: true, text: null, previousText: null });
    expect(withFile(first, { text: TEXT, previousText: 'x', fetchedAt: NOW - 1 })).toBe(first);
    const m = withFile(first, {
      text: TEXT,
      previousText: 'User-agent: *\nDisallow: /old/\n',
      fetchedAt: NOW - 3 * 60_000,
    });
    expect(m).toMatchObject({
      url: PAGE,
      status: 'ok',
      summary: 'robots.txt · 200 · 4.2 KiB (4,300 bytes) · fetched 3 minutes ago',
      warnings: [],
      source: {
        robotsUrl: 'https://shop.test/robots.txt',
        finalUrl: null,
        fileUrl: 'https://shop.test/robots.txt',
        isFinalUrlHttp: false,
        bytes: 4300,
        size: '4.2 KiB (4,300 bytes)',
        limit: null,
      },
      needsPermission: false,
      origin: 'https://shop.test',
      text: TEXT,
      previousText: 'User-agent: *\nDisallow: /old/\n',
      blanket: null,
      robots: ROBOTS,
    });
    expect(m.rows.map((row) => [row.robot, row.verdict, row.rule?.line ?? null, row.why])).toEqual([
      ['GPTBot', 'disallowed', 2, 'no group names it; the * group applies (line 1); longest match'],
      ['Googlebot', 'allowed', 5, 'its group (line 4); longest match'],
      [
        'ChatGPT-User',
        'disallowed',
        2,
        'no group names it; the * group applies (line 1); longest match',
      ],
    ]);
    expect(m.rows.map((row) => row.note)).toEqual([
      null,
      null,
      "ChatGPT-User fetches on a user's request; its vendor says robots.txt may not apply.",
    ]);
    expect(m.rows.map((row) => row.robot)).toEqual(r.robots);
  });

  test('ok: other readings shown by default, hidden when the setting is off', () => {
    // Only Google reads the misspelled `disalow`; RFC 9309 and the 1994 standard skip the line.
    const r = fakeTabReport('https://shop.test/drafts/x', ok, {
      robots: ['Googlebot'],
      fetchedAt: NOW,
    });
    expect(popupModel(r, t, { now: NOW }).rows[0]).toMatchObject({
      verdict: 'disallowed',
      others: ['The strict RFC 9309 reading would allow it', 'The 1994 standard would allow it'],
    });
    expect(popupModel(r, t, { now: NOW, showOtherReadings: false }).rows[0]?.others).toEqual([]);
  });

  test('ok: soft 404 and truncation come as warnings', () => {
    const m = popupModel(
      report(okOutcome('<!doctype html>', { looksLikeHtml: true, truncated: true })),
      t,
      { now: NOW },
    );
    expect(m.warnings).toEqual([
      'The server answered with an HTML page, not a robots.txt file (a “soft 404”): crawlers find almost no rules in it.',
      'Cut at 500 KiB: the rest is ignored.',
    ]);
  });

  test.each([
    [
      'unavailable (404): everything allowed',
      { kind: 'unavailable', reason: 'status', status: 404, redirects: [] },
      'No robots.txt (404): every robot may crawl this site',
      'allow',
      'allowed',
      'no usable robots.txt: everything allowed',
    ],
    [
      'unreachable (503): everything disallowed',
      { kind: 'unreachable', reason: 'status', status: 503, message: null, redirects: [] },
      'Server error (503): crawlers treat every page as disallowed',
      'disallow',
      'disallowed',
      'robots.txt unreachable: everything disallowed',
    ],
    [
      'unreachable (timeout): everything disallowed',
      { kind: 'unreachable', reason: 'timeout', status: null, message: null, redirects: [] },
      'No answer within 15 s: crawlers treat every page as disallowed',
      'disallow',
      'disallowed',
      'robots.txt unreachable: everything disallowed',
    ],
  ] as [string, Outcome, string, 'allow' | 'disallow', string, string][])(
    '%s',
    (_, outcome, summary, blanket, verdict, why) => {
      const r = report(outcome);
      const m = popupModel(r, t, { now: NOW });
      expect(m).toMatchObject({
        status: outcome.kind,
        summary,
        // What Google does while robots.txt is unreachable (issue 29, item 4): 12 hours, 30 days.
        warnings: outcome.kind === 'unreachable' ? [en.warnUnreachableGoogle.message] : [],
        needsPermission: false,
        origin: 'https://shop.test',
        text: null,
        blanket,
      });
      expect(m.rows.map((row) => [row.robot, row.verdict, row.rule, row.why])).toEqual(
        ROBOTS.map((robot) => [robot, verdict, null, why]),
      );
      expect(m.rows.map((row) => row.robot)).toEqual(r.robots);
    },
  );

  test('a hop the browser never reported: outcome unknown, no verdict on any row (issue 41)', () => {
    // Not 'unreachable' (every page disallowed, a red badge): the server answered, the browser
    // did not say where to. The seams allow data-verdict="unknown" where no verdict is known.
    const outcome: ObservedOutcome = {
      kind: 'unknown',
      reason: 'hop-unreported',
      url: 'https://shop.test/robots.txt',
      status: null,
      redirects: [],
    };
    const m = popupModel(report(outcome), t, { now: NOW });
    expect(m).toMatchObject({
      status: 'unknown',
      summary: en.outcomeHopUnreported.message,
      warnings: [],
      hasFile: false,
      blanket: null,
    });
    expect(m.rows.map((row) => [row.robot, row.verdict, row.rule, row.why])).toEqual(
      ROBOTS.map((robot) => [robot, 'unknown', null, en.rowHopUnreported.message]),
    );
    expect(m.rows.map((row) => row.combined.state)).toEqual(ROBOTS.map(() => 'unknown'));
  });

  test("the rows' robots are the report's, whatever the kind", () => {
    const robots = ['Bingbot', 'CCBot'];
    const reports: TabReport[] = [
      { kind: 'not-applicable', url: 'about:blank', robots },
      { kind: 'no-permission', url: PAGE, origin: null, robots },
      report(ok, robots),
      report({ kind: 'unavailable', reason: 'redirect-loop', status: null, redirects: [] }, robots),
    ];
    for (const r of reports) {
      const m = popupModel(r, t, { now: NOW });
      expect(m.robots).toEqual(robots);
      expect(m.rows.map((row) => row.robot)).toEqual(robots);
    }
  });
});
