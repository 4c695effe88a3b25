// Compiled rule sets: every candidate rule for a path is found in time linear in the path, and
// each candidate is checked in time linear in pattern and path. No RegExp is built from a file.
import { canonicalUnits, googleEscape, googleEscapedLength } from './encoding.ts';
import { LiteralAutomaton } from './literal-automaton.ts';
import { PrefixTrie } from './prefix-trie.ts';
import type { Rule, Semantics } from './types.ts';

interface Entry {
  rule: Rule;
  /** Octets the pattern ranks by: Google's escaped length (robots.cc LongestMatch). */
  priority: number;
  /** Literal pieces between wildcards; one piece means no wildcard. */
  segments: string[];
  /** The pattern ended in `$`: the path must end where the pattern ends. */
  anchored: boolean;
  /** Google's `/dir/index.html` → `/dir/$` form of an allow rule. */
  indexHtml: boolean;
}

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
 * Checks of a rule set answered by testing every key before the indexes are built: the popup's
 * few checks per file never pay for indexing, a bulk check pays for it once (issue 32).
 */
const LINEAR_CHECKS = 16;

/** Keys are cut to this many units: any part of a required literal is itself required. */
const MAX_KEY = 16;

/** Splits a Google-escaped or canonical pattern at `*` and takes off an anchoring `$`. */
function compileGlob(
  body: string,
  rule: Rule,
  priority: number,
  indexHtml: boolean,
  canonical: boolean,
): Entry {
  const anchored = body.endsWith('$');
  const text = anchored ? body.slice(0, -1) : body;
  const raw = text.split('*');
  const segments = canonical ? raw.map(canonicalUnits) : raw;
  return { rule, priority, segments, anchored, indexHtml };
}

/** Compiles one rule under a semantics into one or two entries. */
function compileRule(rule: Rule, semantics: Semantics, out: Entry[]): void {
  if (semantics === 'original1994') {
    // Prefix match only; `*` and `$` are ordinary characters in 1994.
    out.push({
      rule,
      priority: googleEscapedLength(rule.value),
      segments: [canonicalUnits(rule.value)],
      anchored: false,
      indexHtml: false,
    });
    return;
  }
  if (semantics === 'google') {
    const escaped = googleEscape(rule.value);
    out.push(compileGlob(escaped, rule, escaped.length, false, false));
    // Google-specific (robots.cc HandleAllow): allowing /dir/index.htm* also allows /dir/.
    if (rule.type === 'allow') {
      const slash = escaped.lastIndexOf('/');
      if (slash !== -1 && escaped.startsWith('/index.htm', slash)) {
        const dir = `${escaped.slice(0, slash + 1)}$`;
        out.push(compileGlob(dir, rule, dir.length, true, false));
      }
    }
    return;
  }
  // RFC 9309: match on canonical octets; rank by the same length Google uses.
  out.push(compileGlob(rule.value, rule, googleEscapedLength(rule.value), false, true));
}

