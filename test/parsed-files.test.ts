// The one parse cache: parsed files kept by their text, least recently used first out, bounded
// in files and in characters.
import { describe, expect, test } from 'vitest';
import { ParsedFiles } from '../src/parsed-files.ts';
import { parseRobotsTxt } from '../src/robots/index.ts';

/** A distinct robots.txt of exactly `length` characters. */
const file = (name: string, length = 0): string => {
  const text = `User-agent: ${name}\nDisallow: /\n`;
  return text.length >= length ? text : text + '#'.repeat(length - text.length);
};

describe('ParsedFiles', () => {
  test('the same text gives the same parsed object; it is the parse of that text', () => {
    const files = new ParsedFiles();
    const a = files.get(file('a'));
    expect(files.get(file('a'))).toBe(a);
    expect(files.get(`${file('a')}`)).toBe(a);
    expect(a).toEqual(parseRobotsTxt(file('a')));
    expect(files.get(file('b'))).not.toBe(a);
    expect(files.size).toBe(2);
  });

  test('bounded in files: the least recently used goes first', () => {
    const files = new ParsedFiles(2, Number.POSITIVE_INFINITY);
    const a = files.get(file('a'));
    const b = files.get(file('b'));
    files.get(file('c'));
    expect(files.size).toBe(2);
    expect(files.get(file('b'))).toBe(b);
    // a was dropped: parsed again, a new object (which now drops c, the least recent).
    expect(files.get(file('a'))).not.toBe(a);
    expect(files.size).toBe(2);
  });

  test('a recent get protects an entry', () => {
    const files = new ParsedFiles(2, Number.POSITIVE_INFINITY);
    const a = files.get(file('a'));
    const b = files.get(file('b'));
    expect(files.get(file('a'))).toBe(a); // a is now the most recent
    files.get(file('c')); // drops b, not a
    expect(files.get(file('a'))).toBe(a);
    expect(files.get(file('b'))).not.toBe(b);
  });

  test('bounded in characters: old files go until the total fits', () => {
    const files = new ParsedFiles(100, 100);
    const a = files.get(file('a', 40));
    const b = files.get(file('b', 40));
    expect(files.size).toBe(2); // 80 characters
    const c = files.get(file('c', 40)); // 120: a goes
    expect(files.size).toBe(2);
    expect(files.get(file('c', 40))).toBe(c);
    expect(files.get(file('b', 40))).toBe(b);
    const d = files.get(file('d', 90)); // 170 → drops c (50 left: 130), then b (90)
    expect(files.size).toBe(1);
    expect(files.get(file('d', 90))).toBe(d);
    expect(files.get(file('a', 40))).not.toBe(a);
  });

  test('a text larger than the whole budget is still returned, and kept until the next insertion', () => {
    const files = new ParsedFiles(8, 100);
    const small = files.get(file('small', 30));
    const big = files.get(file('big', 500));
    expect(big.groups[0]?.agents).toEqual(['big']);
    // Everything else made room; the big one stays, alone.
    expect(files.size).toBe(1);
    expect(files.get(file('big', 500))).toBe(big);
    expect(files.get(file('big', 500))).toBe(big);
    // The next insertion drops it: it alone is over the budget.
    const next = files.get(file('next', 30));
    expect(files.size).toBe(1);
    expect(files.get(file('next', 30))).toBe(next);
    expect(files.get(file('big', 500))).not.toBe(big);
    expect(files.get(file('small', 30))).not.toBe(small);
  });

  test('the characters of dropped files are given back', () => {
    // If dropping a file did not return its characters, the third small file would drop the second.
    const files = new ParsedFiles(8, 100);
    files.get(file('big', 500));
    const a = files.get(file('a', 40));
    const b = files.get(file('b', 40));
    expect(files.size).toBe(2);
    expect(files.get(file('a', 40))).toBe(a);
    expect(files.get(file('b', 40))).toBe(b);
  });

  test('defaults: 8 files', () => {
    const files = new ParsedFiles();
    const first = files.get(file('r0'));
    for (let i = 1; i <= 8; i++) files.get(file(`r${i}`));
    expect(files.size).toBe(8);
    expect(files.get(file('r0'))).not.toBe(first);
  });
});
