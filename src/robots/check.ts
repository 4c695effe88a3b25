// Verdicts: which groups apply to a robot, which rule decides, and why, under each semantics.
import { canonicalUnits } from './encoding.ts';
import { CompiledRules } from './matcher.ts';
import type {
  CheckOptions,
  Group,
  GroupChoice,
  RobotsTxt,
  RuleDecision,
  Semantics,
  Verdict,
  VerdictReason,
} from './types.ts';
import { pathOfUrl } from './url.ts';
import { agentToken, isStarAgent, readName } from './user-agent.ts';

/** Groups by lower-cased product token, and the `*` groups, for one way of forming groups. */
interface GroupIndex {
  /** Google and RFC 9309: groups by token. */
  byToken: Map<string, Group[]>;
  star: Group[];
  /**
   * The 1994 text: every record's names in file order, each beside its record, for a substring
   * search (a Map of them would cost more than the search: one file had 25,000 names).
   */
  names: string[];
  records: Group[];
}

interface Selection {
  choice: GroupChoice;
  compiled: CompiledRules | null;
}

/** Per parsed file: its group indexes, selections and compiled rule sets (built on first use). */
interface Cache {
  indexes: Map<Semantics, GroupIndex>;
  /** Selections of robots checked without options, per semantics, by name as given. */
  plain: Record<Semantics, Map<string, Selection>>;
  /** Selections with frozen options (crawler profiles', reused by checkCrawler), by identity… */
  byOptions: WeakMap<CheckOptions, Record<Semantics, Map<string, Selection>>>;
  /** …and by a key of all the inputs, for options objects made afresh. */
  selections: Map<string, Selection>;
  compiled: Map<string, CompiledRules>;
}

// Keyed by the parsed object, so it stays plain data and a structured clone simply rebuilds.
const caches = new WeakMap<RobotsTxt, Cache>();

function cacheOf(robots: RobotsTxt): Cache {
  let cache = caches.get(robots);
  if (cache === undefined) {
    cache = {
      indexes: new Map(),
      plain: { google: new Map(), rfc9309: new Map(), original1994: new Map() },
      byOptions: new WeakMap(),
      selections: new Map(),
      compiled: new Map(),
    };
    caches.set(robots, cache);
  }
  return cache;
}

/** The groups a semantics forms: Google's, RFC 9309's (no misspellings) or the 1994 records. */
export function groupsFor(robots: RobotsTxt, semantics: Semantics): readonly Group[] {
  const groups =
    semantics === 'google'
      ? robots.groups
      : semantics === 'rfc9309'
        ? robots.strictGroups
        : robots.records1994;
  return Array.isArray(groups) ? groups : [];
}

/** 1994: "a case insensitive substring match of the name without version information". */
function name1994(value: string): string {
  const slash = value.indexOf('/');
  return (slash === -1 ? value : value.slice(0, slash)).trim().toLowerCase();
}

function indexGroups(groups: readonly Group[], semantics: Semantics): GroupIndex {
  const is1994 = semantics === 'original1994';
  const index: GroupIndex = { byToken: new Map(), star: [], names: [], records: [] };
  for (const group of groups) {
    let isStar = false;
    for (const agent of group.agents) {
      if (is1994 ? agent.trim() === '*' : isStarAgent(agent)) {
        isStar = true;
        continue;
      }
      if (is1994) {
        index.names.push(name1994(agent));
        index.records.push(group);
        continue;
      }
      const key = agentToken(agent).toLowerCase();
      const list = index.byToken.get(key);
      if (list === undefined) index.byToken.set(key, [group]);
      else if (list[list.length - 1] !== group) list.push(group);
    }
    if (isStar) index.star.push(group);
  }
  return index;
}

/**
 * Groups that name `token` and the agent value that named it: equal tokens (Google, RFC 9309),
 * or the first 1994 record whose name is a substring of the robot's name.
 */
function groupsNaming(
  index: GroupIndex,
  token: string,
  semantics: Semantics,
): { groups: Group[]; agent: string } {
  const lower = token.toLowerCase();
  if (semantics !== 'original1994') return { groups: index.byToken.get(lower) ?? [], agent: token };
  // Names come in file order: the first one the robot's name contains is the earliest record's.
  const names = index.names;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const record = index.records[i];
    if (name !== '' && record !== undefined && lower.includes(name))
      return { groups: [record], agent: name };
  }
  return { groups: [], agent: token };
}

