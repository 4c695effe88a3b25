// Words said once (STYLE.md §12): every sentence a user reads comes from the catalogue through
// src/explain or a translator. This scans the pages, the background and the command line for
// string literals that are English words to users, and for copies of catalogue messages.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en.source.json';

const ROOT = join(import.meta.dirname, '../..');

/** A string literal or a whole template literal (`{}` for each `${…}`), and the code before it. */
interface Literal {
  text: string;
  before: string;
}

/** After these, a `/` starts a regular expression, not a division. */
const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split('').concat(['']));
const REGEX_KEYWORDS = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'instanceof',
  'yield',
  'await',
]);
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

/**
 * The literals of a TypeScript or TSX source, read from what esbuild compiles it to: comments and
 * types are gone, and JSX text has become string literals (`<p>Hi there</p>` → "Hi there").
 */
function literalsOf(source: string, loader: 'ts' | 'tsx'): Literal[] {
  const js = transformSync(source, {
    loader,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    charset: 'utf8',
    legalComments: 'none',
  }).code;
  const out: Literal[] = [];
  /** Open templates: the text so far, where it began, and the braces open inside its `${`. */
  const templates: { text: string; start: number; depth: number }[] = [];
  let last = '';
  let i = 0;
  const readEscape = (): string => {
    const c = js[i + 1] ?? '';
    if (c === 'u' && js[i + 2] === '{') {
      const end = js.indexOf('}', i);
      const code = Number.parseInt(js.slice(i + 3, end), 16);
      i = end + 1;
      return String.fromCodePoint(code);
    }
    if (c === 'u' || c === 'x') {
      const n = c === 'u' ? 4 : 2;
      const code = Number.parseInt(js.slice(i + 2, i + 2 + n), 16);
      i += 2 + n;
      return String.fromCharCode(code);
    }
    i += 2;
    return c === '\n' ? '' : (ESCAPES[c] ?? c);
  };
  /** Reads template text from i up to `${` (left open) or the closing backtick (emitted). */
  const readTemplate = (open: { text: string; start: number; depth: number }) => {
    while (i < js.length) {
      const c = js[i];
      if (c === '\\') open.text += readEscape();
      else if (c === '`') {
        i++;
        out.push({ text: open.text, before: js.slice(Math.max(0, open.start - 60), open.start) });
        last = 'literal';
        return;
      } else if (c === '$' && js[i + 1] === '{') {
        i += 2;
        open.text += '{}';
        open.depth = 0;
        templates.push(open);
        last = '{';
        return;
      } else {
        open.text += c;
        i++;
      }
    }
  };
  while (i < js.length) {
    const c = js[i] ?? '';
    if (/\s/.test(c)) i++;
    else if (c === '/' && js[i + 1] === '/')
      i = js.includes('\n', i) ? js.indexOf('\n', i) : js.length;
    else if (c === '/' && js[i + 1] === '*') i = js.indexOf('*/', i + 2) + 2 || js.length;
    else if (c === '"' || c === "'") {
      const start = i++;
      let text = '';
      while (i < js.length && js[i] !== c) {
        if (js[i] === '\\') text += readEscape();
        else text += js[i++];
      }
      i++;
      out.push({ text, before: js.slice(Math.max(0, start - 60), start) });
      last = 'literal';
    } else if (c === '`') {
      const start = i++;
      readTemplate({ text: '', start, depth: 0 });
    } else if (c === '/' && (REGEX_AFTER.has(last) || REGEX_KEYWORDS.has(last))) {
      // A regular expression: skip it whole, classes and escapes included.
      i++;
      let inClass = false;
      while (i < js.length) {
        const d = js[i];
        if (d === '\\') i++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        i++;
      }
      i++;
      while (/[a-z]/.test(js[i] ?? '')) i++;
      last = 'literal';
    } else if (/[\w$]/.test(c)) {
      let word = '';
      while (i < js.length && /[\w$]/.test(js[i] ?? '')) word += js[i++];
      last = word;
    } else {
      const open = templates[templates.length - 1];
      if (open !== undefined && c === '{') open.depth++;
      if (open !== undefined && c === '}') {
        if (open.depth === 0) {
          templates.pop();
          i++;
          readTemplate(open);
          continue;
        }
        open.depth--;
      }
      last = c;
      i++;
    }
  }
  return out;
}

