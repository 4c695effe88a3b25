// The background's door: which values it answers, and that a bad name or a request of the wrong
// shape gets a 'bad-request' reply before any handler runs (issue 15, item 10).
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { problemText } from '../../src/extension/explain/settings.ts';
import {
  dispatch,
  isMessage,
  MESSAGE_MARK,
  MESSAGE_NAMES,
  type MessageName,
  messageOf,
  type Reply,
  type RequestOf,
  type Requests,
  sentReport,
  type TabReport,
} from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { readTabSnapshot, tabSnapshotKey } from '../../src/extension/tab-snapshot.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

/** Handlers that record the requests they get and answer each with its own name. */
function recordingHandlers() {
  const calls: [string, unknown][] = [];
  const handlers = Object.fromEntries(
    MESSAGE_NAMES.map((name) => [
      name,
      async (req: unknown) => {
        calls.push([name, req]);
        return { ok: true, value: name };
      },
    ]),
  ) as unknown as Requests;
  return { handlers, calls };
}

/** Dispatches a raw value as the background does: marked, then whatever name and request it has. */
async function send(name: unknown, req: unknown) {
  const { handlers, calls } = recordingHandlers();
  const reported: unknown[] = [];
  const message = { [MESSAGE_MARK]: true as const, name, req };
  expect(isMessage(message)).toBe(true);
  const reply: Reply<MessageName> = await dispatch(handlers, message, (where) => {
    reported.push(where);
  });
  return { reply, calls, reported };
}

/** A valid request of every message (src/extension/protocol.ts Protocol). */
const VALID: { [K in MessageName]: RequestOf<K> } = {
  tabReport: { tabId: 3 },
  refresh: { tabId: 0 },
  robotsText: { tabId: 3, origin: 'https://a.test', fetchedAt: 1_000 },
  getSettings: {},
  setSettings: { language: 'th' },
  importSettings: { text: '{}' },
  exportSettings: {},
  resetSettings: {},
  clearCache: {},
  debugInfo: {},
  servedPage: { tabId: 3 },
  sitemaps: { tabId: 3, urls: ['https://a.test/p', 'https://a.test/c'] },
  pageLinks: { tabId: 3 },
  highlightLinks: { tabId: 3, on: true },
  history: { tabId: 3 },
  exportHistory: { tabId: 3 },
  importHistory: { tabId: 3, text: '{}' },
  clearHistory: { tabId: 3 },
  clearAllHistory: {},
  savedUrls: { tabId: 3 },
  saveTestUrl: { tabId: 3, url: '/cart' },
  forgetTestUrl: { tabId: 3, url: 'https://a.test/cart' },
};

describe('isMessage: only values marked as ours reach dispatch', () => {
  const cases: { name: string; value: unknown; is: boolean }[] = [
    { name: 'a message built by messageOf', value: messageOf('debugInfo', {}), is: true },
    {
      name: 'marked, with an unknown name (dispatch refuses it)',
      value: { [MESSAGE_MARK]: true, name: 'evil', req: {} },
      is: true,
    },
    { name: 'unmarked', value: { name: 'tabReport', req: { tabId: 1 } }, is: false },
    {
      name: 'marked with a truthy non-true',
      value: { [MESSAGE_MARK]: 1, name: 'tabReport', req: {} },
      is: false,
    },
    { name: 'null', value: null, is: false },
    { name: 'a string', value: 'tabReport', is: false },
    { name: 'undefined', value: undefined, is: false },
  ];
  for (const { name, value, is } of cases) {
    test(`${name}: ${is ? 'ours' : 'not ours'}`, () => {
      expect(isMessage(value)).toBe(is);
    });
  }
});

describe("dispatch: a name that is not a message is refused with 'bad-request'", () => {
  // Issue 15 item 10: Object.prototype's names reached the handler map's prototype.
  const names: { name: unknown; source: string; message: string }[] = [
    { name: 'constructor', source: 'issue 15', message: 'unknown message "constructor"' },
    { name: '__proto__', source: 'issue 15', message: 'unknown message "__proto__"' },
    { name: 'toString', source: 'Object.prototype', message: 'unknown message "toString"' },
    {
      name: 'hasOwnProperty',
      source: 'Object.prototype',
      message: 'unknown message "hasOwnProperty"',
    },
    { name: 'valueOf', source: 'Object.prototype', message: 'unknown message "valueOf"' },
    { name: 'evil', source: 'a made-up name', message: 'unknown message "evil"' },
    { name: '', source: 'empty', message: 'unknown message ""' },
    { name: 1, source: 'not a string', message: 'unknown message number' },
    { name: undefined, source: 'absent', message: 'unknown message undefined' },
    { name: 'x'.repeat(100), source: 'long', message: `unknown message "${'x'.repeat(40)}…"` },
  ];
  for (const { name, source, message } of names) {
    test(`${String(name).slice(0, 20) || '(empty)'} (${source})`, async () => {
      const sent = await send(name, {});
      expect(sent.reply).toEqual({ ok: false, error: 'bad-request', message });
      expect(sent.calls).toEqual([]);
      expect(sent.reported).toEqual([]);
    });
  }

  test("a handler map's own names only: an inherited handler is never called", async () => {
    const { handlers, calls } = recordingHandlers();
    const inherited = Object.create(handlers) as Requests;
    const reply = await dispatch(inherited, messageOf('getSettings', {}), () => {});
    expect(reply).toEqual({
      ok: false,
      error: 'bad-request',
      message: 'no handler for getSettings',
    });
    expect(calls).toEqual([]);
  });
});

