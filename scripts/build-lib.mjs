// npm run build:lib (also `prepare`, so `npm ci` and `npm pack` run it): the npm package's files in
// lib/. lib/index.js is the library (src/index.ts: the engine, the crawler profiles, the fetch
// policy and the words, no platform API) with its type declarations; lib/robots-lens.js is the
// command line (cli/robots-lens.ts) for Node 20, one file with everything it needs bundled in
// (the catalogues, the XML parser), so the package has no dependencies to install.

import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('lib', { recursive: true, force: true });
const common = { bundle: true, format: 'esm', legalComments: 'none', logLevel: 'warning' };
await Promise.all([
  build({
    ...common,
    entryPoints: ['src/index.ts'],
    outfile: 'lib/index.js',
    platform: 'neutral',
    target: 'es2022',
  }),
  build({
    ...common,
    entryPoints: ['cli/robots-lens.ts'],
    outfile: 'lib/robots-lens.js',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  }),
]);
chmodSync('lib/robots-lens.js', 0o755);
// The library's declarations, next to it (lib/index.d.ts and the modules it names).
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'], {
  stdio: 'inherit',
});
// The message keys are the English catalogue's: written out as a union, so the declarations need
// no JSON file (and no resolveJsonModule) in the project that installs the package.
const declared = 'lib/explain/translator.d.ts';
const keys = Object.keys(JSON.parse(readFileSync('_locales/en/messages.json', 'utf8')));
const source = readFileSync(declared, 'utf8');
const jsonImport = /import type en from '[^']*messages\.json';\n/;
const keyType = /export type MessageKey = keyof typeof en;/;
if (!jsonImport.test(source) || !keyType.test(source))
  throw new Error(`build-lib: ${declared} no longer declares MessageKey from the catalogue`);
writeFileSync(
  declared,
  source
    .replace(jsonImport, '')
    .replace(
      keyType,
      `export type MessageKey =\n${keys.map((k) => `  | ${JSON.stringify(k)}`).join('\n')};`,
    ),
);