/** Attributes and options whose values are names for code, never words for people. */
const CODE_CONTEXT =
  /(?:\b(?:class|className|rel|type|name|role|id|key|lang|dir|accept|autocomplete|inputMode|href|src|download)\s*:|querySelector(?:All)?\(|\.(?:mark|measure)\(|\b(?:from|import))\s*$/;
/** Where the extension logs for its developers (the command line's console is its interface). */
const CONSOLE = /\bconsole\.\w+\(\s*$/;
/** Text that is robots.txt content, such as a demo file: its keys and comments are data. */
const ROBOTS_TXT = /^\s*(?:user-agent|allow|disallow|sitemap)\s*:/im;

/** The words of letters in a text (a word may carry punctuation and an apostrophe). */
function letterWords(text: string): string[] {
  return text
    .replace(/\{\}/g, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/^[“"'‘(«¿¡]+/, '').replace(/[.,:;!?…”"'’)»]+$/, ''))
    .filter((word) => /^\p{L}+(?:['’]\p{L}+)*$/u.test(word));
}

/** A message as code would write it: placeholders as `{}`, end punctuation ignored. */
const normal = (text: string) =>
  text
    .replace(/\{[A-Za-z]+\}/g, '{}')
    .replace(/[\s.:…]+$/, '')
    .trim();
const CATALOGUE = new Map(
  Object.entries(en as Record<string, string>)
    .filter(([key, message]) => !key.startsWith('@') && letterWords(message).length > 0)
    .map(([key, message]) => [normal(message), key]),
);

/**
 * Why a literal should come from the catalogue, or null when it is not words to users: a copy of
 * a catalogue message, or `minWords` words of letters or more.
 */
function sentenceProblem(literal: Literal, isCli = false, minWords = 3): string | null {
  if (CODE_CONTEXT.test(literal.before) || ROBOTS_TXT.test(literal.text)) return null;
  if (!isCli && CONSOLE.test(literal.before)) return null;
  const key = CATALOGUE.get(normal(literal.text));
  if (key !== undefined) return `a copy of the catalogue's "${key}"`;
  const words = letterWords(literal.text);
  return words.length >= minWords ? `${words.length} words outside the catalogue` : null;
}

/** Every literal of a source that should come from the catalogue, with why. */
function sentencesIn(source: string, loader: 'ts' | 'tsx', isCli = false, minWords = 3): string[] {
  return literalsOf(source, loader).flatMap((literal) => {
    const problem = sentenceProblem(literal, isCli, minWords);
    return problem === null ? [] : [`${JSON.stringify(literal.text)}: ${problem}`];
  });
}

describe('the scanner', () => {
  /** Samples write `#{` for a template's `${`, so that they read as the plain strings they are. */
  const code = (sample: string) => sample.replaceAll('#{', '$' + '{');
  const tsx = (sample: string) => sentencesIn(code(sample), 'tsx');
  const texts = (sample: string) => literalsOf(code(sample), 'ts').map((l) => l.text);

  test('finds a sentence in JSX text, in a string literal, in a template, in an attribute', () => {
    expect(tsx('export const A = () => <p class="empty">No rule matches here</p>;')).toEqual([
      '"No rule matches here": 4 words outside the catalogue',
    ]);
    expect(tsx("const why = rule === null ? 'No rule matches here' : t('x');")).toEqual([
      '"No rule matches here": 4 words outside the catalogue',
    ]);
    expect(tsx('const s = `#{n} lines, #{g} groups, #{b} bytes`;')).toEqual([
      '"{} lines, {} groups, {} bytes": 3 words outside the catalogue',
    ]);
    expect(tsx('const B = () => <button title="Fetch it once more">↻</button>;')).toEqual([
      '"Fetch it once more": 4 words outside the catalogue',
    ]);
    expect(tsx("const e = `Cannot read #{file}: it isn't there`;")).toEqual([
      `"Cannot read {}: it isn't there": 5 words outside the catalogue`,
    ]);
  });

  test('finds a copy of a catalogue message, however short', () => {
    expect(tsx('const B = () => <button>Refresh</button>;')).toEqual([
      '"Refresh": a copy of the catalogue\'s "refresh"',
    ]);
    expect(tsx('const s = `#{robot}: allowed — no rule matches`;')).toEqual([
      '"{}: allowed — no rule matches": a copy of the catalogue\'s "badgeNoRule"',
    ]);
  });

  test('leaves code alone: comments, keys, classes, selectors, imports, regexes, robots.txt', () => {
    const source = [
      "import { h } from 'preact/hooks';",
      '// This comment has many words in it, all for developers.',
      '/* So does this block comment, which nobody sees. */',
      'const C = () => <div class="file line highlight" data-robot="x">{t(\'noRules\')}</div>;',
      "const q = document.querySelector('.group .rule .line');",
      "const r = /it's not a 'string literal' at all/.test(x) ? a / b : c / d;",
      "const demo = 'User-agent: *\\nDisallow: /cyberworld/map/ # This is an infinite virtual URL space';",
      "const key = 'robots-lens-settings.json';",
      "const re = x.replace(/[`'\"]/g, '');",
      'const nested = `a #{`b #{c} d`} e`;',
      'log(`Robots Lens: #{where}:`);',
      "console.error('Robots Lens: could not save the counts', error);",
    ].join('\n');
    expect(tsx(source)).toEqual([]);
  });

  test('the command line prints to its users through console', () => {
    const source = "console.error('Cannot read the file you gave');";
    expect(sentencesIn(source, 'ts', false)).toEqual([]);
    expect(sentencesIn(source, 'ts', true)).toEqual([
      '"Cannot read the file you gave": 6 words outside the catalogue',
    ]);
  });

  test('reads templates whole, nested ones too', () => {
    expect(texts('const s = `a #{`b #{c} d`} e`;')).toEqual(['b {} d', 'a {} e']);
    expect(texts("const s = `x #{{ a: '1' }.a} y`;")).toEqual(['1', 'x {} y']);
  });
});

/** The sources the words rule covers: the pages, the background and the command line. */
const FILES = ['ui', 'popup', 'options', 'background', 'cli']
  .flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)),
  )
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .sort();

/**
 * Known findings, each a bug to fix in the source (then its entry goes): the test of that file
 * is expected to fail until then.
 */
const KNOWN: Record<string, string> = {};

describe('one voice', () => {
  test('the scan covers the pages, the background and the command line', () => {
    expect(FILES).toContain('popup/app.tsx');
    expect(FILES).toContain('options/options.tsx');
    expect(FILES).toContain('background/main.ts');
    expect(FILES).toContain('cli/main.ts');
    expect(FILES.filter((f) => f.includes('.test.'))).toEqual([]);
  });

  const scan = (file: string, minWords?: number) =>
    sentencesIn(
      readFileSync(join(ROOT, file), 'utf8'),
      file.endsWith('.tsx') ? 'tsx' : 'ts',
      !relative('cli', file).startsWith('..'),
      minWords,
    );

  for (const file of FILES) {
    const run = Object.hasOwn(KNOWN, file) ? test.fails : test;
    run(`${file} says nothing outside the catalogue`, () => {
      expect(scan(file)).toEqual([]);
    });
  }

  // With no tab to show, the popup's error once read "no tab" in English whatever the language.
  test('popup/app.tsx: not even two words outside the catalogue', () => {
    expect(scan('popup/app.tsx', 2)).toEqual([]);
  });

  test('the two-word scan of the other pages is clean already', () => {
    const pages = FILES.filter((f) => /^(ui|popup|options)\//.test(f) && f !== 'popup/app.tsx');
    expect(pages.flatMap((f) => scan(f, 2))).toEqual([]);
  });
});
