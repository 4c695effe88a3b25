// What the popup keeps per site: the key scheme in storage.session. A normal window's memory of
// a site is under its origin, a private window's under a marked scope: the two never read or
// overwrite each other's, and the background finds every private one to drop it with the last
// private window (background/private-windows.ts).
import { describe, expect, test } from 'vitest';
import {
  EMPTY_MEMORY,
  indexScopes,
  isPrivateMemoryKey,
  isPrivateScope,
  MEMORY_INDEX_KEY,
  memoryKey,
  memoryOf,
  memoryScope,
  memoryScopeOf,
  openingOn,
  type PopupMemory,
  reportScope,
} from '../../src/extension/popup-memory.ts';

describe('memoryScope and memoryKey', () => {
  // [source, origin, in a private window, scope, key]
  const rows: [string, string, boolean, string, string][] = [
    [
      'issue 27: a normal window, as before (keys already in storage stay valid)',
      'https://a.test',
      false,
      'https://a.test',
      'popup-memory:https://a.test',
    ],
    [
      'private-memory brief: a private window, marked',
      'https://a.test',
      true,
      'private:https://a.test',
      'popup-memory:private:https://a.test',
    ],
    [
      'a port and http, as robotsOrigin gives them',
      'http://localhost:8080',
      true,
      'private:http://localhost:8080',
      'popup-memory:private:http://localhost:8080',
    ],
  ];
  test.each(rows)('%s', (_source, origin, inPrivate, scope, key) => {
    expect(memoryScope(origin, inPrivate)).toBe(scope);
    expect(memoryKey(scope)).toBe(key);
    expect(memoryScopeOf(key)).toBe(scope);
    expect(isPrivateScope(scope)).toBe(inPrivate);
    expect(isPrivateMemoryKey(key)).toBe(inPrivate);
    expect(reportScope({ report: { origin }, inPrivate })).toBe(scope);
  });

  test('the same site in the two kinds of window: two keys', () => {
    expect(memoryKey(memoryScope('https://a.test', true))).not.toBe(
      memoryKey(memoryScope('https://a.test', false)),
    );
  });

  test('a report without inPrivate (none in storage is older than it, but junk may be) is normal', () => {
    expect(reportScope({ report: { origin: 'https://a.test' } })).toBe('https://a.test');
  });
});

describe('other keys', () => {
  // [source, key, scope or null]
  const rows: [string, string, string | null][] = [
    ['the index is no memory', MEMORY_INDEX_KEY, null],
    ['a tab snapshot', 'tab-report:4', null],
    ['a private window’s robots.txt cache entry', 'robots:https://a.test', null],
    ['a private window’s versions', 'robots-version:https://a.test', null],
  ];
  test.each(rows)('%s', (_source, key, scope) => {
    expect(memoryScopeOf(key)).toBe(scope);
    expect(isPrivateMemoryKey(key)).toBe(false);
  });
});

describe('indexScopes: the index as stored, read back', () => {
  // [source, stored, scopes]
  const rows: [string, unknown, string[]][] = [
    ['none yet', undefined, []],
    [
      'scopes of both kinds, in order',
      ['private:https://b.test', 'https://a.test'],
      ['private:https://b.test', 'https://a.test'],
    ],
    ['junk entries dropped', ['https://a.test', 4, null], ['https://a.test']],
    ['not a list', { 'https://a.test': 1 }, []],
  ];
  test.each(rows)('%s', (_source, stored, scopes) => {
    expect(indexScopes(stored)).toEqual(scopes);
  });
});

describe('openingOn: the view the popup opens on (issue 29 item 4, TEST-SEAMS "the opening view")', () => {
  const PAGE = 'https://a.test/shop?id=1';
  const left: PopupMemory = {
    ...EMPTY_MEMORY,
    view: 'tester',
    selected: 'Bingbot',
    testerUrl: '/drafted',
    drafting: true,
    draft: 'User-agent: *\nDisallow: /x\n',
    scroll: { tester: 200, verdicts: 50 },
    page: PAGE,
  };
  // What stays the site's wherever the popup opens: the robot picked, the tester's URL and draft.
  const site = { selected: 'Bingbot', testerUrl: '/drafted', drafting: true, draft: left.draft };
  // [source, memory, the page opened on, the view and scroll it opens with]
  const rows: [string, PopupMemory, string, Pick<PopupMemory, 'view' | 'scroll'>][] = [
    [
      'reopened on the same page: as it was left',
      left,
      PAGE,
      { view: 'tester', scroll: { tester: 200, verdicts: 50 } },
    ],
    [
      'the same page with a fragment: the same page',
      left,
      `${PAGE}#reviews`,
      { view: 'tester', scroll: { tester: 200, verdicts: 50 } },
    ],
    [
      'another page of the site: the verdicts, at the top',
      left,
      'https://a.test/other',
      {
        view: 'verdicts',
        scroll: {},
      },
    ],
    [
      'another query string is another page',
      left,
      'https://a.test/shop?id=2',
      {
        view: 'verdicts',
        scroll: {},
      },
    ],
    [
      'a memory that names no page (kept before pages were): the verdicts',
      { ...left, page: null },
      PAGE,
      { view: 'verdicts', scroll: {} },
    ],
  ];
  test.each(rows)('%s', (_source, memory, url, opens) => {
    const opened = openingOn(memory, url);
    expect({ view: opened.view, scroll: opened.scroll }).toEqual(opens);
    expect({
      selected: opened.selected,
      testerUrl: opened.testerUrl,
      drafting: opened.drafting,
      draft: opened.draft,
    }).toEqual(site);
  });

  test('memoryOf reads the page back; anything but a string is none', () => {
    expect(memoryOf({ ...left })?.page).toBe(PAGE);
    expect(memoryOf({ ...left, page: 42 })?.page).toBeNull();
    expect(memoryOf({ view: 'verdicts' })?.page).toBeNull();
  });
});
