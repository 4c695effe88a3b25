// Vitest global setup (vitest.config.ts): lib/ built once, from the sources as they are now,
// before any test file runs: the package test packs it and the command-line tests run it.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export default function setup(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['scripts/build-lib.mjs'], { cwd: root, stdio: 'inherit' });
}
