// The verdict impact of a robots.txt change. Sources: issue 16, "History", item 2 ("which of the
// paths seen on this site and which of the user's saved test URLs change verdict, with the old
// and the new deciding lines"); RFC 9309 (September 2022) §2.2.1 (group choice), §2.2.2 (longest
// match; allow wins a tie), §2.2 (CR, LF and CRLF end a line); the crawler profiles of
// src/crawlers.ts (Applebot follows Googlebot's group).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkCrawler } from '../../../src/crawlers.ts';
import {
  lineReader,
  MAX_IMPACT_URLS,
  robotsOf,
  type VerdictChange,
  verdictImpact,
} from '../../../src/extension/history/impact.ts';
import { ParsedFiles } from '../../../src/parsed-files.ts';
import { parseRobotsTxt } from '../../../src/robots/index.ts';
import { numRuns } from '../../property-runs.ts';

const corpus = (name: string) =>
  readFileSync(new URL(`../../fixtures/corpus/${name}`, import.meta.url), 'latin1');

describe('lineReader: lines by number, as written', () => {
  const ROWS: { name: string; source: string; text: string; lines: string[] }[] = [
    { name: 'LF', source: 'RFC 9309 §2.2', text: 'a\nb\n', lines: ['a', 'b', ''] },
    { name: 'CRLF', source: 'RFC 9309 §2.2', text: 'a\r\nb # c\r\n', lines: ['a', 'b # c', ''] },
    { name: 'CR alone', source: 'RFC 9309 §2.2', text: 'a\rb', lines: ['a', 'b'] },
    {
      name: 'mixed',
      source: 'RFC 9309 §2.2',
      text: 'a\r\r\nb\n\rc',
      lines: ['a', '', 'b', '', 'c'],
    },
    {
      name: 'a byte order mark is not part of line 1',
      source: 'RFC 9309 §2.3 (UTF-8); the engine skips the mark',
      text: '\uFEFFUser-agent: *\n',
      lines: ['User-agent: *', ''],
    },
    { name: 'empty text', source: 'RFC 9309 §2.2', text: '', lines: [''] },
  ];
  test.each(ROWS)('$name ($source)', ({ text, lines }) => {
    const read = lineReader(text);
    expect(lines.map((_, i) => read(i + 1))).toEqual(lines);
    expect(read(lines.length + 1)).toBe('');
    expect(read(0)).toBe('');
  });
});

