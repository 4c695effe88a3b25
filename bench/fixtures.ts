// The files, URLs and robots that npm run bench measures: shared by engine.bench.ts and the heap
// measure it starts in a child process (heap.bench.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ORIGIN = 'https://www.example.com';

export const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot'];

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same file. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'shop',
  'item',
  'search',
  'user',
  'cart',
  'api',
  'static',
  'img',
  'blog',
  'tag',
  'news',
  'page',
  'docs',
  'en',
  'de',
  'v2',
];

/** A file just under 500 KiB: thousands of rules, a third with wildcards, in a few groups. */
function largeFile(): { text: string; paths: string[] } {
  const rnd = random(9309);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const segment = () => `${pick(WORDS)}${Math.floor(rnd() * 500)}`;
  const lines: string[] = [];
  const paths: string[] = [];
  let size = 0;
  const agents = ['*', 'Googlebot', 'Bingbot', 'GPTBot'];
  let g = 0;
  while (size < 505_000) {
    if (lines.length % 1500 === 0) lines.push('', `User-agent: ${agents[g++ % agents.length]}`);
    const depth = 1 + Math.floor(rnd() * 4);
    const path = `/${Array.from({ length: depth }, segment).join('/')}`;
    let value = path;
    const r = rnd();
    if (r < 0.11)
      value = `/*${pick(['?sort=', '.pdf$', '&sessionid=', '/print', '.json$'])}${Math.floor(rnd() * 100)}`;
    else if (r < 0.22) value = `${path}/*${pick(['?', '.php', '/edit'])}`;
    else if (r < 0.33) value = `/${segment()}*${segment()}$`;
    const line = `${rnd() < 0.8 ? 'Disallow' : 'Allow'}: ${value}`;
    lines.push(line);
    size += line.length + 1;
    if (rnd() < 0.05) paths.push(`${path}/page.html?id=${Math.floor(rnd() * 1e6)}`);
  }
  return { text: lines.join('\n').slice(0, 511_000), paths: paths.slice(0, 300) };
}

export interface Fixture {
  name: string;
  text: string;
  /** Paths with their queries, as robots-txt-guard takes them. */
  paths: string[];
  /** The same paths on ORIGIN, as robots-lens and robots-parser take them. */
  urls: string[];
  agents: string[];
}

function fixture(name: string, text: string, paths: string[]): Fixture {
  return { name, text, paths, urls: paths.map((p) => ORIGIN + p), agents: AGENTS };
}

/** www.ibm.com's file (2019, 3.2 KiB). The bundled bench runs from out/, a sibling of test/. */
export function typicalFixture(): Fixture {
  const text = readFileSync(
    join(import.meta.dirname ?? '.', '../test/fixtures/corpus/www.ibm.com.txt'),
    'utf8',
  );
  return fixture('Typical file (www.ibm.com, 2019)', text, [
    '/',
    '/products/x',
    '/search?q=cloud',
    '/common/v16/css/x.css',
    '/Admin/x',
    '/developerworks/x',
    '/cgi-bin/y',
  ]);
}

export function largeFixture(): Fixture {
  const { text, paths } = largeFile();
  return fixture('Large file (generated, just under 500 KiB)', text, paths);
}
