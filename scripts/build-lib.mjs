// npm run build:lib (also `prepack`, so `npm pack` and `npm publish` run it): the npm package's
// files in lib/. lib/index.js is the library (src/index.ts: the engine, the crawler profiles, the
// page judge, the AI signals and the words with their four catalogues, no platform API),
// lib/engine.js the engine alone, lib/node.js robots.txt fetched with Node's fetch
// (io/package-node.ts), their type declarations in lib/types/; lib/robots-lens.js is the command
// line (cli/robots-lens.ts) for Node 20. Each is one file with everything it needs bundled in, so
// the package has no dependencies to install.
//
// Built in a folder of its own, then moved into lib/ file by file (a rename replaces a file at
// once): a test that runs lib/robots-lens.js or packs lib/ while this runs (vitest runs test files
// side by side) sees the old files or the new ones, never a missing or half-written one.

import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

/** A `require` for the CommonJS modules bundled into an ES module (Node's built-ins). */
const NODE_REQUIRE =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

mkdirSync('node_modules/.cache', { recursive: true });
const out = mkdtempSync('node_modules/.cache/build-lib-');
try {
  const common = { bundle: true, format: 'esm', legalComments: 'none', logLevel: 'warning' };
  await Promise.all([
    // The library, and the engine alone (robots-lens/engine): pure, for any runtime.
    ...[
      ['src/index.ts', 'index.js'],
      ['src/robots/index.ts', 'engine.js'],
    ].map(([entry, file]) =>
      build({
        ...common,
        entryPoints: [entry],
        outfile: `${out}/${file}`,
        platform: 'neutral',
        target: 'es2022',
      }),
    ),
    // robots-lens/node: robots.txt fetched as the extension fetches it, with Node's fetch.
    build({
      ...common,
      entryPoints: ['io/package-node.ts'],
      outfile: `${out}/node.js`,
      platform: 'node',
      target: 'node20',
      // undici's modules (io/node-fetch.ts) are CommonJS and require Node's built-in modules.
      banner: { js: NODE_REQUIRE },
    }),
    build({
      ...common,
      entryPoints: ['cli/robots-lens.ts'],
      outfile: `${out}/robots-lens.js`,
      platform: 'node',
      target: 'node20',
      // A CommonJS dependency (cli-progress) requires Node's built-in modules: an ES module has
      // no `require`, so the bundle makes one.
      banner: {
        js: `#!/usr/bin/env node\n${NODE_REQUIRE}`,
      },
      // encoding-sniffer needs only whatwg-encoding's label table; the package's decoders load
      // iconv-lite, which cannot load from this ES module (io/encoding-labels.ts says more).
      plugins: [
        {
          name: 'whatwg-encoding-labels',
          setup(b) {
            b.onResolve({ filter: /^whatwg-encoding$/ }, () => ({
              path: resolve('io/encoding-labels.ts'),
            }));
          },
        },
      ],
    }),
  ]);
  chmodSync(`${out}/robots-lens.js`, 0o755);
  // The declarations of the three entries and the modules they name, in lib/types/ as the tree
  // lays them out (lib/types/src/index.d.ts, lib/types/io/package-node.d.ts).
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json', '--outDir', `${out}/types`],
    { stdio: 'inherit' },
  );
  // The message keys are the English catalogue's: written out as a union, so the declarations need
  // no JSON file (and no resolveJsonModule) in the project that installs the package.
  const declared = `${out}/types/src/explain/translator.d.ts`;
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
  // Into lib/: each new file replaces the old one in one step; files no longer built go after.
  const built = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(out.length + 1));
  for (const file of built) {
    mkdirSync(dirname(join('lib', file)), { recursive: true });
    renameSync(join(out, file), join('lib', file));
  }
  const keep = new Set(built);
  const entries = readdirSync('lib', { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const file = join(entry.parentPath, entry.name).slice('lib/'.length);
    if (!entry.isDirectory() && !keep.has(file)) rmSync(join('lib', file));
  }
  // Folders left empty, the deepest first.
  const folders = entries.filter((entry) => entry.isDirectory());
  for (const folder of folders
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .reverse())
    if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true });
} finally {
  rmSync(out, { recursive: true, force: true });
}
