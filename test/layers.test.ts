// The layers of ARCHITECTURE.md, checked by a test rather than by memory (STYLE.md §13; issue 27,
// item 2): every import of every product file must point the way the picture does, inward to the
// library. A rule is a row with its reason; a file that breaks one is named with the import and the
// row. Where the tree breaks a rule on purpose, the break is listed in EXCEPTIONS with its reason,
// and the test fails when it is no longer needed, so the list cannot go stale.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, test } from 'vitest';

/** The folders that ship, in the extension, the library or the command line. */
const PRODUCT = [
  'src',
  'io',
  'webext',
  'first-screen',
  'ui',
  'popup',
  'options',
  'background',
  'cli',
] as const;

/** A product folder; src/extension/ is a layer apart from the rest of src/. */
type Layer = (typeof PRODUCT)[number] | 'src/extension';

/** Packages a layer may import: those named, any, or any that also runs in a browser. */
type Packages = readonly string[] | 'any' | 'not node:';

type Rule = {
  layer: Layer;
  /** The other layers and the files outside them (`_locales`, `package.json`) it may import. */
  mayImport: readonly string[];
  packages: Packages;
  reason: string;
};

/** The picture, a row per layer (ARCHITECTURE.md). */
const RULES: readonly Rule[] = [
  {
    layer: 'src',
    // The catalogues are data: the library's words for clients with no extension (translatorFor).
    mayImport: ['_locales'],
    // ipaddr.js (src/addresses.ts) is pure and bundled into lib/index.js, so the package installs
    // nothing.
    packages: ['ipaddr.js'],
    reason:
      'src/ is the npm library: it runs in plain node and any browser, without the extension, ' +
      'and depends on nothing but tiny pure packages',
  },
  {
    layer: 'src/extension',
    mayImport: ['src'],
    packages: [],
    reason:
      "src/extension/ holds the extension's contracts (protocol, settings, history, their " +
      'words): pure data both sides of a message derive from',
  },
  {
    layer: 'io',
    mayImport: ['src', 'src/extension'],
    packages: 'any',
    reason:
      'io/ fetches for the browser and for Node alike, so it knows neither the extension nor the ' +
      'command line',
  },
  {
    layer: 'webext',
    // Not io/: the browser's API and fetching are two adapters, and background/ joins them.
    mayImport: ['src', 'src/extension'],
    packages: 'not node:',
    reason: 'webext/ is the browser, once: its API and the catalogues it loads, over the library',
  },
  {
    layer: 'first-screen',
    mayImport: ['src', 'src/extension'],
    packages: ['preact', 'preact-render-to-string', 'fflate'],
    reason:
      'first-screen/ renders without a DOM: the background draws it to HTML and the popup mounts ' +
      'it, so it may know neither of them',
  },
  {
    layer: 'ui',
    mayImport: ['src', 'src/extension', 'first-screen', 'webext'],
    packages: 'not node:',
    reason: 'ui/ is what the two pages share, so it knows neither page nor the background',
  },
  {
    layer: 'popup',
    mayImport: ['src', 'src/extension', 'first-screen', 'webext', 'ui'],
    packages: 'not node:',
    reason:
      'popup/ is a page: it talks to the background through messages only, and shares with the ' +
      'options page through ui/',
  },
  {
    layer: 'options',
    mayImport: ['src', 'src/extension', 'first-screen', 'webext', 'ui'],
    packages: 'not node:',
    reason:
      'options/ is a page: it talks to the background through messages only, and shares with the ' +
      'popup through ui/',
  },
  {
    layer: 'background',
    mayImport: ['src', 'src/extension', 'io', 'webext', 'first-screen'],
    packages: 'not node:',
    reason:
      'background/ wires the services; it draws the first screen through first-screen/, never ' +
      'through a page',
  },
  {
    layer: 'cli',
    // Not src/extension/: the command line speaks no message and keeps no settings.
    mayImport: ['src', 'io', '_locales', 'package.json'],
    packages: 'any',
    reason:
      'cli/ is the command line: the library, Node fetching, the catalogues and its version; no ' +
      'browser',
  },
];

/** Packages with one home: imported from that layer only. */
const HOMES: readonly { name: string; layers: readonly Layer[]; reason: string }[] = [
  {
    name: 'webextension-polyfill',
    layers: ['webext'],
    reason: 'webext/browser.ts is the one import of the polyfill, to keep it easy to remove',
  },
];

