import { describe, expect, test } from 'vitest';
import { storedSize } from '../../background/stored-size.ts';

// Chromium writes values with base::JSONWriter (base/json/string_escape.cc): \b \f \n \r \t " \
// as two characters, other controls as \u00XX, and '<', U+2028, U+2029 as \uXXXX; the rest in
// UTF-8. The quota counts those bytes plus the key's (settings_storage_quota_enforcer.cc).
const STRING_QUOTES = 2;
const cases: { name: string; source: string; value: string; bytes: number }[] = [
  { name: 'ASCII: one byte', source: 'RFC 8259 §7, UTF-8', value: 'a', bytes: 1 },
  { name: '0x01: \\u0001, six bytes', source: 'string_escape.cc', value: '\x01', bytes: 6 },
  { name: '0x00: \\u0000, six bytes', source: 'string_escape.cc', value: '\0', bytes: 6 },
  { name: 'newline: \\n, two bytes', source: 'string_escape.cc', value: '\n', bytes: 2 },
  { name: 'tab: \\t, two bytes', source: 'string_escape.cc', value: '\t', bytes: 2 },
  { name: 'quote: \\", two bytes', source: 'string_escape.cc', value: '"', bytes: 2 },
  { name: "'<': \\u003C, six bytes", source: 'string_escape.cc', value: '<', bytes: 6 },
  { name: 'U+2028: \\u2028, six bytes', source: 'string_escape.cc', value: '\u2028', bytes: 6 },
  { name: 'U+FFFD: three UTF-8 bytes', source: 'RFC 3629', value: '\uFFFD', bytes: 3 },
  { name: 'é: two UTF-8 bytes', source: 'RFC 3629', value: 'é', bytes: 2 },
  { name: 'an emoji (a surrogate pair): four', source: 'RFC 3629', value: '😀', bytes: 4 },
  {
    name: 'a lone surrogate: counted as JSON.stringify writes it (\\udXXX), over U+FFFD',
    source: 'ECMA-262 JSON.stringify, well-formed',
    value: '\uD800',
    bytes: 6,
  },
  {
    name: 'the hostile body, 512,000 bytes of 0x01: 3,072,000, not 1,024,000',
    source: 'issue 15 item 6',
    value: '\x01'.repeat(512_000),
    bytes: 3_072_000,
  },
];

describe('storedSize: bytes as Chromium charges storage.local', () => {
  for (const { name, source, value, bytes } of cases)
    test(`${name} (${source})`, () => {
      expect(storedSize('', value)).toBe(bytes + STRING_QUOTES);
    });

  test('the key counts in UTF-8, and the value as JSON (settings_storage_quota_enforcer.cc)', () => {
    expect(storedSize('robots:https://é.test', { n: 1, s: 'x' })).toBe(
      22 + '{"n":1,"s":"x"}'.length,
    );
  });
});
