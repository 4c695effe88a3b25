// Rule sets: the first checks read each rule as written; from then on every candidate rule for a
// path is found in time linear in the path, and each candidate is checked in time linear in
// pattern and path. No RegExp is built from a file.
import {
  asciiCanonicalUnit,
  canonicalUnits,
  googleEscape,
  googleEscapedLength,
  ruleUnitsAt,
} from './encoding.ts';
import { LiteralAutomaton } from './literal-automaton.ts';
import { PrefixTrie } from './prefix-trie.ts';
import type { Rule, Semantics } from './types.ts';

interface Entry {
  /** The rule's number in the set. */
  number: number;
  /** Octets the pattern ranks by: Google's escaped length (robots.cc LongestMatch). */
  priority: number;
  /** Literal pieces between wildcards; one piece means no wildcard. */
  segments: string[];
  /** The pattern ended in `$`: the path must end where the pattern ends. */
  anchored: boolean;
  /** Google's `/dir/index.html` → `/dir/$` form of an allow rule. */
  indexHtml: boolean;
}

/** The rule a reused MatchResult holds before its first use; never returned. */
const NO_RULE: Rule = { type: 'disallow', value: '', line: 0 };

/** A matching rule, with the priority it ranks by. */
export interface MatchResult {
  rule: Rule;
  priority: number;
  indexHtml: boolean;
}

/** The best allow and disallow matches (priority desc, then earliest line), or null. */
export interface BestMatches {
  allow: MatchResult | null;
  disallow: MatchResult | null;
}

/** Whether `entry` matches `path`. Greedy leftmost matching is exact for `*`-only patterns. */
function entryMatches(entry: Entry, path: string): boolean {
  const segs = entry.segments;
  const head = segs[0] ?? '';
  if (segs.length === 1) return entry.anchored ? path === head : path.startsWith(head);
  if (!path.startsWith(head)) return false;
  let pos = head.length;
  const last = segs.length - 1;
  for (let k = 1; k < last; k++) {
    const seg = segs[k] ?? '';
    const at = path.indexOf(seg, pos);
    if (at === -1) return false;
    pos = at + seg.length;
  }
  const tail = segs[last] ?? '';
  if (entry.anchored) return path.length - tail.length >= pos && path.endsWith(tail);
  return path.indexOf(tail, pos) !== -1;
}

/**
 * Units of path one check may scan while matching wildcard rules (about 4 ms): a hostile file of
 * thousands of `*a*b` rules against a 100,000-character path would otherwise take seconds. Real
 * files stay far below (the worst pathological case of the benchmark scans 8,190).
 */
const MATCH_BUDGET = 4_000_000;

/**
 * Checks of a rule set answered by reading every rule as written, before anything is compiled or
 * indexed: the popup's few checks per file never pay for compiling 40,000 rules, a bulk check pays
 * for it once (issue 32: no cliff on the first check of any file).
 */
const LINEAR_CHECKS = 16;

/** readRule's answer for a rule it leaves to its compiled form. */
const COMPILE = -2;

/** Keys are cut to this many units: any part of a required literal is itself required. */
const MAX_KEY = 16;

/** Splits a Google-escaped or canonical pattern at `*` and takes off an anchoring `$`. */
function compileGlob(
  body: string,
  number: number,
  priority: number,
  indexHtml: boolean,
  canonical: boolean,
): Entry {
  const anchored = body.endsWith('$');
  const text = anchored ? body.slice(0, -1) : body;
  const raw = text.split('*');
  const segments = canonical ? raw.map(canonicalUnits) : raw;
  return { number, priority, segments, anchored, indexHtml };
}

