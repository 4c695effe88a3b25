import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { referenceGoogle } from './reference-google.ts';

// 51 robots.txt files of large sites (2019), byte for byte (test/fixtures/corpus/SOURCES.md).
const DIR = join(import.meta.dirname, '../fixtures/corpus');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.txt'));

/** Paths built from a file's own rules: the pattern's literal text, and a step beyond it. */
function probePaths(text: string): string[] {
  const robots = parseRobotsTxt(text);
  const values = robots.groups
    .flatMap((g) => g.rules.map((r) => r.value))
    .filter((v) => v.startsWith('/'));
  const step = Math.max(1, Math.floor(values.length / 12));
  const paths = ['/', '/robots.txt', '/index.html', '/search?q=x'];
  for (let i = 0; i < values.length; i += step) {
    const literal = (values[i] ?? '/').replace(/\*/g, 'x').replace(/\$$/, '');
    paths.push(literal, `${literal}more`);
  }
  return paths;
}

describe('real robots.txt files', () => {
  test('there are 51 of them', () => expect(FILES).toHaveLength(51));

  test.each(FILES)('%s: lines counted as Google counts them', (file) => {
    const text = new TextDecoder().decode(readFileSync(join(DIR, file)));
    const body = text.replace(/^\uFEFF/, '');
    const expected = body.split(/\r\n|\r|\n/).length;
    expect(parseRobotsTxt(text).lineCount).toBe(expected);
  });

  test.each(FILES)("%s: 'google' equals the naive model of Google's parser", (file) => {
    const text = new TextDecoder().decode(readFileSync(join(DIR, file)));
    const robots = parseRobotsTxt(text);
    const tokens = new Set(['Googlebot', 'bingbot', 'UnknownBot']);
    for (const g of robots.groups.slice(0, 3))
      for (const a of g.agents) if (/^[A-Za-z_-]+$/.test(a)) tokens.add(a);
    for (const path of probePaths(text)) {
      for (const agent of tokens) {
        const url = `https://example.com${path}`;
        expect(checkUrl(robots, agent, url, 'google').allowed, `${agent} ${path}`).toBe(
          referenceGoogle(text, agent, url),
        );
      }
    }
  });
});
