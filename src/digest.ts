// A short fingerprint of a JSON value, the same whatever order its objects' keys come in: the
// popup tells with it whether the screen its URL carries was drawn from the very snapshot the
// background keeps now (src/extension/tab-snapshot.ts, snapshotBasis). Chromium's storage gives
// objects back with their keys sorted, messages keep them in the order written: the fingerprint
// ignores the order.

/**
 * `value` as JSON.stringify writes it (undefined properties left out, as storage leaves them
 * out), every object's keys sorted, and the properties named in `leaveOut` left out at any depth.
 * '' for a value JSON cannot write (undefined, a function).
 */
export function canonicalJson(value: unknown, leaveOut: ReadonlySet<string> = new Set()): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const object = v as Record<string, unknown>;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(object).sort())
        if (!leaveOut.has(key)) sorted[key] = object[key];
      return sorted;
    }) ?? ''
  );
}

/**
 * A 53-bit hash of a string's UTF-16 code units (cyrb53: two 32-bit multiply-xorshift lanes),
 * written as 14 hex digits and prefixed with the length, so equal fingerprints need equal length
 * as well. Not cryptographic: it tells versions of our own data apart.
 */
export function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${text.length.toString(36)}-${hash.toString(16).padStart(14, '0')}`;
}
