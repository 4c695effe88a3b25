// The background's drawing of the popup's first screen for a tab's snapshot (issue 12, speed): in
// the language of the snapshot's settings, and none when what the popup kept for the site opens
// another view (the popup's memory in storage.session).
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import th from '../../_locales/th/messages.json';
import { screenDrawer } from '../../background/screen-drawer.ts';
import { Translators } from '../../background/translators.ts';
import { EMPTY_MEMORY, memoryKey } from '../../popup/memory.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { snapshotBasis, type TabSnapshot } from '../../src/extension/protocol.ts';
import { defaultSettings, type Language } from '../../src/extension/settings.ts';
import { fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const URL_ = 'https://shop.test/item?id=1';
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
    const english = await draw(7, inEnglish);
    const thai = await draw(7, inThai);
    expect(asked).toEqual(['en', 'th']);
    expect(english).toMatchObject({ url: URL_, basis: snapshotBasis(inEnglish), scroll: 0 });
    expect(thai?.basis).toBe(snapshotBasis(inThai));
    expect(text(english?.nodes)).toContain(en.verdictsCaption.message);
    expect(text(thai?.nodes)).toContain(th.verdictsCaption.message);
  });

  test('what the popup kept for the site: its scroll, or another view and no screen', async () => {
    const session = memoryStorage();
    const draw = screenDrawer(session, translators().translators);
    const key = memoryKey('https://shop.test');
    await session.set({ [key]: { ...EMPTY_MEMORY, scroll: { verdicts: 80 } } });
    expect((await draw(7, snapshot('en')))?.scroll).toBe(80);
    await session.set({ [key]: { ...EMPTY_MEMORY, view: 'tester' } });
    expect(await draw(7, snapshot('en'))).toBeNull();
    // Another site's memory changes nothing.
    await session.set({ [memoryKey('https://other.test')]: { ...EMPTY_MEMORY, view: 'file' } });
    await session.remove(key);
    expect(await draw(7, snapshot('en'))).not.toBeNull();
  });
});
