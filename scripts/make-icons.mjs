// Draws the Robots Lens icon (a lens over a robot's face) as PNGs at 16, 32, 48 and 128 px.
// Run once with `node scripts/make-icons.mjs`; the PNGs are committed in icons/.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(size, rgba) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in a 0..1 square; later shapes paint over earlier ones.
const TEAL = [14, 116, 144, 255];
const WHITE = [255, 255, 255, 255];
const DARK = [15, 23, 42, 255];
const dist = (x, y, cx, cy) => Math.hypot(x - cx, y - cy);
function segment(x, y, ax, ay, bx, by) {
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return dist(x, y, ax + t * (bx - ax), ay + t * (by - ay));
}
function colorAt(x, y) {
  let c = [0, 0, 0, 0];
  // Handle of the lens, bottom right.
  if (segment(x, y, 0.66, 0.66, 0.9, 0.9) < 0.085) c = DARK;
  // Lens: a ring around a light face.
  const d = dist(x, y, 0.42, 0.42);
  if (d < 0.38) c = TEAL;
  if (d < 0.3) c = WHITE;
  // The robot inside: two eyes and a mouth, plus an antenna.
  if (dist(x, y, 0.33, 0.38) < 0.055 || dist(x, y, 0.51, 0.38) < 0.055) c = DARK;
  if (Math.abs(y - 0.52) < 0.03 && x > 0.3 && x < 0.54) c = DARK;
  if (segment(x, y, 0.42, 0.2, 0.42, 0.13) < 0.025 || dist(x, y, 0.42, 0.12) < 0.04) c = TEAL;
  return c;
}
for (const size of [16, 32, 48, 128]) {
  const rgba = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = colorAt((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          acc[0] += c[0] * c[3];
          acc[1] += c[1] * c[3];
          acc[2] += c[2] * c[3];
          acc[3] += c[3];
        }
      }
      const i = (py * size + px) * 4;
      const a = acc[3] / (ss * ss);
      rgba[i] = acc[3] ? acc[0] / acc[3] : 0;
      rgba[i + 1] = acc[3] ? acc[1] / acc[3] : 0;
      rgba[i + 2] = acc[3] ? acc[2] / acc[3] : 0;
      rgba[i + 3] = Math.round(a);
    }
  }
  writeFileSync(new URL(`../icons/icon-${size}.png`, import.meta.url), png(size, rgba));
}
console.log('icons written');
