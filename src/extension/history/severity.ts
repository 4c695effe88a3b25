// The severity of a change to an origin's robots.txt (issue 16, "History", item 3: "a new block
// for every robot on `/` is critical; a change for one robot is a warning; comments and
// whitespace only is information"). Decided from verdicts and from the parsed groups, never from
// text lines. Groups are compared as the engine forms them: a robot obeys every group naming its
// product token, combined, else the `*` groups (RFC 9309, September 2022, §2.2.1,
// https://www.rfc-editor.org/rfc/rfc9309); the order of rules does not matter, since the longest
// match decides (§2.2.2); comments (§2.2), blank lines and other records such as sitemaps
// (§2.2.4) decide no verdict.
//
// - 'critical': the list has robots, the new file disallows `/` for every one of them (each
//   under its own crawler profile), and the old file allowed `/` to at least one of them.
// - 'warning': not critical, and some robot's verdict on `/` or on a given URL changes, or the
//   rules of some group change: the set of (allow|disallow, pattern) rules obeyed by some
//   product token or by `*`, under Google's reading or RFC 9309's. A group's rules are compared
//   as written, so a rule made redundant by another (`Disallow: /a/b` beside `Disallow: /a`)
//   still counts, and so does a change for a robot not in the user's list.
// - 'info': no group's rules change: only comments, blank lines, whitespace, line ends, the
//   order of rules, empty rules (`Disallow:` matches nothing), sitemaps, lines no robot reads for
//   its verdict (crawl-delay, host, content-signal, unknown keys) or unparseable lines.
// The 1994 reading (first match, blank lines end records) is not considered: no robot of the
// crawler profiles reads the file that way.
import { ParsedFiles } from '../../parsed-files.ts';
import { agentToken, type Group, isStarAgent, type RobotsTxt } from '../../robots/index.ts';
import { type ChangeInput, type VerdictImpact, verdictImpact } from './impact.ts';

export type ChangeSeverityLevel = 'critical' | 'warning' | 'info';

/** Why a change has its severity, as data: the words layer says it. */
export type SeverityReason =
  /** Every robot of the list is now disallowed on `/`; `robots`: those it allowed before. */
  | { code: 'blocks-all-root'; robots: string[] }
  /** The robot's verdict on `/` changes; `allowed`: the new verdict. */
  | { code: 'root-verdict-changed'; robot: string; allowed: boolean }
  /** The robot's verdict changes on `count` of the given URLs; `url`: the first of them. */
  | { code: 'robot-verdict-changed'; robot: string; url: string; count: number }
  /** The rules obeyed by these product tokens (lower case, `*` first) differ. */
  | { code: 'rules-changed'; agents: string[] }
  /** Sitemap lines added or removed (values as written, sorted). */
  | { code: 'sitemaps-changed'; added: string[]; removed: string[] }
  /** Lines no verdict reads (crawl-delay, host, content-signal, …) differ; keys in lower case. */
  | { code: 'directives-changed'; keys: string[] }
  /** The texts differ in comments, whitespace, line ends, order or ignored lines only. */
  | { code: 'comments-only' }
  /** The texts are identical. */
  | { code: 'unchanged' };

export interface ChangeSeverity {
  severity: ChangeSeverityLevel;
  /** Most severe first: the critical reason, then verdicts on `/`, URLs, rules, the rest. */
  reasons: SeverityReason[];
}

/** The key a group answers to: `*`, or its product token in lower case (as the engine indexes). */
function agentKey(agent: string): string {
  return isStarAgent(agent) ? '*' : agentToken(agent).toLowerCase();
}

/** Per agent key, the rules its groups hold, combined (RFC 9309 §2.2.1), as a set. */
function rulesByAgent(groups: readonly Group[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const group of groups) {
    for (const key of new Set(group.agents.map(agentKey))) {
      let rules = out.get(key);
      if (rules === undefined) {
        rules = new Set();
        out.set(key, rules);
      }
      // An empty pattern matches nothing and decides nothing (robots.cc; RFC 9309 §2.2.2).
      for (const rule of group.rules)
        if (rule.value !== '') rules.add(`${rule.type} ${rule.value}`);
    }
  }
  return out;
}

