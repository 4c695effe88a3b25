// Page-level signals in words, from real judgements of real page facts: each sentence names the
// robot, the directive and where it came from; every problem and finding has a sentence of its
// own (never the bare message key, never an empty placeholder).
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { lookupIn, noteText, translator } from '../../src/explain/index.ts';
import {
  explainPage,
  honouredByText,
  pageProblemSeverity,
  pageProblemText,
  pageReadingText,
  pageReadText,
  servedFindingText,
  sourceText,
  undocumentedText,
} from '../../src/explain/page.ts';
import { type Crawl, combineRow } from '../../src/page/combined.ts';
import type { ServedFinding } from '../../src/page/compare.ts';
import type { DirectiveName } from '../../src/page/directives.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import { judgePage, type PageProblem } from '../../src/page/judge.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { fakePage } from '../../ui/fake-connector.ts';

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://a.test/p';
const NOW = Date.UTC(2026, 0, 1);
const ROBOTS = [...DEFAULT_ROBOTS, 'AdsBot-Google'];
const KEYS = new Set(Object.keys(en));

/** A sentence that was found and filled: not empty, not a key, no placeholder left. */
function expectSentence(text: string): void {
  expect(text.trim()).not.toBe('');
  expect(KEYS.has(text)).toBe(false);
  expect(text).not.toMatch(/\$[A-Z0-9_]+\$|\$\d/);
}

/** What `robot` is told about a page, with its robots.txt verdicts. */
function explain(
  facts: PageFacts,
  robot: string,
  crawl: Crawl = 'allowed',
  canonicalCrawl: Crawl = 'unknown',
) {
  const judgement = judgePage(facts, ROBOTS, NOW);
  const page = judgement.robots.find((r) => r.robot === robot);
  if (page === undefined) throw new Error(`no row for ${robot}`);
  const combined = combineRow(crawl, page, judgement.canonical, canonicalCrawl, judgement.status);
  const explained = explainPage(page, combined, judgement, t);
  for (const line of [...explained.lines, ...explained.conflicts]) expectSentence(line);
  return explained;
}
const robotsMeta = (content: string, inBody = false) =>
  fakePage(URL_, { metas: [{ name: 'robots', content, inBody }] });