function compiledFor(cache: Cache, groups: Group[], semantics: Semantics): CompiledRules {
  const key = `${semantics}:${groups.map((g) => g.line).join(',')}`;
  let compiled = cache.compiled.get(key);
  if (compiled === undefined) {
    // The groups come in file order (the index lists them as it meets them): among rules of
    // equal weight, the first met is the earliest line, and CompiledRules keeps it.
    const rules = groups.length === 1 ? (groups[0] as Group).rules : groups.flatMap((g) => g.rules);
    compiled = new CompiledRules(rules, semantics);
    cache.compiled.set(key, compiled);
  }
  return compiled;
}

/**
 * Picks the groups that apply to a robot (RFC 9309 §2.2.1; the 1994 text's "Format" section),
 * remembered per parsed file: a robot checked again costs one Map lookup.
 */
function select(
  robots: RobotsTxt,
  token: string,
  semantics: Semantics,
  options: CheckOptions,
): Selection {
  const cache = cacheOf(robots);
  const fallbacks = options.fallbackTokens ?? [];
  const ignoreStar = options.ignoreStarGroup === true;
  const plain = fallbacks.length === 0 && !ignoreStar;
  if (plain) {
    const known = cache.plain[semantics].get(token);
    if (known !== undefined) return known;
  }
  // A frozen options object (a crawler profile's) is remembered by its identity: no key string.
  const reused = !plain && Object.isFrozen(options);
  let same = reused ? cache.byOptions.get(options) : undefined;
  if (same === undefined && reused) {
    same = { google: new Map(), rfc9309: new Map(), original1994: new Map() };
    cache.byOptions.set(options, same);
  }
  const known = same?.[semantics].get(token);
  if (known !== undefined) return known;
  const key = `${semantics}\n${token}\n${fallbacks.join('\n')}\n${ignoreStar}`;
  const cached = plain ? undefined : cache.selections.get(key);
  if (cached !== undefined) {
    same?.[semantics].set(token, cached);
    return cached;
  }

  let index = cache.indexes.get(semantics);
  if (index === undefined) {
    index = indexGroups(groupsFor(robots, semantics), semantics);
    cache.indexes.set(semantics, index);
  }
  const is1994 = semantics === 'original1994';
  let groups: Group[] = [];
  let choice: GroupChoice | null = null;
  for (const [i, candidate] of [token, ...fallbacks].entries()) {
    const named = groupsNaming(index, candidate, semantics);
    groups = named.groups;
    if (groups.length === 0) continue;
    const code = is1994
      ? 'substring-record'
      : i > 0
        ? 'fallback-token'
        : groups.length > 1
          ? 'merged-groups'
          : 'exact-token';
    choice = { code, lines: groups.map((g) => g.line), agent: named.agent, starIgnored: false };
    break;
  }
  if (choice === null) {
    const star = is1994 ? index.star.slice(0, 1) : index.star;
    if (star.length > 0 && !ignoreStar) {
      groups = star;
      choice = {
        code: is1994 ? 'default-record' : 'star-group',
        lines: star.map((g) => g.line),
        agent: '*',
        starIgnored: false,
      };
    } else {
      groups = [];
      choice = { code: 'no-group', lines: [], agent: token, starIgnored: star.length > 0 };
    }
  }
  const selection: Selection = {
    choice,
    compiled: groups.length > 0 ? compiledFor(cache, groups, semantics) : null,
  };
  if (plain) cache.plain[semantics].set(token, selection);
  else {
    cache.selections.set(key, selection);
    same?.[semantics].set(token, selection);
  }
  return selection;
}

/** Names already read, per reading (a robot is checked against many URLs); bounded. */
const NAMES = [new Map<string, string>(), new Map<string, string>()] as const;
const MAX_NAMES = 1024;

function nameOf(userAgent: string, original1994: boolean): string {
  const names = NAMES[original1994 ? 1 : 0];
  let name = names.get(userAgent);
  if (name === undefined) {
    name = readName(userAgent, original1994);
    if (names.size >= MAX_NAMES) names.clear();
    names.set(userAgent, name);
  }
  return name;
}

// The URL last checked, read: one URL is usually checked for every robot and reading in turn.
let lastUrl = '';
let lastPath = '/';
let lastUnitsOf = '/';
let lastUnits = '/';