/** Compiles rule number `number` under a semantics into one or two entries. */
function compileRule(rule: Rule, number: number, semantics: Semantics, out: Entry[]): void {
  if (semantics === 'original1994') {
    // Prefix match only; `*` and `$` are ordinary characters in 1994.
    out.push({
      number,
      priority: googleEscapedLength(rule.value),
      segments: [canonicalUnits(rule.value)],
      anchored: false,
      indexHtml: false,
    });
    return;
  }
  if (semantics === 'google') {
    const escaped = googleEscape(rule.value);
    out.push(compileGlob(escaped, number, escaped.length, false, false));
    // Google-specific (robots.cc HandleAllow): allowing /dir/index.htm* also allows /dir/.
    if (rule.type === 'allow') {
      const slash = escaped.lastIndexOf('/');
      if (slash !== -1 && escaped.startsWith('/index.htm', slash)) {
        const dir = `${escaped.slice(0, slash + 1)}$`;
        out.push(compileGlob(dir, number, dir.length, true, false));
      }
    }
    return;
  }
  // RFC 9309: match on canonical octets; rank by the same length Google uses.
  out.push(compileGlob(rule.value, number, googleEscapedLength(rule.value), false, true));
}

/**
 * Marks of where readRule's last rule (`markedFor`) had read to before any `*`: the rule index
 * (MARK_V) and the path index (MARK_P) after a `/`, and after every 8th character. Rules in a file
 * share heads (`/café/ünïcødé/1`, `/café/ünïcødé/2`…, or 2,000 rules under one 200-character
 * prefix): the next rule that starts with the same characters as far as a mark resumes there
 * instead of reading the head again, which was most of a first check on such files (issue 32, no
 * cliff). A mark is put only after a character read as one unit of its own, that is not `$` (it
 * may end the next rule and anchor it) and not two after a `%` (the next rule may make an escape
 * of them): then the state at the mark depends only on the characters before it. Valid for one
 * path and one reading: forgetMarks() before reading a rule set's rules for a path.
 */
const MARK_V = new Int32Array(64);
const MARK_P = new Int32Array(64);
let markCount = 0;
let markedFor = '';

function forgetMarks(): void {
  markCount = 0;
  markedFor = '';
}

/** The units of one rule character (or escape), written by ruleUnitsAt. */
const UNITS = new Uint16Array(12);

/**
 * Whether `rule` matches `path`, read as written: its priority or -1, or COMPILE when the answer
 * needs the compiled form (Google's index.html allow, or a glob that backtracks more than a few
 * passes over the path). Each character becomes the units its reading matches it as (ruleUnitsAt)
 * only when it is compared, so a rule that fails on its first units costs no more than them.
 * `path` is the reading's match path (canonical units, except for Google).
 */
function readRule(rule: Rule, path: string, semantics: Semantics): number {
  const v = rule.value;
  const wild = semantics !== 'original1994';
  const canonical = semantics !== 'google';
  if (!canonical && rule.type === 'allow' && v.includes('/index.htm')) return COMPILE;
  // A trailing `$` anchors the pattern (not in 1994, where it is a character like any other).
  const anchored = wild && v.charCodeAt(v.length - 1) === 0x24;
  const end = anchored ? v.length - 1 : v.length;
  // Greedy matching with a return to the last `*`, exact for patterns whose only wildcard is `*`;
  // `steps` bounds the work (a hostile glob goes to the compiled form and its native search).
  let vi = 0;
  let pi = 0;
  // Resume at the last mark this rule shares with the rule read before it (see MARK_V).
  if (markCount > 0) {
    const shared = Math.min(v.length, MARK_V[markCount - 1] as number);
    let c = 0;
    while (c < shared && v.charCodeAt(c) === markedFor.charCodeAt(c)) c++;
    while (markCount > 0 && (MARK_V[markCount - 1] as number) > c) markCount--;
    if (markCount > 0) {
      vi = MARK_V[markCount - 1] as number;
      pi = MARK_P[markCount - 1] as number;
    }
  }
  markedFor = v;
  let star = -1;
  let mark = 0;
  let steps = 4 * (v.length + path.length) + 16;
  for (;;) {
    if (--steps === 0) return COMPILE;
    if (vi < end) {
      const c = v.charCodeAt(vi);
      if (wild && c === 0x2a) {
        star = ++vi;
        mark = pi;
        continue;
      }
      if (c < 0x80 && c !== 0x25) {
        // Most characters stand for one unit: compared without ruleUnitsAt's call.
        if (pi < path.length && path.charCodeAt(pi) === (canonical ? asciiCanonicalUnit(c) : c)) {
          vi++;
          pi++;
          if (
            star === -1 &&
            (c === 0x2f || vi - (markCount > 0 ? (MARK_V[markCount - 1] as number) : 0) >= 8) &&
            c !== 0x24 &&
            v.charCodeAt(vi - 2) !== 0x25 &&
            markCount < MARK_V.length
          ) {
            MARK_V[markCount] = vi;
            MARK_P[markCount++] = pi;
          }
          continue;
        }
      } else {
        const read = ruleUnitsAt(v, vi, canonical, UNITS);
        const count = read & 15;
        let k = 0;
        while (k < count && path.charCodeAt(pi + k) === UNITS[k]) k++;
        if (k === count) {
          vi += read >> 4;
          pi += count;
          continue;
        }
      }
    } else if (!anchored || pi === path.length) return googleEscapedLength(v);
    if (star === -1 || mark >= path.length) return -1;
    vi = star;
    pi = ++mark;
  }
}

