// The npm package as another project gets it (issue 14): `npm pack` gives a tarball with no
// dependencies to install; in a fresh project `npx robots-lens` runs and
// `import { parseRobotsTxt, checkUrl } from 'robots-lens'` works, with TypeScript types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
let dir = '';
let project = '';
let tarball = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rl-pack-'));
  // lib/ as built once for this run (test/setup/build-lib.ts): `prepare` would build it again,
  // replacing it while other test files run lib/robots-lens.js.
  execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz')) ?? '');
  project = join(dir, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(
    join(project, 'package.json'),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  execFileSync(NPM, ['install', tarball, '--offline', '--no-audit', '--no-fund', '--silent'], {
    cwd: project,
    stdio: 'pipe',
  });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm pack → npm install in another project', () => {
  test('the tarball holds the library, its types and the binary, and no dependencies', () => {
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/robots-lens/package.json'), 'utf8'),
    );
    expect(installed.dependencies ?? {}).toEqual({});
    expect(pkg.dependencies ?? {}).toEqual({});
    const files = readdirSync(join(project, 'node_modules/robots-lens/lib'));
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'robots-lens.js']));
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

  test('with its TypeScript types (strict, NodeNext)', () => {
    writeFileSync(
      join(project, 'use.ts'),
      "import { checkUrl, parseRobotsTxt, type RobotsTxt, type Verdict } from 'robots-lens';\n" +
        "const r: RobotsTxt = parseRobotsTxt('User-agent: *\\nDisallow: /x\\n');\n" +
        "const v: Verdict = checkUrl(r, 'Googlebot', '/x', 'rfc9309');\n" +
        'const allowed: boolean = v.allowed;\n' +
        'const line: number | undefined = v.rule?.line;\n' +
        "// @ts-expect-error: a reading the library does not have\ncheckUrl(r, 'Googlebot', '/x', 'bing');\n" +
        'export { allowed, line };\n',
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    expect(() =>
      execFileSync(process.execPath, [tsc, ...args, 'use.ts'], { cwd: project, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
