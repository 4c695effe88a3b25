// Bytes that storage.local charges for one item, counted the way Chromium counts them: the key's
// UTF-8 bytes plus the value written as JSON by base::JSONWriter, in UTF-8
// (extensions/browser/api/storage/settings_storage_quota_enforcer.cc, Allocate; the quota is
// storage.local.QUOTA_BYTES, 10,485,760 since Chrome 114). Not two bytes a character: JSON writes a
// control character as \u0001 (6 bytes), and U+FFFD, what a decoder makes of a stray byte, takes 3.

/** Characters JSON.stringify leaves as they are and Chromium's JSONWriter writes as \uXXXX. */
const WIDER_IN_CHROMIUM = new Set([0x3c /* < */, 0x7f, 0x2028, 0x2029]);

/**
 * The UTF-8 bytes of a JSON text as Chromium writes it. Numbers may take a few more bytes there
 * (1700000000000 is written 1700000000000.0): the stores' headroom covers them.
 */
function chromiumJsonBytes(json: string): number {
  let bytes = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (WIDER_IN_CHROMIUM.has(c)) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < json.length) {
      const next = json.charCodeAt(i + 1);
      // A pair is one 4-byte character; JSON.stringify already wrote a lone surrogate as \udXXX.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes storage.local charges for `value` stored under `key` (Chromium's count, see above). */
export function storedSize(key: string, value: unknown): number {
  return chromiumJsonBytes(key) + chromiumJsonBytes(JSON.stringify(value) ?? '');
}
