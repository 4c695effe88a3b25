// A tab's snapshot's fingerprint (snapshotBasis, issue 12 and issue 27 item 1): the background
// draws a tab's screen again only when it changes, and the popup takes a carried screen away when
// the snapshot it reads has another. So it must not change with what storage does to a snapshot or
// with what the verdicts do not show, and must change with everything they do show.
import { describe, expect, test } from 'vitest';
import type { TabReport } from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { snapshotBasis, type TabSnapshot } from '../../src/extension/tab-snapshot.ts';
import { fakePage, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const URL_ = 'https://shop.test/item?id=1';
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const AT = 1_700_000_000_000;
/** A judged page whose tags were read in `readMs`, with the robots meta tag `robots`. */
const judged = (readMs: number, robots = 'noindex'): TabSnapshot => {
  const page = fakePage(URL_, { metas: [{ name: 'robots', content: robots }] });
  if (page.dom.ok) page.dom.facts.readMs = readMs;
  return {
    reply: fakeTabReport(URL_, okOutcome(ROBOTS), { page, fetchedAt: AT }),
    settings: defaultSettings(),
  };
};
const notApplicable: TabSnapshot = {
  reply: { kind: 'not-applicable', url: 'about:blank', robots: ['Googlebot'] },
  settings: defaultSettings(),
};
/** `value` with every object's keys in reverse order, as JSON carries them. */
const reversed = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      v === null || typeof v !== 'object' || Array.isArray(v)
        ? v
        : Object.fromEntries(Object.entries(v).reverse()),
    ),
  ) as T;

describe('snapshotBasis: the same for the same screen, another for another', () => {
  const rows: { source: string; a: TabSnapshot; b: TabSnapshot; same: boolean }[] = [
    {
      source:
        'src/digest.ts: the same snapshot with its keys in another order (as Chromium’s storage gives it back)',
      a: notApplicable,
      b: reversed(notApplicable),
      same: true,
    },
    {
      source: 'src/digest.ts: a judged page, its keys in another order at every depth',
      a: judged(0.4),
      b: reversed(judged(0.4)),
      same: true,
    },
    {
      source:
        'tab-snapshot.ts READING_TIMES: the page read again as it was, only the reading time differs (DomFacts.readMs)',
      a: judged(0.4),
      b: judged(1.7),
      same: true,
    },
    {
      source: 'the verdicts show the page’s robots tag: another tag is another screen',
      a: judged(0.4, 'noindex'),
      b: judged(0.4, 'index'),
      same: false,
    },
    {
      source: 'the screen is in the language of the settings it was judged with',
      a: notApplicable,
      b: { ...notApplicable, settings: { ...defaultSettings(), language: 'th' } },
      same: false,
    },
    {
      source: 'a screen is of one page: another URL is another screen',
      a: notApplicable,
      b: { ...notApplicable, reply: { ...notApplicable.reply, url: 'chrome://newtab/' } },
      same: false,
    },
    {
      source: 'the robots judged are the screen’s rows',
      a: notApplicable,
      b: {
        ...notApplicable,
        reply: { ...notApplicable.reply, robots: ['Googlebot', 'GPTBot'] } as TabReport,
      },
      same: false,
    },
  ];
  for (const { source, a, b, same } of rows) {
    test(source, () => {
      // The two differ as written: a basis that is the same says the difference does not count.
      expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
      expect(snapshotBasis(a) === snapshotBasis(b)).toBe(same);
    });
  }
});
