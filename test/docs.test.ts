// The docs a user reads run (issue 33): every ```sh / ```bash and ```ts / ```typescript block of
// README.md and docs/*.md runs against the packed package, so no command or example goes stale,
// and every relative link between the docs resolves.
//
// Conventions a doc's snippets may rely on:
// - The package is `npm pack`ed and installed offline into a fresh project (packed-package.ts);
//   each Markdown file gets its own folder inside that project, and its snippets run there in the
//   order they appear: a snippet may use a file that an earlier snippet of the same file wrote
//   (`cat > robots.txt <<'EOF'`). `robots-lens` and `npx robots-lens` are the packed binary
//   (NPX_SHIM skips npx's own start-up).
// - Shell blocks run with `bash -e -o pipefail` and must exit 0, or the status a comment just
//   before the fence names: `<!-- docs-test: exit 1 (why) -->`.
// - TypeScript blocks are modules, compiled together with tsc (strict, NodeNext, @types/node),
//   then run with node one by one in the same order as the shell blocks.
// - `https://www.example.com` and `https://example.com` in a snippet are a local site served
//   here (EXAMPLE_SITE: a robots.txt, a sitemap and a few pages), so nothing leaves the machine.
// - A block that cannot run here (`npm start` opens a browser, `npm install` asks the registry)
//   has `<!-- docs-test: skip (the reason) -->` on the line before its fence; a skip without a
//   reason, or a block without a language tag, fails. Blocks in other languages (json, text,
//   csv) are shown, not run.
// - docs/cli.md lists each command's options under `## robots-lens <command>` as bullets starting
//   "- `--option": that list and the command's --help must name the same options, so an option
//   that disappears (or is renamed) fails here. docs/library.md names every export of the three
//   entries.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PackedPackage, packAndInstall, ROOT, removePacked } from './cli/packed-package.ts';

/** The docs whose snippets run: the README and docs/*.md. */
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
/** The docs whose links are checked: those, and the architecture and changelog when present. */
const LINKED = [...DOCS, 'ARCHITECTURE.md', 'CHANGELOG.md'].filter((f) =>
  existsSync(join(ROOT, f)),
);

const SHELL = new Set(['sh', 'bash']);
/**
 * `npx robots-lens` runs the packed binary straight from PATH: npx itself finds that same file in
 * the project's node_modules/.bin, but costs 0.5–1 s a call on 2 cores.
 */
const NPX_SHIM =
  'npx() { if [ "$1" = robots-lens ]; then shift; robots-lens "$@"; else command npx "$@"; fi; }';
const TYPESCRIPT = new Set(['ts', 'typescript']);

/** One fenced block of a Markdown file. */
interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  body: string;
  /** The `<!-- docs-test: … -->` comment on the line before the fence, if any. */
  directive: string | null;
}

/** The fenced blocks of `text`, with the directive comment before each. */
function fencedBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i] ?? '');
    if (open === null) continue;
    const fence = open[1] ?? '```';
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? '').trimStart().startsWith(fence)) {
      body.push(lines[j] ?? '');
      j++;
    }
    const before = /^<!--\s*docs-test:(.*?)-->\s*$/.exec((lines[i - 1] ?? '').trim());
    blocks.push({
      file,
      line: i + 1,
      lang: (open[2] ?? '').toLowerCase(),
      body: `${body.join('\n')}\n`,
      directive: before === null ? null : (before[1] ?? '').trim(),
    });
    i = j;
  }
  return blocks;
}

/** What the directive asks: skip (with its reason), or the exit status to expect. */
function directiveOf(block: Block): { skip: string | null; exit: number } {
  const d = block.directive;
  if (d === null) return { skip: null, exit: 0 };
  const skip = /^skip\s*\((.*)\)$/.exec(d);
  if (skip !== null) return { skip: (skip[1] ?? '').trim(), exit: 0 };
  const exit = /^exit (\d+)\s*\((.+)\)$/.exec(d);
  if (exit !== null) return { skip: null, exit: Number(exit[1]) };
  return { skip: '', exit: 0 };
}

const blocks = DOCS.flatMap((file) => fencedBlocks(file, readFileSync(join(ROOT, file), 'utf8')));
const runnable = (b: Block) => SHELL.has(b.lang) || TYPESCRIPT.has(b.lang);

