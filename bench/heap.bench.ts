// The heap each library keeps for one parsed copy of the large file. engine.bench.ts runs it as
// `node --expose-gc scripts/run-ts.mjs bench/heap.bench.ts` and reads the JSON line it prints.
// Each library parses the file COPIES times, every result kept alive; the heapUsed delta between
// full collections, divided by COPIES, is what one parsed file retains. The text itself is shared
// by all copies and is not counted. A second measure also checks every URL × robot once on each
// copy first, so what a library builds lazily (robots-lens compiles a robot's groups on its first
// check, V8 compiles a RegExp on its first use) is counted too.
import { checkUrl, parseRobotsTxt } from '../src/robots/index.ts';
import { type Fixture, largeFixture } from './fixtures.ts';
import { PEERS } from './peers.ts';

const COPIES = 8;

export interface HeapRow {
  name: string;
  /** Bytes retained per parsed copy. */
  parsed: number;
  /** Bytes retained per copy after one check of every URL × robot on it. */
  checked: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

async function retained(make: () => unknown): Promise<number> {
  for (let i = 0; i < 2; i++) await make(); // code, inline caches and lazy setup outside the count
  const kept: unknown[] = [];
  const before = heapUsed();
  for (let i = 0; i < COPIES; i++) kept.push(await make());
  const after = heapUsed();
  if (kept.length !== COPIES) throw new Error('lost a copy');
  return (after - before) / COPIES;
}

async function row(
  name: string,
  fx: Fixture,
  parse: (text: string) => unknown,
  check: (parsed: unknown, agent: string, url: string, path: string) => boolean,
): Promise<HeapRow> {
  const parsed = await retained(() => parse(fx.text));
  const checked = await retained(async () => {
    const p = await parse(fx.text);
    fx.paths.forEach((path, i) => {
      for (const a of fx.agents) check(p, a, fx.urls[i] ?? '', path);
    });
    return p;
  });
  return { name, parsed, checked };
}

if (!gc) {
  console.error('heap.bench.ts needs node --expose-gc');
  process.exit(1);
}
const fx = largeFixture();
const rows: HeapRow[] = [
  await row(
    'robots-lens',
    fx,
    parseRobotsTxt,
    (p, a, url) => checkUrl(p as ReturnType<typeof parseRobotsTxt>, a, url, 'google').allowed,
  ),
];
for (const p of PEERS) rows.push(await row(p.name, fx, p.parse, p.check));
console.log(`HEAP ${JSON.stringify(rows)}`);
