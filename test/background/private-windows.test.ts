import { describe, expect, test } from 'vitest';
import { type OpenWindow, PrivateWindows } from '../../background/private-windows.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { memoryReports, servingText } from '../fixtures/background.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const NORMAL = 'https://a.test';
const PRIVATE = 'https://b.test';
/** Another service's key in storage.session (page headers are per tab, dropped with the tab). */
const OTHER_SESSION_KEY = 'page-headers:9';

/** The real reports over memory storage; the open windows faked (browser.windows.getAll). */
async function setup(options: { visitedInPrivate: boolean }) {
  const { requests, fetchRobots } = servingText('User-agent: *\nDisallow: /x\n');
  const settings = new SettingsService(new SettingsStore(null, memoryStorage()));
  const { reports, local, session } = memoryReports({ fetchRobots, settings });
  await reports.report(NORMAL, false, false);
  if (options.visitedInPrivate) await reports.report(PRIVATE, true, false);
  await session.set({ [OTHER_SESSION_KEY]: { url: `${NORMAL}/` } });
  let open: OpenWindow[] = [];
  const privateWindows = new PrivateWindows({
    getAll: async () => open,
    clearPrivate: () => reports.clearPrivate(),
  });
  return {
    reports,
    requests,
    local,
    session,
    privateWindows,
    /** The windows open after one closed. */
    remaining(windows: OpenWindow[]) {
      open = windows;
    },
  };
}

const normal = { incognito: false };
const inPrivate = { incognito: true };

describe('PrivateWindows.onWindowRemoved', () => {
  const cases: {
    name: string;
    source: string;
    visitedInPrivate: boolean;
    remaining: OpenWindow[];
    dropped: number | null;
    privateKept: boolean;
  }[] = [
    {
      name: 'the last private window closed: the private entries go',
      source: 'issue 15 item 8',
      visitedInPrivate: true,
      remaining: [normal],
      dropped: 1,
      privateKept: false,
    },
    {
      name: 'every window closed (the browser keeps running, as on macOS)',
      source: 'windows.getAll answers []',
      visitedInPrivate: true,
      remaining: [],
      dropped: 1,
      privateKept: false,
    },
    {
      name: 'a private window is still open: kept',
      source: 'issue 15 item 8: only the last private window clears',
      visitedInPrivate: true,
      remaining: [normal, inPrivate],
      dropped: null,
      privateKept: true,
    },
    {
      name: 'no private window ever: nothing to drop',
      source: 'a normal window closed',
      visitedInPrivate: false,
      remaining: [normal],
      dropped: 0,
      privateKept: true,
    },
  ];
  for (const { name, source, visitedInPrivate, remaining, dropped, privateKept } of cases) {
    test(`${name} (${source})`, async () => {
      const t = await setup({ visitedInPrivate });
      const localBefore = structuredClone([...t.local.data]);
      const sessionBefore = structuredClone([...t.session.data]);
      t.remaining(remaining);
      expect(await t.privateWindows.onWindowRemoved()).toBe(dropped);
      // The normal windows' reports and the other services' session keys are never touched.
      expect([...t.local.data]).toEqual(localBefore);
      expect(t.session.data.has(OTHER_SESSION_KEY)).toBe(true);
      if (privateKept) expect([...t.session.data]).toEqual(sessionBefore);
      else expect([...t.session.data.keys()]).toEqual([OTHER_SESSION_KEY]);
    });
  }

  test('after the clear, a new private window fetches afresh; normal windows keep their cache', async () => {
    const t = await setup({ visitedInPrivate: true });
    t.remaining([normal]);
    await t.privateWindows.onWindowRemoved();
    expect(await t.reports.report(PRIVATE, true, false)).toMatchObject({ fromCache: false });
    expect(await t.reports.report(NORMAL, false, false)).toMatchObject({ fromCache: true });
    expect(t.requests).toEqual([
      `${NORMAL}/robots.txt`,
      `${PRIVATE}/robots.txt`,
      `${PRIVATE}/robots.txt`,
    ]);
  });

  test('windows.getAll failing clears nothing and rejects (the caller reports it)', async () => {
    let cleared = 0;
    const privateWindows = new PrivateWindows({
      getAll: async () => {
        throw new Error('no windows API');
      },
      clearPrivate: async () => ++cleared,
    });
    await expect(privateWindows.onWindowRemoved()).rejects.toThrow('no windows API');
    expect(cleared).toBe(0);
  });
});
