// npm run build: bundles every entry point with esbuild into dist/, one unpacked extension for
// Chrome 121+ and Firefox 142+, and copies the manifest, the pages and the icons. The background
// is one IIFE (Chrome's service worker and Firefox's background script at once). The options page
// and the popup's app are ES modules with code splitting (`<script type="module">` and import() in
// extension pages: Chrome 121+, Firefox 142+), each built on its own: a module a page loads with
// import() (the popup's views, popup/views.ts) becomes dist/chunks/<page>-<name>-<hash>.js,
// fetched when first shown, and the code it shares with the first screen
// dist/chunks/<page>-chunk-<hash>.js, which the page's HTML preloads. The popup's entry
// (popup/main.tsx) is one small classic script of its own, run at the end of the page's body,
// before the first frame: it shows the carried screen in that frame, sends the first requests, and
// imports the app (dist/chunks/popup-start.js, preloaded from the head meanwhile). The popup's
// page comes twice, its stylesheet inline in both: popup.html preloads the app,
// popup-screen.html (the page a tab's popup URL names while it carries a screen) preloads nothing.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build, transformSync } from 'esbuild';

const watch = process.argv.includes('--watch');
/**
 * `--test` (npm run test:e2e): the same dist/ with a fetch timeout of 6 s instead of 15
 * (src/policy.ts FETCH_TIMEOUT_MS), so the end-to-end tests do not wait 15 s in each browser for a
 * site that never answers. The shipped build (npm run build, npm run package) keeps 15 s. Not
 * shorter: the deadline also bounds the wait for a hop Firefox reports late (io/follow-redirects.ts),
 * which on a busy 2-core machine took over 2 s (issue 41); 3 s left that a margin too thin.
 */