/**
 * A rule set for one semantics. Its first checks read the rules as written (readRule); the rules
 * are compiled and indexed on the LINEAR_CHECKS + 1st check, so that later checks find their
 * candidates in time linear in the path.
 */
export class CompiledRules {
  private readonly rules: readonly Rule[];
  private readonly semantics: Semantics;
  /** Rules readRule left to their compiled form, compiled on first need, by rule number. */
  private readonly compiledRule: (Entry[] | undefined)[] = [];
  /** Compiled entries, one or two per distinct rule; filled by `index`. */
  private readonly entries: Entry[] = [];
  // Two indexes: keys that start the path need only a descent from the root; only keys that may
  // occur anywhere pay for the automaton.
  private readonly prefixes = new PrefixTrie();
  private readonly floating = new LiteralAutomaton();
  private seen = new Uint32Array(0);
  private stamp = 0;
  // What the last check matched (rule numbers, priorities, index.html forms), in typed lists reused
  // by every check: a file of 40,000 `Disallow: /x` matches 40,000 times before it is indexed.
  private foundRule = new Int32Array(16);
  private foundPriority = new Int32Array(16);
  private foundIndexHtml = new Uint8Array(16);
  private foundCount = 0;
  /** The path the lists are for: robots sharing groups are checked on one URL in turn. */
  private lastPath: string | null = null;
  // One visitor for every indexed check (no closure per check): the path being matched.
  private path = '';
  /** Path units the check scanned so far for wildcard rules (MATCH_BUDGET). */
  private work = 0;
  /** The last check stopped early: some candidates were not matched. */
  cut = false;
  private readonly visit = (id: number): void => {
    if (this.seen[id] === this.stamp) return;
    this.seen[id] = this.stamp;
    const entry = this.entries[id];
    if (entry === undefined) return;
    if (entry.segments.length > 1) {
      // A wildcard rule may scan the rest of the path; a literal one compares its own length.
      if (this.work > MATCH_BUDGET) {
        this.cut = true;
        return;
      }
      this.work += this.path.length;
    }
    if (entryMatches(entry, this.path)) this.record(entry.number, entry.priority, entry.indexHtml);
  };

  /** Entries with a wildcard at most (counted when first needed): each may scan the path. */
  private wildcards = -1;
  /** The indexes are built (on the LINEAR_CHECKS + 1st check, or at once for a long path). */
  private indexed = false;
  private checks = 0;

  constructor(rules: readonly Rule[], semantics: Semantics) {
    this.rules = rules;
    this.semantics = semantics;
  }

