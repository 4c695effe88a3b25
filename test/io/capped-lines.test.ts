// Lines cut as text comes, each chunk scanned once, a line capped (issue 28, item 3): the reader
// of `--urls`, stdin and text sitemaps.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { CappedLines, MAX_LINE_CHARS } from '../../io/capped-lines.ts';
import { numRuns } from '../property-runs.ts';

/** The lines and the too-long line numbers of `chunks`, fed one by one. */
function linesOf(chunks: readonly string[], maxChars = MAX_LINE_CHARS) {
  const lines: string[] = [];
  const tooLong: number[] = [];
  const reader = new CappedLines(
    { line: (l) => lines.push(l), tooLong: (n) => tooLong.push(n) },
    maxChars,
  );
  for (const chunk of chunks) reader.write(chunk);
  reader.close();
  return { lines, tooLong, lineCount: reader.lineCount };
}

describe('CappedLines: line ends as the old reader took them (LF, CRLF, CR)', () => {
  // The old reader's table (cli/inputs.ts linesOf): a CRLF split between chunks is one end; a
  // last line without an end is a line; an empty last piece is none.
  const cases: { what: string; chunks: string[]; lines: string[] }[] = [
    { what: 'LF', chunks: ['a\nb\n'], lines: ['a', 'b'] },
    { what: 'CRLF', chunks: ['a\r\nb\r\n'], lines: ['a', 'b'] },
    { what: 'CR (old Mac)', chunks: ['a\rb\r'], lines: ['a', 'b'] },
    { what: 'CRLF split across chunks', chunks: ['a\r', '\nb'], lines: ['a', 'b'] },
    { what: 'CR at a chunk end, then a line', chunks: ['a\r', 'b'], lines: ['a', 'b'] },
    {
      what: 'blank lines kept (the caller skips them)',
      chunks: ['a\n\n\nb'],
      lines: ['a', '', '', 'b'],
    },
    {
      what: 'a line across three chunks',
      chunks: ['ht', 'tp://x', '/y\nz'],
      lines: ['http://x/y', 'z'],
    },
    { what: 'no end at the end', chunks: ['a\nb'], lines: ['a', 'b'] },
    { what: 'nothing', chunks: [], lines: [] },
    { what: 'an empty chunk', chunks: ['', 'a', ''], lines: ['a'] },
    { what: 'LF CR: two ends', chunks: ['a\n\rb'], lines: ['a', '', 'b'] },
    { what: 'CR CR LF', chunks: ['a\r\r\nb'], lines: ['a', '', 'b'] },
  ];
  test.each(cases)('$what', ({ chunks, lines }) => {
    expect(linesOf(chunks).lines).toEqual(lines);
    // The same, one character at a time.
    expect(linesOf([...chunks.join('')]).lines).toEqual(lines);
  });
});

describe('CappedLines: a line past the limit is told once, skipped to its end, never kept', () => {
  const cases: {
    what: string;
    chunks: string[];
    max: number;
    lines: string[];
    tooLong: number[];
  }[] = [
    {
      what: 'exactly the limit is kept',
      chunks: ['abcd\nx'],
      max: 4,
      lines: ['abcd', 'x'],
      tooLong: [],
    },
    { what: 'one past it is skipped', chunks: ['abcde\nx'], max: 4, lines: ['x'], tooLong: [1] },
    {
      what: 'past it across chunks, the rest dropped until the end',
      chunks: ['ab', 'cd', 'ef', 'gh\r\nok\n'],
      max: 4,
      lines: ['ok'],
      tooLong: [1],
    },
    {
      what: 'numbered from 1, counting skipped and blank lines',
      chunks: ['a\n\nxxxxxx\nb\nyyyyyy'],
      max: 4,
      lines: ['a', '', 'b'],
      tooLong: [3, 5],
    },
    {
      what: 'an endless line: told once',
      chunks: Array(100).fill('0000'),
      max: 8,
      lines: [],
      tooLong: [1],
    },
  ];
  test.each(cases)('$what', ({ chunks, max, lines, tooLong }) => {
    expect(linesOf(chunks, max)).toMatchObject({ lines, tooLong });
  });

  test('the limit is 65,536 characters: eight times the 8,000 octets of RFC 9110 §4.1', () => {
    expect(MAX_LINE_CHARS).toBe(65_536);
    const url = `https://example.com/${'a'.repeat(MAX_LINE_CHARS - 20)}`;
    expect(linesOf([url, '\n', `${url}b\n`])).toMatchObject({ lines: [url], tooLong: [2] });
  });

  test('32 MiB in one line, in 64 KiB chunks: linear (each chunk scanned once)', () => {
    const chunk = 'a'.repeat(65_536);
    const reader = new CappedLines({ line: () => {}, tooLong: () => {} });
    // Counted, not timed (issue 41): the characters the reader's searches cover. The old reader
    // searched the pending line again with each chunk, 9.4 s here: 512² / 2 chunks' worth.
    const { indexOf } = String.prototype;
    let scanned = 0;
    const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (
      this: string,
      search: string,
      from?: number,
    ) {
      if (this.length >= chunk.length) scanned += this.length - Math.max(0, from ?? 0);
      return indexOf.call(this, search, from);
    });
    try {
      for (let i = 0; i < 512; i++) reader.write(chunk);
      reader.close();
    } finally {
      spy.mockRestore();
    }
    // Each chunk searched for LF and for CR, once each.
    expect(scanned).toBeGreaterThan(0);
    expect(scanned).toBeLessThanOrEqual(2 * 512 * chunk.length);
  });

  test('property: the same lines however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '\r', '\n', 'é', '😀'), maxLength: 80 }),
        fc.array(fc.nat(80), { maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        (text, cuts, max) => {
          const at = [...new Set(cuts)].filter((c) => c <= text.length).sort((a, b) => a - b);
          const chunks: string[] = [];
          let from = 0;
          for (const c of at) {
            chunks.push(text.slice(from, c));
            from = c;
          }
          chunks.push(text.slice(from));
          const whole = linesOf([text], max);
          expect(linesOf(chunks, max)).toEqual(whole);
          // What a split on line ends gives, less the lines too long and an empty last piece.
          const pieces = text.split(/\r\n|\n|\r/);
          if (pieces.at(-1) === '') pieces.pop();
          expect(whole.lines).toEqual(pieces.filter((p) => p.length <= max));
          expect(whole.tooLong).toEqual(pieces.flatMap((p, i) => (p.length > max ? [i + 1] : [])));
        },
      ),
      { numRuns: numRuns(500) },
    );
  });
});