/** A rule set compiled for one semantics. */
export class CompiledRules {
  private readonly entries: Entry[] = [];
  // Two indexes: keys that start the path need only a descent from the root; only keys that may
  // occur anywhere pay for the automaton.
  private readonly prefixes = new PrefixTrie();
  private readonly floating = new LiteralAutomaton();
  private readonly seen: Uint32Array;
  private stamp = 0;
  // One visitor for every check (no closure per check): the path being matched, and what matched.
  private path = '';
  private readonly found: Entry[] = [];
  private foundCount = 0;
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
    if (entryMatches(entry, this.path)) this.found[this.foundCount++] = entry;
  };

  /**
   * Each entry's key: the literal it is indexed by, and whether that literal must start the path
   * (a prefix) or may occur anywhere in it (floating).
   */
  private readonly keys: string[] = [];
  private readonly prefixKey: boolean[] = [];
  /** Entries with a wildcard: each may scan the whole path (MATCH_BUDGET). */
  private wildcards = 0;
  /** The indexes are built (on the LINEAR_CHECKS + 1st check, or at once for a long path). */
  private indexed = false;
  private checks = 0;

  constructor(rules: readonly Rule[], semantics: Semantics) {
    for (const rule of rules) compileRule(rule, semantics, this.entries);
    // Each entry is keyed by its most selective required literal: the head, which must start
    // the path, unless a later piece is longer (`/*.pdf$` is keyed by `.pdf`, not by `/`).
    for (const entry of this.entries) {
      const head = entry.segments[0] ?? '';
      let key = '';
      for (let k = 1; k < entry.segments.length; k++) {
        const seg = entry.segments[k] ?? '';
        if (seg.length > key.length) key = seg;
      }
      const isPrefix = (head.length >= Math.min(key.length, MAX_KEY) && head !== '') || key === '';
      this.keys.push(isPrefix ? head : key.slice(0, MAX_KEY));
      this.prefixKey.push(isPrefix);
      if (entry.segments.length > 1) this.wildcards++;
    }
    this.seen = new Uint32Array(this.entries.length);
  }

  /**
   * The two indexes, built once a rule set has been checked LINEAR_CHECKS times: until then each
   * check tests every key in turn, which finds the same candidates, so the first checks of a
   * robot in the popup never wait for 40,000 keys to be indexed (issue 32: no cliff).
   */
  private index(): void {
    this.indexed = true;
    for (let id = 0; id < this.entries.length; id++) {
      const key = this.keys[id] ?? '';
      if (this.prefixKey[id] === true) this.prefixes.add(key, id);
      else this.floating.add(key, id);
    }
    this.prefixes.finish();
    this.floating.finish();
  }

  /**
   * How many entries match, each counted once; they are the first ones of `this.found`, an array
   * reused by the next call (read them before matching again).
   */
  private matching(path: string): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    this.path = path;
    this.foundCount = 0;
    this.work = 0;
    this.cut = false;
    // A scan of every key visits the candidates in another order than the indexes: the same
    // answer, unless the match budget could run out midway (then the order would decide which
    // candidates were matched), so the indexes take over for such a path at once.
    if (
      !this.indexed &&
      ++this.checks <= LINEAR_CHECKS &&
      this.wildcards * path.length <= MATCH_BUDGET
    ) {
      const keys = this.keys;
      for (let id = 0; id < keys.length; id++) {
        const key = keys[id] as string;
        if (this.prefixKey[id] ? path.startsWith(key) : path.includes(key)) this.visit(id);
      }
      return this.foundCount;
    }
    if (!this.indexed) this.index();
    this.prefixes.candidates(path, this.visit);
    this.floating.candidates(path, this.visit);
    return this.foundCount;
  }

  /** What `best` returns, overwritten by the next call: a check makes no object to say it. */
  private readonly bestMatches: BestMatches = { allow: null, disallow: null };

  /**
   * Longest-match reading (Google, RFC 9309): the best allow and disallow match, in an object
   * the next call overwrites (read it before matching again).
   */
  best(path: string): BestMatches {
    let allow: Entry | null = null;
    let disallow: Entry | null = null;
    const count = this.matching(path);
    const found = this.found;
    for (let i = 0; i < count; i++) {
      const entry = found[i] as Entry;
      const isAllow = entry.rule.type === 'allow';
      const current = isAllow ? allow : disallow;
      if (
        current === null ||
        entry.priority > current.priority ||
        (entry.priority === current.priority && entry.rule.line < current.rule.line)
      ) {
        if (isAllow) allow = entry;
        else disallow = entry;
      }
    }
    // An entry is its own MatchResult (rule, priority, indexHtml): no copy per check.
    this.bestMatches.allow = allow;
    this.bestMatches.disallow = disallow;
    return this.bestMatches;
  }

  /**
   * Every matching rule of the highest priority, whatever its type, in no set order: the longest
   * matches with no tie broken (aipref Content-Usage rules of equal length apply together).
   */
  bestTies(path: string): Rule[] {
    const count = this.matching(path);
    let top = -1;
    const out: Rule[] = [];
    for (let i = 0; i < count; i++) {
      const entry = this.found[i] as Entry;
      if (entry.priority > top) {
        top = entry.priority;
        out.length = 0;
      }
      if (entry.priority === top) out.push(entry.rule);
    }
    return out;
  }

  /** 1994 reading: the first rule (in file order) whose value the path starts with. */
  first(path: string): Rule | null {
    let first: Rule | null = null;
    const count = this.matching(path);
    for (let i = 0; i < count; i++) {
      const entry = this.found[i] as Entry;
      if (entry.rule.value === '') continue; // an empty Disallow allows everything
      if (first === null || entry.rule.line < first.line) first = entry.rule;
    }
    return first;
  }
}
