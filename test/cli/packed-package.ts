// The npm package as another project gets it: lib/ (built once for the run by
// test/setup/build-lib.ts) packed with `npm pack`, and the tarball installed offline into a fresh
// project, with no dependency to fetch. The package test and the docs test both start here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Where the package went: the temporary folder, the tarball in it and the consumer project. */
export interface PackedPackage {
  dir: string;
  tarball: string;
  project: string;
}

/**
 * Packs the repository and installs the tarball into `<dir>/project`, an ES module project
 * (`"type": "module"`). `--ignore-scripts`: `prepack` would build lib/ again, replacing it while
 * other test files run lib/robots-lens.js. Remove `dir` when done.
 */
export function packAndInstall(prefix = 'rl-pack-'): PackedPackage {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz')) ?? '');
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  execFileSync(NPM, ['install', tarball, '--offline', '--no-audit', '--no-fund', '--silent'], {
    cwd: project,
    stdio: 'pipe',
  });
  return { dir, tarball, project };
}

/** Removes what packAndInstall made. */
export function removePacked(packed: PackedPackage | undefined): void {
  if (packed !== undefined) rmSync(packed.dir, { recursive: true, force: true });
}
