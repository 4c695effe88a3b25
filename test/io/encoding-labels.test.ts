// The bundle's stand-in for whatwg-encoding's labelToName (io/encoding-labels.ts) answers as the
// package does (WHATWG Encoding, §4.2 "get an encoding"), for every label and for any text.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import labels from 'whatwg-encoding/lib/labels-to-names.json';
import { labelToName as ours } from '../../io/encoding-labels.ts';
import { numRuns } from '../property-runs.ts';

// The package ships no types: its one function, as documented.
const { labelToName: theirs } = createRequire(import.meta.url)('whatwg-encoding') as {
  labelToName(label: string): string | null;
};

describe('labelToName, without the decoders', () => {
  test('every label of the standard, as written and in other cases with white space', () => {
    for (const label of Object.keys(labels))
      for (const written of [label, label.toUpperCase(), ` ${label}\t\n`])
        expect(ours(written)).toBe(theirs(written));
  });
  test('any text; the names of Object.prototype are no labels (the package answers them with its own members)', () => {
    for (const text of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(ours(text)).toBeNull();
    const inherited = (text: string) => text.trim().toLowerCase() in Object.prototype;
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        expect(ours(text)).toBe(inherited(text) ? null : theirs(text));
      }),
      { numRuns: numRuns(2000) },
    );
  });
});
