// A file's text as stored: as it is, or gzip-compressed and base64-encoded when that is charged
// less. A hostile robots.txt of 512,000 bytes of 0x01 is charged 3,072,002 bytes as JSON; gzipped,
// 532 bytes (720 in base64), so a few such files no longer push out the many ordinary ones.
import { storedSize } from './stored-size.ts';

/** A text as stored: `text` as it is, or `gzip`, its UTF-8 bytes gzipped, in base64. */
export type PackedText = { text: string } | { gzip: string };

/** Texts shorter than this are kept as they are: gzip's header alone takes 18 bytes. */
const MIN_PACKED_CHARS = 256;
/** A lone surrogate would not survive the UTF-8 round trip (it becomes U+FFFD). */
const LONE_SURROGATE = /\p{Surrogate}/u;
/** btoa and String.fromCharCode take this many bytes at a time (argument count limits). */
const CHUNK_BYTES = 0x8000;

async function gzip(
  bytes: Uint8Array<ArrayBuffer>,
  format: 'compress' | 'decompress',
): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream();
  const piped = stream.pipeThrough(
    format === 'compress' ? new CompressionStream('gzip') : new DecompressionStream('gzip'),
  );
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK_BYTES));
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A text in its stored form: gzipped when that is charged fewer bytes (never throws). */
export async function packText(text: string): Promise<PackedText> {
  const plain = { text };
  if (text.length < MIN_PACKED_CHARS || LONE_SURROGATE.test(text)) return plain;
  try {
    const packed = { gzip: toBase64(await gzip(new TextEncoder().encode(text), 'compress')) };
    return storedSize('', packed) < storedSize('', plain) ? packed : plain;
  } catch {
    return plain;
  }
}

/** The text of a stored form, or null when it does not decode (a corrupt entry: never throws). */
export async function unpackText(packed: PackedText): Promise<string | null> {
  if ('text' in packed) return packed.text;
  try {
    const bytes = await gzip(fromBase64(packed.gzip), 'decompress');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A stored value as a packed text, or null when it is neither form. */
export function readPackedText(value: unknown): PackedText | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v['text'] === 'string') return { text: v['text'] };
  if (typeof v['gzip'] === 'string') return { gzip: v['gzip'] };
  return null;
}
