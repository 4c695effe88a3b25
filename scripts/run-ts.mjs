// Runs a TypeScript entry point on Node 20: bundles it with esbuild into out/, then imports it.
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
mkdirSync('out', { recursive: true });
const outfile = resolve('out', basename(entry).replace(/\.ts$/, '.mjs'));
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
process.argv.splice(2, 1);
await import(pathToFileURL(outfile).href);
