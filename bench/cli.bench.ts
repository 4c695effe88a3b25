// npm run bench:cli: the command line beside an I/O floor, in one run, as CPU time (user + system:
// steadier than wall time on a shared machine) and peak memory (max RSS). The floor is a plain
// Node script that reads the same lines and writes one JSON line per URL and agent with a
// constant verdict: what any tool must spend to read the input and write the output. Goals
// (issue 14): at most 3× the floor on a typical file with 200,000 URLs × 3 agents, at most 4× on
// a 500 KiB file with 100,000 URLs × 3 agents, and under 150 MB of memory on both.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { random } from './fixtures.ts';

const RUNS = Number(process.env['BENCH_RUNS']) || 3;
const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot'];
execFileSync(process.execPath, ['scripts/build-lib.mjs'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'rl-bench-cli-'));
const CLI = resolve('lib/robots-lens.js');

const rnd = random(14);
const WORDS = [
  'products',
  'search',
  'Admin',
  'cgi-bin',
  'developerworks',
  'shop',
  'item',
  'en',
  'de',
];
const pick = (xs: readonly string[]) => xs[Math.floor(rnd() * xs.length)] as string;
const urlList = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `https://www.example.com/${pick(WORDS)}/${pick(WORDS)}${i % 977}/page${i}.html${i % 5 === 0 ? `?q=${i}` : ''}`,
  ).join('\n');

const typical = join(dir, 'typical.txt');
writeFileSync(typical, readFileSync('test/fixtures/corpus/www.ibm.com.txt'));
const large = join(dir, 'large.txt');
{
  const lines = ['User-agent: *'];
  for (let i = 0; lines.join('\n').length < 505_000; i++) {
    if (i % 1500 === 0) lines.push('', `User-agent: ${AGENTS[i % 3]}`);
    lines.push(
      `${i % 5 ? 'Disallow' : 'Allow'}: /${pick(WORDS)}/${pick(WORDS)}${i % 977}${i % 3 ? '' : '/*?q='}`,
    );
  }
  writeFileSync(large, lines.join('\n'));
}
const urls200k = join(dir, 'urls-200k.txt');
writeFileSync(urls200k, urlList(200_000));
const urls100k = join(dir, 'urls-100k.txt');
writeFileSync(urls100k, urlList(100_000));

// The floor: read each line, write one JSON line per agent with a constant verdict.
const floor = join(dir, 'floor.mjs');
writeFileSync(
  floor,
  `import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
const agents = ${JSON.stringify(AGENTS)};
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
let chunk = '';
for await (const line of lines) {
  if (line === '') continue;
  for (const agent of agents)
    chunk += JSON.stringify({ url: line, agent, allowed: true, line: null, semantics: 'rfc9309' }) + '\\n';
  if (chunk.length > 65536) { if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once('drain', r)); chunk = ''; }
}
process.stdout.write(chunk);
`,
);
// Runs a script with its CPU time and max RSS written on exit (measured inside the process).
const measured = join(dir, 'measured.mjs');
writeFileSync(
  measured,
  `import { writeFileSync } from 'node:fs';
const [report, script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...args];
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  writeFileSync(report, JSON.stringify({ cpuMs: (user + system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
});
await import(script);
`,
);

interface Usage {
  cpuMs: number;
  maxRssMb: number;
}

function run(script: string, args: string[]): Promise<Usage> {
  const report = join(dir, `report-${Math.random()}.json`);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [measured, report, script, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0 && code !== 1) return fail(new Error(`${script} exited ${code}`));
      done(JSON.parse(readFileSync(report, 'utf8')));
    });
  });
}

const agentArgs = AGENTS.flatMap((a) => ['--agent', a]);
const files: [string, string, string, number][] = [
  ['typical file (3.2 KiB), 200,000 URLs × 3 agents', typical, urls200k, 3],
  ['500 KiB file, 100,000 URLs × 3 agents', large, urls100k, 4],
];
// Each file with each robot's own reading (the default), with --semantics, and in CSV: every
// option keeps to the same goal (issue 32, item 3).
const variants: [string, string[]][] = [
  ['', []],
  [', --semantics google', ['--semantics', 'google']],
  [', --format csv', ['--format', 'csv']],
];
const rows: Record<string, Record<string, string>> = {};
const verdicts: string[] = [];
try {
  for (const [name, robots, urls, goal] of files) {
    const best = new Map<string, Usage>();
    const keep = (key: string, usage: Usage) => {
      const known = best.get(key);
      if (known === undefined || usage.cpuMs < known.cpuMs) best.set(key, usage);
    };
    for (let i = 0; i < RUNS; i++) {
      keep('floor', await run(floor, [urls]));
      for (const [label, extra] of variants)
        keep(
          label,
          await run(CLI, [
            'check',
            '--robots',
            robots,
            '--urls',
            urls,
            '--format',
            'jsonl',
            ...agentArgs,
            ...extra,
          ]),
        );
    }
    const fl = best.get('floor');
    if (fl === undefined) continue;
    for (const [label] of variants) {
      const cli = best.get(label);
      if (cli === undefined) continue;
      const ratio = cli.cpuMs / fl.cpuMs;
      rows[`${name}${label}`] = {
        'robots-lens CPU ms': cli.cpuMs.toFixed(0),
        'floor CPU ms': fl.cpuMs.toFixed(0),
        ratio: `${ratio.toFixed(2)}×`,
        'robots-lens max RSS MB': cli.maxRssMb.toFixed(0),
        'floor max RSS MB': fl.maxRssMb.toFixed(0),
      };
      verdicts.push(
        `${name}${label}: ${ratio.toFixed(2)}× the floor (goal ≤ ${goal}×) ${ratio <= goal ? 'met' : 'NOT met'}; ${cli.maxRssMb.toFixed(0)} MB (goal < 150 MB) ${cli.maxRssMb < 150 ? 'met' : 'NOT met'}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nrobots-lens check beside the I/O floor (JSON lines unless the row says CSV) (best of ${RUNS} runs each, CPU = user + system)`,
);
console.table(rows);
for (const line of verdicts) console.log(line);