/** Each break of a rule the tree makes on purpose, with why; each must still occur. */
const EXCEPTIONS: readonly { file: string; specifier: string; reason: string }[] = [];

/** Browser and DOM globals the library never touches (src/tsconfig.json has no DOM types too). */
const GLOBALS: readonly { name: string; before: string }[] = [
  { name: 'chrome', before: '.' },
  { name: 'browser', before: '.' },
  { name: 'document', before: '.' },
  { name: 'window', before: '.' },
  { name: 'fetch', before: '(' },
  { name: 'localStorage', before: '' },
];

type File = { path: string; text: string };
type Import = { specifier: string; kind: 'static' | 'dynamic' };

/** The layer of a path relative to the repository: its folder, or what it is outside them. */
function layerOf(path: string): string {
  const [top = '', second] = path.split('/');
  if (top === 'src' && second === 'extension' && path !== 'src/extension') return 'src/extension';
  return top;
}

/** The package a bare specifier names: `preact/hooks` is preact, `node:fs` stays itself. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

type Token = { kind: 'name' | 'string' | 'punct' | 'other'; text: string };

/** Keywords after which a slash starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * The tokens of plain JavaScript as esbuild prints it: names, string literals (their value) and
 * punctuation; comments, template text and regular expressions are skipped, so nothing inside
 * them can look like an import or a global.
 */