describe('explainPage: why noindex, nofollow', () => {
  test('noindex by the robots meta tag names the robot, the directive and the tag', () => {
    const { index, lines } = explain(robotsMeta('noindex'), 'Googlebot');
    expect(index).toBe('noindex');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Googlebot');
    expect(lines[0]).toContain('noindex');
    expect(lines[0]).toContain('meta name="robots"');
  });

  test('noindex by a meta tag in <body> says so', () => {
    const { lines } = explain(robotsMeta('noindex', true), 'Googlebot');
    expect(lines[0]).toContain('meta name="robots" in <body>');
  });

  test('noindex by the X-Robots-Tag header names the header', () => {
    const { lines } = explain(fakePage(URL_, { xRobotsTag: ['noindex'] }), 'Bingbot');
    expect(lines[0]).toContain('Bingbot');
    expect(lines[0]).toContain('noindex');
    expect(lines[0]).toContain('X-Robots-Tag');
  });

  test('noindex by a header scope names the scope as written', () => {
    const facts = fakePage(URL_, { xRobotsTag: ['googlebot: nofollow, BingBot: noindex'] });
    const bing = explain(facts, 'Bingbot');
    expect(bing.lines[0]).toContain('X-Robots-Tag header for BingBot');
    const google = explain(facts, 'Googlebot');
    expect(google.index).toBe('index');
    expect(google.lines).toHaveLength(1);
    expect(google.lines[0]).toContain('nofollow');
    expect(google.lines[0]).toContain('X-Robots-Tag header for googlebot');
  });

  test('none: one line (noindex), not a second for its nofollow', () => {
    const { index, follow, lines } = explain(robotsMeta('none'), 'Googlebot');
    expect([index, follow]).toEqual(['noindex', 'nofollow']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('none');
  });

  test('a directive with a value is shown without the space after its colon', () => {
    const { lines } = explain(
      robotsMeta('max-snippet: 20, unavailable_after: 2020-09-21'),
      'Bingbot',
    );
    expect(lines.join(' ')).toContain('unavailable_after:2020-09-21');
  });

  test('unavailable_after in the past: when the page left the index, and where it says so', () => {
    const { lines } = explain(robotsMeta('unavailable_after: 2020-09-21'), 'Googlebot');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Googlebot');
    expect(lines[0]).toContain('2020');
    expect(lines[0]).toContain('unavailable_after');
    expect(lines[0]).toContain('meta name="robots"');
    // Issue 31, item 4: a date without a zone says it was read as UTC.
    expect(lines[1]).toBe(
      'unavailable_after:2020-09-21 names no time zone: the date was read as UTC.',
    );
  });

  test('unavailable_after in the future without a zone: read as UTC, and said', () => {
    const facts = fakePage(URL_, { xRobotsTag: ['unavailable_after: 20991231T1530'] });
    const { lines } = explain(facts, 'Googlebot');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('2099');
    expect(lines[1]).toContain('read as UTC');
  });

  test('unavailable_after in the future: when the page leaves the index', () => {
    const facts = fakePage(URL_, { xRobotsTag: ['unavailable_after: 2099-01-01T00:00:00Z'] });
    const { index, lines } = explain(facts, 'Googlebot');
    expect(index).toBe('index');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('2099');
  });

  test('a directive its vendor does not document is named as ignored (Bing, unavailable_after)', () => {
    const { index, lines } = explain(robotsMeta('unavailable_after: 2020-09-21'), 'Bingbot');
    expect(index).toBe('index');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Bingbot');
    expect(lines[0]).toContain('unavailable_after');
  });

  // Issue 29, item 3: "Google-Extended may not index it" is wrong: it is not a crawler.
  test('a control token (Google-Extended): no page words, no pills; its row note says what it is', () => {
    const { lines, pills } = explain(robotsMeta('noindex'), 'Google-Extended');
    expect(lines).toEqual([]);
    expect(pills).toBe('none');
    // Issue 12, item 13: "a control token, not a crawler", in the row's note.
    expect(noteText('Google-Extended', t)).toContain('a control token, not a crawler');
    expect(noteText('Applebot-Extended', t)).toContain('Apple');
    expect(noteText('Googlebot', t)).toBeNull();
  });

  // Issue 29, item 3: GPTBot is no search index; the "operator does not document" paragraph is
  // said once under the table (undocumentedText), not on each row.
  test('a robot whose vendor documents nothing: no indexing words; marked for the note when the page has tags', () => {
    const gpt = explain(robotsMeta('noindex'), 'GPTBot');
    expect(gpt.lines).toEqual([]);
    expect(gpt.undocumented).toBe(true);
    expect(gpt.index).toBe('noindex');
    expect(explain(fakePage(URL_), 'GPTBot').undocumented).toBe(false);
    // A search robot with no documented reading (PerplexityBot builds an index) keeps its words.
    expect(explain(robotsMeta('noindex'), 'PerplexityBot').lines[0]).toContain('may not index it');
  });

  test('the undocumented robots of a table in one sentence, once', () => {
    const rows = ['Googlebot', 'GPTBot', 'ClaudeBot', 'CCBot'].map((robot) => ({
      robot,
      page: explain(robotsMeta('noindex'), robot),
    }));
    expect(undocumentedText(rows, t)).toBe(
      'Robots whose operators do not document reading robots meta tags: GPTBot, ClaudeBot, and CCBot. For them, noindex and nofollow are shown as the original robots meta tag defines them. They are taken to read only the generic robots tag: no names of their own are documented.',
    );
    expect(undocumentedText(rows.slice(0, 1), t)).toBeNull();
  });

  test('AdsBot-Google: the generic tag does not address it, and that is said', () => {
    const { index, lines } = explain(robotsMeta('noindex'), 'AdsBot-Google');
    expect(index).toBe('index');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('AdsBot-Google');
  });

  // Issue 31, item 2: the row says whose rule settled directives that disagree.
  test('directives that disagree: the row names whose rule decided', () => {
    const facts = fakePage(URL_, {
      metas: [
        { name: 'robots', content: 'noindex', inBody: false },
        { name: 'robots', content: 'index', inBody: false },
      ],
    });
    const judgement = judgePage(facts, ['Googlebot', 'YandexBot', 'Bingbot'], NOW);
    const [google, yandex, bing] = judgement.robots.map((page) =>
      explainPage(page, combineRow('allowed', page, null, 'unknown', 200), judgement, t),
    );
    expect(google?.lines).toContain(
      'noindex (meta name="robots") and index (meta name="robots") disagree: Google documents that the more restrictive rule applies, so Googlebot follows noindex.',
    );
    expect(yandex?.index).toBe('index');
    expect(yandex?.lines).toContain(
      'index (meta name="robots") and noindex (meta name="robots") disagree: Yandex documents that allowing directives take priority, so YandexBot follows index.',
    );
    expect(bing?.lines).toContain(
      'noindex (meta name="robots") and index (meta name="robots") disagree: Bingbot\'s operator documents no rule for this, so the more restrictive, noindex, is assumed.',
    );
  });

  test('which names a robot reads and how its directives combine, with the source', () => {
    const rows = judgePage(
      fakePage(URL_),
      ['Googlebot', 'YandexBot', 'Bingbot', 'GPTBot', 'AdsBot-Google'],
      NOW,
    ).robots;
    expect(rows.map((r) => pageReadingText(r, t))).toEqual([
      [
        'Googlebot reads robots and googlebot, as Google documents.',
        'Where directives disagree, Google documents that the more restrictive applies.',
      ],
      [
        'YandexBot reads robots and yandex, as Yandex documents.',
        'Where directives disagree, Yandex documents that allowing ones (index, follow, all) take priority.',
      ],
      [
        'Bingbot reads robots, bingbot, and msnbot, as Bing documents.',
        'Where directives disagree, its operator documents no rule: the more restrictive is assumed.',
      ],
      [
        'GPTBot is taken to read only the generic robots tag: its operator documents no names.',
        'Where directives disagree, its operator documents no rule: the more restrictive is assumed.',
      ],
      [
        'AdsBot-Google reads adsbot-google, as Google documents.',
        'Where directives disagree, Google documents that the more restrictive applies.',
      ],
    ]);
  });

  test('nothing to say: no lines, no conflicts', () => {
    expect(explain(fakePage(URL_), 'Googlebot')).toEqual({
      index: 'index',
      follow: 'follow',
      pills: 'read',
      muted: null,
      lines: [],
      conflicts: [],
      undocumented: false,
    });
  });
});

describe('explainPage: conflicts with robots.txt and the canonical', () => {
  test('blocked-noindex: the noindex is never seen, robots.txt named', () => {
    const { conflicts } = explain(robotsMeta('noindex'), 'Googlebot', 'disallowed');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toContain('robots.txt');
    expect(conflicts[0]).toContain('Googlebot');
    expect(conflicts[0]).toContain('noindex');
  });

  // Issue 29, item 3: a blocked row does not also say "may not index it: noindex"; its pills are
  // greyed as unseen; a deliberate block is no ⚠.
  test('blocked, nothing hidden: no warning, no page words, the pills unseen', () => {
    const { conflicts, lines, pills } = explain(fakePage(URL_), 'Bingbot', 'disallowed');
    expect(conflicts).toEqual([]);
    expect(lines).toEqual([]);
    expect(pills).toBe('unseen');
  });

  test('blocked with a noindex: one warning for a search robot, none for an AI trainer', () => {
    const bing = explain(robotsMeta('noindex'), 'Bingbot', 'disallowed');
    expect(bing.lines).toEqual([]);
    expect(bing.conflicts).toHaveLength(1);
    expect(bing.conflicts[0]).toContain('never sees this noindex');
    expect(explain(robotsMeta('noindex'), 'GPTBot', 'disallowed').conflicts).toEqual([]);
  });

  test('noindex-canonical, canonical-disallowed, canonical-other-host: one sentence each', () => {
    const facts = fakePage(URL_, {
      metas: [{ name: 'robots', content: 'noindex' }],
      canonicals: ['https://b.test/p'],
    });
    const { conflicts } = explain(facts, 'Googlebot', 'allowed', 'disallowed');
    expect(conflicts).toHaveLength(3);
    expect(conflicts[0]).toContain('noindex');
    expect(conflicts[1]).toContain('Googlebot');
    expect(conflicts[1]).toContain('robots.txt');
    expect(conflicts[2]).toContain('b.test');
  });
});

/** A page with every problem a page can have. */
const TROUBLED: PageFacts = (() => {
  const facts = fakePage(URL_, {
    metas: [
      { name: 'robots', content: 'noindex, no-index, banana, max-snippet:lots' },
      { name: 'robots', content: 'unavailable_after: someday', inBody: true },
      { name: 'googlebot', content: 'index' },
      { name: 'robot', content: 'nofollow' },
      { name: 'GPTBot', content: 'noindex' },
    ],
    canonicals: ['/relative', 'https://b.test/p', 'javascript:alert(1)'],
    xRobotsTag: ['googlebot: nofollow, noarchive'],
  });
  if (!facts.dom.ok || !facts.headers.ok) throw new Error('fakePage reads everything');
  const metas = facts.dom.facts.metas.map((m, i) => (i === 2 ? { ...m, cut: true } : m));
  return {
    ...facts,
    dom: {
      ok: true,
      facts: {
        ...facts.dom.facts,
        metas,
        canonicals: [...facts.dom.facts.canonicals, { href: 'https://a.test/body', inBody: true }],
        cut: true,
        baseUrl: '',
        baseTooLong: true,
      },
    },
    headers: { ok: true, facts: { ...facts.headers.facts, cut: true } },
  };
})();

const ALL_CODES: PageProblem['code'][] = [
  'unknown-directive',
  'bad-value',
  'bad-date',
  'unknown-robots-name',
  'unread-robots-name',
  'contradicts-generic',
  'canonicals-disagree',
  'canonical-relative',
  'canonical-cross-host',
  'canonical-not-http',
  'canonical-in-body',
  'meta-in-body',
  'content-cut',
  'tags-cut',
  'headers-cut',
  'base-too-long',
  'header-maybe-joined',
];

/** What each problem's sentence must show of the problem. */
const SHOWS: Record<PageProblem['code'], string[]> = {
  'unknown-directive': ['no-index', 'meta name="robots"'],
  'bad-value': ['max-snippet:lots'],
  'bad-date': ['someday'],
  'unknown-robots-name': ['robot', 'robots'],
  'unread-robots-name': ['meta name="GPTBot"', 'generic robots tag'],
  'contradicts-generic': ['googlebot', 'index', 'noindex'],
  'canonicals-disagree': ['https://b.test/p'],
  'canonical-relative': [],
  'canonical-cross-host': ['b.test'],
  'canonical-not-http': ['javascript:alert(1)'],
  'canonical-in-body': ['https://a.test/body'],
  'meta-in-body': ['robots'],
  'content-cut': ['googlebot', '8,192'],
  'tags-cut': [],
  'headers-cut': [],
  'base-too-long': ['<base href>', '8,192'],
  'header-maybe-joined': ['googlebot: nofollow, noarchive', 'noarchive', 'every robot'],
};

describe('pageProblemText', () => {
  const { problems } = judgePage(TROUBLED, ROBOTS, NOW);

  test('the troubled page has every problem there is', () => {
    expect([...new Set(problems.map((p) => p.code))].sort()).toEqual([...ALL_CODES].sort());
  });

  test.each(ALL_CODES)('%s: a sentence of its own', (code) => {
    const problem = problems.find((p) => p.code === code);
    if (problem === undefined) throw new Error(`no ${code}`);
    const text = pageProblemText(problem, t);
    expectSentence(text);
    for (const part of SHOWS[code]) expect(text).toContain(part);
    expect(['error', 'warning', 'info']).toContain(pageProblemSeverity(problem));
  });

  test('tags cut by their characters (PAGE_LIMITS.tagChars), not their count, say so', () => {
    const text = pageProblemText({ code: 'tags-cut', chars: true }, t);
    expectSentence(text);
    expect(text).toContain('65,536');
    expect(text).not.toBe(pageProblemText({ code: 'tags-cut' }, t));
  });

  test('an unknown directive with a suggestion offers it; without one, does not', () => {
    const unknown = problems.filter((p) => p.code === 'unknown-directive');
    const texts = unknown.map((p) => pageProblemText(p, t));
    expect(texts[0]).toContain('noindex');
    expect(texts[1]).toContain('banana');
    expect(texts[1]).not.toContain('noindex');
  });

  test('the problems that change what a robot does are errors', () => {
    const severity = (code: PageProblem['code']) => {
      const problem = problems.find((p) => p.code === code);
      return problem === undefined ? null : pageProblemSeverity(problem);
    };
    expect(severity('unknown-directive')).toBe('error');
    expect(severity('unknown-robots-name')).toBe('error');
    expect(severity('meta-in-body')).toBe('info');
  });
});

describe('pageReadText: why the signals are incomplete', () => {
  const read = (facts: PageFacts | null) => {
    const texts = pageReadText(judgePage(facts, ROBOTS, NOW), t);
    for (const text of texts) expectSentence(text);
    return texts;
  };

  test('everything read: nothing to say', () => {
    expect(read(fakePage(URL_))).toEqual([]);
  });

  test('not an http(s) page: nothing to say (there is nothing to read)', () => {
    expect(read(null)).toEqual([]);
  });

  test('same-document: the URL changed since the page loaded', () => {
    const texts = read(fakePage(URL_, { headers: 'same-document' }));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('history.pushState');
  });

  test('not-seen: the response was not seen', () => {
    const texts = read(fakePage(URL_, { headers: 'not-seen' }));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('not seen');
    expect(texts[0]).not.toBe(read(fakePage(URL_, { headers: 'same-document' }))[0]);
  });

  test('not-html: judged by the headers alone', () => {
    const texts = read(fakePage(URL_, { contentType: 'application/pdf' }));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('HTML');
  });

  test('a DOM the browser does not let us read', () => {
    const facts: PageFacts = { ...fakePage(URL_), dom: { ok: false, why: 'refused' } };
    const texts = read(facts);
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toBe(read(fakePage(URL_, { contentType: 'application/pdf' }))[0]);
  });

  test('a page that did not answer in time says so, not that the browser refused', () => {
    const timeout = read({ ...fakePage(URL_), dom: { ok: false, why: 'timeout' } });
    const refused = read({ ...fakePage(URL_), dom: { ok: false, why: 'refused' } });
    expect(timeout).toHaveLength(1);
    expect(timeout[0]).toContain('in time');
    expect(timeout[0]).not.toBe(refused[0]);
  });
});

describe('sourceText and honouredByText', () => {
  test('each kind of source', () => {
    const { sources } = judgePage(
      fakePage(URL_, {
        metas: [
          { name: 'GoogleBot', content: 'noindex' },
          { name: 'robots', content: 'nofollow', inBody: true },
        ],
        xRobotsTag: ['noarchive, bingbot: nosnippet'],
      }),
      ROBOTS,
      NOW,
    );
    expect(sources.map((s) => sourceText(s, t))).toEqual([
      'meta name="GoogleBot"',
      'meta name="robots" in <body>',
      'X-Robots-Tag header',
      'X-Robots-Tag header for bingbot',
    ]);
  });

  // [directive, who honours it, as said]
  const HONOURED: [DirectiveName, string][] = [
    ['noindex', 'every robot'],
    ['unavailable_after', 'Google'],
    ['max-snippet', 'Google and Bing'],
    ['nosnippet', 'Google, Bing, and Apple'],
    ['nocache', 'Bing'],
  ];
  test.each(HONOURED)('%s: honoured by %s', (name, who) => {
    const text = honouredByText(name, t);
    expectSentence(text);
    expect(text).toContain(who);
  });

  test('a retired directive: honoured by nobody, said differently', () => {
    const text = honouredByText('noodp', t);
    expectSentence(text);
    expect(text).not.toBe(honouredByText('noindex', t));
    expect(text).not.toContain('Google');
  });
});

describe('servedFindingText', () => {
  const FINDINGS: [ServedFinding, string[]][] = [
    [{ kind: 'removed-by-script', robot: 'Googlebot' }, ['Googlebot', 'noindex']],
    [{ kind: 'added-by-script', robot: 'Bingbot' }, ['Bingbot', 'noindex']],
    [
      { kind: 'canonical-changed', served: 'https://a.test/x', rendered: 'https://a.test/y' },
      ['https://a.test/x', 'https://a.test/y'],
    ],
    [{ kind: 'canonical-changed', served: null, rendered: 'https://a.test/y' }, ['—']],
    [{ kind: 'same' }, []],
  ];
  test.each(FINDINGS)('%o', (finding, parts) => {
    const text = servedFindingText(finding, t);
    expectSentence(text);
    for (const part of parts) expect(text).toContain(part);
  });
});
