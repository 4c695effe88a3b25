// npm run differential [-- --base REF]: every verdict of today's engine beside the engine at REF
// (default d9f4aea, the last commit before issue 32's speed work), on the real files of
// test/fixtures/corpus, the benchmark's generated 500 KiB file and generated files of every shape
// (wildcards, `$`, percent-escapes, non-ASCII, repeated rules, many groups, CR line ends). For each
// file: 2,000 distinct URLs (half drawn from its rules), its own group names and four common
// robots, the three readings, with and without a fallback token. A verdict is the same when its
// answer, deciding rule, reason code, match length, competing rule and group choice are. Exits 1
// on any difference, printing the first ones.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as current from '../src/robots/index.ts';
import { AGENTS, largeFixture, random } from './fixtures.ts';
import { realisticWorkload } from './workload.ts';

type Engine = Pick<typeof current, 'checkUrl' | 'parseRobotsTxt'>;

const root = resolve(import.meta.dirname ?? '.', '..');
const args = process.argv.slice(2);
const at = args.indexOf('--base');
const baseRef = at === -1 ? 'd9f4aea' : (args[at + 1] ?? 'd9f4aea');

/** The engine as it was at `ref`, bundled from `git archive` into a temporary directory. */
async function engineAt(ref: string): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-engine-'));
  try {
    const tar = execFileSync('git', ['-C', root, 'archive', ref, 'src/robots'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const outfile = join(root, 'out', `engine-${ref}.mjs`);
    await build({
      entryPoints: [join(dir, 'src/robots/index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return (await import(pathToFileURL(outfile).href)) as Engine;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Generated files: each a mix of the shapes real files have and hostile ones. */
function generatedFiles(count: number): { name: string; text: string }[] {
  const rnd = random(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const pieces = ['a', 'b', 'shop', 'x', '%2F', '%41', 'é', '%C3%A9', '?', '=', '.pdf', '/', '~'];
  const value = () => {
    let v = '/';
    const n = Math.floor(rnd() * 5);
    for (let i = 0; i < n; i++) v += rnd() < 0.2 ? '*' : pick(pieces);
    if (rnd() < 0.15) v += '$';
    return rnd() < 0.05 ? '' : v;
  };
  const agents = ['*', 'Googlebot', 'googlebot-news', 'Bingbot', 'GPTBot', 'ClaudeBot', 'bot'];
  const files: { name: string; text: string }[] = [];
  for (let f = 0; f < count; f++) {
    const lines: string[] = [];
    const groups = 1 + Math.floor(rnd() * 6);
    for (let g = 0; g < groups; g++) {
      const uas = 1 + Math.floor(rnd() * 2);
      for (let u = 0; u < uas; u++) lines.push(`User-agent: ${pick(agents)}`);
      const rules = Math.floor(rnd() * 30);
      const written: string[] = [];
      for (let r = 0; r < rules; r++) {
        // Now and then a rule written again, the case issue 32's dedupe changed.
        const line =
          written.length > 0 && rnd() < 0.15
            ? pick(written)
            : `${pick(['Allow', 'Disallow', 'disallow', 'Dissallow'])}: ${value()}`;
        written.push(line);
        lines.push(line);
      }
      if (rnd() < 0.3) lines.push('');
    }
    const eol = pick(['\n', '\r\n', '\r']);
    files.push({ name: `generated #${f}`, text: lines.join(eol) });
  }
  return files;
}

/** The first names the file's groups give (as parsed), so each file's own robots are checked too. */
function namesIn(robots: ReturnType<Engine['parseRobotsTxt']>): string[] {
  const names = new Set(
    robots.groups.flatMap((g) => g.agents).filter((a) => a !== '' && a !== '*'),
  );
  return [...names].slice(0, 6);
}

function summary(v: ReturnType<Engine['checkUrl']>): string {
  const d = v.reason.decision;
  return JSON.stringify([
    v.allowed,
    v.rule?.line ?? null,
    v.rule?.type ?? null,
    v.rule?.value ?? null,
    d.code,
    d.matchLength,
    d.competing?.line ?? null,
    d.indexHtml,
    d.approximate ?? false,
    v.reason.groups.code,
    v.reason.groups.lines,
    v.reason.token,
    v.reason.path,
  ]);
}

const previous = await engineAt(baseRef);
const corpusDir = join(root, 'test/fixtures/corpus');
const files = [
  ...readdirSync(corpusDir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => ({ name: f, text: readFileSync(join(corpusDir, f), 'utf8') })),
  { name: 'bench large file', text: largeFixture().text },
  ...generatedFiles(300),
];
const SEMANTICS = ['google', 'rfc9309', 'original1994'] as const;
let compared = 0;
const differences: string[] = [];
for (const file of files) {
  const now = current.parseRobotsTxt(file.text);
  const then = previous.parseRobotsTxt(file.text);
  const robots = [...AGENTS, ...namesIn(now)];
  const urls = realisticWorkload(
    file.text,
    ['x'],
    file.name.startsWith('generated') ? 200 : 2000,
  ).urls;
  for (const semantics of SEMANTICS)
    for (const robot of robots)
      for (const options of [{}, { fallbackTokens: ['Googlebot'] }])
        for (const url of urls) {
          const a = summary(current.checkUrl(now, robot, url, semantics, options));
          const b = summary(previous.checkUrl(then, robot, url, semantics, options));
          compared++;
          if (a !== b && differences.length < 20)
            differences.push(`${file.name} ${semantics} ${robot} ${url}\n  now  ${a}\n  then ${b}`);
        }
}
console.log(
  `${compared.toLocaleString('en')} verdicts on ${files.length} files compared with the engine at ${baseRef}: ${differences.length === 0 ? 'no difference' : 'DIFFERENCES'}`,
);
for (const d of differences) console.log(d);
process.exit(differences.length === 0 ? 0 : 1);
