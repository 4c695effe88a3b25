// "What this file says", as data for non-experts: the UI turns it into sentences per language.
import { groupsFor } from './check.ts';
import type { Group, RobotsTxt, Rule, Semantics } from './types.ts';
import { isStarAgent } from './user-agent.ts';

/** One rule's path pattern, put the way a person would say it. */
export type PathPhrase = { value: string; line: number } & (
  | /** `/$`: the home page only. */ { kind: 'home-page' }
  /** `/a/b$`: exactly this URL. */
  | { kind: 'exact'; path: string }
  /** `/tmp/`: the folder and everything in it. */
  | { kind: 'directory'; path: string }
  /** `/help`: every URL that starts with this. */
  | { kind: 'prefix'; path: string }
  /** `/*.pdf$`: every URL that ends in this extension. */
  | { kind: 'file-type'; extension: string }
  /** `/*?`, `/*sessionid=`: every URL that contains this text. */
  | { kind: 'containing'; text: string }
  /** Other wildcard patterns, shown as written. */
  | { kind: 'pattern'; pattern: string }
);

export interface GroupSummary {
  line: number;
  agents: string[];
  /** The group addresses every robot (`*`). */
  everyone: boolean;
  /**
   * 'all': may visit everything; 'none': may visit nothing; 'none-except': may visit only
   * `allowed`; 'all-except': may visit everything except `disallowed` (but `allowed` anyway).
   */
  access: 'all' | 'none' | 'none-except' | 'all-except';
  disallowed: PathPhrase[];
  allowed: PathPhrase[];
}

function isWholeSite(value: string): boolean {
  return value === '/' || value === '*' || value === '/*' || value === '/*$' || value === '*$';
}

function phrase(rule: Rule, semantics: Semantics): PathPhrase {
  const { value, line } = rule;
  const base = { value, line };
  if (semantics === 'original1994' || (!value.includes('*') && !value.endsWith('$'))) {
    return value.endsWith('/')
      ? { ...base, kind: 'directory', path: value }
      : { ...base, kind: 'prefix', path: value };
  }
  if (value === '/$') return { ...base, kind: 'home-page' };
  if (!value.includes('*')) return { ...base, kind: 'exact', path: value.slice(0, -1) };
  const ext = /^\/?\*(\.[A-Za-z0-9]{1,10})\$$/.exec(value);
  if (ext?.[1] !== undefined) return { ...base, kind: 'file-type', extension: ext[1] };
  const inner = /^\/?\*([^*$]+)\*?$/.exec(value);
  if (inner?.[1] !== undefined) return { ...base, kind: 'containing', text: inner[1] };
  return { ...base, kind: 'pattern', pattern: value };
}

/** A group as plain-language data: who it addresses and what they may and may not visit. */
export function summarizeGroup(group: Group, semantics: Semantics = 'google'): GroupSummary {
  const disallowRules = group.rules.filter((r) => r.type === 'disallow' && r.value !== '');
  const allowRules =
    semantics === 'original1994'
      ? []
      : group.rules.filter((r) => r.type === 'allow' && r.value !== '');
  const blocksAll = disallowRules.some((r) => isWholeSite(r.value));
  const allowsAll = allowRules.some((r) => isWholeSite(r.value));
  // A whole-site Allow (`Allow: /`) is the shortest rule: it wins only a tie with `Disallow: /`
  // (RFC 9309 §2.2.2) and never against a longer Disallow, so it is no exception to name.
  const allowed = allowRules.filter((r) => !isWholeSite(r.value)).map((r) => phrase(r, semantics));
  const disallowed = disallowRules
    .filter((r) => !isWholeSite(r.value))
    .map((r) => phrase(r, semantics));
  // `Allow: /` ties with `Disallow: /` and wins; longer disallows still apply under it.
  let access: GroupSummary['access'];
  if (blocksAll && !allowsAll) access = allowed.length > 0 ? 'none-except' : 'none';
  else if (disallowed.length === 0) access = 'all';
  else access = 'all-except';
  return {
    line: group.line,
    agents: group.agents,
    everyone: group.agents.some(isStarAgent),
    access,
    disallowed: access === 'all' ? [] : disallowed,
    allowed: access === 'all' ? [] : allowed,
  };
}

/** Every group of the file under a semantics' grouping, summarised. Default: 'google'. */
export function summarizeRobotsTxt(
  robots: RobotsTxt,
  semantics: Semantics = 'google',
): GroupSummary[] {
  return groupsFor(robots, semantics).map((g) => summarizeGroup(g, semantics));
}
