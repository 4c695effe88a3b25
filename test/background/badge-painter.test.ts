import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import ru from '../../_locales/ru/messages.json';
import { type ActionApi, BadgePainter } from '../../background/badge-painter.ts';
import { OriginCache } from '../../background/origin-cache.ts';
import { RobotsReports } from '../../background/robots-reports.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { Translators } from '../../background/translators.ts';
import { VersionStore } from '../../background/version-store.ts';
import { BADGE_COLORS, lookupIn, type Translator, translator } from '../../src/explain/index.ts';
import type { Language, Settings } from '../../src/extension/settings.ts';
import { ParsedFiles } from '../../src/parsed-files.ts';
import type { FetchFacts, Outcome, RobotsFetch } from '../../src/policy.ts';
import { held } from '../fixtures/held.ts';
import { okOutcome } from '../fixtures/outcomes.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const A = 'https://a.test';
const TEXT = [
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: *',
  'Disallow: /private',
  'Allow: /open',
].join('\n');

type ActionCall = [
  method: keyof ActionApi,
  details: { tabId: number; text?: string; color?: string; title?: string },
];

/** browser.action recording its calls; without setBadgeTextColor when `old` (older browsers). */
function fakeAction(old = false): { action: ActionApi; calls: ActionCall[] } {
  const calls: ActionCall[] = [];
  const action: ActionApi = {
    setBadgeText: async (details) => void calls.push(['setBadgeText', details]),
    setBadgeBackgroundColor: async (details) =>
      void calls.push(['setBadgeBackgroundColor', details]),
    setTitle: async (details) => void calls.push(['setTitle', details]),
  };
  if (!old)
    action.setBadgeTextColor = async (details) => void calls.push(['setBadgeTextColor', details]);
  return { action, calls };
}

/** The translator of a language, as the extension loads it (Russian or English here). */
const load = async (language: Language): Promise<Translator> =>
  language === 'ru' ? translator(lookupIn(ru), 'ru') : translator(lookupIn(en), 'en');

async function setup(change: Partial<Settings> = {}, old = false, loader = load) {
  const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
  expect((await settings.set(change)).ok).toBe(true);
  const loads: Language[] = [];
  const translators = new Translators((language) => {
    loads.push(language);
    return loader(language);
  });
  const stores = () => {
    const storage = memoryStorage();
    return { cache: new OriginCache(storage), versions: new VersionStore(storage) };
  };
  const reports = new RobotsReports({
    stores: { normal: stores(), private: stores() },
    fetchRobots: async (): Promise<FetchFacts> => {
      throw new Error('the painter never fetches');
    },
    settings,
    parsedFiles: new ParsedFiles(),
  });
  const { action, calls } = fakeAction(old);
  const badge = new BadgePainter({ action, settings, translators, reports });
  /** A painter over another action and the same services. */
  const painterWith = (other: ActionApi) =>
    new BadgePainter({ action: other, settings, translators, reports });
  return { badge, calls, loads, painterWith, settings };
}

const fetchOf = (outcome: Outcome): RobotsFetch => ({
  origin: A,
  outcome,
  fetchedAt: 0,
  expiresAt: 1,
});

/** The four calls a painted badge makes, in order. */
const painted = (tabId: number, text: string, color: string, title: string): ActionCall[] => [
  ['setBadgeText', { tabId, text }],
  ['setBadgeBackgroundColor', { tabId, color }],
  ['setTitle', { tabId, title }],
  ['setBadgeTextColor', { tabId, color: '#ffffff' }],
];

