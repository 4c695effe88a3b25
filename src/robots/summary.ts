// "What this file says", as data for non-experts: the UI turns it into sentences per language.
//
// One summary per set of robots that follow the same rules, not per group as written: RFC 9309
// §2.2.1 (and Google) combine every group naming a robot's token, and the `*` groups likewise,
// so two `User-agent: Googlebot` groups are one set of rules and get one sentence. A sentence
// therefore says what the verdicts say: each robot named in it is judged by exactly the rules
// it lists (see test/explain/summaries.test.ts, which checks it against verdictsFor).
import { checkUrl, groupsFor } from './check.ts';
import { googleEscape } from './encoding.ts';
import type { Group, RobotsTxt, Rule, Semantics } from './types.ts';
import { agentToken, isStarAgent } from './user-agent.ts';

/**
 * What a user-agent value names under Google's parser and RFC 9309 (robots.cc ExtractUserAgent,
 * RFC 9309 §2.2.1): `token`, its leading [A-Za-z_-] characters; `cut` when that is less than the
 * name as written without its version (`MJ12bot` → `MJ`, `Screaming Frog SEO Spider` →
 * `Screaming`, `360Spider` → ''), not when only a version goes (`Googlebot/2.1` → `Googlebot`).
 * A robot called by the whole written name is then not named by that line: the engine compares
 * the robot's name as given (checkUrl, readName).
 */
function agentReading(value: string): { token: string; cut: boolean } {
  const written = value.trim();
  const token = agentToken(written);
  const slash = written.indexOf('/');
  return { token, cut: token !== (slash === -1 ? written : written.slice(0, slash)).trimEnd() };
}

/**
 * What the user-agent lines that name a robot are read as, when Google's parser and RFC 9309 cut
 * its name (`MJ12bot` → `MJ`, `360Spider` → ''); null when its name is a whole token. `token` is
 * the name the engine matches the robot by (a verdict's `reason.token`).
 */
export function nameCutOf(token: string): string | null {
  const read = agentToken(token);
  return read === token ? null : read;
}

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

/** The two readings a crawler profile can give a robot (1994 is only a comparison). */
export type Reading = 'google' | 'rfc9309';

/** Which reading a robot, named by its product token, reads the file with. */
export type ReadingOf = (token: string) => Reading;

/** What a group (or groups read together) says, as data for plain words (summarizeRobotsTxt). */
export interface GroupSummary {
  /** First user-agent line of the first group whose rules are summarised. */
  line: number;
  /** First user-agent lines of every group whose rules are read together, in file order. */
  lines: number[];
  /** The robots named, as first written, one per product token, in file order. */
  agents: string[];
  /**
   * For each of `agents`: null where the line names the robot called so (its version aside), else
   * the name Google's parser and RFC 9309 read instead, which a robot must go by to be named
   * (`MJ12bot` → `MJ`; `360Spider` → '': no robot). Always null in 'original1994'.
   */
  readAs: (string | null)[];
  /** The rules of the `*` group(s): every robot not named elsewhere follows them. */
  everyone: boolean;
  /** With `everyone`: other robots are named elsewhere, so these are "all other robots". */
  othersNamed: boolean;
  /**
   * Set when the two readings read these groups differently (a misspelled line only Google
   * accepts): the summary holds for this reading's robots only. Null when they agree.
   */
  onlyFor: Reading | null;
  /**
   * 'all': may visit everything; 'none': may visit nothing; 'none-except': may visit only
   * `allowed`, and not `disallowed` inside it; 'all-except': may visit everything except
   * `disallowed`, but may visit `allowed` inside it.
   */
  access: 'all' | 'none' | 'none-except' | 'all-except';
  disallowed: PathPhrase[];
  allowed: PathPhrase[];
}

/** Whether a pattern matches every path: `/`, `*`, `/*`, `/*$`, `*$` (1994: `/` only). */
function isWholeSite(value: string, semantics: Semantics): boolean {
  if (semantics === 'original1994') return value === '/';
  return value === '/' || /^(?:\/?\*+)\$?$/.test(value);
}

