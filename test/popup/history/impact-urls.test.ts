// The URLs the History view checks a change on (issue 16, "History", items 2 and 4): each once,
// in order (visited, saved, the tester's), said to come from its most deliberate source.
import { describe, expect, test } from 'vitest';
import { impactUrls } from '../../../popup/history/impact-urls.ts';
import type { OriginHistory } from '../../../src/extension/protocol.ts';

const ORIGIN = 'https://shop.test';
const history = (seen: string[]): OriginHistory => ({
  origin: ORIGIN,
  versions: [],
  seen,
  rememberPaths: true,
  saved: [],
});

const CASES: {
  name: string;
  seen: string[];
  saved: string[];
  tester: string | null;
  expected: [string, string][];
}[] = [
  {
    name: 'visited pages only, in order',
    seen: [`${ORIGIN}/a`, `${ORIGIN}/b`],
    saved: [],
    tester: null,
    expected: [
      [`${ORIGIN}/a`, 'seen'],
      [`${ORIGIN}/b`, 'seen'],
    ],
  },
  {
    name: 'a saved URL also visited keeps its place and is said to be saved',
    seen: [`${ORIGIN}/a`, `${ORIGIN}/b`],
    saved: [`${ORIGIN}/b`, `${ORIGIN}/c`],
    tester: null,
    expected: [
      [`${ORIGIN}/a`, 'seen'],
      [`${ORIGIN}/b`, 'saved'],
      [`${ORIGIN}/c`, 'saved'],
    ],
  },
  {
    name: "the tester's path is read against the site, after the rest",
    seen: [`${ORIGIN}/a`],
    saved: [],
    tester: '/about',
    expected: [
      [`${ORIGIN}/a`, 'seen'],
      [`${ORIGIN}/about`, 'tester'],
    ],
  },
  {
    name: "the tester's URL of a visited page is the tester's; of a saved one, saved",
    seen: [`${ORIGIN}/a`],
    saved: [`${ORIGIN}/b`],
    tester: `${ORIGIN}/a`,
    expected: [
      [`${ORIGIN}/a`, 'tester'],
      [`${ORIGIN}/b`, 'saved'],
    ],
  },
  {
    name: "a saved URL stays saved when it is the tester's too",
    seen: [],
    saved: [`${ORIGIN}/b`],
    tester: `${ORIGIN}/b`,
    expected: [[`${ORIGIN}/b`, 'saved']],
  },
  {
    name: "the tester's URL of another site is not checked",
    seen: [],
    saved: [],
    tester: 'https://other.test/a',
    expected: [],
  },
  {
    name: 'text that is no URL is not checked',
    seen: [],
    saved: [],
    tester: 'http://[bad',
    expected: [],
  },
];

describe('impactUrls', () => {
  for (const c of CASES)
    test(c.name, () => {
      const { urls, sources } = impactUrls(history(c.seen), c.saved, c.tester);
      expect(urls.map((url) => [url, sources.get(url)])).toEqual(c.expected);
      expect([...sources.keys()].sort()).toEqual([...urls].sort());
    });
});