describe('verdictImpact', () => {
  test('each URL × robot whose verdict changes, with both deciding lines as written', () => {
    const before = 'User-agent: *\r\nDisallow: /private   # keep out\r\nDisallow: /tmp\r\n';
    const after =
      '\uFEFF# opened up\nUser-agent: *\nAllow: /private/press\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n';
    const impact = verdictImpact({
      before,
      after,
      robots: ['Googlebot', 'GPTBot'],
      urls: [
        'https://e.x/private/press/2024', // Googlebot: now allowed by the longer Allow (§2.2.2)
        'https://e.x/tmp/x', // Googlebot: no rule any more; GPTBot: unchanged (blocked)
        'https://e.x/', // GPTBot: newly blocked (own group, §2.2.1)
      ],
    });
    const expected: VerdictChange[] = [
      {
        url: 'https://e.x/private/press/2024',
        robot: 'Googlebot',
        before: { allowed: false, line: { line: 2, text: 'Disallow: /private   # keep out' } },
        after: { allowed: true, line: { line: 3, text: 'Allow: /private/press' } },
      },
      {
        url: 'https://e.x/tmp/x',
        robot: 'Googlebot',
        before: { allowed: false, line: { line: 3, text: 'Disallow: /tmp' } },
        after: { allowed: true, line: null },
      },
      {
        url: 'https://e.x/',
        robot: 'GPTBot',
        before: { allowed: true, line: null },
        after: { allowed: false, line: { line: 7, text: 'Disallow: /' } },
      },
    ];
    expect(impact.changes).toEqual(expected);
    const gptRoot = {
      robot: 'GPTBot',
      before: { allowed: true, line: null },
      after: { allowed: false, line: { line: 7, text: 'Disallow: /' } },
    };
    expect(impact.root).toEqual([
      {
        robot: 'Googlebot',
        before: { allowed: true, line: null },
        after: { allowed: true, line: null },
      },
      gptRoot,
    ]);
    expect(impact.rootChanges).toEqual([gptRoot]);
    expect(impact).toMatchObject({ checkedUrls: 3, skippedUrls: 0, invalidUrls: 0 });
  });

  test('www.google.com without `Disallow: /search`: search pages open up, /search/about was already allowed', () => {
    const before = corpus('www.google.com.txt');
    const after = before.replace('Disallow: /search\n', '');
    const impact = verdictImpact({
      before,
      after,
      robots: ['Googlebot', 'Applebot'],
      urls: ['https://www.google.com/search?q=robots', 'https://www.google.com/search/about'],
    });
    expect(impact.changes).toEqual(
      ['Googlebot', 'Applebot'].map((robot) => ({
        url: 'https://www.google.com/search?q=robots',
        robot,
        before: { allowed: false, line: { line: 2, text: 'Disallow: /search' } },
        after: { allowed: true, line: null },
      })),
    );
    expect(impact.rootChanges).toEqual([]);
  });

  test('www.reddit.com with Disallow: / under * first: `/` stays allowed, by `Allow: /` (a tie, §2.2.2), three lines down', () => {
    const before = corpus('www.reddit.com.txt');
    const impact = verdictImpact({
      before,
      after: `User-agent: *\nDisallow: /\n\n${before}`,
      robots: ['GPTBot'],
      urls: [],
    });
    expect(impact.root).toEqual([
      {
        robot: 'GPTBot',
        before: { allowed: true, line: { line: 46, text: 'Allow: /' } },
        after: { allowed: true, line: { line: 49, text: 'Allow: /' } },
      },
    ]);
    expect(impact.rootChanges).toEqual([]);
  });

  test('bounded: distinct URLs up to the cap, the rest counted; bad entries counted apart', () => {
    const impact = verdictImpact(
      {
        before: '',
        after: 'User-agent: *\nDisallow: /\n',
        robots: ['GPTBot'],
        urls: [
          'https://e.x/a',
          'https://e.x/a',
          'https://e.x/b',
          'https://e.x/c',
          'https://e.x/c',
          'https://e.x/d',
          '/relative',
          'ftp://e.x/a',
          'not a url',
          'https://other.x/a',
          42 as unknown as string,
        ],
        origin: 'https://e.x',
      },
      new ParsedFiles(2),
      2,
    );
    expect(impact.changes.map((c) => c.url)).toEqual(['https://e.x/a', 'https://e.x/b']);
    expect(impact).toMatchObject({ checkedUrls: 2, skippedUrls: 2, invalidUrls: 5 });
  });

  test(`at most ${MAX_IMPACT_URLS} URLs by default`, () => {
    const urls = Array.from({ length: 2_500 }, (_, i) => `https://e.x/p/${i}`);
    const impact = verdictImpact({
      before: 'User-agent: *\nDisallow: /p/\n',
      after: 'User-agent: *\nAllow: /\n',
      robots: ['Googlebot', 'GPTBot'],
      urls,
    });
    expect(impact).toMatchObject({ checkedUrls: 2_000, skippedUrls: 500, invalidUrls: 0 });
    expect(impact.changes).toHaveLength(4_000);
  });

  test('robots: strings only, each once, at most 40 (the settings limit)', () => {
    expect(robotsOf(['a', 'b', 'a', 7, null, 'c'])).toEqual(['a', 'b', 'c']);
    expect(robotsOf(Array.from({ length: 50 }, (_, i) => `r${i}`))).toHaveLength(40);
    expect(robotsOf('GPTBot')).toEqual([]);
  });

  test('each text is parsed once, through the cache given', () => {
    const files = new ParsedFiles(4);
    const before = 'User-agent: *\nDisallow: /a\n';
    const parsed = files.get(before);
    verdictImpact({ before, after: '', robots: ['GPTBot'], urls: ['https://e.x/a'] }, files);
    expect(files.get(before)).toBe(parsed);
    expect(files.size).toBe(2);
  });

  const line = fc.oneof(
    fc.constantFrom(
      'User-agent: *',
      'User-agent: GPTBot',
      'User-agent: Googlebot',
      'Disallow: /',
      'Disallow: /a',
      'Allow: /a/b',
      'Disallow: /*.pdf$',
      'disalow: /b',
      'Disallow:',
      '# note',
      '',
    ),
    fc.string({ maxLength: 12 }),
  );
  const text = fc
    .tuple(fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'))
    .map(([lines, eol]) => lines.join(eol));
  const URLS = [
    'https://e.x/',
    'https://e.x/a',
    'https://e.x/a/b',
    'https://e.x/b',
    'https://e.x/x.pdf',
  ];
  const ROBOTS = ['Googlebot', 'Applebot', 'GPTBot', 'Bingbot'];

  test('agrees with the engine: exactly the URL × robot pairs whose verdict differs, with their rules’ lines', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const impact = verdictImpact({ before, after, robots: ROBOTS, urls: URLS });
        const old = parseRobotsTxt(before);
        const now = parseRobotsTxt(after);
        const expected: string[] = [];
        for (const url of URLS) {
          for (const robot of ROBOTS) {
            const a = checkCrawler(old, robot, url);
            const b = checkCrawler(now, robot, url);
            if (a.allowed !== b.allowed)
              expected.push(`${url} ${robot} ${a.rule?.line} ${b.rule?.line}`);
          }
        }
        expect(
          impact.changes.map(
            (c) => `${c.url} ${c.robot} ${c.before.line?.line} ${c.after.line?.line}`,
          ),
        ).toEqual(expected);
        for (const c of impact.changes) {
          for (const [side, source] of [
            [c.before, before],
            [c.after, after],
          ] as const) {
            if (side.line !== null) expect(side.line.text).toBe(lineReader(source)(side.line.line));
          }
        }
      }),
      { numRuns: numRuns(300) },
    );
  });

  test('never throws for arbitrary text pairs and URL lists', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.array(fc.string(), { maxLength: 5 }),
        (before, after, urls) => {
          const impact = verdictImpact({ before, after, robots: ROBOTS, urls });
          expect(impact.checkedUrls + impact.invalidUrls).toBeLessThanOrEqual(urls.length);
        },
      ),
      { numRuns: numRuns(300) },
    );
    for (const input of [null, undefined, {}, { before: 1, after: {}, robots: 'x', urls: 'y' }]) {
      // biome-ignore lint/suspicious/noExplicitAny: checking untyped input on purpose
      expect(verdictImpact(input as any).changes).toEqual([]);
    }
  });
});