  private record(number: number, priority: number, indexHtml: boolean): void {
    const n = this.foundCount++;
    if (n === this.foundRule.length) this.growFound();
    this.foundRule[n] = number;
    this.foundPriority[n] = priority;
    this.foundIndexHtml[n] = indexHtml ? 1 : 0;
  }

  private growFound(): void {
    const rules = new Int32Array(this.foundRule.length * 2);
    const priorities = new Int32Array(rules.length);
    const indexHtml = new Uint8Array(rules.length);
    rules.set(this.foundRule);
    priorities.set(this.foundPriority);
    indexHtml.set(this.foundIndexHtml);
    this.foundRule = rules;
    this.foundPriority = priorities;
    this.foundIndexHtml = indexHtml;
  }

  /** The compiled entries of rule number `r`, compiled once. */
  private compiledOf(r: number): Entry[] {
    let entries = this.compiledRule[r];
    if (entries === undefined) {
      entries = [];
      const rule = this.rules[r];
      if (rule !== undefined) compileRule(rule, r, this.semantics, entries);
      this.compiledRule[r] = entries;
    }
    return entries;
  }

  /**
   * Whether an indexed check of a path this long could stop at MATCH_BUDGET (then the order of
   * candidates would decide which were matched, and only the indexes' order counts).
   */
  private mayRunOutOfBudget(pathLength: number): boolean {
    // Two entries per rule at most (Google's index.html allow); count only when that could matter.
    if (this.rules.length * 2 * pathLength <= MATCH_BUDGET) return false;
    if (this.wildcards === -1) {
      this.wildcards = 0;
      if (this.semantics !== 'original1994')
        for (const rule of this.rules)
          if (rule.value.includes('*')) this.wildcards += rule.type === 'allow' ? 2 : 1;
    }
    return this.wildcards * pathLength > MATCH_BUDGET;
  }

  /**
   * Compiles every rule and builds the two indexes. A rule written again (same type, same value)
   * can never decide: under every reading the earlier line wins among equals, so it is compiled
   * once, keeping its first line, and a file of 40,000 copies of one rule costs what one rule costs.
   */
  private index(): void {
    this.indexed = true;
    const seen = { allow: new Set<string>(), disallow: new Set<string>() };
    for (let r = 0; r < this.rules.length; r++) {
      const rule = this.rules[r] as Rule;
      const same = seen[rule.type];
      if (same.has(rule.value)) continue;
      same.add(rule.value);
      compileRule(rule, r, this.semantics, this.entries);
    }
    this.seen = new Uint32Array(this.entries.length);
    // Each entry is keyed by its most selective required literal: the head, which must start
    // the path, unless a later piece is longer (`/*.pdf$` is keyed by `.pdf`, not by `/`).
    for (let id = 0; id < this.entries.length; id++) {
      const segments = (this.entries[id] as Entry).segments;
      const head = segments[0] ?? '';
      let key = '';
      for (let k = 1; k < segments.length; k++) {
        const seg = segments[k] ?? '';
        if (seg.length > key.length) key = seg;
      }
      const isPrefix = (head.length >= Math.min(key.length, MAX_KEY) && head !== '') || key === '';
      if (isPrefix) this.prefixes.add(head, id);
      else this.floating.add(key.slice(0, MAX_KEY), id);
    }
    this.prefixes.finish();
    this.floating.finish();
  }

