// Trie edges and memoised transitions are keyed `node * UNIT_CODES + unitCode(unit)`: a small
// integer, which V8 keeps unboxed in a Map, where `node * 65536 + unit` would not stay small.

/** How many unit codes there are: 128 ASCII, 256 escaped octets, and one for any other unit. */
export const UNIT_CODES = 512;

/**
 * A UTF-16 unit as a 9-bit code. Keys hold only ASCII and the escaped-octet units U+E000–U+E0FF
 * (encoding.ts); any other unit gets 511, which no key has.
 */
export function unitCode(unit: number): number {
  if (unit < 128) return unit;
  return unit >= 0xe000 && unit < 0xe100 ? 128 + (unit - 0xe000) : 511;
}

/** The unit a key's unit code stands for (the inverse of unitCode on key units). */
export function unitOfCode(code: number): number {
  return code < 128 ? code : 0xe000 + (code - 128);
}
