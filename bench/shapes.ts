// File shapes that could make the engine fall off a cliff (issue 32, item 2): each filled to just
// under the 500 KiB limit, timed as the popup meets it in a warm process: a fresh parse, then the
// first check of each robot in each of the three readings. The goal: parse + every first check
// ≤ 20 ms on any shape. Run alone with `node scripts/run-ts.mjs bench/shapes.ts`; engine.bench.ts
// prints the same table. Reported, never asserted.
import { checkUrl, parseRobotsTxt, type Semantics } from '../src/robots/index.ts';

/** Bytes each shape is filled to: under 512,000 (500 KiB) with room for the rounds' spaces. */
const FILL_BYTES = 512_000 - 200;

/** The goal of issue 32: parse + the first check of every robot in every reading, ms. */
export const GOAL_MS = 20;

/** The robots every shape is checked for; a shape with named groups adds one of its own. */
const ROBOTS = ['Googlebot', 'Bingbot', 'GPTBot'] as const;

const READINGS: readonly Semantics[] = ['google', 'rfc9309', 'original1994'];

/** A file shape: its text, the URL first checked and a robot its groups name (if any). */
export interface Shape {
  text: () => string;
  url: string;
  named?: string;
}

/** `head`, then `line(i)` for i = 0, 1, … while the text stays within FILL_BYTES (ASCII lines). */
function fill(line: (i: number) => string, head = 'User-agent: *\n', end = '\n'): string {
  const parts = [head];
  let bytes = head.length;
  for (let i = 0; ; i++) {
    const next = line(i) + end;
    if (bytes + Buffer.byteLength(next) > FILL_BYTES) break;
    parts.push(next);
    bytes += Buffer.byteLength(next);
  }
  return parts.join('');
}

const LONG = 'a'.repeat(200);

/** The shapes issue 32 names, and others found slow or worth watching. */
export const SHAPES: Readonly<Record<string, Shape>> = {
  'identical rules': { text: () => fill(() => 'Disallow: /x'), url: '/x/y?z=1' },
  'distinct literal rules': { text: () => fill((i) => `Disallow: /p${i}/q`), url: '/p123/q?x=1' },
  'one long shared prefix': {
    text: () => fill((i) => `Disallow: /${LONG}${i}`),
    url: `/${LONG}123`,
  },
  'wildcard-heavy rules': { text: () => fill((i) => `Disallow: /*a*b*${i}*$`), url: '/xaxbx123x' },
  'thousands of groups': {
    text: () => fill((i) => `User-agent: bot${i}\nDisallow: /g${i}`, ''),
    url: '/g5/x',
    named: 'bot5',
  },
  'one group, thousands of agents': {
    text: () => `${fill((i) => `User-agent: bot${i}`, '')}Disallow: /x\n`,
    url: '/x',
    named: 'bot5',
  },
  'long lines': {
    // Lines just under Google's 16,663-byte line limit.
    text: () => fill((i) => `Disallow: /${i}${'b'.repeat(16_600)}`),
    url: `/1${'b'.repeat(100)}`,
  },
  'no newline': {
    text: () => fill((i) => `Disallow: /n${i} `, 'User-agent: * ', ''),
    url: '/n1',
  },
  'CR-only line ends': {
    text: () => fill((i) => `Disallow: /c${i}`, 'User-agent: *\r', '\r'),
    url: '/c123',
  },
  'Allow and Disallow of equal length': {
    text: () => fill((i) => `Allow: /e${i}\nDisallow: /e${i}`),
    url: '/e123',
  },
  '$ on every rule': { text: () => fill((i) => `Disallow: /d${i}$`), url: '/d123' },
  'percent-escapes': {
    text: () => fill((i) => `Disallow: /%7e%2F${i}%41`),
    url: '/~%2f123A',
  },
  'non-ASCII paths': {
    text: () => fill((i) => `Disallow: /café/ünïcødé/${i}`),
    url: '/caf%C3%A9/%C3%BCn%C3%AFc%C3%B8d%C3%A9/123',
  },
  'BOM and comments': {
    text: () => `\uFEFF${fill((i) => `# comment ${i} ${'c'.repeat(40)}`)}Disallow: /x\n`,
    url: '/x',
  },
  'groups of many rules each': {
    text: () =>
      fill(
        (i) =>
          `${i % 100 === 0 ? `User-agent: bot${i / 100}\n` : ''}Disallow: /r${i}\nAllow: /r${i}/a`,
        '',
      ),
    url: '/r123/a',
    named: 'bot5',
  },
};

