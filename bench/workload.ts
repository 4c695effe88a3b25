// The realistic check workloads of npm run bench (issue 32): thousands of distinct URLs, half drawn
// from the file's own rules and half random paths with query strings, each checked for every robot
// in turn, as a bulk audit, the command line and the popup check them ('url-major'). A loop over a
// few URLs lets the engine's last-URL memo and the CPU's branch predictor see the same inputs
// forever; here each URL is read once and kept only for its robots. A harsher order is measured
// beside it ('every-check'): the URL and the robot change at every check, so no memo helps.
import { parseRobotsTxt } from '../src/robots/index.ts';
import { ORIGIN, random } from './fixtures.ts';

export interface Workload {
  /** One entry per check, in the order they are made. */
  urls: string[];
  /** The same URLs' paths with their queries, for the peers that take a path. */
  paths: string[];
  agents: string[];
}

const WORDS = ['shop', 'item', 'search', 'user', 'cart', 'api', 'blog', 'news', 'page', 'docs'];

/** A path a rule's value could match: each `*` filled with a random segment, the `$` dropped, and
 * half the time more path or a query after it. */
function pathFromRule(value: string, rnd: () => number): string {
  const filled = value.replace(/\$$/, '').replace(/\*/g, () => `x${Math.floor(rnd() * 1000)}`);
  const start = filled.startsWith('/') ? filled : `/${filled}`;
  const r = rnd();
  if (r < 0.25 || value.endsWith('$')) return start;
  if (r < 0.6) return `${start}${start.endsWith('/') ? '' : '/'}p${Math.floor(rnd() * 1e5)}.html`;
  return `${start}?id=${Math.floor(rnd() * 1e6)}`;
}

/** A random path of 1–5 segments, with a query string of 0–3 parameters. */
function randomPath(rnd: () => number): string {
  const seg = () => `${WORDS[Math.floor(rnd() * WORDS.length)]}${Math.floor(rnd() * 2000)}`;
  const depth = 1 + Math.floor(rnd() * 5);
  let path = `/${Array.from({ length: depth }, seg).join('/')}`;
  if (rnd() < 0.3) path += '.html';
  const params = Math.floor(rnd() * 4);
  for (let i = 0; i < params; i++)
    path += `${i === 0 ? '?' : '&'}${seg()}=${Math.floor(rnd() * 1e4)}`;
  return path;
}

/** In what order the URL × robot pairs are checked. */
export type Order = 'url-major' | 'every-check';

/**
 * `count` distinct URLs for `text` (half from its rules, half random), each checked once for each
 * of `agents`. 'url-major': URL i for every robot, then URL i + 1. 'every-check': pass p checks URL
 * i for robot (i + p) mod n, so consecutive checks differ in both.
 */
export function realisticWorkload(
  text: string,
  agents: string[],
  count = 10_000,
  order: Order = 'url-major',
): Workload {
  const rnd = random(32);
  const values = parseRobotsTxt(text)
    .groups.flatMap((g) => g.rules.map((r) => r.value))
    .filter((v) => v !== '');
  const distinct = new Set<string>();
  let tries = 0;
  while (distinct.size < count && tries++ < count * 20) {
    const fromRule = values.length > 0 && distinct.size % 2 === 0;
    distinct.add(
      fromRule
        ? pathFromRule(values[Math.floor(rnd() * values.length)] ?? '/', rnd)
        : randomPath(rnd),
    );
  }
  const unique = [...distinct];
  const whole = unique.map((path) => ORIGIN + path);
  const urls: string[] = [];
  const paths: string[] = [];
  const robots: string[] = [];
  const add = (i: number, agent: string) => {
    paths.push(unique[i] ?? '/');
    urls.push(whole[i] ?? ORIGIN);
    robots.push(agent);
  };
  if (order === 'url-major') {
    for (let i = 0; i < unique.length; i++) for (const a of agents) add(i, a);
  } else {
    for (let p = 0; p < agents.length; p++)
      for (let i = 0; i < unique.length; i++) add(i, agents[(i + p) % agents.length] ?? '*');
  }
  return { urls, paths, agents: robots };
}