/** The local www.example.com: what the snippets' URLs reach. */
const EXAMPLE_ROBOTS = `User-agent: Googlebot
Disallow: /private/

User-agent: GPTBot
Disallow: /

User-agent: *
Disallow: /private/
Content-Signal: search=yes, ai-train=no
`;
const page = (head = '') =>
  `<!doctype html><html><head><title>A page</title>${head}</head><body>Text</body></html>`;

/** Path → [status, headers, body] of the local site; `{origin}` becomes its address. */
const EXAMPLE_SITE: Record<string, [number, Record<string, string>, string]> = {
  '/robots.txt': [200, { 'content-type': 'text/plain' }, EXAMPLE_ROBOTS],
  '/sitemap.xml': [
    200,
    { 'content-type': 'application/xml' },
    `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${['/', '/offers', '/old-offer', '/draft', '/private/report']
  .map((p) => `  <url><loc>{origin}${p}</loc></url>`)
  .join('\n')}
</urlset>
`,
  ],
  '/': [200, { 'content-type': 'text/html' }, page()],
  '/a': [200, { 'content-type': 'text/html' }, page()],
  '/offers': [200, { 'content-type': 'text/html' }, page()],
  '/old-offer': [301, { location: '/offers' }, ''],
  '/draft': [200, { 'content-type': 'text/html' }, page('<meta name="robots" content="noindex">')],
  '/private/report': [200, { 'content-type': 'text/html' }, page()],
};

let packed: PackedPackage | undefined;
let server: Server | undefined;
let origin = '';
/** tsc's complaints per snippet, by the snippet file's absolute path. */
const tscErrors = new Map<string, string[]>();
const scriptOf = (b: Block) =>
  join(folderOf(b.file), `${b.file.replace(/[/.]/g, '-')}-${b.line}.ts`);
const folderOf = (file: string) =>
  join(packed?.project ?? '', `docs-${file.replace(/[/.]/g, '-')}`);
const local = (text: string) => text.replace(/https?:\/\/(www\.)?example\.com(?![\w.-])/g, origin);

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = EXAMPLE_SITE[(request.url ?? '/').split('?')[0] ?? '/'];
    if (route === undefined) response.writeHead(404).end('not found');
    else response.writeHead(route[0], route[1]).end(route[2].replaceAll('{origin}', origin));
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  packed = packAndInstall('rl-docs-');
  for (const file of DOCS) mkdirSync(folderOf(file));
  const scripts = blocks.filter((b) => TYPESCRIPT.has(b.lang) && directiveOf(b).skip === null);
  for (const b of scripts) writeFileSync(scriptOf(b), local(b.body));
  if (scripts.length === 0) return;
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [
    ...['--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
    ...['--target', 'es2022', '--skipLibCheck', '--pretty', 'false'],
    ...['--typeRoots', join(ROOT, 'node_modules/@types'), '--types', 'node'],
  ];
  try {
    execFileSync(process.execPath, [tsc, ...args, ...scripts.map(scriptOf)], {
      cwd: packed.project,
      stdio: 'pipe',
    });
  } catch (error) {
    // tsc still emits; each snippet's test reports its own lines.
    const out = String((error as { stdout?: Buffer }).stdout ?? error);
    for (const line of out.split('\n')) {
      const at = /^(.+?\.ts)\(/.exec(line);
      if (at === null) continue;
      const key = resolve(packed.project, at[1] ?? '');
      tscErrors.set(key, [...(tscErrors.get(key) ?? []), line]);
    }
  }
}, 180_000);

afterAll(() => {
  server?.close();
  removePacked(packed);
});