function pathOf(url: string): string {
  if (url !== lastUrl) {
    lastPath = pathOfUrl(url);
    lastUrl = url;
  }
  return lastPath;
}

function unitsOf(path: string): string {
  if (path !== lastUnitsOf) {
    lastUnits = canonicalUnits(path);
    lastUnitsOf = path;
  }
  return lastUnits;
}

const NO_MATCH: RuleDecision = {
  code: 'no-match',
  matchLength: 0,
  competing: null,
  indexHtml: false,
};

/**
 * Whether `userAgent` may fetch `url` under `robots`, with the rule that decided and why.
 * `userAgent` is a product token or a full User-Agent header; `url` an absolute http(s) URL or a
 * path starting with '/'. Default semantics: 'rfc9309'. Never throws.
 */
export function checkUrl(
  robots: RobotsTxt,
  userAgent: string,
  url: string,
  semantics: Semantics = 'rfc9309',
  options: CheckOptions = {},
): Verdict {
  const sem: Semantics =
    semantics === 'google' || semantics === 'original1994' ? semantics : 'rfc9309';
  const token = nameOf(typeof userAgent === 'string' ? userAgent : '', sem === 'original1994');
  const path = pathOf(typeof url === 'string' ? url : '');
  const { choice, compiled } = select(robots, token, sem, options ?? {});

  const matchPath = sem === 'google' ? path : unitsOf(path);
  if (sem === 'rfc9309') {
    if (
      matchPath.startsWith('/robots.txt') &&
      (matchPath.length === 11 || matchPath.charCodeAt(11) === 0x3f)
    ) {
      return {
        allowed: true,
        rule: null,
        reason: reasonOf(sem, token, path, choice, {
          ...NO_MATCH,
          code: 'robots-txt-always-allowed',
        }),
      };
    }
  }
  if (compiled === null)
    return { allowed: true, rule: null, reason: reasonOf(sem, token, path, choice, NO_MATCH) };

  if (sem === 'original1994') {
    const rule = compiled.first(matchPath);
    if (rule === null)
      return {
        allowed: true,
        rule: null,
        reason: reasonOf(sem, token, path, choice, cutOf(compiled, NO_MATCH)),
      };
    return {
      allowed: false,
      rule,
      reason: reasonOf(
        sem,
        token,
        path,
        choice,
        cutOf(compiled, {
          code: 'first-match',
          matchLength: rule.value.length,
          competing: null,
          indexHtml: false,
        }),
      ),
    };
  }

  // Longest match wins; on equal length allow wins (RFC 9309 §2.2.2). An empty pattern matches
  // with priority 0, which never decides (robots.cc RobotsMatcher::disallow).
  const { allow, disallow } = compiled.best(matchPath);
  const allowP = allow?.priority ?? -1;
  const disallowP = disallow?.priority ?? -1;
  if (allowP <= 0 && disallowP <= 0)
    return {
      allowed: true,
      rule: null,
      reason: reasonOf(sem, token, path, choice, cutOf(compiled, NO_MATCH)),
    };
  if (disallow !== null && disallowP > allowP) {
    return {
      allowed: false,
      rule: disallow.rule,
      reason: reasonOf(
        sem,
        token,
        path,
        choice,
        cutOf(compiled, {
          code: 'longest-match',
          matchLength: disallowP,
          competing: allow !== null && allowP > 0 ? allow.rule : null,
          indexHtml: false,
        }),
      ),
    };
  }
  const winner = allow ?? disallow;
  return {
    allowed: true,
    rule: winner?.rule ?? null,
    reason: reasonOf(
      sem,
      token,
      path,
      choice,
      cutOf(compiled, {
        code: allowP === disallowP ? 'allow-wins-tie' : 'longest-match',
        matchLength: allowP,
        competing: disallow !== null && disallowP > 0 ? disallow.rule : null,
        indexHtml: allow?.indexHtml ?? false,
      }),
    ),
  };
}

function reasonOf(
  semantics: Semantics,
  token: string,
  path: string,
  groups: GroupChoice,
  decision: RuleDecision,
): VerdictReason {
  return { semantics, token, path, groups, decision };
}

/** The decision, marked approximate when the check stopped at the matching budget. */
function cutOf(compiled: CompiledRules, decision: RuleDecision): RuleDecision {
  return compiled.cut ? { ...decision, approximate: true } : decision;
}