function tokensOf(code: string): Token[] {
  const out: Token[] = [];
  const braces: ('{' | '${')[] = [];
  let i = 0;
  const template = () => {
    // From inside a template literal to its end or its next substitution.
    while (i < code.length) {
      const c = code[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return;
      } else if (c === '$' && code[i + 1] === '{') {
        braces.push('${');
        i += 2;
        return;
      } else i++;
    }
  };
  while (i < code.length) {
    const c = code[i] ?? '';
    const last = out.at(-1);
    if (/\s/.test(c)) i++;
    else if (code.startsWith('//', i))
      i = code.indexOf('\n', i) === -1 ? code.length : code.indexOf('\n', i);
    else if (code.startsWith('/*', i)) i = code.indexOf('*/', i + 2) + 2 || code.length;
    else if (c === '"' || c === "'") {
      let value = '';
      for (i++; i < code.length && code[i] !== c; i++)
        value += code[i] === '\\' ? code[++i] : code[i];
      i++;
      out.push({ kind: 'string', text: value });
    } else if (c === '`') {
      i++;
      template();
      out.push({ kind: 'other', text: '`' });
    } else if (/[A-Za-z_$]/.test(c)) {
      const name = /^[\w$]+/.exec(code.slice(i))?.[0] ?? c;
      i += name.length;
      out.push({ kind: 'name', text: name });
    } else if (/\d/.test(c)) {
      i += /^[\w.]+/.exec(code.slice(i))?.[0].length ?? 1;
      out.push({ kind: 'other', text: '0' });
    } else if (
      c === '/' &&
      (last === undefined ||
        (last.kind === 'punct' && !')]}'.includes(last.text)) ||
        (last.kind === 'name' && BEFORE_REGEX.has(last.text)))
    ) {
      let inClass = false;
      for (i++; i < code.length && (inClass || code[i] !== '/'); i++) {
        if (code[i] === '\\') i++;
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
      }
      i++;
      while (/[a-z]/.test(code[i] ?? '')) i++;
      out.push({ kind: 'other', text: '/re/' });
    } else if (c === '{') {
      braces.push('{');
      out.push({ kind: 'punct', text: c });
      i++;
    } else if (c === '}' && braces.at(-1) === '${') {
      braces.pop();
      template();
    } else {
      if (c === '}') braces.pop();
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

/**
 * A file as plain JavaScript with every import kept, types included: `import type` and
 * `export type … from` become value imports first, since a type import is an arrow in the picture
 * too. (A type written `typeof import('…')` is erased unseen; the product has none.)
 */
function javascriptOf(file: File): string {
  const source = file.text
    .replace(/^(\s*)import\s+type\s+(?!from\b)/gm, '$1import ')
    .replace(/^(\s*)export\s+type\s+(?=\*|\{[^}]*\}\s*from\b)/gm, '$1export ');
  return transformSync(source, {
    loader: file.path.endsWith('.tsx') ? 'tsx' : file.path.endsWith('.mjs') ? 'js' : 'ts',
    format: 'esm',
    target: 'esnext',
    jsx: 'transform',
    legalComments: 'none',
    sourcefile: file.path,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  }).code;
}

const importsSeen = new WeakMap<File, Import[]>();

/** Every import of a file: `import … from`, `import '…'`, `export … from` and `import('…')`. */
function importsOf(file: File): Import[] {
  const known = importsSeen.get(file);
  if (known !== undefined) return known;
  const tokens = tokensOf(javascriptOf(file));
  const found: Import[] = [];
  let inStatement = false;
  tokens.forEach((token, at) => {
    const next = tokens[at + 1];
    const previous = tokens[at - 1];
    const isKeyword = token.kind === 'name' && previous?.text !== '.';
    if (isKeyword && token.text === 'import' && next?.text === '(') {
      const argument = tokens[at + 2];
      if (argument?.kind === 'string') found.push({ specifier: argument.text, kind: 'dynamic' });
    } else if (isKeyword && (token.text === 'import' || token.text === 'export')) {
      if (next?.kind === 'string') found.push({ specifier: next.text, kind: 'static' });
      else inStatement = true;
    } else if (inStatement && isKeyword && token.text === 'from' && next?.kind === 'string') {
      found.push({ specifier: next.text, kind: 'static' });
      inStatement = false;
    } else if (token.text === ';') inStatement = false;
  });
  importsSeen.set(file, found);
  return found;
}

/** Where a browser or DOM global is used in a file: `document.`, `fetch(`, `localStorage`. */
function globalsIn(file: File): string[] {
  const tokens = tokensOf(javascriptOf(file));
  return tokens.flatMap((token, at) => {
    const global = GLOBALS.find((g) => g.name === token.text);
    if (token.kind !== 'name' || global === undefined || tokens[at - 1]?.text === '.') return [];
    if (global.before !== '' && tokens[at + 1]?.text !== global.before) return [];
    return [`${global.name}${global.before}`];
  });
}

/** A layer as the messages name it: a folder with its slash, a file (`package.json`) as it is. */
const named = (layer: string) => (layer.includes('.') || layer.includes(' ') ? layer : `${layer}/`);

/** Why an import of a file breaks the picture, or undefined when it does not. */
function brokenRule(path: string, specifier: string): string | undefined {
  const layer = layerOf(path);
  const rule = RULES.find((r) => r.layer === layer);
  if (rule === undefined) return undefined;
  if (specifier.startsWith('.')) {
    const target = posix.normalize(posix.join(posix.dirname(path), specifier));
    const targetLayer = target.startsWith('../') ? 'outside the repository' : layerOf(target);
    const allowed = [layer, ...rule.mayImport];
    if (allowed.includes(targetLayer)) return undefined;
    const only = allowed.map(named).join(', ');
    return `${layer}/ may import only ${only}, not ${named(targetLayer)}: ${rule.reason}`;
  }
  const name = packageOf(specifier);
  const home = HOMES.find((h) => h.name === name);
  if (home !== undefined && !home.layers.includes(rule.layer))
    return `${name} is imported from ${home.layers.map(named).join(', ')} only: ${home.reason}`;
  const { packages } = rule;
  if (packages === 'any') return undefined;
  if (packages === 'not node:') {
    if (!name.startsWith('node:')) return undefined;
    return `${layer}/ runs in a browser and may import no node: module: ${rule.reason}`;
  }
  if (packages.includes(name)) return undefined;
  const allowed = packages.length === 0 ? 'no package' : `only the packages ${packages.join(', ')}`;
  return `${layer}/ may import ${allowed}, not ${name}: ${rule.reason}`;
}

/** An import (its specifier) or a use of a global (`document.`) that breaks a rule. */
type Violation = { file: string; kind: 'import' | 'global'; specifier: string; rule: string };

/** Every import of the files that breaks a rule, and every use of a browser global in src/. */
function violationsOf(files: readonly File[]): Violation[] {
  return files.flatMap((file) => {
    const imports = importsOf(file).flatMap(({ specifier }) => {
      const rule = brokenRule(file.path, specifier);
      return rule === undefined
        ? []
        : [{ file: file.path, kind: 'import' as const, specifier, rule }];
    });
    const globals = layerOf(file.path).startsWith('src')
      ? globalsIn(file).map((global) => ({
          file: file.path,
          kind: 'global' as const,
          specifier: global,
          rule: 'src/ uses no browser or DOM global: the library runs in plain node',
        }))
      : [];
    return [...imports, ...globals];
  });
}

/** The product's files in the working tree, new ones included. */
function productFiles(): File[] {
  return PRODUCT.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs)$/.test(name))
      .map((name) => posix.join(folder, name.split('\\').join('/')))
      .map((path) => ({ path, text: readFileSync(path, 'utf8') })),
  ).sort((a, b) => a.path.localeCompare(b.path));
}