const testTimeout = {
  name: 'test-fetch-timeout',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]policy\.ts$/ }, ({ path }) => {
      const line = 'export const FETCH_TIMEOUT_MS = 15_000;';
      const source = readFileSync(path, 'utf8');
      if (!source.includes(line)) throw new Error(`test-fetch-timeout: no "${line}" in ${path}`);
      return {
        contents: source.replace(line, 'export const FETCH_TIMEOUT_MS = 6_000;'),
        loader: 'ts',
      };
    });
  },
};

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
/** What both builds share. */
const common = {
  outdir: 'dist',
  bundle: true,
  target: ['chrome121', 'firefox128'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: !watch,
  sourcemap: watch ? 'inline' : false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: process.argv.includes('--test') ? [noInnerHtml, testTimeout] : [noInnerHtml],
};
/**
 * Writes dist/<page>.html from ui/<page>/<page>.html with a `<link rel="modulepreload">` for each
 * module the page runs before its first screen: `entry` and every chunk it imports before it runs,
 * or imports itself with import(): the browser fetches them alongside the page instead of after
 * running its script (fewer rounds of requests before the first screen). `script` (the popup's
 * entry, a classic script) goes last in the body: it runs with the page's root there. `inline`
 * puts ui/ui.css in the page as a <style>; `kept` names a second page, the same without preloads
 * (dist/popup-screen.html: the popup with a kept screen to show, src/extension/protocol.ts POPUP_SCREEN_PAGE).
 */
const modulePreload = (page, html, entry, script = null, { inline = false, kept = null } = {}) => ({
  name: 'module-preload',
  setup(b) {
    b.onEnd(({ metafile }) => {
      if (metafile === undefined) return;
      const outputs = metafile.outputs;
      const eager = new Set(script === null ? [] : [entry]);
      const visit = (file, dynamic) => {
        for (const i of outputs[file]?.imports ?? [])
          if ((i.kind === 'import-statement' || dynamic) && !eager.has(i.path)) {
            eager.add(i.path);
            visit(i.path, false);
          }
      };
      // The entry's own import()s are its first screen too (the popup's entry starts its requests
      // and then imports the app); the app's import()s (the other views) are not.
      visit(entry, script === null);
      const links = [...eager]
        .map((path) => `    <link rel="modulepreload" href="${path.replace(/^dist\//, '')}" />\n`)
        .join('');
      let source = readFileSync(html, 'utf8');
      if (!source.includes('  </head>')) throw new Error(`module-preload: no </head> in ${html}`);
      // Last in the body: the popup's root is there when it runs, so the last screen it shows is
      // in the page's first frame; the preloads above have been fetching meanwhile.
      if (script !== null) {
        if (!source.includes('  </body>')) throw new Error(`module-preload: no </body> in ${html}`);
        source = source.replace('  </body>', `    <script src="${script}"></script>\n  </body>`);
      }
      if (inline) {
        // The shared stylesheet in the page itself: a linked one, even of one rule, held the page's
        // first frame back by 7–10 ms here (static pages timed as bench/popup.bench.mjs times).
        const { code: css } = transformSync(readFileSync('ui/ui.css', 'utf8'), {
          loader: 'css',
          minify: !watch,
          target: common.target,
        });
        const link = '    <link rel="stylesheet" href="ui.css" />\n';
        if (!source.includes(link) || /<\/style/i.test(css))
          throw new Error(`module-preload: cannot inline ui.css into ${html}`);
        source = source.replace(link, `    <style>${css}</style>\n`);
      }
      writeFileSync(`dist/${page}.html`, source.replace('  </head>', `${links}  </head>`));
      // The page that shows a kept screen preloads nothing: the app loads after that screen's
      // frame, which the preloads' fetching and compiling would otherwise delay.
      if (kept !== null) writeFileSync(`dist/${kept}`, source);
    });
  },
});
/** The popup's entry imports the app from where the app's build writes it (a name without a hash). */
const POPUP_APP = './chunks/popup-start.js';
const popupApp = {
  name: 'popup-app',
  setup(b) {
    b.onResolve({ filter: /^\.\/start\.tsx$/ }, () => ({ path: POPUP_APP, external: true }));
  },
};
/** A page's modules, split: what a page shares between its first screen and its other views. */
const splitPage = (name, entryPoints, html, entry, script, page = {}) => ({
  ...common,
  entryPoints,
  format: 'esm',
  splitting: true,
  entryNames: script === null ? '[name]' : 'chunks/[name]',
  chunkNames: `chunks/${name}-[name]-[hash]`,
  metafile: true,
  plugins: [...common.plugins, modulePreload(name, html, entry, script, page)],
});
const builds = [
  {
    ...common,
    entryPoints: { background: 'background/main.ts' },
    format: 'iife',
  },
  // One build per page: split together, the options page would load every module the popup
  // shares with it whole (esbuild splits by module across entry points), twice what it needs.
  splitPage(
    'options',
    { options: 'options/main.tsx' },
    'options/options.html',
    'dist/options.js',
    null,
  ),
  splitPage(
    'popup',
    { 'popup-start': 'popup/start.tsx' },
    'popup/popup.html',
    'dist/chunks/popup-start.js',
    'popup.js',
    { inline: true, kept: 'popup-screen.html' },
  ),
  // The popup's entry: everything it runs is in this one file (the app is imported, not bundled).
  {
    ...common,
    entryPoints: { popup: 'popup/main.tsx' },
    format: 'iife',
    plugins: [...common.plugins, popupApp],
  },
];
for (const file of ['manifest.json', 'ui/ui.css', 'options/options.css'])
  cpSync(file, `dist/${file.split('/').pop()}`);
cpSync('icons', 'dist/icons', { recursive: true });
cpSync('_locales', 'dist/_locales', {
  recursive: true,
  filter: (src) => !src.endsWith('.source.json'),
});
if (watch) {
  const { context } = await import('esbuild');
  for (const options of builds) await (await context(options)).watch();
  console.log('watching…');
} else {
  await Promise.all(builds.map((options) => build(options)));
}
