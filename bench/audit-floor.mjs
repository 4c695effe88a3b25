// The floor of npm run bench:audit (bench/audit.bench.ts): a plain Node client that GETs each URL
// of a file with fetch and discards the body, with the audit's default concurrency (16 in flight,
// 2 per host), the URLs taken in order through a window as the audit takes them. What any tool
// that fetches these pages must spend. Usage: node bench/audit-floor.mjs URLS-FILE
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const CONCURRENCY = 16;
const PER_HOST = 2;
const WINDOW = CONCURRENCY * 4;

/** At most `n` at once; the others wait their turn in order. */
class Slots {
  active = 0;
  waiting = [];
  constructor(n) {
    this.n = n;
  }
  async run(work) {
    if (this.active >= this.n) await new Promise((r) => this.waiting.push(r));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next();
    }
  }
}

const all = new Slots(CONCURRENCY);
const hosts = new Map();
let errors = 0;

async function get(url) {
  const host = new URL(url).host;
  let slots = hosts.get(host);
  if (slots === undefined) {
    slots = new Slots(PER_HOST);
    hosts.set(host, slots);
  }
  await slots.run(() =>
    all.run(async () => {
      try {
        const response = await fetch(url);
        const reader = response.body?.getReader();
        if (reader !== undefined) while (!(await reader.read()).done);
      } catch {
        errors++;
      }
    }),
  );
}

let pending = 0;
let wake = null;
const settled = () => {
  pending--;
  wake?.();
  wake = null;
};
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
for await (const url of lines) {
  if (url === '') continue;
  while (pending >= WINDOW) await new Promise((r) => (wake = r));
  pending++;
  void get(url).then(settled);
}
while (pending > 0) await new Promise((r) => (wake = r));
if (errors > 0) console.error(`floor: ${errors} requests failed`);
