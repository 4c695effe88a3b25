import { describe, expect, test } from 'vitest';
import { packText, unpackText } from '../../background/packed-text.ts';
import { storedSize } from '../../background/stored-size.ts';

/** Deterministic bytes that gzip cannot shrink, decoded as a fetch decodes a body. */
function noiseText(bytes: number): string {
  const out = new Uint8Array(bytes);
  let x = 2463534242;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return new TextDecoder().decode(out);
}

const rules = Array.from(
  { length: 12_000 },
  (_, i) => `Disallow: /p/${i}/x-${(i * 7919) % 10007}\n`,
)
  .join('')
  .slice(0, 512_000);

const cases: {
  name: string;
  source: string;
  text: string;
  form: 'text' | 'gzip';
  maxBytes: number;
}[] = [
  {
    name: '512,000 bytes of 0x01 (charged 3,072,002 unpacked)',
    source: 'issue 15 item 6',
    text: '\x01'.repeat(512_000),
    form: 'gzip',
    maxBytes: 1_000,
  },
  {
    name: '512,000 bytes of distinct rules',
    source: 'an ordinary large robots.txt',
    text: rules,
    form: 'gzip',
    maxBytes: 130_000,
  },
  {
    name: 'a short file stays as it is',
    source: 'gzip header, RFC 1952 §2.3',
    text: 'User-agent: *\nDisallow: /private/\n',
    form: 'text',
    maxBytes: 100,
  },
  {
    name: 'non-ASCII text round-trips through UTF-8',
    source: 'RFC 3629',
    text: 'Disallow: /café/😀/\uFFFD\n'.repeat(100),
    form: 'gzip',
    maxBytes: 200,
  },
  {
    name: 'a lone surrogate stays as it is (UTF-8 would make it U+FFFD)',
    source: 'WHATWG Encoding, UTF-8 encode',
    text: `Disallow: /\uD800\n`.repeat(100),
    form: 'text',
    maxBytes: 2_000,
  },
];

describe('packText', () => {
  for (const { name, source, text, form, maxBytes } of cases)
    test(`${name} (${source})`, async () => {
      const packed = await packText(text);
      expect(Object.keys(packed)).toEqual([form]);
      expect(storedSize('', packed)).toBeLessThanOrEqual(maxBytes);
      expect(await unpackText(packed)).toBe(text);
    });

  test('noise that gzip cannot shrink: whichever form is charged less', async () => {
    const text = noiseText(512_000);
    const packed = await packText(text);
    expect(storedSize('', packed)).toBeLessThanOrEqual(storedSize('', { text }));
    expect(await unpackText(packed)).toBe(text);
  });
});

describe('unpackText: a corrupt stored form reads as absent, never throws', () => {
  const corrupt: { name: string; gzip: string }[] = [
    { name: 'not base64', gzip: '***' },
    { name: 'base64 but not gzip', gzip: btoa('User-agent: *') },
    { name: 'gzip cut short', gzip: 'H4sIAAAAAAAAA8tLLQcA' },
    { name: 'gzip of bytes that are not UTF-8', gzip: 'H4sIAAAAAAAAA/v/DwCWMPiIAgAAAA==' },
  ];
  for (const { name, gzip } of corrupt)
    test(name, async () => {
      expect(await unpackText({ gzip })).toBeNull();
    });
});
