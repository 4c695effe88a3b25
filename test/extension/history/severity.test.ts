// The severity of a robots.txt change. Sources: issue 16, "History", item 3 ("a new block for
// every robot on `/` is critical; a change for one robot is a warning; comments and whitespace
// only is information"); RFC 9309 (September 2022) §2.2.1 (groups naming the same token are
// combined; `*` when none names it), §2.2.2 (longest match, so rule order does not matter; an
// empty pattern matches nothing), §2.2.4 (sitemaps and other records); the crawler profiles of
// src/crawlers.ts (Applebot follows Googlebot's group, Bingbot msnbot's).
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { verdictImpact } from '../../../src/extension/history/impact.ts';
import { type ChangeSeverity, changeSeverity } from '../../../src/extension/history/severity.ts';
import { ParsedFiles } from '../../../src/parsed-files.ts';
import { DEFAULT_ROBOTS } from '../../../src/robot-names.ts';
import { numRuns } from '../../property-runs.ts';

const ROBOTS = [...DEFAULT_ROBOTS];
const AI = ['Google-Extended', 'GPTBot', 'ClaudeBot', 'PerplexityBot', 'CCBot'];

interface Row {
  name: string;
  source: string;
  before: string;
  after: string;
  robots?: string[];
  urls?: string[];
  expected: ChangeSeverity;
}

const rootChanged = (robots: readonly string[], allowed: boolean) =>
  robots.map((robot) => ({ code: 'root-verdict-changed' as const, robot, allowed }));

