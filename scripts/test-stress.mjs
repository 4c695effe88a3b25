// npm run test:stress [-- --runs 5 --busy 1 --ref HEAD]: does `npm test` pass on merit, on a
// machine that is also doing something else? It clones the committed `--ref` into a new folder
// (the uncommitted work of this tree is not in it: commit first), installs it with `npm ci`, keeps
// `--busy` cores busy with a spinning process, and runs `npm test` there `--runs` times in a row
// with CI=true, as .ci/run does: the first run is cold (no build, no lib/, no vitest cache), the
// others warm. Each run is logged to out/stress/run-N.log of this tree. Prints one row per run
// (exit status, minutes, the test counts read from its output) and exits 1 unless every run passed.
// Each run is ended after --limit minutes (default 20) and counted as failed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    busy: { type: 'string', default: '1' },
    ref: { type: 'string', default: 'HEAD' },
    limit: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const busy = Number(values.busy);
const limitMs = Number(values.limit) * 60_000;
for (const [name, n] of [
  ['--runs', runs],
  ['--busy', busy],
  ['--limit', limitMs],
])
  if (!Number.isInteger(n) || n < 0 || (name !== '--busy' && n === 0)) {
    console.error(`${name}: a whole number${name === '--busy' ? '' : ' from 1'}, please`);
    process.exit(2);
  }

const here = resolve(import.meta.dirname, '..');
const git = (...args) => spawnSync('git', args, { cwd: here, encoding: 'utf8' });
const commit = git('rev-parse', '--verify', `${values.ref}^{commit}`).stdout.trim();
if (commit === '') {
  console.error(`${values.ref}: not a commit of this repository`);
  process.exit(2);
}
if (git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '')
  console.error('Note: this tree has uncommitted changes; the runs test the commit only.');

const logs = join(here, 'out', 'stress');
mkdirSync(logs, { recursive: true });
const clone = mkdtempSync(join(tmpdir(), 'robots-lens-stress-'));
const spinners = [];
const stopSpinners = () => {
  for (const s of spinners) s.kill('SIGKILL');
};
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopSpinners();
    process.exit(130);
  });

/** Runs `command` in the clone with its output to `log` (and a copy of nothing on screen). */
function run(command, args, log, env = {}) {
  return new Promise((done) => {
    const started = performance.now();
    const out = createWriteStream(log);
    const child = spawn(command, args, {
      cwd: clone,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a run past the limit is ended whole
    });
    let tail = '';
    const keep = (chunk) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      out.end();
      done({ code: timedOut ? 'time' : code, ms: performance.now() - started, tail });
    });
  });
}

/** The test counts a run printed: vitest's "Tests … passed" line and node:test's "pass"/"fail" lines. */
function counts(tail) {
  const plain = stripVTControlCharacters(tail);
  const unit = [...plain.matchAll(/^\s*Tests\s+(.+)$/gm)].at(-1)?.[1]?.trim() ?? '?';
  const sum = (name) =>
    [...plain.matchAll(new RegExp(`^(?:#|ℹ) ${name} (\\d+)$`, 'gm'))].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
  return `unit: ${unit}; e2e: ${sum('pass')} passed, ${sum('fail')} failed`;
}

console.log(`Cloning ${commit.slice(0, 10)} into ${clone}`);
const cloned = spawnSync('git', ['clone', '--quiet', here, clone], { stdio: 'inherit' });
if (cloned.status !== 0) process.exit(1);
spawnSync('git', ['checkout', '--quiet', commit], { cwd: clone, stdio: 'inherit' });
const install = await run('npm', ['ci', '--no-audit', '--no-fund'], join(logs, 'npm-ci.log'));
if (install.code !== 0) {
  console.error(`npm ci failed (${install.code}): see ${join(logs, 'npm-ci.log')}`);
  process.exit(1);
}
for (let i = 0; i < busy; i++)
  spinners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
console.log(`${busy} core(s) kept busy; ${runs} runs of npm test, CI=true`);

const rows = [];
for (let n = 1; n <= runs; n++) {
  const log = join(logs, `run-${n}.log`);
  const result = await run('npm', ['test'], log, { CI: 'true' });
  const row = `run ${n}${n === 1 ? ' (cold)' : ''}: ${
    result.code === 0
      ? 'passed'
      : result.code === 'time'
        ? 'TIMED OUT'
        : `FAILED (exit ${result.code})`
  } in ${(result.ms / 60_000).toFixed(2)} min · ${counts(result.tail)} · ${log}`;
  rows.push([result.code === 0, row]);
  console.log(row);
}
stopSpinners();
if (!values.keep) rmSync(clone, { recursive: true, force: true });
const passed = rows.filter(([ok]) => ok).length;
console.log(
  `${passed} of ${runs} runs passed, ${busy} core(s) busy, commit ${commit.slice(0, 10)}`,
);
process.exit(passed === runs ? 0 : 1);