function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** Agent keys whose combined rules differ between the two files, under either reading. */
function changedAgents(old: RobotsTxt, now: RobotsTxt): string[] {
  const changed = new Set<string>();
  for (const read of ['groups', 'strictGroups'] as const) {
    const a = rulesByAgent(Array.isArray(old[read]) ? old[read] : []);
    const b = rulesByAgent(Array.isArray(now[read]) ? now[read] : []);
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (!sameSet(a.get(key), b.get(key))) changed.add(key);
    }
  }
  return [...changed].sort((x, y) => (x === '*' ? -1 : y === '*' ? 1 : x < y ? -1 : x > y ? 1 : 0));
}

function difference(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

/** Keys of the other lines (crawl-delay, …) that differ, each line keyed by its group's agents. */
function changedDirectives(old: RobotsTxt, now: RobotsTxt): string[] {
  const linesOf = (robots: RobotsTxt): Map<string, number> => {
    const agentsAt = new Map<number, string>();
    for (const group of robots.groups) {
      agentsAt.set(group.line, [...new Set(group.agents.map(agentKey))].sort().join(' '));
    }
    const counts = new Map<string, number>();
    for (const d of robots.others) {
      const where = d.groupLine === null ? '' : (agentsAt.get(d.groupLine) ?? '');
      const key = `${d.key}\n${d.value}\n${where}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const a = linesOf(old);
  const b = linesOf(now);
  const keys = new Set<string>();
  for (const line of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(line) !== b.get(line)) keys.add(line.slice(0, line.indexOf('\n')));
  }
  return [...keys].sort();
}

/**
 * The severity of the change from `input.before` to `input.after` for the user's robots and URLs,
 * with its reasons. `impact` must be `verdictImpact` of the same input (computed when not given);
 * each text is parsed once through `files`. Never throws.
 */
export function changeSeverity(
  input: ChangeInput,
  files: ParsedFiles = new ParsedFiles(2),
  impact: VerdictImpact = verdictImpact(input, files),
): ChangeSeverity {
  const beforeText = typeof input?.before === 'string' ? input.before : '';
  const afterText = typeof input?.after === 'string' ? input.after : '';
  if (beforeText === afterText) return { severity: 'info', reasons: [{ code: 'unchanged' }] };
  const old = files.get(beforeText);
  const now = files.get(afterText);
  const reasons: SeverityReason[] = [];

  const { root } = impact;
  if (
    root.length > 0 &&
    root.every((r) => !r.after.allowed) &&
    root.some((r) => r.before.allowed)
  ) {
    reasons.push({
      code: 'blocks-all-root',
      robots: root.filter((r) => r.before.allowed).map((r) => r.robot),
    });
  }
  for (const r of impact.rootChanges) {
    reasons.push({ code: 'root-verdict-changed', robot: r.robot, allowed: r.after.allowed });
  }
  const byRobot = new Map<string, { url: string; count: number }>();
  for (const change of impact.changes) {
    const known = byRobot.get(change.robot);
    if (known === undefined) byRobot.set(change.robot, { url: change.url, count: 1 });
    else known.count++;
  }
  for (const r of root) {
    const changed = byRobot.get(r.robot);
    if (changed !== undefined)
      reasons.push({ code: 'robot-verdict-changed', robot: r.robot, ...changed });
  }
  const agents = changedAgents(old, now);
  if (agents.length > 0) reasons.push({ code: 'rules-changed', agents });

  const oldMaps = new Set(old.sitemaps);
  const newMaps = new Set(now.sitemaps);
  const added = difference(newMaps, oldMaps);
  const removed = difference(oldMaps, newMaps);
  if (added.length > 0 || removed.length > 0) {
    reasons.push({ code: 'sitemaps-changed', added, removed });
  }
  const keys = changedDirectives(old, now);
  if (keys.length > 0) reasons.push({ code: 'directives-changed', keys });
  if (reasons.length === 0) reasons.push({ code: 'comments-only' });

  const severity: ChangeSeverityLevel =
    reasons[0]?.code === 'blocks-all-root'
      ? 'critical'
      : reasons.some(
            (r) =>
              r.code === 'root-verdict-changed' ||
              r.code === 'robot-verdict-changed' ||
              r.code === 'rules-changed',
          )
        ? 'warning'
        : 'info';
  return { severity, reasons };
}