const ROWS: Row[] = [
  {
    name: 'a new block on / for every robot',
    source: 'issue 16 item 3: critical',
    before: 'User-agent: *\nAllow: /\n',
    after: 'User-agent: *\nDisallow: /\n',
    expected: {
      severity: 'critical',
      reasons: [
        { code: 'blocks-all-root', robots: ROBOTS },
        ...rootChanged(ROBOTS, false),
        { code: 'rules-changed', agents: ['*'] },
      ],
    },
  },
  {
    name: 'the last robot still allowed on / is blocked: critical, naming the robots it allowed',
    source: 'issue 16 item 3; crawlers.ts: Applebot follows the Googlebot group',
    before: 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n',
    after: 'User-agent: *\nDisallow: /\n',
    expected: {
      severity: 'critical',
      reasons: [
        { code: 'blocks-all-root', robots: ['Googlebot', 'Applebot'] },
        ...rootChanged(['Googlebot', 'Applebot'], false),
        { code: 'rules-changed', agents: ['googlebot'] },
      ],
    },
  },
  {
    name: 'Disallow: / for * while a robot keeps its own group: a warning',
    source: 'RFC 9309 §2.2.1: a robot named by a group does not obey *',
    before: 'User-agent: Googlebot\nDisallow: /private\n',
    after: 'User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n',
    expected: {
      severity: 'warning',
      reasons: [
        ...rootChanged(
          ROBOTS.filter((r) => r !== 'Googlebot' && r !== 'Applebot'),
          false,
        ),
        { code: 'rules-changed', agents: ['*'] },
      ],
    },
  },
  {
    name: 'a change for one robot',
    source: 'issue 16 item 3: warning',
    before: 'User-agent: *\nDisallow: /private\n',
    after: 'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n',
    expected: {
      severity: 'warning',
      reasons: [...rootChanged(['GPTBot'], false), { code: 'rules-changed', agents: ['gptbot'] }],
    },
  },
  {
    name: 'a robot unblocked',
    source: 'issue 16 item 3: warning',
    before: 'User-agent: GPTBot\nDisallow: /\n',
    after: 'User-agent: GPTBot\nDisallow:\n',
    expected: {
      severity: 'warning',
      reasons: [...rootChanged(['GPTBot'], true), { code: 'rules-changed', agents: ['gptbot'] }],
    },
  },
  {
    name: 'a given URL changes verdict, / does not',
    source: 'issue 16 items 2 and 3: a URL of the site changing verdict is a warning',
    before: 'User-agent: *\nDisallow: /tmp\n',
    after: 'User-agent: *\nDisallow: /tmp\nDisallow: /private\n',
    robots: ['Googlebot', 'GPTBot'],
    urls: ['https://e.x/private/a', 'https://e.x/public', 'https://e.x/private/b'],
    expected: {
      severity: 'warning',
      reasons: [
        {
          code: 'robot-verdict-changed',
          robot: 'Googlebot',
          url: 'https://e.x/private/a',
          count: 2,
        },
        { code: 'robot-verdict-changed', robot: 'GPTBot', url: 'https://e.x/private/a', count: 2 },
        { code: 'rules-changed', agents: ['*'] },
      ],
    },
  },
  {
    name: 'a rule for a robot not in the list: the rules changed, no verdict of the list did',
    source: 'issue 16 item 3: a change for one robot is a warning',
    before: 'User-agent: *\nDisallow: /tmp\n',
    after: 'User-agent: *\nDisallow: /tmp\n\nUser-agent: Yandex\nDisallow: /\n',
    expected: { severity: 'warning', reasons: [{ code: 'rules-changed', agents: ['yandex'] }] },
  },
  {
    name: 'a misspelled key corrected: Google read it already, RFC 9309 did not',
    source: "RFC 9309 §2.2 keys; Google's parser accepts `disalow` (robots.cc)",
    before: 'User-agent: *\nDisalow: /x\n',
    after: 'User-agent: *\nDisallow: /x\n',
    robots: ['Googlebot', 'GPTBot'],
    urls: ['https://e.x/x'],
    expected: {
      severity: 'warning',
      reasons: [
        { code: 'robot-verdict-changed', robot: 'GPTBot', url: 'https://e.x/x', count: 1 },
        { code: 'rules-changed', agents: ['*'] },
      ],
    },
  },
  {
    name: 'every robot was blocked and stays blocked; only a comment changed',
    source: 'issue 16 item 3: comments only is information',
    before: 'User-agent: *\nDisallow: /\n',
    after: '# closed for now\nUser-agent: *\nDisallow: /\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'comments and whitespace',
    source: 'issue 16 item 3: information',
    before: 'User-agent: *\nDisallow: /a\n',
    after: '# hello\n\n  User-agent:   *   # all\n\tDisallow: /a    \n\n\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'line ends: LF to CRLF, then CR',
    source: 'issue 16 item 3 (whitespace); RFC 9309 §2.2: CR, LF and CRLF end a line',
    before: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n',
    after: 'User-agent: *\r\nDisallow: /a\rAllow: /a/b\r\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'rules reordered within a group',
    source: 'RFC 9309 §2.2.2: the longest match decides, not the order',
    before: 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /c\n',
    after: 'User-agent: *\nDisallow: /c\nAllow: /a/b\nDisallow: /a\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'one group split in two groups naming the same robot',
    source: 'RFC 9309 §2.2.1: groups naming the same token are combined',
    before: 'User-agent: GPTBot\nDisallow: /a\nDisallow: /b\n',
    after: 'User-agent: GPTBot\nDisallow: /a\n\nUser-agent: gptbot\nDisallow: /b\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'a rule repeated',
    source: 'RFC 9309 §2.2.2: a rule matches or not, however often written',
    before: 'User-agent: *\nDisallow: /a\n',
    after: 'User-agent: *\nDisallow: /a\nDisallow: /a\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'an empty Disallow added to a group',
    source: 'RFC 9309 §2.2.2 and robots.cc: an empty pattern matches nothing',
    before: 'User-agent: *\nDisallow: /a\n',
    after: 'User-agent: *\nDisallow:\nDisallow: /a\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'a group with only an empty Disallow is still a group: the robot leaves *',
    source: 'RFC 9309 §2.2.1: a robot named by a group obeys that group only',
    before: 'User-agent: *\nDisallow: /\n',
    after: 'User-agent: *\nDisallow: /\n\nUser-agent: CCBot\nDisallow:\n',
    expected: {
      severity: 'warning',
      reasons: [...rootChanged(['CCBot'], true), { code: 'rules-changed', agents: ['ccbot'] }],
    },
  },
  {
    name: 'an unparseable line added',
    source: 'RFC 9309 §2.2: lines that are not records are ignored',
    before: 'User-agent: *\nDisallow: /a\n',
    after: 'User-agent: *\nthis is not a rule\nDisallow: /a\n',
    expected: { severity: 'info', reasons: [{ code: 'comments-only' }] },
  },
  {
    name: 'a sitemap changed',
    source: 'RFC 9309 §2.2.4: sitemaps decide no verdict',
    before: 'Sitemap: https://e.x/a.xml\nUser-agent: *\nDisallow: /a\n',
    after: 'Sitemap: https://e.x/b.xml\nUser-agent: *\nDisallow: /a\n',
    expected: {
      severity: 'info',
      reasons: [
        {
          code: 'sitemaps-changed',
          added: ['https://e.x/b.xml'],
          removed: ['https://e.x/a.xml'],
        },
      ],
    },
  },
  {
    name: 'a crawl-delay changed',
    source: 'RFC 9309 §2.2.4: other records decide no verdict',
    before: 'User-agent: *\nCrawl-delay: 1\nDisallow: /a\n',
    after: 'User-agent: *\nCrawl-delay: 10\nDisallow: /a\n',
    expected: {
      severity: 'info',
      reasons: [{ code: 'directives-changed', keys: ['crawl-delay'] }],
    },
  },
  {
    name: 'no robots in the list: never critical',
    source: 'issue 16 item 3: critical is about the user\u2019s robots',
    before: '',
    after: 'User-agent: *\nDisallow: /\n',
    robots: [],
    expected: { severity: 'warning', reasons: [{ code: 'rules-changed', agents: ['*'] }] },
  },
  {
    name: 'identical texts',
    source: 'issue 16 item 1: a version is kept only when the content changes',
    before: 'User-agent: *\nDisallow: /\n',
    after: 'User-agent: *\nDisallow: /\n',
    expected: { severity: 'info', reasons: [{ code: 'unchanged' }] },
  },
];