/** One shape's figures: the best of the rounds, each a fresh parse. */
export interface ShapeRow {
  name: string;
  bytes: number;
  lines: number;
  parseMs: number;
  /** First checks of every robot, per reading. */
  firstChecksMs: Record<Semantics, number>;
  /** Parse + every first check, in one round. */
  totalMs: number;
}

let sink = 0;

/** Times each shape: best of `rounds` fresh parses and first checks in this (warmed) process. */
export function measureShapes(rounds = 15): ShapeRow[] {
  const rows: ShapeRow[] = [];
  for (const [name, shape] of Object.entries(SHAPES)) {
    const text = shape.text();
    const robots = shape.named === undefined ? [...ROBOTS] : [...ROBOTS, shape.named];
    let best: ShapeRow | null = null;
    // Round 0 warms the code paths this shape takes; each round parses a text never seen before
    // (a different number of trailing spaces), so no cache from an earlier round answers.
    for (let round = 0; round <= rounds; round++) {
      const t0 = performance.now();
      const parsed = parseRobotsTxt(text + ' '.repeat(round));
      const parseMs = performance.now() - t0;
      const firstChecksMs = { google: 0, rfc9309: 0, original1994: 0 };
      for (const reading of READINGS) {
        const t = performance.now();
        for (const robot of robots)
          sink += checkUrl(parsed, robot, shape.url, reading).allowed ? 1 : 0;
        firstChecksMs[reading] = performance.now() - t;
      }
      const totalMs =
        parseMs + firstChecksMs.google + firstChecksMs.rfc9309 + firstChecksMs.original1994;
      if (round > 0 && (best === null || totalMs < best.totalMs)) {
        best = {
          name,
          bytes: Buffer.byteLength(text),
          lines: parsed.lineCount,
          parseMs,
          firstChecksMs,
          totalMs,
        };
      }
    }
    if (best !== null) rows.push(best);
  }
  return rows;
}

const ms = (t: number) => t.toFixed(1);

/** Prints the table, the worst shape and how it compares with GOAL_MS. */
export function printShapes(rows: readonly ShapeRow[]): void {
  console.log(
    `\nFile shapes within 500 KiB: a fresh parse + the first check of ${ROBOTS.join(', ')} (and a robot the groups name) in each reading, ms, best of rounds`,
  );
  const table: Record<string, Record<string, string | number>> = {};
  for (const row of rows) {
    table[row.name] = {
      KiB: Math.round(row.bytes / 1024),
      lines: row.lines,
      parse: ms(row.parseMs),
      google: ms(row.firstChecksMs.google),
      rfc9309: ms(row.firstChecksMs.rfc9309),
      '1994 text': ms(row.firstChecksMs.original1994),
      total: ms(row.totalMs),
    };
  }
  console.table(table);
  const worst = rows.reduce<ShapeRow | null>(
    (w, r) => (w === null || r.totalMs > w.totalMs ? r : w),
    null,
  );
  if (worst !== null) {
    const verdict = worst.totalMs <= GOAL_MS ? 'within' : 'over';
    console.log(
      `Worst: ${worst.name}, ${ms(worst.totalMs)} ms (${verdict} the ${GOAL_MS} ms goal)`,
    );
  }
  if (sink === -1) console.log(sink);
}

// Run alone (run-ts.mjs bundles this file as out/shapes.mjs; engine.bench.ts bundles it inside its own).
// engine.bench.ts runs it so, in a process of its own (as the popup's worker has its own heap), and
// reads the rows from the SHAPES line.
if (import.meta.url.endsWith('/shapes.mjs')) {
  const rows = measureShapes();
  printShapes(rows);
  if (process.argv.includes('--json')) console.log(`SHAPES ${JSON.stringify(rows)}`);
}