/**
 * The shortest path a pattern matches (`/*.pdf$` → `/.pdf`, `/ü` → `/%C3%BC`), or null for a value that is no
 * path and so never matches (`foo`: paths start with `/`).
 */
function samplePath(value: string, semantics: Semantics): string | null {
  if (semantics === 'original1994') return value.startsWith('/') ? value : null;
  if (!value.startsWith('/') && !value.startsWith('*')) return null;
  // As a URL carries it: non-ASCII percent-encoded (every URL a browser shows is).
  const path = googleEscape(value.replace(/\$$/, '').replaceAll('*', ''));
  return path.startsWith('/') ? path : `/${path}`;
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

/** Whether `rules` allow `path`, decided by the engine itself (checkUrl), never re-implemented. */
function judgeOf(rules: Rule[], semantics: Semantics): (path: string) => boolean {
  const group: Group = { agents: ['*'], rules, line: 0 };
  const robots: RobotsTxt = {
    groups: [group],
    strictGroups: [group],
    records1994: [group],
    sitemaps: [],
    others: [],
    diagnostics: [],
    lineCount: 0,
    bytesRead: 0,
    truncated: false,
  };
  return (path) => checkUrl(robots, 'summary', `http://summary.invalid${path}`, semantics).allowed;
}

/** A character no rule holds: a path one past a pattern's end, to see whether it still decides. */
const BEYOND = '\u0001';
/** At most this many pattern pairs are tried for overlaps (a 500 KiB file can hold 50,000 rules). */
const MAX_PROBES = 20_000;

/** What a pattern requires after its first wildcard (`/*.pdf$` → `.pdf`), or null for none. */
function tailOf(value: string): string | null {
  const star = value.indexOf('*');
  return star === -1
    ? null
    : googleEscape(
        value
          .slice(star + 1)
          .replace(/\$$/, '')
          .replaceAll('*', ''),
      );
}

/**
 * The paths tried for a rule: the shortest it matches and one beyond it, then where it may meet
 * rules of the other type (`others`): its path followed by what each wildcard one requires after
 * its wildcard (`/docs/` and `/*.pdf$` meet at `/docs/.pdf`) and, if it has a wildcard itself,
 * each of their paths followed by what it requires after its own.
 */
function probesOf(
  rule: Rule,
  sample: string,
  others: readonly { rule: Rule; sample: string }[],
  semantics: Semantics,
): string[] {
  if (semantics === 'original1994') return [sample, sample + BEYOND];
  const tail = tailOf(rule.value);
  const anchored = rule.value.endsWith('$');
  if (anchored && tail === null) return [sample];
  const probes = anchored ? [sample] : [sample, sample + BEYOND];
  // Something under the wildcard, so that rules sharing its literal start do not cover it.
  if (tail !== null) {
    const head = samplePath(rule.value.slice(0, rule.value.indexOf('*')), semantics) ?? '/';
    probes.push(head + BEYOND + tail);
  }
  for (const o of others) {
    const theirs = tailOf(o.rule.value);
    if (!anchored && theirs !== null) probes.push(sample + theirs);
    if (tail !== null) probes.push(o.sample + tail);
  }
  return probes;
}

/**
 * A group as plain-language data: who it addresses and what they may and may not visit.
 * Rules that never decide are left out: an Allow that opens nothing a Disallow closed, a
 * Disallow that a longer (or equal) Allow always overrides, a value that is no path. Whole-site
 * patterns compete by length like any rule (`Disallow: /*` beats `Allow: /`; RFC 9309 §2.2.2).
 * Default semantics: 'google'.
 */
export function summarizeGroup(group: Group, semantics: Semantics = 'google'): GroupSummary {
  const seen = new Set<string>();
  const rules: { rule: Rule; sample: string }[] = [];
  for (const rule of group.rules) {
    if (rule.value === '' || (semantics === 'original1994' && rule.type === 'allow')) continue;
    const sample = samplePath(rule.value, semantics);
    const key = `${rule.type} ${rule.value}`;
    if (sample === null || seen.has(key)) continue;
    seen.add(key);
    rules.push({ rule, sample });
  }
  const longestWhole = (type: Rule['type']) =>
    Math.max(
      -1,
      ...rules
        .filter(({ rule }) => rule.type === type && isWholeSite(rule.value, semantics))
        .map(({ rule }) => rule.value.length),
    );
  // Whole-site patterns are ASCII: their length is their priority. Allow wins a tie.
  const base: Rule['type'] =
    longestWhole('disallow') > longestWhole('allow') ? 'disallow' : 'allow';
  const partial = rules.filter(({ rule }) => !isWholeSite(rule.value, semantics));
  const of = (type: Rule['type']) => partial.filter(({ rule }) => rule.type === type);

  let listed = { allow: [] as Rule[], disallow: [] as Rule[] };
  if (partial.length > 0) {
    const allowed = judgeOf(
      rules.map(({ rule }) => rule),
      semantics,
    );
    // Rules of the other type than the default: listed when they decide somewhere.
    const other: Rule['type'] = base === 'allow' ? 'disallow' : 'allow';
    const decides = (rule: Rule, path: string) => allowed(path) === (rule.type === 'allow');
    // Rules of the default's type: listed when they reopen (or close again) part of one of those.
    const exceptions = of(base);
    // Without such rules, a rule longer than every whole-site rule decides at its own path: no
    // need to ask the engine (a file of 5,000 Disallow lines and nothing else is common).
    const whole = longestWhole(base);
    const others = of(other).filter(
      ({ rule, sample }) =>
        (exceptions.length === 0 && rule.value.length > whole) ||
        probesOf(rule, sample, [], semantics).some((p) => decides(rule, p)),
    );
    // Where rules of the two types may meet: tried unless there are too many pairs to try.
    const crossing = exceptions.length * others.length <= MAX_PROBES ? others : [];
    // False where a listed rule of the other type matches (each made a disallow, so the engine
    // says whether any does).
    const freeOfOthers = judgeOf(
      others.map(({ rule }) => ({ ...rule, type: 'disallow' })),
      semantics,
    );
    const reopening = exceptions.filter(({ rule, sample }) =>
      probesOf(rule, sample, crossing, semantics).some((p) => !freeOfOthers(p) && decides(rule, p)),
    );
    listed = {
      allow: (base === 'allow' ? reopening : others).map(({ rule }) => rule),
      disallow: (base === 'allow' ? others : reopening).map(({ rule }) => rule),
    };
  }
  const main = base === 'allow' ? listed.disallow : listed.allow;
  const access: GroupSummary['access'] =
    base === 'allow'
      ? main.length === 0
        ? 'all'
        : 'all-except'
      : main.length === 0
        ? 'none'
        : 'none-except';
  const phrases = (list: Rule[]) =>
    main.length === 0 ? [] : list.map((r) => phrase(r, semantics));
  return {
    line: group.line,
    lines: [group.line],
    agents: group.agents,
    readAs: group.agents.map((a) => {
      if (semantics === 'original1994' || isStarAgent(a) || a.trim() === '') return null;
      const { token, cut } = agentReading(a);
      return cut ? token : null;
    }),
    everyone: group.agents.some(isStarAgent),
    othersNamed: false,
    onlyFor: null,
    access,
    disallowed: phrases(listed.disallow),
    allowed: phrases(listed.allow),
  };
}

/** A group's content, as a key: equal keys, equal rules (the two readings share most groups). */
function fingerprintOf(groups: readonly Group[], memo: Map<Group, string>): string {
  return groups
    .map((g) => {
      let print = memo.get(g);
      if (print === undefined) {
        print = `${g.line}:${g.rules.map((r) => `${r.type[0]}${r.line}=${r.value}`).join('\u0000')}`;
        memo.set(g, print);
      }
      return print;
    })
    .join('\u0001');
}

/**
 * The key a user-agent value is indexed by, the engine's (check.ts indexGroups): its token, lower
 * case; '' when it has none (`360Spider`), which names no robot.
 */
function tokenKey(value: string): string {
  return agentToken(value.trim()).toLowerCase();
}

interface Index {
  byToken: Map<string, Group[]>;
  star: Group[];
}

function indexOf(groups: readonly Group[]): Index {
  const byToken = new Map<string, Group[]>();
  const star: Group[] = [];
  for (const group of groups) {
    let isStar = false;
    for (const agent of group.agents) {
      if (isStarAgent(agent)) isStar = true;
      else {
        const key = tokenKey(agent);
        if (key === '') continue;
        const list = byToken.get(key);
        if (list === undefined) byToken.set(key, [group]);
        else if (list[list.length - 1] !== group) list.push(group);
      }
    }
    if (isStar) star.push(group);
  }
  return { byToken, star };
}

/** What a summary says, as a key: equal keys, equal sentences. */
function sayingOf(s: GroupSummary): string {
  const values = (list: PathPhrase[]) => list.map((p) => p.value).join('\u0000');
  return `${s.access}\u0001${values(s.allowed)}\u0001${values(s.disallowed)}`;
}

/**
 * Whether the two readings may read the same lines differently: their groups differ (misspelled
 * lines only Google reads) or a value holds an escape or non-ASCII (`%41` is `A` to RFC 9309
 * only). Otherwise they read them alike.
 */
function readingsMayDiffer(mine: readonly Group[], theirs: readonly Group[]): boolean {
  if (mine.length !== theirs.length) return true;
  return mine.some((g, i) => {
    const other = theirs[i];
    if (other === undefined || other.line !== g.line || other.rules.length !== g.rules.length)
      return true;
    return g.rules.some((r, j) => {
      const o = other.rules[j];
      return o?.value !== r.value || o.type !== r.type || /[%\u0080-\uffff]/.test(r.value);
    });
  });
}

interface Audience {
  summary: GroupSummary;
  groups: Group[];
  /** The readings of the robots in it. */
  readings: Set<Reading>;
  /** Product token → the name as first written. */
  agents: Map<string, string>;
  order: number;
}

/**
 * What the file says, one summary per set of robots that follow the same rules: the robots
 * named by the same groups (all the groups naming a token are read as one, RFC 9309 §2.2.1),
 * the robots no group names (the `*` groups, read as one), and each group that names no robot.
 * `reading` is one semantics for every robot (default 'google'), or which reading each robot
 * takes (its crawler profile's): a robot named in a sentence is then judged by exactly its rules,
 * and where the two readings read the same groups differently (a misspelled line only Google
 * reads), each reading gets its own summary, marked `onlyFor`.
 * In 'original1994' every record is summarised alone, as that reading never combines records.
 */
export function summarizeRobotsTxt(
  robots: RobotsTxt,
  reading: Semantics | ReadingOf = 'google',
): GroupSummary[] {
  if (reading === 'original1994') {
    const records = groupsFor(robots, 'original1994');
    const named = records.some((g) => g.agents.some((a) => a.trim() !== '' && !isStarAgent(a)));
    return records.map((g) => {
      const s = summarizeGroup(g, 'original1994');
      return { ...s, othersNamed: s.everyone && named && records.length > 1 };
    });
  }
  const mixed = typeof reading === 'function';
  const primary: Reading = reading === 'rfc9309' ? 'rfc9309' : 'google';
  const readingOf: ReadingOf = mixed ? reading : () => primary;
  const readings: Reading[] = mixed ? ['google', 'rfc9309'] : [primary];
  const grouping = (r: Reading) => groupsFor(robots, r);
  const indexes = new Map<Reading, Index>(readings.map((r) => [r, indexOf(grouping(r))]));
  const memo = new Map<Group, string>();
  const said = new Map<string, GroupSummary>();
  const summaryOf = (groups: Group[], r: Reading): GroupSummary => {
    const key = `${r}\u0002${fingerprintOf(groups, memo)}`;
    let summary = said.get(key);
    if (summary === undefined) {
      const first = groups[0];
      const rules = groups.flatMap((g) => g.rules);
      summary = summarizeGroup({ agents: [], rules, line: first?.line ?? 0 }, r);
      said.set(key, summary);
    }
    return summary;
  };
  const audiences = new Map<string, Audience>();
  let order = 0;
  const keyOf = (groups: Group[], summary: GroupSummary) =>
    `${fingerprintOf(groups, memo)}\u0002${sayingOf(summary)}`;

  // Robots named: one audience per set of groups and what they say, whatever the readings.
  // A value read as no name (`360Spider`: no leading letter, '-' or '_') names no robot.
  const nobody: { group: Group; unnamed: string[] }[] = [];
  for (const group of grouping(primary)) {
    let names = false;
    const unnamed: string[] = [];
    for (const agent of group.agents) {
      if (agent.trim() === '') continue;
      if (isStarAgent(agent)) {
        names = true;
        continue;
      }
      const key = tokenKey(agent);
      if (key === '') {
        unnamed.push(agent.trim());
        continue;
      }
      names = true;
      const r = readingOf(key);
      const groups = indexes.get(r)?.byToken.get(key);
      // Named only in the other reading's groups (a misspelled User-agent line): this robot
      // follows the `*` groups, as its verdict does.
      if (groups === undefined) continue;
      const summary = summaryOf(groups, r);
      const k = keyOf(groups, summary);
      let audience = audiences.get(k);
      if (audience === undefined) {
        audience = { summary, groups, readings: new Set(), agents: new Map(), order: order++ };
        audiences.set(k, audience);
      }
      audience.readings.add(r);
      if (!audience.agents.has(key)) audience.agents.set(key, agent.trim());
    }
    if (!names) nobody.push({ group, unnamed });
  }

  // Every robot not named: the `*` groups, once if the readings agree on them, else once each.
  const stars = readings.flatMap((r) => {
    const groups = indexes.get(r)?.star ?? [];
    if (groups.length === 0) return [];
    const summary = summaryOf(groups, r);
    return [{ r, groups, summary, key: keyOf(groups, summary) }];
  });
  const split =
    mixed && (stars.length !== readings.length || new Set(stars.map((x) => x.key)).size > 1);
  const everyone = new Map<Audience, Reading | null>();
  for (const star of split ? stars : stars.slice(0, 1)) {
    const onlyFor = split ? star.r : null;
    let audience = audiences.get(star.key);
    // A named audience takes in the `*` one only if its robots all read as the `*` one does.
    if (
      audience !== undefined &&
      onlyFor !== null &&
      [...audience.readings].some((r) => r !== onlyFor)
    )
      audience = undefined;
    if (audience === undefined) {
      audience = {
        summary: star.summary,
        groups: star.groups,
        readings: new Set([star.r]),
        agents: new Map(),
        order: order++,
      };
      audiences.set(`${star.key}\u0002${star.r}`, audience);
    }
    everyone.set(audience, onlyFor);
  }

  // A named audience of one reading says whose reading it is where the other reads the same
  // lines otherwise (a misspelled rule): the sentences for those lines then differ.
  const onlyForOf = (a: Audience): Reading | null => {
    if (everyone.has(a)) return everyone.get(a) ?? null;
    const [reading, ...more] = a.readings;
    if (!mixed || reading === undefined || more.length > 0) return null;
    const other: Reading = reading === 'google' ? 'rfc9309' : 'google';
    const lines = new Set(a.groups.map((g) => g.line));
    const theirs = grouping(other).filter((g) => lines.has(g.line));
    if (!readingsMayDiffer(a.groups, theirs)) return null;
    return sayingOf(summaryOf(theirs, other)) === sayingOf(a.summary) ? null : reading;
  };

  const summaries: (GroupSummary & { order: number })[] = [];
  for (const a of audiences.values()) {
    summaries.push({
      ...a.summary,
      lines: a.groups.map((g) => g.line),
      agents: [...a.agents.values()],
      readAs: [...a.agents.values()].map((agent) => {
        const { token, cut } = agentReading(agent);
        return cut ? token : null;
      }),
      everyone: everyone.has(a),
      onlyFor: onlyForOf(a),
      order: a.order,
    });
  }
  for (const { group, unnamed } of nobody)
    summaries.push({
      ...summarizeGroup(group, primary),
      agents: unnamed,
      readAs: unnamed.map(() => ''),
      order: order++,
    });
  const named = summaries.some((s) => !s.everyone && s.agents.length > 0);
  return summaries
    .sort((a, b) => a.line - b.line || a.order - b.order)
    .map(({ order: _, ...s }) => ({ ...s, othersNamed: s.everyone && named }));
}
