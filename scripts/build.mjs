// npm run build: bundles every entry point with esbuild into dist/, one unpacked extension for
// Chrome 121+ and Firefox 142+, and copies the manifest, the popup page and the icons.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const watch = process.argv.includes('--watch');

/**
 * Preact writes innerHTML only for `dangerouslySetInnerHTML`, which Robots Lens never uses: the
 * popup renders untrusted robots.txt text. The branch becomes a throw, so no HTML can ever be
 * injected, and addons-linter has no innerHTML assignment to flag. Fails loudly if Preact changes.
 */
const noInnerHtml = {
  name: 'no-inner-html',
  setup(b) {
    b.onLoad({ filter: /preact[\\/]dist[\\/]preact\.mjs$/ }, async ({ path }) => {
      const source = readFileSync(path, 'utf8');
      const pattern = /\((\w+)\.innerHTML=(\w+)\.__html\)/g;
      if ((source.match(pattern) ?? []).length !== 1)
        throw new Error(`no-inner-html: Preact changed (${path})`);
      return {
        contents: source.replace(
          pattern,
          '(()=>{throw new Error("dangerouslySetInnerHTML is disabled")})()',
        ),
        loader: 'js',
      };
    });
  },
};
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
const options = {
  entryPoints: {
    background: 'background/main.ts',
    popup: 'ui/popup/main.tsx',
    options: 'ui/options/main.tsx',
  },
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
  plugins: [noInnerHtml],
};
for (const file of [
  'manifest.json',
  'ui/popup/popup.html',
  'ui/ui.css',
  'ui/options/options.html',
  'ui/options/options.css',
])
  cpSync(file, `dist/${file.split('/').pop()}`);
cpSync('icons', 'dist/icons', { recursive: true });
cpSync('_locales', 'dist/_locales', {
  recursive: true,
  filter: (src) => !src.endsWith('.source.json'),
});
if (watch) {
  const { context } = await import('esbuild');
  await (await context(options)).watch();
  console.log('watching…');
} else {
  await build(options);
}
