// @vitest-environment happy-dom
// Issue 13, item 3: robot names with digits and spaces. The verdict rows, the records highlight,
// the tester and the summary give each robot the same answer: Google's parser and RFC 9309 read
// a user-agent line up to its first character outside [A-Za-z_-] (robots.cc ExtractUserAgent,
// GoogleOnly_AcceptUserAgentUpToFirstSpace; RFC 9309 §2.2.1), so `User-agent: MJ12bot` names
// `MJ`, and a robot called MJ12bot gets the `*` group, which its row says in words.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { checkCrawler } from '../../src/crawlers.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { DEFAULTS } from '../../src/extension/settings.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://names.test/page';
const TEXT = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: MJ12bot',
  'Disallow: /',
  '',
  'User-agent: 360Spider',
  'Disallow: /',
  '',
  'User-agent: Screaming Frog SEO Spider',
  'Disallow: /',
  '',
  'User-agent: SemrushBot-SA',
  'Disallow: /',
  '',
  'User-agent: AhrefsBot',
  'Disallow: /',
].join('\n');
const PARSED = parseRobotsTxt(TEXT);

// [robot, its verdict for /page, what a line naming it is read as (null: its name is a whole
// token), the 1994 reading's verdict, source]
const ROWS: [string, 'allowed' | 'disallowed', string | null, 'allowed' | 'disallowed', string][] =
  [
    ['MJ12bot', 'allowed', 'MJ', 'disallowed', 'robots.cc ExtractUserAgent; 1994 substring'],
    ['360Spider', 'allowed', '', 'disallowed', 'robots.cc ExtractUserAgent: no leading letter'],
    ['k2spider', 'allowed', 'k', 'allowed', 'robots.cc ExtractUserAgent; not in this file'],
    [
      'Screaming Frog SEO Spider',
      'allowed',
      'Screaming',
      'disallowed',
      'GoogleOnly_AcceptUserAgentUpToFirstSpace; 1994 substring',
    ],
    ['AhrefsBot', 'disallowed', null, 'disallowed', 'RFC 9309 §2.2.1: a whole token'],
    [
      'SemrushBot-SA',
      'disallowed',
      null,
      'disallowed',
      'RFC 9309 §2.2.1: `-` is a token character',
    ],
  ];
const ROBOTS = ROWS.map(([robot]) => robot);

async function open() {
  const settings = { ...DEFAULTS, robots: ROBOTS };
  const actions = fakeConnector({
    settings,
    tabReport: (_tab, _force, s) => fakeTabReport(URL_, okOutcome(TEXT), { robots: s.robots }),
  });
  render(<App tabId={7} actions={actions} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
}

const row = (robot: string) => document.querySelector(`[data-robot="${robot}"]`);

describe('issue 13: names the readings cut, one answer in every view', () => {
  test.each(ROWS)(
    '%s: the row says %s, and where its name is cut',
    async (robot, verdict, read, v1994) => {
      await open();
      expect(row(robot)?.getAttribute('data-verdict')).toBe(verdict);
      expect(row(robot)?.getAttribute('data-verdict-1994')).toBe(v1994);
      const note = row(robot)?.querySelector('[data-name-cut]');
      if (read === null) {
        expect(note).toBeNull();
        return;
      }
      expect(note?.getAttribute('data-name-cut')).toBe(read);
      const lines = checkCrawler(PARSED, robot, URL_).reason.groups.lines.join(', ');
      expect(note?.textContent).toBe(
        `Google's parser and RFC 9309 read a user-agent line only up to its first character that is not a letter, - or _: a line naming “${robot}” is read as ${read === '' ? 'an empty name' : `“${read}”`} and names no robot called ${robot}. Under this reading ${robot} follows the * group (line ${lines}).`,
      );
      // Where the 1994 reading (a substring of the whole name) decides otherwise, the row says so.
      const others = [...(row(robot)?.querySelectorAll('.other') ?? [])].map((o) => o.textContent);
      expect(others).toEqual(
        v1994 === verdict
          ? []
          : [`The 1994 standard would ${v1994 === 'allowed' ? 'allow' : 'disallow'} it`],
      );
    },
  );

  test('records highlight, for each robot, the groups its row used', async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Records' }));
    const applying = () =>
      [...document.querySelectorAll('.group.applies')].map((g) =>
        Number(g.getAttribute('data-group-line')),
      );
    for (const robot of ROBOTS) {
      fireEvent.change(document.querySelector('.records select') as HTMLSelectElement, {
        target: { value: robot },
      });
      const expected = checkCrawler(PARSED, robot, URL_).reason.groups.lines;
      expect(applying(), robot).toEqual(expected);
    }
    // MJ12bot's is the `*` group at line 1, not the group whose line says MJ12bot (read `MJ`).
    fireEvent.change(document.querySelector('.records select') as HTMLSelectElement, {
      target: { value: 'MJ12bot' },
    });
    expect(applying()).toEqual([1]);
  });

  test("the tester gives the rows' verdicts, with the same note, for the page and for /", async () => {
    await open();
    const page = Object.fromEntries(ROBOTS.map((r) => [r, row(r)?.getAttribute('data-verdict')]));
    fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
    const tester = (robot: string) => document.querySelector(`[data-tester-robot="${robot}"]`);
    for (const robot of ROBOTS)
      expect(tester(robot)?.getAttribute('data-tester-verdict'), robot).toBe(page[robot]);
    fireEvent.input(document.querySelector('input[name="tester-url"]') as HTMLInputElement, {
      target: { value: '/' },
    });
    for (const [robot, verdict, read] of ROWS) {
      expect(tester(robot)?.getAttribute('data-tester-verdict'), robot).toBe(verdict);
      expect(tester(robot)?.querySelector('[data-name-cut]')?.getAttribute('data-name-cut')).toBe(
        read ?? undefined,
      );
    }
    // The draft is read the same way: MJ12bot stays allowed when only its cut line blocks it.
    fireEvent.click(document.querySelector('input[name="draft-mode"]') as HTMLInputElement);
    fireEvent.input(document.querySelector('textarea[name="draft"]') as HTMLTextAreaElement, {
      target: { value: 'User-agent: MJ12bot\nDisallow: /\n\nUser-agent: MJ\nDisallow: /x\n' },
    });
    expect(tester('MJ12bot')?.getAttribute('data-tester-verdict')).toBe('allowed');
  });

  test('the summary names the lines as read and says what each user robot follows', async () => {
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'In plain words' }));
    const groups = [...document.querySelectorAll('[data-summary-group]')].map((g) =>
      g.textContent?.replace(/ Line \d+$/, ''),
    );
    expect(groups).toEqual([
      'All other robots may visit everything except the folder /private/.',
      'MJ (written “MJ12bot”) may not visit anything.',
      "The group at line 7 names no robot: Google's parser and RFC 9309 read “360Spider” only up to the first character that is not a letter, - or _, which leaves no name. It applies to none.",
      'Screaming (written “Screaming Frog SEO Spider”) may not visit anything.',
      'SemrushBot-SA may not visit anything.',
      'AhrefsBot may not visit anything.',
    ]);
    const note = document.querySelector('[data-summary-note="MJ12bot"]');
    expect(note?.textContent).toContain(
      "The line “MJ12bot” does not name MJ12bot: Google's parser and RFC 9309 read it as “MJ” (only letters, - and _ count). MJ12bot follows the rules for all other robots.",
    );
    expect(document.querySelector('[data-summary-note="Screaming Frog SEO Spider"]')).toBeTruthy();
    expect(document.querySelector('[data-summary-note="SemrushBot-SA"]')).toBeNull();
  });
});
