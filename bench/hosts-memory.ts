// npm run bench:hosts: the peak memory of `robots-lens check --urls` and `robots-lens audit --urls`
// over many distinct hosts (issue 41, item 3). Node's fetch keeps a connection pool per origin
// for the life of the process; the command line's own dispatcher (io/node-fetch.ts) must hold
// memory to what its concurrency needs, not to the number of hosts. Everything stays on loopback:
// one local server answers every Host, and a preload maps each `hN.test` name to 127.0.0.1 (and
// never to any other address) through node:dns's lookup, as a hosts file would. The binary is the
// real one (lib/robots-lens.js, built first), measured by /usr/bin/time (peak RSS, wall).
//
//   npm run bench:hosts                          20,000 and 40,000 hosts, check and audit
//   npm run bench:hosts -- --hosts 5000          one size
//   npm run bench:hosts -- --no-build            the lib/ already built
//   npm run bench:hosts -- --cli OTHER.js        another build of the binary (a baseline)
//
// Goal: every run under 300 MB peak RSS.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    hosts: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
    command: { type: 'string', multiple: true },
    cli: { type: 'string' },
  },
});
const SIZES = (values.hosts ?? ['20000', '40000']).map(Number);
const COMMANDS = values.command ?? ['check', 'audit'];
const GOAL_MB = 300;

if (!values['no-build'] && values.cli === undefined)
  execFileSync(process.execPath, ['scripts/build-lib.mjs'], { stdio: 'inherit' });
const CLI = resolve(values.cli ?? 'lib/robots-lens.js');
const dir = mkdtempSync(join(tmpdir(), 'rl-bench-hosts-'));

// Only names ending in .test are mapped, only to loopback; every other name resolves as usual.
const PRELOAD = join(dir, 'loopback-names.cjs');
writeFileSync(
  PRELOAD,
  `const dns = require('node:dns');
const { syncBuiltinESMExports } = require('node:module');
const lookup = dns.lookup;
const promised = dns.promises.lookup;
const isTest = (host) => typeof host === 'string' && host.endsWith('.test');
dns.lookup = function (host, options, callback) {
  if (!isTest(host)) return lookup.apply(this, arguments);
  const cb = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all === true;
  process.nextTick(() => (all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)));
};
dns.promises.lookup = async (host, options) =>
  isTest(host)
    ? options && options.all ? [{ address: '127.0.0.1', family: 4 }] : { address: '127.0.0.1', family: 4 }
    : promised(host, options);
syncBuiltinESMExports();
`,
);

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const PAGE = `<!doctype html><html><head><title>p</title><meta name="robots" content="index,follow"><link rel="canonical" href="/"></head><body>${'<p>text</p>'.repeat(100)}</body></html>`;
const server = createServer((request, response) => {
  if (request.url === '/robots.txt')
    response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
  else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
});
server.keepAliveTimeout = 5000;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

interface Measure {
  wallS: number;
  maxRssMb: number;
  lines: number;
}

/** Runs the binary under /usr/bin/time, stdout to a file: wall, peak RSS, lines written. */
function measured(args: string[]): Promise<Measure> {
  const report = join(dir, 'time.txt');
  const out = join(dir, 'out.jsonl');
  const fd = openSync(out, 'w');
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%M', '-o', report, process.execPath, '--require', PRELOAD, CLI, ...args],
      { stdio: ['ignore', fd, 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      closeSync(fd);
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0 && code !== 1) return fail(new Error(`exited ${code}\n${stderr}`));
      const maxRssKb = Number(readFileSync(report, 'utf8').trim().split(/\s+/).pop());
      const text = readFileSync(out, 'utf8');
      let lines = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
      done({ wallS, maxRssMb: maxRssKb / 1024, lines });
    });
  });
}

console.log('| command | hosts | wall s | records | peak RSS MB | goal |');
console.log('|---|---:|---:|---:|---:|---|');
try {
  for (const hosts of SIZES) {
    const urls = join(dir, `urls-${hosts}.txt`);
    const list: string[] = [];
    for (let i = 0; i < hosts; i++) list.push(`http://h${i}.test:${port}/page`);
    writeFileSync(urls, `${list.join('\n')}\n`);
    for (const command of COMMANDS) {
      const m = await measured([command, '--urls', urls, '--format', 'jsonl', '--agent', 'X']);
      const ok = m.maxRssMb < GOAL_MB ? 'met' : '**NOT met**';
      console.log(
        `| ${command} | ${hosts.toLocaleString('en')} | ${m.wallS.toFixed(1)} | ${m.lines} | ${m.maxRssMb.toFixed(0)} | < ${GOAL_MB} MB ${ok} |`,
      );
    }
  }
} finally {
  server.close();
  server.closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
}