const describeViolation = (v: Violation) =>
  `${v.file} ${v.kind === 'import' ? `imports '${v.specifier}'` : `uses ${v.specifier}`}: ${v.rule}`;
const isExcepted = (v: Violation) =>
  EXCEPTIONS.some((e) => e.file === v.file && e.specifier === v.specifier);

describe('the layers of ARCHITECTURE.md', () => {
  const files = productFiles();
  const violations = violationsOf(files);

  test('every product folder has a rule, and every rule a folder', () => {
    expect(RULES.map((r) => r.layer).sort()).toEqual([...PRODUCT, 'src/extension'].sort());
    expect(files.length).toBeGreaterThan(100);
  });

  test('no import points against the picture', () => {
    expect(violations.filter((v) => !isExcepted(v)).map(describeViolation)).toEqual([]);
  });

  test.each(EXCEPTIONS)('the exception $file → $specifier is still needed', (exception) => {
    const found = violations.some(
      (v) => v.file === exception.file && v.specifier === exception.specifier,
    );
    expect(found, 'the tree no longer breaks the rule here: drop the exception').toBe(true);
  });

  test('every relative import names a file of the tree, so none is misread', () => {
    const missing = files.flatMap((file) =>
      importsOf(file)
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => posix.normalize(posix.join(posix.dirname(file.path), specifier)))
        .filter((target) => !existsSync(target))
        .map((target) => `${file.path} → ${target}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the checker', () => {
  const file = (path: string, text: string): File => ({ path, text });

  test('finds every form of import, and none in comments, strings or regular expressions', () => {
    const text = [
      "import { a, type B } from './a.ts';",
      "import type { C } from './c.ts';",
      "import type D from './d.ts';",
      "import * as e from 'e-package/sub';",
      "import './side-effect.css';",
      "export { f } from './f.ts';",
      "export type { G } from './g.ts';",
      "export type * from './h.ts';",
      "export * as i from '@scope/i/deep';",
      '// import { x } from "./comment-line.ts";',
      "/* import('./comment-block.ts') */",
      'const s = "import(\'./string.ts\')";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's source
      'const t = `import("./template.ts") ${(await import(\'./in-substitution.ts\')).x}`;',
      "const r = /import('.\\/regex.ts')/g;",
      "const lazy = () => import('./lazy.tsx');",
      "const later = await settings.import('not-a-module');",
      "export const App = () => <p>Don't import('./jsx-text.ts')</p>;",
    ].join('\n');
    expect(importsOf(file('popup/x.tsx', text))).toEqual([
      { specifier: './a.ts', kind: 'static' },
      { specifier: './c.ts', kind: 'static' },
      { specifier: './d.ts', kind: 'static' },
      { specifier: 'e-package/sub', kind: 'static' },
      { specifier: './side-effect.css', kind: 'static' },
      { specifier: './f.ts', kind: 'static' },
      { specifier: './g.ts', kind: 'static' },
      { specifier: './h.ts', kind: 'static' },
      { specifier: '@scope/i/deep', kind: 'static' },
      { specifier: './in-substitution.ts', kind: 'dynamic' },
      { specifier: './lazy.tsx', kind: 'dynamic' },
    ]);
  });

  test('finds a browser global in code, and none in comments, strings or property names', () => {
    const text = [
      '// document.title, window.open, fetch(url)',
      "const s = 'chrome.tabs and localStorage';",
      'const o = { window: 1, document: 2 }; o.window.x; o.fetch(1);',
      'const a = document.title; window.open(); chrome.tabs; browser.tabs;',
      'await fetch(url); localStorage;',
    ].join('\n');
    expect(globalsIn(file('src/x.ts', text))).toEqual([
      'document.',
      'window.',
      'chrome.',
      'browser.',
      'fetch(',
      'localStorage',
    ]);
  });

  // One bad import per rule, each named by the rule it breaks.
  test.each([
    ['src/a.ts', "import { b } from './extension/b.ts';", 'src/ may import only src/'],
    ['src/a.ts', "import { b } from '../io/b.ts';", 'src/ may import only src/'],
    ['src/a.ts', "import { readFileSync } from 'node:fs';", 'src/ may import only the packages'],
    ['src/a.ts', "import { h } from 'preact';", 'src/ may import only the packages'],
    ['src/a.ts', "import b from 'webextension-polyfill';", 'webextension-polyfill is imported'],
    ['src/a.ts', 'export const a = document.title;', 'src/ uses no browser or DOM global'],
    ['src/a.ts', 'export const a = () => fetch("/");', 'src/ uses no browser or DOM global'],
    ['src/extension/a.ts', "import { b } from '../../io/b.ts';", 'src/extension/ may import'],
    ['src/extension/a.ts', "import { b } from 'ipaddr.js';", 'src/extension/ may import no'],
    ['io/a.ts', "import { b } from '../webext/b.ts';", 'io/ may import only'],
    ['io/a.ts', "import { b } from '../cli/b.ts';", 'io/ may import only'],
    ['webext/a.ts', "import { b } from '../ui/b.ts';", 'webext/ may import only'],
    ['webext/a.ts', "import { b } from 'node:fs';", 'webext/ runs in a browser'],
    ['first-screen/a.tsx', "import { b } from '../popup/b.ts';", 'first-screen/ may import only'],
    ['first-screen/a.tsx', "import { b } from '../webext/b.ts';", 'first-screen/ may import only'],
    ['first-screen/a.tsx', "import { diffLines } from 'diff';", 'first-screen/ may import only'],
    ['ui/a.ts', "import { b } from '../popup/b.ts';", 'ui/ may import only'],
    ['ui/a.ts', "import { b } from '../background/b.ts';", 'ui/ may import only'],
    ['popup/a.tsx', "import { b } from '../options/b.tsx';", 'popup/ may import only'],
    ['popup/a.tsx', "const b = import('../background/b.ts');", 'popup/ may import only'],
    ['options/a.tsx', "export { b } from '../popup/b.tsx';", 'options/ may import only'],
    ['popup/a.tsx', "import b from 'webextension-polyfill';", 'webextension-polyfill is imported'],
    ['background/a.ts', "import type { B } from '../ui/b.ts';", 'background/ may import only'],
    ['background/a.ts', "import { b } from '../popup/b.tsx';", 'background/ may import only'],
    ['background/a.ts', "import { b } from 'node:fs';", 'background/ runs in a browser'],
    ['cli/a.ts', "import { b } from '../webext/b.ts';", 'cli/ may import only'],
    ['cli/a.ts', "import { b } from '../first-screen/b.ts';", 'cli/ may import only'],
    ['cli/a.ts', "import { b } from '../src/extension/b.ts';", 'not src/extension/'],
    ['webext/a.ts', "import { b } from '../io/b.ts';", 'not io/'],
    ['cli/a.ts', "import { b } from '../test/fixtures/b.ts';", 'not test/'],
    ['background/a.ts', "import { b } from '../bench/b.ts';", 'not bench/'],
    ['io/a.ts', "import { b } from '../scripts/b.mjs';", 'not scripts/'],
    ['src/a.ts', "import { b } from '../../elsewhere/b.ts';", 'not outside the repository'],
  ])('%s: %s breaks “%s”', (path, text, rule) => {
    const found = violationsOf([file(path, text)]);
    expect(found).toHaveLength(1);
    expect(describeViolation(found[0] as Violation)).toContain(rule);
  });

  test.each([
    ['src/a.ts', "import { b } from './robots/b.ts'; import ipaddr from 'ipaddr.js';"],
    ['src/extension/a.ts', "import { b } from '../robots/b.ts'; import { c } from './c.ts';"],
    ['io/a.ts', "import { b } from '../src/extension/b.ts'; import { c } from 'node:fs';"],
    ['first-screen/a.tsx', "import { useState } from 'preact/hooks'; import 'fflate';"],
    ['ui/a.ts', "import { b } from '../first-screen/b.ts'; import { c } from '../webext/c.ts';"],
    ['popup/a.tsx', "import { b } from '../ui/b.ts'; import { c } from './history/c.ts';"],
    ['background/a.ts', "import { b } from '../first-screen/b.tsx'; import '../io/c.ts';"],
    ['cli/a.ts', "import { b } from '../io/b.ts'; import en from '../_locales/en/messages.json';"],
    ['webext/a.ts', "import browser from 'webextension-polyfill';"],
  ])('%s: %s breaks no rule', (path, text) => {
    expect(violationsOf([file(path, text)]).map(describeViolation)).toEqual([]);
  });
});
