// npm run build: bundles every entry point with esbuild into dist/, one unpacked extension for
// Chrome 121+ and Firefox 142+, and copies the manifest, the popup page and the icons.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const watch = process.argv.includes('--watch');
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
const options = {
  entryPoints: { background: 'background/main.ts', popup: 'popup/main.tsx' },
  outdir: 'dist',
  bundle: true,
  format: 'iife',
  target: ['chrome121', 'firefox128'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: !watch,
  sourcemap: watch ? 'inline' : false,
  legalComments: 'none',
  logLevel: 'warning',
};
for (const file of ['manifest.json', 'popup/popup.html', 'popup/popup.css'])
  cpSync(file, `dist/${file.split('/').pop()}`);
cpSync('icons', 'dist/icons', { recursive: true });
if (watch) {
  const { context } = await import('esbuild');
  await (await context(options)).watch();
  console.log('watching…');
} else {
  await build(options);
}