/** Requests of the wrong shape, for every message: each field missing or of a wrong type. */
function badRequests(): { name: MessageName; req: unknown; message: string }[] {
  const wrong: Record<string, [unknown, string][]> = {
    tabId: [
      [-1, 'a non-negative integer'],
      [1.5, 'a non-negative integer'],
      ['3', 'a non-negative integer'],
      [Number.NaN, 'a non-negative integer'],
      [Number.POSITIVE_INFINITY, 'a non-negative integer'],
      [2 ** 53, 'a non-negative integer'],
      [null, 'a non-negative integer'],
    ],
    origin: [
      [1, 'a string'],
      [null, 'a string'],
      [['https://a.test'], 'a string'],
    ],
    fetchedAt: [
      [Number.NaN, 'a finite number'],
      [Number.POSITIVE_INFINITY, 'a finite number'],
      ['1000', 'a finite number'],
    ],
    text: [
      [1, 'a string'],
      [{}, 'a string'],
    ],
    url: [
      [1, 'a string'],
      [null, 'a string'],
    ],
    urls: [
      ['https://a.test/p', 'an array of at most 32 strings'],
      [[1], 'an array of at most 32 strings'],
      [[null], 'an array of at most 32 strings'],
      [Array.from({ length: 33 }, () => 'https://a.test/'), 'an array of at most 32 strings'],
    ],
    on: [
      ['true', 'a boolean'],
      [1, 'a boolean'],
      [null, 'a boolean'],
    ],
  };
  const rows: { name: MessageName; req: unknown; message: string }[] = [];
  for (const name of MESSAGE_NAMES) {
    const valid = VALID[name] as Record<string, unknown>;
    for (const req of [null, 'x', 1, [], undefined]) {
      rows.push({ name, req, message: `${name}: the request is not an object` });
    }
    if (name === 'setSettings') continue; // its fields: validateSettings (test/settings.test.ts)
    rows.push({
      name,
      req: { ...valid, extra: 1 },
      message: `${name}: unknown field "extra"`,
    });
    for (const field of Object.keys(valid)) {
      const { [field]: _, ...without } = valid;
      rows.push({ name, req: without, message: `${name}: ${field} is missing` });
      const values = wrong[field];
      if (values === undefined) throw new Error(`no wrong values for ${field}`);
      for (const [value, what] of values) {
        rows.push({
          name,
          req: { ...valid, [field]: value },
          message: `${name}: ${field} must be ${what}`,
        });
      }
    }
  }
  return rows;
}

describe("dispatch: a request of the wrong shape is refused with 'bad-request' (Protocol's req)", () => {
  const rows = badRequests();
  test('every message has rows', () => {
    expect(new Set(rows.map((row) => row.name))).toEqual(new Set(MESSAGE_NAMES));
  });
  for (const { name, req, message } of rows) {
    test(`${name} ${JSON.stringify(req) ?? String(req)}`, async () => {
      const sent = await send(name, req);
      expect(sent.reply).toEqual({ ok: false, error: 'bad-request', message });
      expect(sent.calls).toEqual([]);
    });
  }
});

describe('dispatch: a valid request is answered by its handler, with its request', () => {
  for (const name of MESSAGE_NAMES) {
    test(name, async () => {
      const sent = await send(name, VALID[name]);
      expect(sent.reply).toEqual({ ok: true, value: name });
      expect(sent.calls).toEqual([[name, VALID[name]]]);
    });
  }

  test('setSettings: any object goes to the settings validation, which refuses bad values', async () => {
    const sent = await send('setSettings', { language: 42, unknownKey: true });
    expect(sent.calls).toEqual([['setSettings', { language: 42, unknownKey: true }]]);
  });

  test('a request without a prototype is read by its own fields', async () => {
    const req = Object.assign(Object.create(null) as object, { tabId: 7 });
    const sent = await send('tabReport', req);
    expect(sent.reply).toEqual({ ok: true, value: 'tabReport' });
  });
});

