// The npm package as another project gets it (issue 14): `npm pack` gives a tarball with no
// dependencies to install; in a fresh project `npx robots-lens` runs and
// `import { parseRobotsTxt, checkUrl } from 'robots-lens'` works, with TypeScript types.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NPM, type PackedPackage, packAndInstall, ROOT, removePacked } from './packed-package.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
let packed: PackedPackage | undefined;
let project = '';

beforeAll(() => {
  packed = packAndInstall();
  project = packed.project;
}, 180_000);

afterAll(() => removePacked(packed));

// Each test starts npm, node or tsc: vitest's 5 s default is too short when the other test files
// load both cores (npm publish --dry-run took over 5 s beside the docs test).
describe('npm pack → npm install in another project', { timeout: 60_000 }, () => {
  test('the tarball holds the library, its types and the binary, and no dependencies', () => {
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/robots-lens/package.json'), 'utf8'),
    );
    expect(installed.dependencies ?? {}).toEqual({});
    expect(pkg.dependencies ?? {}).toEqual({});
    const root = join(project, 'node_modules/robots-lens');
    expect(readdirSync(join(root, 'lib'))).toEqual(
      expect.arrayContaining(['index.js', 'engine.js', 'node.js', 'robots-lens.js', 'types']),
    );
    expect(readdirSync(join(root, 'lib/types/src'))).toContain('index.d.ts');
    expect(readdirSync(join(root, 'lib/types/io'))).toContain('package-node.d.ts');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(installed.private).toBeUndefined();
  });

  test('npx robots-lens runs', () => {
    const out = execFileSync(join(project, 'node_modules/.bin/robots-lens'), ['--version'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(pkg.version);
  });

  test("import { parseRobotsTxt, checkUrl } from 'robots-lens' works in Node", () => {
    writeFileSync(
      join(project, 'use.mjs'),
      "import { checkUrl, parseRobotsTxt } from 'robots-lens';\n" +
        "const r = parseRobotsTxt('User-agent: *\\nDisallow: /x\\n');\n" +
        "console.log(JSON.stringify([checkUrl(r, 'Googlebot', '/x/1', 'google').allowed, checkUrl(r, 'Googlebot', '/y').allowed]));\n",
    );
    const out = execFileSync(process.execPath, ['use.mjs'], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([false, true]);
  });

  test('the words in four languages, the AI signals, the page judge and the engine alone', () => {
    writeFileSync(
      join(project, 'words.mjs'),
      `import { checkUrl, parseRobotsTxt, translatorFor, whyText, aiSignalsFor, judgePage } from 'robots-lens';
import { checkUrl as engineCheck, parseRobotsTxt as engineParse } from 'robots-lens/engine';
import { htmlFacts } from 'robots-lens/node';
const file = 'User-agent: *\\nDisallow: /x\\nContent-Signal: ai-train=no\\n';
const verdict = checkUrl(parseRobotsTxt(file), 'Googlebot', '/x/1');
const why = Object.fromEntries(['en', 'es', 'ru', 'th'].map((l) => [l, whyText(verdict, translatorFor(l))]));
const ai = aiSignalsFor(file, 'GPTBot', 'https://a.test/y');
const url = 'https://a.test/p';
const dom = htmlFacts('<head><meta name="robots" content="noindex"><link rel="canonical" href="/c">', url);
const page = judgePage({ url, dom: { ok: true, facts: dom }, headers: { ok: false, why: 'not-seen' } }, ['Googlebot'], Date.now());
const engine = engineCheck(engineParse(file), 'Googlebot', '/x').allowed;
console.log(JSON.stringify({ why, ai: ai.contentSignals, index: page.robots[0].index, canonical: page.canonical?.url, engine }));
`,
    );
    const out = JSON.parse(
      execFileSync(process.execPath, ['words.mjs'], { cwd: project, encoding: 'utf8' }),
    );
    expect(new Set(Object.values(out.why)).size).toBe(4);
    expect(out.why.th).toMatch(/[\u0E00-\u0E7F]/);
    expect(out.why.ru).toMatch(/[\u0400-\u04FF]/);
    expect(JSON.stringify(out.ai)).toContain('ai-train');
    expect(out.index).toBe('noindex');
    expect(out.canonical).toBe('https://a.test/c');
    expect(out.engine).toBe(false);
  });

  test('robots-lens/node fetches robots.txt as the extension does', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/robots.txt') response.end('User-agent: *\nDisallow: /private\n');
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      writeFileSync(
        join(project, 'node.mjs'),
        `import { robotsTxtFor } from 'robots-lens/node';
import { checkUrl, parseRobotsTxt } from 'robots-lens';
const page = 'http://127.0.0.1:${port}/private/a';
const found = await robotsTxtFor(page, { userAgent: 'my-tool/1.0' });
const allowed = found.outcome.kind === 'ok' ? checkUrl(parseRobotsTxt(found.outcome.text), 'my-tool', page).allowed : null;
console.log(JSON.stringify({ url: found.robotsUrl, kind: found.outcome.kind, allowed, none: await robotsTxtFor('ftp://a.test/') }));
`,
      );
      const child = spawn(process.execPath, ['node.mjs'], { cwd: project });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      await new Promise((done) => child.on('close', done));
      expect(JSON.parse(out)).toEqual({
        url: `http://127.0.0.1:${port}/robots.txt`,
        kind: 'ok',
        allowed: false,
        none: null,
      });
    } finally {
      server.close();
    }
  });

  test('npm publish --dry-run accepts the package', () => {
    const out = execFileSync(NPM, ['publish', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const names = (report[pkg.name].files as { path: string }[]).map((f) => f.path);
    expect(names).toEqual(expect.arrayContaining(['LICENSE', 'lib/index.js', 'package.json']));
    expect(names.every((n) => /^(LICENSE|README\.md|package\.json|lib\/)/.test(n))).toBe(true);
  });

  test('with its TypeScript types (strict, NodeNext)', () => {
    writeFileSync(
      join(project, 'use.ts'),
      "import { checkUrl, parseRobotsTxt, type RobotsTxt, type Verdict } from 'robots-lens';\n" +
        "const r: RobotsTxt = parseRobotsTxt('User-agent: *\\nDisallow: /x\\n');\n" +
        "const v: Verdict = checkUrl(r, 'Googlebot', '/x', 'rfc9309');\n" +
        'const allowed: boolean = v.allowed;\n' +
        'const line: number | undefined = v.rule?.line;\n' +
        "// @ts-expect-error: a reading the library does not have\ncheckUrl(r, 'Googlebot', '/x', 'bing');\n" +
        "import { translatorFor, whyText, judgePage, type Translator, type PageJudgement } from 'robots-lens';\n" +
        "import { parseRobotsTxt as parseAlone } from 'robots-lens/engine';\n" +
        "import { htmlFacts, robotsTxtFor } from 'robots-lens/node';\n" +
        "const t: Translator = translatorFor('th');\n" +
        'const why: string = whyText(v, t);\n' +
        "const judged: PageJudgement = judgePage({ url: 'https://a.test/', dom: { ok: true, facts: htmlFacts('', 'https://a.test/') }, headers: { ok: false, why: 'not-seen' } }, ['Googlebot'], 0);\n" +
        "const found: Promise<{ robotsUrl: string } | null> = robotsTxtFor('https://a.test/');\n" +
        "const alone: RobotsTxt = parseAlone('');\n" +
        'export { allowed, line, why, judged, found, alone };\n',
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    expect(() =>
      execFileSync(process.execPath, [tsc, ...args, 'use.ts'], { cwd: project, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
