// npm run bench:audit: robots-lens audit beside a fetch floor, in one run, against a local farm
// (bench/audit-farm.mjs, a process of its own: 20 origins on 127.0.0.1 answering in about 5 ms
// with pages of about 30 KB). The audit is the real binary (lib/robots-lens.js) with its default
// concurrency (16, 2 per host: 20 hosts × 2 = 40 > 16, so the run's concurrency binds) and three
// agents, writing jsonl to a file; the floor (bench/audit-floor.mjs) GETs each URL with fetch and
// the same concurrency and discards the body. Each is measured by /usr/bin/time: wall, CPU
// (user + system) and peak memory (max RSS); best of BENCH_RUNS (default 2) by wall time.
// Goals (issue 30): pages/s at least 0.6× the floor's, CPU at most 2.5× the floor's, peak RSS
// under 200 MB.
//
//   npm run bench:audit                       20,000 URLs (a run takes under 2 minutes)
//   npm run bench:audit -- --urls 100000      the issue's size
//   npm run bench:audit -- --million          1,000,000 URLs from a sitemap index of 20 gzipped
//                                             sitemaps; stopped after --seconds (default 120),
//                                             printing the memory over time and its peak
//
// Run it alone on the machine (flock /work/e2e.lock npm run bench:audit): the farm, the client
// and the floor share its cores.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    urls: { type: 'string', default: '20000' },
    million: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '120' },
  },
});
const RUNS = Number(process.env['BENCH_RUNS']) || 2;
const URLS = Number(values.urls);
const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot'];
const agentArgs = AGENTS.flatMap((a) => ['--agent', a]);

execFileSync(process.execPath, ['scripts/build-lib.mjs'], { stdio: 'inherit' });
const CLI = resolve('lib/robots-lens.js');
const FLOOR = resolve('bench/audit-floor.mjs');
const dir = mkdtempSync(join(tmpdir(), 'rl-bench-audit-'));
const urlFile = join(dir, 'urls.txt');

/** Starts the farm; resolves with its process and ports once it listens (and the list is written). */
async function startFarm(): Promise<{ stop: () => void; ports: number[] }> {
  const args = values.million ? ['--million'] : ['--urls', String(URLS), urlFile];
  const farm = spawn(process.execPath, ['bench/audit-farm.mjs', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((done, fail) => {
    farm.on('error', fail);
    farm.on('exit', (code) => fail(new Error(`the farm exited ${code}`)));
    createInterface({ input: farm.stdout }).once('line', done);
  });
  farm.removeAllListeners('exit');
  return {
    stop: () => farm.kill('SIGTERM'),
    ports: (JSON.parse(first) as { ports: number[] }).ports,
  };
}

interface Measure {
  wallS: number;
  cpuS: number;
  maxRssMb: number;
}

/** Runs `node script args` under /usr/bin/time, stdout to `out`: wall, CPU and max RSS. */
function measured(script: string, args: string[], out: string): Promise<Measure> {
  const report = join(dir, 'time.txt');
  const fd = openSync(out, 'w');
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%U %S %M', '-o', report, process.execPath, script, ...args],
      { stdio: ['ignore', fd, 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      closeSync(fd);
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0 && code !== 1) return fail(new Error(`${script} exited ${code}\n${stderr}`));
      const [user, system, maxRssKb] = readFileSync(report, 'utf8').trim().split(/\s+/).map(Number);
      done({ wallS, cpuS: (user ?? 0) + (system ?? 0), maxRssMb: (maxRssKb ?? 0) / 1024 });
    });
  });
}

/** Records per state, all agents together, from a jsonl output: proof that pages were judged. */
function statesOf(file: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const { state } = JSON.parse(line) as { state: string };
    counts[state] = (counts[state] ?? 0) + 1;
  }
  return counts;
}

const met = (ok: boolean) => (ok ? 'met' : '**NOT met**');

