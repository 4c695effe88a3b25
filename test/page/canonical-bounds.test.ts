// Canonicals a hostile page declares by the hundred (issue 28, item 2): only those that count are
// resolved, at most CANONICALS_RESOLVED distinct hrefs (Google uses one canonical and may ignore
// them all when they disagree: Google Search Central, How to specify a canonical URL), and a base
// the reader dropped as too long makes relative hrefs resolve against the page's own URL, said.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DomFacts, PageFacts } from '../../src/page/facts.ts';
import { CANONICALS_RESOLVED, judgePage, pageCanonical } from '../../src/page/judge.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { fakePage } from '../../ui/fake-connector.ts';

const PAGE = 'https://a.test/dir/p';
const NOW = Date.UTC(2026, 0, 1);
/** A base of 2,000,000 characters ending in "/": each relative href would resolve as long. */
const LONG_BASE = `https://a.test/${'a'.repeat(2_000_000)}/`;

const withDom = (facts: PageFacts, patch: Partial<DomFacts>): PageFacts =>
  facts.dom.ok ? { ...facts, dom: { ok: true, facts: { ...facts.dom.facts, ...patch } } } : facts;
const relative = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

/** How many URLs `run` parses (the judge resolves with the URL constructor). */
function urlsParsed(run: () => void): number {
  let parsed = 0;
  const Real = URL;
  vi.stubGlobal(
    'URL',
    class extends Real {
      constructor(url: string | URL, base?: string | URL) {
        parsed++;
        super(url, base);
      }
    },
  );
  try {
    run();
  } finally {
    vi.unstubAllGlobals();
  }
  return parsed;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('only the canonicals that count are resolved', () => {
  test('200 relative canonicals against a 2,000,000-character base: at most CANONICALS_RESOLVED', () => {
    // Facts read before the reader bounded the base (a snapshot kept from before) still judge fast.
    const facts = withDom(fakePage(PAGE, { canonicals: relative(200) }), { baseUrl: LONG_BASE });
    let judgement = judgePage(facts, DEFAULT_ROBOTS, NOW);
    const parsed = urlsParsed(() => {
      judgement = judgePage(facts, DEFAULT_ROBOTS, NOW);
    });
    // Each resolved href costs a few parses (resolved, as written, the fragment dropped).
    expect(parsed).toBeLessThanOrEqual(4 * CANONICALS_RESOLVED + 4);
    expect(judgement.canonical?.href).toBe('c0');
    expect(judgement.canonicals).toHaveLength(CANONICALS_RESOLVED);
    const disagree = judgement.problems.filter((p) => p.code === 'canonicals-disagree');
    expect(disagree).toHaveLength(1);
    expect(
      judgement.problems.filter((p) => p.code === 'canonical-relative').length,
    ).toBeLessThanOrEqual(CANONICALS_RESOLVED);
  });

  test('pageCanonical (the background: canonical verdicts) resolves as few', () => {
    const facts = withDom(fakePage(PAGE, { canonicals: relative(200) }), { baseUrl: LONG_BASE });
    let first: ReturnType<typeof pageCanonical> = null;
    const parsed = urlsParsed(() => {
      first = pageCanonical(facts);
    });
    expect(parsed).toBeLessThanOrEqual(4 * CANONICALS_RESOLVED + 4);
    expect(first).toMatchObject({ href: 'c0', url: `${LONG_BASE}c0` });
  });

  test('the same href many times is resolved once, and does not disagree with itself', () => {
    const facts = fakePage(PAGE, { canonicals: Array(200).fill('/same') });
    const judgement = judgePage(facts, DEFAULT_ROBOTS, NOW);
    expect(judgement.canonicals).toHaveLength(1);
    expect(judgement.canonical?.url).toBe('https://a.test/same');
    expect(judgement.problems.map((p) => p.code)).toEqual(['canonical-relative']);
  });

  test('more distinct hrefs than resolved: said to disagree, with the URLs resolved', () => {
    const hrefs = Array.from({ length: 50 }, (_, i) => `https://a.test/${i}`);
    const judgement = judgePage(fakePage(PAGE, { canonicals: hrefs }), DEFAULT_ROBOTS, NOW);
    const disagree = judgement.problems.find((p) => p.code === 'canonicals-disagree');
    expect(disagree).toEqual({
      code: 'canonicals-disagree',
      urls: hrefs.slice(0, CANONICALS_RESOLVED),
    });
  });

  test('one more distinct href than resolved, the others all the same URL: still said', () => {
    const hrefs = [
      ...Array(CANONICALS_RESOLVED)
        .fill(0)
        .map((_, i) => `/x#${i}`),
      '/y',
    ];
    const judgement = judgePage(fakePage(PAGE, { canonicals: hrefs }), DEFAULT_ROBOTS, NOW);
    expect(judgement.problems.some((p) => p.code === 'canonicals-disagree')).toBe(true);
  });
});

describe('a base too long to keep (the reader dropped it)', () => {
  const facts = withDom(fakePage(PAGE, { canonicals: ['c0'] }), {
    baseUrl: '',
    baseTooLong: true,
  });

  test("relative canonicals resolve against the page's own URL, and the base is said", () => {
    const judgement = judgePage(facts, DEFAULT_ROBOTS, NOW);
    expect(judgement.canonical?.url).toBe('https://a.test/dir/c0');
    expect(judgement.problems.map((p) => p.code)).toEqual(['base-too-long', 'canonical-relative']);
  });

  test("a base dropped because it was the page's own long URL is not said", () => {
    const own = withDom(facts, { baseTooLong: undefined });
    const judgement = judgePage(own, DEFAULT_ROBOTS, NOW);
    expect(judgement.canonical?.url).toBe('https://a.test/dir/c0');
    expect(judgement.problems.map((p) => p.code)).toEqual(['canonical-relative']);
  });

  test('tags cut by their characters: the problem says so', () => {
    const cut = withDom(fakePage(PAGE), { cut: true, cutChars: true });
    expect(judgePage(cut, DEFAULT_ROBOTS, NOW).problems).toEqual([
      { code: 'tags-cut', chars: true },
    ]);
  });
});