describe('changeSeverity', () => {
  test.each(ROWS)('$name ($source)', ({ before, after, robots, urls, expected }) => {
    expect(changeSeverity({ before, after, robots: robots ?? ROBOTS, urls: urls ?? [] })).toEqual(
      expected,
    );
  });

  test('parses each text once through the given cache; a given impact is used as is', () => {
    const input = {
      before: 'User-agent: *\nAllow: /\n',
      after: 'User-agent: *\nDisallow: /\n',
      robots: ['GPTBot'],
      urls: [],
    };
    const files = new ParsedFiles(2);
    const impact = verdictImpact(input, files);
    expect(changeSeverity(input, files, impact)).toEqual(changeSeverity(input));
    expect(files.size).toBe(2);
    const none = { ...impact, root: [], rootChanges: [] };
    expect(changeSeverity(input, files, none).severity).toBe('warning');
  });

  test('never throws, and gives a severity, for arbitrary text pairs', () => {
    const lines = fc.array(
      fc.oneof(
        fc.constantFrom(
          'User-agent: *',
          'User-agent: GPTBot',
          'User-agent: Googlebot',
          'Disallow: /',
          'Disallow:',
          'Allow: /',
          'Disallow: /a*$',
          'disalow: /x',
          'Sitemap: https://e.x/s.xml',
          'Crawl-delay: 3',
          '# c',
          '',
        ),
        fc.string(),
      ),
      { maxLength: 10 },
    );
    const text = fc.oneof(
      fc.string(),
      lines.map((l) => l.join('\n')),
    );
    fc.assert(
      fc.property(text, text, fc.array(fc.string(), { maxLength: 4 }), (before, after, urls) => {
        const result = changeSeverity({ before, after, robots: ['GPTBot', 'Googlebot'], urls });
        expect(['critical', 'warning', 'info']).toContain(result.severity);
        expect(result.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: numRuns(300) },
    );
  });

  test('never throws for values that are not what the types say', () => {
    for (const input of [null, undefined, {}, { before: 1, after: [], robots: 'x', urls: 7 }]) {
      // biome-ignore lint/suspicious/noExplicitAny: checking untyped input on purpose
      expect(changeSeverity(input as any).severity).toBe('info');
    }
  });
});

// Real files: the protego test data (test/fixtures/corpus/SOURCES.md), each changed as the issue
// describes. What each change does is computed from the file, as asserted beside it.
const DIR = new URL('../../fixtures/corpus/', import.meta.url);
const CORPUS = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => ({ name: f, text: readFileSync(new URL(f, DIR), 'latin1') }));
const eolOf = (text: string) =>
  text.includes('\r\n') ? '\r\n' : text.includes('\n') ? '\n' : '\r';
const corpusFile = (name: string) => CORPUS.find((f) => f.name === name)?.text ?? '';

describe('changeSeverity on real files', () => {
  test('the corpus has its 51 files', () => {
    expect(CORPUS).toHaveLength(51);
  });

  test.each(CORPUS)(
    '$name: a comment added, and the line ends changed, are information',
    ({ text }) => {
      const eol = eolOf(text);
      const commented = `# reviewed by the SEO team${eol}${text}${eol}# end${eol}`;
      const otherEnds = text.replace(/\r\n|\r|\n/g, eol === '\n' ? '\r\n' : '\n');
      for (const after of [commented, otherEnds]) {
        expect(changeSeverity({ before: text, after, robots: ROBOTS, urls: [] })).toEqual({
          severity: 'info',
          reasons: [{ code: 'comments-only' }],
        });
      }
    },
  );

  const blockAll = (text: string, at: 'start' | 'end'): string => {
    const eol = eolOf(text);
    const group = `User-agent: *${eol}Disallow: /${eol}`;
    return at === 'start' ? `${group}${eol}${text}` : `${text}${eol}${group}`;
  };

  test('www.google.com: no default robot has a group of its own, so Disallow: / under * is critical', () => {
    const text = corpusFile('www.google.com.txt');
    const result = changeSeverity({
      before: text,
      after: blockAll(text, 'start'),
      robots: ROBOTS,
      urls: [],
    });
    expect(result.severity).toBe('critical');
    expect(result.reasons[0]).toEqual({ code: 'blocks-all-root', robots: ROBOTS });
  });

  test('twitter.com: Googlebot and msnbot have groups (Applebot and Bingbot follow them): a warning for the five AI robots', () => {
    const text = corpusFile('twitter.com.txt');
    const result = changeSeverity({
      before: text,
      after: blockAll(text, 'start'),
      robots: ROBOTS,
      urls: [],
    });
    expect(result).toEqual({
      severity: 'warning',
      reasons: [...rootChanged(AI, false), { code: 'rules-changed', agents: ['*'] }],
    });
  });

  test('github.com already ends with User-agent: * / Disallow: /: the same rule again is information', () => {
    const text = corpusFile('github.com.txt');
    expect(text).toContain('User-agent: *\nAllow: /humans.txt\nDisallow: /\n');
    const result = changeSeverity({
      before: text,
      after: blockAll(text, 'start'),
      robots: ROBOTS,
      urls: [],
    });
    expect(result).toEqual({ severity: 'info', reasons: [{ code: 'comments-only' }] });
  });

  test('www.theguardian.com: at the start Bingbot keeps its own group (warning); at the end `*` joins that group (critical)', () => {
    const text = corpusFile('www.theguardian.com.txt');
    // The file ends with a bingbot group holding only a crawl-delay and no line end: a
    // user-agent line after it joins the same group (RFC 9309 §2.2.1: a group ends at a
    // user-agent line that follows rules).
    expect(text.endsWith('User-agent: bingbot\nCrawl-delay: 1\n')).toBe(true);
    const start = changeSeverity({
      before: text,
      after: blockAll(text, 'start'),
      robots: ROBOTS,
      urls: [],
    });
    expect(start.severity).toBe('warning');
    expect(
      start.reasons.filter((r) => r.code === 'root-verdict-changed').map((r) => r.robot),
    ).toEqual(ROBOTS.filter((r) => r !== 'Bingbot'));
    const end = changeSeverity({
      before: text,
      after: blockAll(text, 'end'),
      robots: ROBOTS,
      urls: [],
    });
    expect(end.severity).toBe('critical');
    expect(end.reasons).toContainEqual({ code: 'rules-changed', agents: ['*', 'bingbot'] });
    expect(end.reasons).toContainEqual({ code: 'directives-changed', keys: ['crawl-delay'] });
  });

  test('Disallow: / under * on every file: information where * already disallows /, a warning where some default robot has a group of its own or `Allow: /` in * wins the tie (RFC 9309 §2.2.2)', () => {
    const by = { critical: [] as string[], warning: [] as string[], info: [] as string[] };
    for (const { name, text } of CORPUS) {
      const after = blockAll(text, 'start');
      by[changeSeverity({ before: text, after, robots: ROBOTS, urls: [] }).severity].push(name);
    }
    expect(by.info).toEqual([
      'github.com.txt',
      'www.facebook.com.txt',
      'www.linkedin.com.txt',
      'www.netflix.com.txt',
      'www.smugmug.com.txt',
      'www.yelp.com.txt',
    ]);
    expect(by.warning).toEqual([
      'stackoverflow.com.txt',
      'twitter.com.txt',
      'www.alibaba.com.txt',
      'www.amazon.com.txt',
      'www.bbc.co.uk.txt',
      'www.booking.com.txt',
      'www.eventbrite.com.txt',
      'www.indeed.com.txt',
      'www.kayak.com.txt',
      'www.pinterest.com.txt',
      'www.reddit.com.txt',
      'www.samsung.com.txt',
      'www.theguardian.com.txt',
      'www.w3.org.txt',
    ]);
    expect(by.critical).toHaveLength(31);
  });
});