async function sideBySide(): Promise<void> {
  const out = join(dir, 'audit.jsonl');
  let audit: Measure | null = null;
  let floor: Measure | null = null;
  for (let i = 0; i < RUNS; i++) {
    const a = await measured(
      CLI,
      ['audit', '--urls', urlFile, '--format', 'jsonl', ...agentArgs],
      out,
    );
    const f = await measured(FLOOR, [urlFile], join(dir, 'floor.out'));
    console.error(
      `run ${i + 1}/${RUNS}: audit ${a.wallS.toFixed(1)} s, floor ${f.wallS.toFixed(1)} s`,
    );
    if (audit === null || a.wallS < audit.wallS) audit = a;
    if (floor === null || f.wallS < floor.wallS) floor = f;
  }
  if (audit === null || floor === null) return;
  const rate = (m: Measure) => URLS / m.wallS;
  const row = (name: string, m: Measure) =>
    `| ${name} | ${m.wallS.toFixed(1)} | ${rate(m).toFixed(0)} | ${m.cpuS.toFixed(1)} | ${((m.cpuS * 1000) / URLS).toFixed(2)} | ${m.maxRssMb.toFixed(1)} |`;
  const rateRatio = rate(audit) / rate(floor);
  const cpuRatio = audit.cpuS / floor.cpuS;
  console.log(
    `\nrobots-lens audit (${AGENTS.length} agents, --format jsonl, concurrency 16, per host 2) beside the fetch floor: ${URLS.toLocaleString('en')} URLs on 20 local origins, ~5 ms, ~30 KB pages; best of ${RUNS} runs by wall time\n`,
  );
  console.log('| | wall s | pages/s | CPU s (user + sys) | CPU ms/page | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('robots-lens audit', audit));
  console.log(row('floor (fetch, body discarded)', floor));
  console.log(
    `| audit ÷ floor (goal) | | ${rateRatio.toFixed(2)}× (≥ 0.6×) ${met(rateRatio >= 0.6)} | ${cpuRatio.toFixed(2)}× (≤ 2.5×) ${met(cpuRatio <= 2.5)} | | ${audit.maxRssMb.toFixed(1)} (< 200) ${met(audit.maxRssMb < 200)} |`,
  );
  const states = statesOf(out);
  console.log(
    `\nrecords of the last audit run by state (${AGENTS.join(', ')} together): ${Object.entries(
      states,
    )
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')}`,
  );
}

/** Memory of a running process from /proc: now and its peak (Linux), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The million-URL sitemap run: memory sampled every second, stopped after --seconds. */
async function million(port: number): Promise<void> {
  const seconds = Number(values.seconds);
  const sitemap = `http://127.0.0.1:${port}/sitemap-index.xml`;
  const child = spawn(
    process.execPath,
    [CLI, 'audit', '--sitemap', sitemap, '--format', 'jsonl', ...agentArgs],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the audit did not start');
  let records = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) records++;
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const started = performance.now();
  const samples: { s: number; urls: number; rssMb: number }[] = [];
  let peakMb = 0;
  let isDone = false;
  void exited.then(() => {
    isDone = true;
  });
  while (!isDone && (seconds === 0 || performance.now() - started < seconds * 1000)) {
    await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
    const memory = memoryOf(pid);
    if (memory === null) break;
    peakMb = Math.max(peakMb, memory.peakMb);
    samples.push({
      s: (performance.now() - started) / 1000,
      urls: Math.floor(records / AGENTS.length),
      rssMb: memory.rssMb,
    });
  }
  const isFinished = isDone;
  if (!isFinished) child.kill('SIGTERM');
  await exited;
  const urls = Math.floor(records / AGENTS.length);
  const wall = (performance.now() - started) / 1000;
  console.log(
    `\nrobots-lens audit --sitemap (an index of 20 gzipped sitemaps, 1,000,000 URLs on 20 origins), ${AGENTS.length} agents, defaults: ${isFinished ? 'finished' : `stopped after ${seconds} s`}, ${urls.toLocaleString('en')} URLs judged in ${wall.toFixed(0)} s (${(urls / wall).toFixed(0)} pages/s)\n`,
  );
  console.log('| s | URLs done | RSS MB |');
  console.log('|---:|---:|---:|');
  const step = Math.max(1, Math.floor(samples.length / 10));
  for (let i = 0; i < samples.length; i += step) {
    const s = samples[i];
    if (s !== undefined)
      console.log(`| ${s.s.toFixed(0)} | ${s.urls.toLocaleString('en')} | ${s.rssMb.toFixed(0)} |`);
  }
  // Bounded: the second half of the run holds no more than the first half's peak, give or take
  // the garbage collector's swing.
  const half = samples.filter((s) => s.s > wall / 2);
  const firstPeak = Math.max(0, ...samples.filter((s) => s.s <= wall / 2).map((s) => s.rssMb));
  const secondPeak = Math.max(0, ...half.map((s) => s.rssMb));
  console.log(
    `\npeak RSS ${peakMb.toFixed(0)} MB (goal < 200 MB) ${met(peakMb < 200)}; highest RSS in the first half ${firstPeak.toFixed(0)} MB, in the second half ${secondPeak.toFixed(0)} MB: ${secondPeak <= firstPeak * 1.1 ? 'bounded (no growth with the URLs)' : '**grew**'}`,
  );
}

const farm = await startFarm();
try {
  if (values.million) await million(farm.ports[0] as number);
  else await sideBySide();
} finally {
  farm.stop();
  rmSync(dir, { recursive: true, force: true });
}
