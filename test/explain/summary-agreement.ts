// The check behind item 3 of issue 12: a summary sentence, read as a person reads it, says what
// the verdict rows say. For each robot, the summary that speaks for it (the one naming it, else
// the `*` one) must cover exactly the groups its verdict used, and for every path its rules
// mention (and one step beyond each), "the more specific mention wins" over the paths the
// sentence lists must give the verdict verdictsFor gives.
import { CRAWLERS, checkCrawler, verdictsFor } from '../../src/crawlers.ts';
import { fileSummaries } from '../../src/explain/summaries.ts';
import { googleEscape } from '../../src/robots/encoding.ts';
import {
  agentToken,
  checkUrl,
  type GroupSummary,
  isStarAgent,
  parseRobotsTxt,
  type RobotsTxt,
} from '../../src/robots/index.ts';

/**
 * Every crawler we have a profile for, the robots a file names as written (`MJ12bot`, which
 * Google's parser and RFC 9309 read as `MJ`: issue 13) and as read (`MJ`), and `extra` (a user's
 * list).
 */
export function robotsToCheck(parsed: RobotsTxt, extra: readonly string[] = []): string[] {
  const names = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c.token]));
  const add = (name: string) => {
    if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  };
  for (const g of parsed.groups)
    for (const a of g.agents) {
      if (a === '' || isStarAgent(a)) continue;
      add(a.split('/')[0]?.trim() ?? '');
      add(agentToken(a));
    }
  for (const name of extra) add(name);
  return [...names.values()];
}

/**
 * Whether a summary's sentence names `robot`, as a reader takes it: a robot shown as written
 * (`Googlebot/2.1` is Googlebot) or, where the readings cut the name, as read (`MJ (written
 * “MJ12bot”)` is MJ, not MJ12bot), compared with the token the engine matches the robot by.
 */
export function namesRobot(s: GroupSummary, parsed: RobotsTxt, robot: string): boolean {
  const token = checkCrawler(parsed, robot, '/').reason.token.toLowerCase();
  return s.agents.some((agent, i) => {
    const read = s.readAs[i] ?? null;
    const shown = read ?? agent.split('/')[0]?.trim() ?? '';
    return shown !== '' && shown.toLowerCase() === token;
  });
}

/** The summary whose sentence speaks for `robot`, or null when a note does (fallback, no `*`). */
export function summaryFor(
  summaries: readonly GroupSummary[],
  parsed: RobotsTxt,
  robot: string,
): GroupSummary | null {
  const { semantics, groups } = checkCrawler(parsed, robot, '/').reason;
  const fits = (s: GroupSummary) => s.onlyFor === null || s.onlyFor === semantics;
  if (groups.code === 'exact-token' || groups.code === 'merged-groups')
    return summaries.find((s) => fits(s) && namesRobot(s, parsed, robot)) ?? null;
  if (groups.code === 'star-group') return summaries.find((s) => s.everyone && fits(s)) ?? null;
  return null;
}

/** Summaries of the robot's reading that name a robot whose verdict no group naming it gave. */
function namedWrongly(summaries: readonly GroupSummary[], parsed: RobotsTxt, robot: string) {
  const { semantics, groups } = checkCrawler(parsed, robot, '/').reason;
  if (groups.code === 'exact-token' || groups.code === 'merged-groups') return [];
  return summaries.filter(
    (s) => (s.onlyFor === null || s.onlyFor === semantics) && namesRobot(s, parsed, robot),
  );
}

/** The sentence read back as rules: its default, then each path it lists. */
function readerOf(s: GroupSummary): RobotsTxt {
  const lines = ['User-agent: *'];
  if (s.access === 'none' || s.access === 'none-except') lines.push('Disallow: /');
  for (const p of s.allowed) lines.push(`Allow: ${p.value}`);
  for (const p of s.disallowed) lines.push(`Disallow: ${p.value}`);
  return parseRobotsTxt(lines.join('\n'));
}

/** Paths a group's rules mention: each pattern's shortest match, and one step beyond. */
function pathsOf(parsed: RobotsTxt, lines: number[], max: number): string[] {
  const paths = new Set(['/']);
  const values = parsed.groups
    .filter((g) => lines.includes(g.line))
    .flatMap((g) => g.rules.map((r) => r.value))
    .filter((v) => v.startsWith('/') || v.startsWith('*'));
  const step = Math.max(1, Math.floor(values.length / max));
  for (let i = 0; i < values.length; i += step) {
    const literal = (values[i] ?? '/').replace(/\$$/, '').replaceAll('*', '');
    // As a browser's URL carries it: non-ASCII percent-encoded.
    const path = googleEscape(literal.startsWith('/') ? literal : `/${literal}`);
    paths.add(path);
    paths.add(`${path}x`);
    paths.add(`${path}/x.pdf`);
  }
  // RFC 9309 §2.2.2 always allows /robots.txt; no sentence says so.
  paths.delete('/robots.txt');
  return [...paths];
}

export interface Disagreement {
  robot: string;
  path: string;
  sentence: string;
  verdict: boolean;
  read: boolean | string;
}

/**
 * Where a file's summaries and its verdict rows disagree (none, we hope), for every robot of
 * robotsToCheck (`extra`: a user's list): a sentence naming a robot its verdict does not follow,
 * the sentence that speaks for a robot covering other groups than its verdict, or saying
 * otherwise on a path.
 */
export function disagreements(
  text: string,
  maxPaths = 400,
  extra: readonly string[] = [],
): Disagreement[] {
  const parsed = parseRobotsTxt(text);
  const summaries = fileSummaries(parsed);
  const out: Disagreement[] = [];
  const byRobot = new Map<GroupSummary, string[]>();
  for (const robot of robotsToCheck(parsed, extra)) {
    const { groups, semantics } = checkCrawler(parsed, robot, '/').reason;
    for (const s of namedWrongly(summaries, parsed, robot))
      out.push({
        robot,
        path: '',
        sentence: `names it: lines ${s.lines.join()}`,
        verdict: true,
        read: `${semantics} ${groups.code} ${groups.lines.join()}`,
      });
    if (groups.code === 'fallback-token' || groups.code === 'no-group') continue;
    const s = summaryFor(summaries, parsed, robot);
    if (s === null || s.lines.join() !== groups.lines.join()) {
      out.push({
        robot,
        path: '',
        sentence: s === null ? '(none)' : `lines ${s.lines.join()}`,
        verdict: true,
        read: `${semantics} groups ${groups.lines.join()}`,
      });
      continue;
    }
    byRobot.set(s, [...(byRobot.get(s) ?? []), robot]);
  }
  for (const [s, robots] of byRobot) {
    const reader = readerOf(s);
    for (const path of pathsOf(parsed, s.lines, maxPaths)) {
      const url = `https://site.test${path}`;
      for (const v of verdictsFor(parsed, robots, url)) {
        const read = checkUrl(reader, 'reader', url, v.verdict.reason.semantics).allowed;
        if (read !== v.verdict.allowed)
          out.push({
            robot: v.robot,
            path,
            sentence:
              `${s.access} +${s.allowed.map((p) => p.value).join(' +')} -${s.disallowed.map((p) => p.value).join(' -')}`.slice(
                0,
                300,
              ),
            verdict: v.verdict.allowed,
            read,
          });
      }
    }
  }
  return out;
}