test('the pages say a bad-request refusal as a failed request, in words (issue 31)', () => {
  // The message ("unknown message …") is the background's English for a developer.
  const t = translator(lookupIn(en), 'en');
  expect(problemText({ error: 'bad-request', message: 'unknown message "x"' }, t, 'save')).toBe(
    'Robots Lens could not do this: the request was not understood',
  );
});

describe('readTabSnapshot: only a judged page of that very URL is the popup’s first screen', () => {
  const URL_NOW = 'https://a.test/private/page?x=1#top';
  const settings = defaultSettings();
  const judged = (url: string): Extract<TabReport, { kind: 'report' }> => ({
    kind: 'report',
    url,
    robots: ['Googlebot'],
    report: sentReport({
      origin: 'https://a.test',
      outcome: okOutcome('User-agent: *\nDisallow: /private\n'),
      fetchedAt: 1_000,
      expiresAt: 2_000,
      changed: false,
      fromCache: true,
    }),
    verdicts: [],
    canonicalVerdicts: null,
    page: {
      url,
      dom: { ok: false, why: 'refused' },
      headers: { ok: false, why: 'not-seen' },
    },
    linksHighlighted: false,
    inPrivate: false,
  });
  const { verdicts: _, ...withoutVerdicts } = judged(URL_NOW);
  const { robots: __, ...withoutRobots } = judged(URL_NOW);
  const rows: { source: string; value: unknown; shown: boolean }[] = [
    {
      source: "issue 12: the popup's first screen, a page judged as it loaded (TabReports.judged)",
      value: { reply: judged(URL_NOW), settings },
      shown: true,
    },
    {
      source: "issue 12: the popup's first screen, a page with no robots.txt ('not-applicable')",
      value: { reply: { kind: 'not-applicable', url: URL_NOW, robots: [] }, settings },
      shown: true,
    },
    {
      source: "issue 12: the popup's first screen, not an earlier page of the tab (another URL)",
      value: { reply: judged('https://b.test/'), settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, not another page of the same site",
      value: { reply: judged('https://a.test/private/page'), settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, not the same page with another fragment",
      value: { reply: judged('https://a.test/private/page?x=1#bottom'), settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, not the same page with another query",
      value: { reply: judged('https://a.test/private/page?x=2#top'), settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, not a not-applicable reply of another URL",
      value: { reply: { kind: 'not-applicable', url: 'about:blank', robots: [] }, settings },
      shown: false,
    },
    {
      source:
        "issue 12: the popup's first screen, 'no-permission' is not shown (access may be granted now)",
      value: {
        reply: { kind: 'no-permission', url: URL_NOW, origin: 'https://a.test', robots: [] },
        settings,
      },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, the settings it was judged with are needed",
      value: { reply: judged(URL_NOW) },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, settings null",
      value: { reply: judged(URL_NOW), settings: null },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, nothing stored for the tab (storage.get)",
      value: undefined,
      shown: false,
    },
    { source: "issue 12: the popup's first screen, null stored", value: null, shown: false },
    {
      source: "issue 12: the popup's first screen, a string stored",
      value: JSON.stringify({ reply: judged(URL_NOW), settings }),
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, an array stored",
      value: [judged(URL_NOW), settings],
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a reply that is not an object",
      value: { reply: 'report', settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a 'report' reply without verdicts",
      value: { reply: withoutVerdicts, settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a reply without its robot list",
      value: { reply: withoutRobots, settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a kind it does not know",
      value: { reply: { ...judged(URL_NOW), kind: 'error' }, settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a 'report' reply whose report is null",
      value: { reply: { ...judged(URL_NOW), report: null }, settings },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, a 'report' reply whose page is null",
      value: { reply: { ...judged(URL_NOW), page: null }, settings },
      shown: false,
    },
    {
      source:
        "issue 12: the popup's first screen, settings without a language (it picks the words)",
      value: { reply: judged(URL_NOW), settings: { robots: settings.robots } },
      shown: false,
    },
    {
      source: "issue 12: the popup's first screen, settings that are an array",
      value: { reply: judged(URL_NOW), settings: [settings] },
      shown: false,
    },
  ];
  for (const { source, value, shown } of rows) {
    test(source, () => {
      expect(readTabSnapshot(value, URL_NOW)).toEqual(shown ? value : null);
    });
  }

  test('the key is per tab', () => {
    expect(tabSnapshotKey(12)).toBe('tab-report:12');
    expect(tabSnapshotKey(0)).not.toBe(tabSnapshotKey(1));
  });
});
