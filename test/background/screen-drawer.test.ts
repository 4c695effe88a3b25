// The background's drawing of the popup's first screen for a tab's snapshot (issue 12, speed; issue
// 27 item 1): in the language of the snapshot's settings, with what the popup kept for the site
// (its memory in storage.session, src/extension/popup-memory.ts): its scroll carried, and none
// when it opens another view.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import th from '../../_locales/th/messages.json';
import { screenDrawer } from '../../background/screen-drawer.ts';
import { Translators } from '../../background/translators.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import {
  EMPTY_MEMORY,
  memoryKey,
  memoryScope,
  type PopupMemory,
} from '../../src/extension/popup-memory.ts';
import { defaultSettings, type Language } from '../../src/extension/settings.ts';
import { snapshotBasis, type TabSnapshot } from '../../src/extension/tab-snapshot.ts';
import { fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const URL_ = 'https://shop.test/item?id=1';
/** What the popup kept, left on the page the snapshot is of. */
const HERE: PopupMemory = { ...EMPTY_MEMORY, page: URL_ };
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';
const snapshot = (language: Language): TabSnapshot => ({
  reply: fakeTabReport(URL_, okOutcome(ROBOTS)),
  settings: { ...defaultSettings(), language },
});
/** The catalogues, as the extension loads them; the languages asked for, in order. */
const translators = () => {
  const asked: Language[] = [];
  const load = async (language: Language) => {
    asked.push(language);
    return language === 'th' ? translator(lookupIn(th), 'th') : translator(lookupIn(en), 'en');
  };
  return { asked, translators: new Translators(load) };
};
/** The screen's text, all of it. */
const text = (nodes: unknown): string =>
  typeof nodes === 'string' ? nodes : Array.isArray(nodes) ? nodes.map(text).join('') : '';

describe('screenDrawer', () => {
  test('draws the snapshot in the language of its settings, with its basis and URL', async () => {
    const { asked, translators: t } = translators();
    const draw = screenDrawer(memoryStorage(), t);
    const [inEnglish, inThai] = [snapshot('en'), snapshot('th')];
    const english = await draw(inEnglish);
    const thai = await draw(inThai);
    expect(asked).toEqual(['en', 'th']);
    expect(english).toMatchObject({ url: URL_, basis: snapshotBasis(inEnglish), scroll: 0 });
    expect(thai?.basis).toBe(snapshotBasis(inThai));
    expect(text(english?.nodes)).toContain(en.verdictsCaption.message);
    expect(text(thai?.nodes)).toContain(th.verdictsCaption.message);
  });

  describe('what the popup kept for the site (popup-memory:<origin> in storage.session)', () => {
    const SITE = 'https://shop.test';
    // [source, what is stored, under which site, the screen's scroll (null: no screen)]
    const rows: [string, unknown, string, number | null][] = [
      [
        'issue 29 item 4: another view left open on another page of the site: the verdicts',
        { ...EMPTY_MEMORY, view: 'tester', page: 'https://shop.test/other' },
        SITE,
        0,
      ],
      [
        'issue 29 item 4: the verdicts scrolled on another page of the site: at the top',
        { ...EMPTY_MEMORY, scroll: { verdicts: 80 }, page: 'https://shop.test/other' },
        SITE,
        0,
      ],
      [
        'issue 29 item 4: a memory that names no page (written before): the verdicts',
        { ...EMPTY_MEMORY, view: 'tester' },
        SITE,
        0,
      ],
      [
        'issue 27 item 1: the verdicts scrolled, the screen carries that scroll',
        { ...HERE, scroll: { verdicts: 80 } },
        SITE,
        80,
      ],
      [
        'issue 27 item 1: another view left open, the popup opens on it: no screen',
        { ...HERE, view: 'tester' },
        SITE,
        null,
      ],
      [
        'issue 27 item 1: another view scrolled only: the verdicts at the top',
        { ...HERE, scroll: { file: 300 } },
        SITE,
        0,
      ],
      ['another site’s memory changes nothing', { ...HERE, view: 'file' }, 'https://other.test', 0],
      [
        'popup-memory.ts memoryOf: a value of another shape (an older version) is none',
        { view: 'gone', scroll: { verdicts: 80 } },
        SITE,
        0,
      ],
      [
        'popup-memory.ts memoryOf: a negative scroll is dropped',
        { ...HERE, scroll: { verdicts: -5 } },
        SITE,
        0,
      ],
    ];
    test.each(rows)('%s', async (_source, stored, site, scroll) => {
      const session = memoryStorage();
      await session.set({ [memoryKey(site)]: stored });
      const screen = await screenDrawer(session, translators().translators)(snapshot('en'));
      expect(screen === null ? null : screen.scroll).toBe(scroll);
    });
  });

  describe('a private window’s tab: its own memory, never a normal window’s (private-memory brief)', () => {
    const SITE = 'https://shop.test';
    const privateSnapshot: TabSnapshot = {
      reply: fakeTabReport(URL_, okOutcome(ROBOTS), { inPrivate: true }),
      settings: defaultSettings(),
    };
    // [source, the snapshot's window, what is stored, under which scope, the screen's scroll]
    const rows: [string, TabSnapshot, unknown, string, number | null][] = [
      [
        'a private tab: the normal window’s memory of the site is not its own',
        privateSnapshot,
        { ...HERE, view: 'tester' },
        memoryScope(SITE, false),
        0,
      ],
      [
        'a private tab: its own memory, scrolled',
        privateSnapshot,
        { ...HERE, scroll: { verdicts: 80 } },
        memoryScope(SITE, true),
        80,
      ],
      [
        'a private tab: its own memory, another view: no screen',
        privateSnapshot,
        { ...HERE, view: 'tester' },
        memoryScope(SITE, true),
        null,
      ],
      [
        'a normal tab: the private window’s memory of the site is not its own',
        snapshot('en'),
        { ...HERE, view: 'tester' },
        memoryScope(SITE, true),
        0,
      ],
    ];
    test.each(rows)('%s', async (_source, shown, stored, scope, scroll) => {
      const session = memoryStorage();
      await session.set({ [memoryKey(scope)]: stored });
      const screen = await screenDrawer(session, translators().translators)(shown);
      expect(screen === null ? null : screen.scroll).toBe(scroll);
    });
  });

  test('a page with no robots.txt concept has no site: drawn, no memory read', async () => {
    const session = memoryStorage();
    const read: string[] = [];
    const watched = {
      ...session,
      get: (keys: string | string[]) => {
        read.push(...(Array.isArray(keys) ? keys : [keys]));
        return session.get(keys);
      },
    };
    const browserPage: TabSnapshot = {
      reply: { kind: 'not-applicable', url: 'chrome://newtab/', robots: ['Googlebot'] },
      settings: defaultSettings(),
    };
    const screen = await screenDrawer(watched, translators().translators)(browserPage);
    expect(screen).toMatchObject({ url: 'chrome://newtab/', scroll: 0 });
    expect(read).toEqual([]);
  });
});
