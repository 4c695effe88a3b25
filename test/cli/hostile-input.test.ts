// Any bytes as --urls or as a sitemap (issue 28, items 1, 3 and 7), through the command line's
// main() with in-memory streams: it never throws, never echoes more of a body that is not a
// sitemap than a short excerpt, and writes no raw control character in any format.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tempFiles } from '../fixtures/temp-files.ts';
import { numRuns } from '../property-runs.ts';
import { runMain } from './in-process.ts';
import { RAW_CONTROL, withoutEnds } from './raw-controls.ts';

const { file } = tempFiles('robots-lens-hostile-');

const run = runMain;

/** Bytes a hostile file may hold: URLs, markup, controls, C1, secrets, invalid UTF-8. */
const pieces = fc.oneof(
  fc.constantFrom(
    'https://a.test/',
    'http://a.test/x?token=',
    '/private/',
    '<',
    '<?xml version="1.0"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>',
    '</loc></url></urlset>',
    '\n',
    '\r\n',
    '\r',
    ' ',
    '\u001b]0;x\u0007',
    '\u009b',
    '\u2028',
    '\u202e',
    '=',
    '+',
    '@',
    'password=',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const bodies = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.array(pieces, { maxLength: 30 }).map((p) => Buffer.from(p.join(''), 'utf8')),
);

let n = 0;

describe('any bytes in, no raw control out, nothing thrown', () => {
  for (const format of ['jsonl', 'csv', 'text']) {
    test(`${format}: --urls FILE and --sitemap FILE`, async () => {
      const robots = file('robots.txt', 'User-agent: *\nDisallow: /private\n');
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const path = file(`in-${n++}`, '');
          writeFileSync(path, body);
          for (const input of ['--urls', '--sitemap']) {
            const r = await run([
              'check',
              '--robots',
              robots,
              '--agent',
              'X',
              '--format',
              format,
              input,
              path,
            ]);
            expect([0, 1, 2]).toContain(r.status);
            expect(withoutEnds(r.stdout)).not.toMatch(RAW_CONTROL);
            expect(withoutEnds(r.stderr)).not.toMatch(RAW_CONTROL);
            if (input === '--sitemap') {
              const text = new TextDecoder().decode(body).trimStart();
              const isSitemap = text.startsWith('<') || /^https?:\/\//i.test(text);
              if (!isSitemap && text !== '') {
                // Nothing of it judged; on stderr one line quoting at most an excerpt.
                expect(
                  r.stdout
                    .replace(/^url,agent.*\r\n/, '')
                    .replace(/\n\d+ verdicts.*\n$/, '')
                    .trim(),
                ).toBe('');
                expect(r.stderr.trim().split('\n')).toHaveLength(1);
                const longest = longestCommon(text, r.stderr);
                // src/sitemap-problem.ts EXCERPT_CHARS: 40.
                expect(longest).toBeLessThanOrEqual(40);
              }
            }
          }
        }),
        { numRuns: numRuns(200) },
      );
    }, 120_000);
  }
});

/** The length of the longest piece of `text` (16 characters or more) that `shown` holds. */
function longestCommon(text: string, shown: string): number {
  let best = 0;
  for (let i = 0; i < text.length; i++) {
    let length = best + 1;
    while (i + length <= text.length && shown.includes(text.slice(i, i + length))) length++;
    best = Math.max(best, length - 1);
  }
  return best;
}