/** Runs a command to its end, with the packed binary first on PATH. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<{ status: number | null; out: string }>((done, fail) => {
    const bin = join(packed?.project ?? '', 'node_modules/.bin');
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env['PATH'] ?? ''}`,
        npm_config_offline: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', fail);
    child.on('close', (status) => done({ status, out }));
  });
}

describe('every block of the docs has a language, and every skip a reason', () => {
  test.each(blocks.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_, b) => {
    expect(b.lang, 'a fence without a language tag').not.toBe('');
    const { skip } = directiveOf(b);
    expect(skip, `a docs-test comment without a reason: "${b.directive}"`).not.toBe('');
  });

  test('the figures: snippets run and skipped', () => {
    const code = blocks.filter(runnable);
    const skipped = code.filter((b) => directiveOf(b).skip !== null);
    console.log(
      `docs test: ${code.length - skipped.length} snippets run, ${skipped.length} skipped (${skipped
        .map((b) => `${b.file}:${b.line} ${directiveOf(b).skip}`)
        .join('; ')})`,
    );
    expect(code.length - skipped.length).toBeGreaterThan(skipped.length);
  });
});

for (const file of DOCS) {
  const code = blocks.filter((b) => b.file === file && runnable(b));
  if (code.length === 0) continue;
  // One file's snippets run in order in one folder: a later one may read what an earlier wrote.
  describe(`${file}: its snippets run`, () => {
    for (const b of code) {
      const { skip, exit } = directiveOf(b);
      const name = `${b.file}:${b.line} (${b.lang})`;
      if (skip !== null) {
        test.skip(`${name}: ${skip}`, () => {});
        continue;
      }
      test(name, { timeout: 60_000 }, async () => {
        if (TYPESCRIPT.has(b.lang)) {
          expect(tscErrors.get(scriptOf(b)) ?? [], 'tsc').toEqual([]);
          const result = await run(
            process.execPath,
            [scriptOf(b).replace(/\.ts$/, '.js')],
            folderOf(file),
          );
          expect(result, result.out).toMatchObject({ status: exit });
        } else {
          const result = await run(
            'bash',
            ['-e', '-o', 'pipefail', '-c', `${NPX_SHIM}\n${local(b.body)}`],
            folderOf(file),
          );
          expect(result, result.out).toMatchObject({ status: exit });
        }
      });
    }
  });
}

// Each test below starts node: more than vitest's 5 s default when both cores are busy.
describe('docs/cli.md names every option of each command, and only those', {
  timeout: 60_000,
}, () => {
  test.each(['check', 'diff', 'audit'])('robots-lens %s', async (command) => {
    const cli = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    const section = cli.split(/^## /m).find((s) => s.startsWith(`\`robots-lens ${command}\``));
    expect(section, `a "## \`robots-lens ${command}\`" section`).toBeDefined();
    const documented = new Set(
      (section ?? '')
        .split('\n')
        .filter((l) => l.startsWith('- `--'))
        .flatMap((l) => [...l.matchAll(/`(--[a-z][a-z-]*)/g)].map((m) => m[1])),
    );
    const help = await run(
      join(packed?.project ?? '', 'node_modules/.bin/robots-lens'),
      [command, '--help'],
      packed?.project ?? '',
    );
    const options = new Set(
      [...help.out.matchAll(/^ {2}(--[a-z][a-z-]*)/gm)]
        .map((m) => m[1])
        .filter((o) => o !== '--help'),
    );
    expect([...documented].sort()).toEqual([...options].sort());
  });
});

describe('docs/library.md names every export of the package', { timeout: 60_000 }, () => {
  test.each(['robots-lens', 'robots-lens/engine', 'robots-lens/node'])('%s', async (entry) => {
    const out = await run(
      process.execPath,
      ['--input-type=module', '-e', `console.log(Object.keys(await import('${entry}')).join(' '))`],
      packed?.project ?? '',
    );
    expect(out.status, out.out).toBe(0);
    const library = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
    const missing = out.out
      .trim()
      .split(' ')
      .filter((name) => !library.includes(`\`${name}`) && !library.includes(`${name}(`));
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code), numbered as GitHub numbers repeats. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of text.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) inCode = !inCode;
    const heading = inCode ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const base = slug(heading[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

describe('every relative link between the docs resolves', () => {
  test.each(LINKED)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // Links in code are examples, not links.
    const prose = text
      .replace(/^ {0,3}(`{3,}|~{3,})[\s\S]*?^ {0,3}\1/gm, '')
      .replace(/`[^`\n]*`/g, '');
    const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
      (m) => m[1] ?? '',
    );
    const broken: string[] = [];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path = '', anchor] = target.split('#');
      const into =
        path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURI(path));
      if (!existsSync(into)) {
        broken.push(`${target}: no ${relative(ROOT, into)}`);
        continue;
      }
      if (anchor !== undefined && into.endsWith('.md')) {
        if (!anchorsOf(readFileSync(into, 'utf8')).has(anchor))
          broken.push(`${target}: no heading #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