describe('BadgePainter', () => {
  const cases: {
    name: string;
    robots?: string[];
    url: string;
    fetched: RobotsFetch | null;
    text: string;
    color: string;
    title: string;
  }[] = [
    {
      name: 'disallowed by a line',
      url: `${A}/private/x`,
      fetched: fetchOf(okOutcome(TEXT)),
      text: '✕',
      color: BADGE_COLORS.disallowed,
      title: 'Googlebot: disallowed — line 5: Disallow: /private',
    },
    {
      name: 'allowed by a line',
      url: `${A}/open/x`,
      fetched: fetchOf(okOutcome(TEXT)),
      text: '✓',
      color: BADGE_COLORS.allowed,
      title: 'Googlebot: allowed — line 6: Allow: /open',
    },
    {
      name: 'allowed, no rule matches',
      url: `${A}/elsewhere`,
      fetched: fetchOf(okOutcome(TEXT)),
      text: '✓',
      color: BADGE_COLORS.allowed,
      title: 'Googlebot: allowed — no rule matches',
    },
    {
      name: 'the first robot of the list decides',
      robots: ['GPTBot', 'Googlebot'],
      url: `${A}/elsewhere`,
      fetched: fetchOf(okOutcome(TEXT)),
      text: '✕',
      color: BADGE_COLORS.disallowed,
      title: 'GPTBot: disallowed — line 2: Disallow: /',
    },
    {
      name: 'no robots.txt (404)',
      url: `${A}/x`,
      fetched: fetchOf({ kind: 'unavailable', reason: 'status', status: 404, redirects: [] }),
      text: '✓',
      color: BADGE_COLORS.allowed,
      title: 'Googlebot: allowed — no robots.txt (404), every page may be crawled',
    },
    {
      name: 'unreachable',
      url: `${A}/x`,
      fetched: fetchOf({
        kind: 'unreachable',
        reason: 'timeout',
        status: null,
        message: null,
        redirects: [],
      }),
      text: '!',
      color: BADGE_COLORS.unreachable,
      title: 'Googlebot: disallowed — robots.txt unreachable, every page is off limits',
    },
    {
      name: 'nothing fetched: empty',
      url: 'about:blank',
      fetched: null,
      text: '',
      color: '#000000',
      title: 'Robots Lens',
    },
    {
      name: 'an empty robot list: empty',
      robots: [],
      url: `${A}/private/x`,
      fetched: fetchOf(okOutcome(TEXT)),
      text: '',
      color: '#000000',
      title: 'Robots Lens',
    },
  ];
  for (const { name, robots, url, fetched, text, color, title } of cases) {
    test(name, async () => {
      const { badge, calls } = await setup(robots === undefined ? {} : { robots });
      await badge.paint(7, url, fetched);
      expect(calls).toEqual(painted(7, text, color, title));
    });
  }

  test('the tooltip speaks the settings’ language', async () => {
    const { badge, calls, loads } = await setup({ language: 'ru' });
    await badge.paint(3, `${A}/private/x`, fetchOf(okOutcome(TEXT)));
    expect(calls).toEqual(
      painted(
        3,
        '✕',
        BADGE_COLORS.disallowed,
        'Googlebot: запрещено — строка 5: Disallow: /private',
      ),
    );
    expect(loads).toEqual(['ru']);
  });

  test('a paint overtaken while its translator loads paints nothing: the newer badge stays', async () => {
    // Russian loads slowly; meanwhile the language becomes English and the tab is painted again.
    const russian = held<Translator>();
    const { badge, calls, settings } = await setup({ language: 'ru' }, false, (language) =>
      language === 'ru' ? russian.promise : load(language),
    );
    const first = badge.paint(3, `${A}/private/x`, fetchOf(okOutcome(TEXT)));
    await new Promise((resolve) => setTimeout(resolve));
    expect((await settings.set({ language: 'en' })).ok).toBe(true);
    await badge.paint(3, `${A}/open/x`, fetchOf(okOutcome(TEXT)));
    russian.release(await load('ru'));
    await first;
    expect(calls).toEqual(
      painted(3, '✓', BADGE_COLORS.allowed, 'Googlebot: allowed — line 6: Allow: /open'),
    );
  });

  test('one translator load for many paints', async () => {
    const { badge, loads } = await setup();
    for (let tab = 1; tab <= 3; tab++) await badge.paint(tab, `${A}/x`, null);
    expect(loads).toEqual(['auto']);
  });

  test('without setBadgeTextColor (older browsers) the other three are painted', async () => {
    const { badge, calls } = await setup({}, true);
    await badge.paint(2, `${A}/private/x`, fetchOf(okOutcome(TEXT)));
    expect(calls).toEqual(
      painted(
        2,
        '✕',
        BADGE_COLORS.disallowed,
        'Googlebot: disallowed — line 5: Disallow: /private',
      ).slice(0, 3),
    );
  });

  test('a failing browser call rejects the paint', async () => {
    const { painterWith } = await setup();
    const failing = fakeAction();
    failing.action.setTitle = async () => {
      throw new Error('No tab with id: 9');
    };
    await expect(painterWith(failing.action).paint(9, `${A}/x`, null)).rejects.toThrow(
      'No tab with id: 9',
    );
  });
});
