// The command line's robots.txt files are read only as far as the parser reads them
// (issue 15, item 11: a whole file was read before the 512,000-byte cut).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { readSource, UnreadableInput } from '../../cli/sources.ts';
import { MAX_BODY_BYTES, parseRobotsTxt } from '../../src/index.ts';
import { PAST_CUT_BYTES } from '../../src/policy.ts';
import { tempFiles } from '../fixtures/temp-files.ts';

/** Bytes the code under test took from the disk, through either fs/promises way of reading. */
const disk = vi.hoisted(() => ({ bytesRead: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (...args: Parameters<typeof fs.readFile>) => {
    const data = await fs.readFile(...args);
    disk.bytesRead += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    return data;
  }) as typeof fs.readFile;
  const open = (async (...args: Parameters<typeof fs.open>) => {
    const handle = await fs.open(...args);
    const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
    handle.read = (async (...a: unknown[]) => {
      const result = await read(...a);
      disk.bytesRead += result.bytesRead;
      return result;
    }) as typeof handle.read;
    return handle;
  }) as typeof fs.open;
  return { ...fs, default: { ...fs, readFile, open }, readFile, open };
});

const LINE = 'Disallow: /private/\n'; // 20 bytes
const { file, dir } = tempFiles('robots-lens-sources-');
beforeEach(() => {
  disk.bytesRead = 0;
});

const parsedOf = async (path: string) => {
  const source = await readSource(path);
  if (source.kind !== 'ok') throw new Error(`not parsed: ${source.kind}`);
  return source.parsed;
};
const pastLimit = (parsed: Awaited<ReturnType<typeof parsedOf>>) =>
  parsed.diagnostics.filter((d) => d.code === 'content-past-limit');

// Past the cut, as much again is only looked at, as a fetch looks (the file's size, the groups
// there: issue 41), never parsed.
const MAX_READ = MAX_BODY_BYTES + PAST_CUT_BYTES;

describe('a file is read up to MAX_BODY_BYTES, plus PAST_CUT_BYTES to say what lies past', () => {
  // Sizes around the cut (RFC 9309 §2.5: at least 500 KiB parsed) and far past it (issue 15).
  const sizes: { name: string; bytes: number; truncated: boolean }[] = [
    { name: 'a small file', bytes: 2_000, truncated: false },
    { name: 'exactly the limit', bytes: MAX_BODY_BYTES, truncated: false },
    { name: 'one byte past it', bytes: MAX_BODY_BYTES + 1, truncated: true },
    { name: '3 MB (issue 15 item 11)', bytes: 3_000_000, truncated: true },
  ];
  for (const { name, bytes, truncated } of sizes) {
    test(`${name}: ${bytes} bytes`, async () => {
      const text = `User-agent: *\n${LINE.repeat(Math.ceil(bytes / LINE.length))}`.slice(0, bytes);
      const path = file(`size-${bytes}.txt`, text);
      disk.bytesRead = 0;
      const parsed = await parsedOf(path);
      expect(disk.bytesRead).toBeLessThanOrEqual(MAX_READ);
      expect(disk.bytesRead).toBe(Math.min(bytes, MAX_READ));
      expect(parsed.bytesRead).toBe(Math.min(bytes, MAX_BODY_BYTES));
      expect(parsed.truncated).toBe(truncated);
      expect(pastLimit(parsed)).toEqual(
        truncated
          ? [
              {
                code: 'content-past-limit',
                severity: 'warning',
                line: parsed.lineCount,
                params: { limit: MAX_BODY_BYTES, ignoredChars: bytes - MAX_BODY_BYTES },
              },
            ]
          : [],
      );
      // The rules are those the parser keeps of the whole text: reading less changes no verdict.
      expect(parsed.groups).toEqual(parseRobotsTxt(text).groups);
      expect(parsed.lineCount).toBe(parseRobotsTxt(text).lineCount);
    });
  }

  test.skipIf(!existsSync('/dev/zero'))(
    'an endless device (/dev/zero) ends at the cut',
    async () => {
      const parsed = await parsedOf('/dev/zero');
      expect(disk.bytesRead).toBe(MAX_READ);
      expect(parsed.truncated).toBe(true);
      expect(pastLimit(parsed)).toHaveLength(1);
    },
  );
});

describe('an unreadable file is still said as before', () => {
  const cases: { name: string; path: () => string; why: string }[] = [
    { name: 'missing', path: () => join(dir(), 'nope.txt'), why: 'ENOENT' },
    { name: 'a directory', path: dir, why: 'EISDIR' },
  ];
  for (const { name, path, why } of cases) {
    test(name, async () => {
      const error = await readSource(path()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnreadableInput);
      expect((error as UnreadableInput).why).toBe(why);
      expect((error as UnreadableInput).file).toBe(path());
    });
  }
});