  /**
   * How many rules match (a rule written again may count again before indexing); they are the
   * first ones of the found lists, reused by the next call (read them before matching again).
   */
  private matching(path: string): number {
    if (path === this.lastPath) return this.foundCount;
    this.lastPath = path;
    this.foundCount = 0;
    this.cut = false;
    if (!this.indexed && ++this.checks <= LINEAR_CHECKS && !this.mayRunOutOfBudget(path.length)) {
      const rules = this.rules;
      let previous: Rule | null = null;
      forgetMarks();
      for (let r = 0; r < rules.length; r++) {
        const rule = rules[r] as Rule;
        // A copy of the rule just before it never decides (the earlier line wins among equals):
        // a file of 40,000 `Disallow: /x` is read as one rule, as the index will read it.
        if (previous !== null && rule.value === previous.value && rule.type === previous.type)
          continue;
        previous = rule;
        const priority = readRule(rule, path, this.semantics);
        if (priority >= 0) this.record(r, priority, false);
        else if (priority === COMPILE)
          for (const entry of this.compiledOf(r))
            if (entryMatches(entry, path)) this.record(r, entry.priority, entry.indexHtml);
      }
      return this.foundCount;
    }
    if (!this.indexed) this.index();
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    this.path = path;
    this.work = 0;
    this.prefixes.candidates(path, this.visit);
    this.floating.candidates(path, this.visit);
    return this.foundCount;
  }

  /** What `best` returns, filled in place by each call: a check makes no object to say it. */
  private readonly bestMatches: BestMatches = { allow: null, disallow: null };
  private readonly allowResult: MatchResult = { rule: NO_RULE, priority: 0, indexHtml: false };
  private readonly disallowResult: MatchResult = { rule: NO_RULE, priority: 0, indexHtml: false };

  /**
   * Longest-match reading (Google, RFC 9309): the best allow and disallow match, in objects the
   * next call fills again (read them before matching again).
   */
  best(path: string): BestMatches {
    let allow = -1;
    let disallow = -1;
    const count = this.matching(path);
    const priorities = this.foundPriority;
    for (let i = 0; i < count; i++) {
      const rule = this.ruleFound(i);
      const priority = priorities[i] as number;
      const current = rule.type === 'allow' ? allow : disallow;
      if (
        current === -1 ||
        priority > (priorities[current] as number) ||
        (priority === priorities[current] && rule.line < this.ruleFound(current).line)
      ) {
        if (rule.type === 'allow') allow = i;
        else disallow = i;
      }
    }
    this.bestMatches.allow = this.resultOf(allow, this.allowResult);
    this.bestMatches.disallow = this.resultOf(disallow, this.disallowResult);
    return this.bestMatches;
  }

  private ruleFound(i: number): Rule {
    return this.rules[this.foundRule[i] as number] as Rule;
  }

  private resultOf(i: number, out: MatchResult): MatchResult | null {
    if (i === -1) return null;
    out.rule = this.ruleFound(i);
    out.priority = this.foundPriority[i] as number;
    out.indexHtml = this.foundIndexHtml[i] === 1;
    return out;
  }

  /**
   * Every matching rule of the highest priority, whatever its type, in no set order: the longest
   * matches with no tie broken (aipref Content-Usage rules of equal length apply together). A rule
   * written again is named once.
   */
  bestTies(path: string): Rule[] {
    const count = this.matching(path);
    let top = -1;
    const out: Rule[] = [];
    for (let i = 0; i < count; i++) {
      const priority = this.foundPriority[i] as number;
      if (priority > top) {
        top = priority;
        out.length = 0;
      }
      if (priority === top) out.push(this.ruleFound(i));
    }
    if (this.indexed || out.length < 2) return out;
    // Before indexing, copies are matched too: keep the first of each (the index keeps only it).
    const named = new Set<string>();
    return out
      .sort((a, b) => a.line - b.line)
      .filter((rule) => {
        const key = `${rule.type}\n${rule.value}`;
        if (named.has(key)) return false;
        named.add(key);
        return true;
      });
  }

  /** 1994 reading: the first rule (in file order) whose value the path starts with. */
  first(path: string): Rule | null {
    let first: Rule | null = null;
    const count = this.matching(path);
    for (let i = 0; i < count; i++) {
      const rule = this.ruleFound(i);
      if (rule.value === '') continue; // an empty Disallow allows everything
      if (first === null || rule.line < first.line) first = rule;
    }
    return first;
  }
}
