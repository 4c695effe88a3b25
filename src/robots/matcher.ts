// Compiled rule sets: every candidate rule for a path is found in time linear in the path, and
// each candidate is checked in time linear in pattern and path. No RegExp is built from a file.
import { canonicalUnits, googleEscape, googleEscapedLength } from './encoding.ts';
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
 * Units as 9-bit codes, so that node * 512 + code stays a small integer: keys hold only ASCII and
 * the escaped-octet units U+E000–U+E0FF (encoding.ts); any other unit gets 511, which no key has.
 */
function unitCode(unit: number): number {
  if (unit < 128) return unit;
  return unit >= 0xe000 && unit < 0xe100 ? 128 + (unit - 0xe000) : 511;
}

function unitOf(code: number): number {
  return code < 128 ? code : 0xe000 + (code - 128);
}

/** Up to this many distinct floating keys, each is searched with indexOf instead of the automaton. */
const FEW_KEYS = 16;

/** Dense transition rows kept per rule set (512 bytes each). */
const MAX_ROWS = 4096;

/** Keys are cut to this many units: any part of a required literal is itself required. */
const MAX_KEY = 16;

/**
 * A trie over keys with Aho–Corasick failure links. `anchoredOut` holds entries whose key must
 * start the path (found by descending from the root); `floatOut` entries whose key may occur
 * anywhere (found by the automaton).
 */
class KeyIndex {
  private readonly edges = new Map<number, number>();
  // Outputs live only on the nodes that have them (most nodes have none).
  private readonly anchoredOut = new Map<number, number[]>();
  private readonly floatOut = new Map<number, number[]>();
  /** Floating keys and their entries: with few of them, native indexOf beats the automaton. */
  private readonly floating = new Map<string, number[]>();
  private fail: Int32Array = new Int32Array(1);
  /** Per node, the check that last emitted its floating outputs: each node emits once a check. */
  private emitted: Uint32Array = new Uint32Array(1);
  private check = 0;
  private nodeCount = 1;
  private hasFloat = false;

  /** Transitions out of the root for ASCII units: the automaton spends most steps there. */
  private readonly rootAscii = new Int32Array(128).fill(-1);
  /** Resolved transitions (failure links followed), remembered: one lookup per path unit. */
  private readonly delta = new Map<number, number>();
  /** The same for ASCII units as dense rows, for up to MAX_ROWS nodes that paths reach. */
  private readonly rows: (Int32Array | undefined)[] = [];
  private rowCount = 0;

  private child(node: number, unit: number): number {
    if (node === 0 && unit < 128) return this.rootAscii[unit] ?? -1;
    return this.edges.get(node * 512 + unitCode(unit)) ?? -1;
  }

  /** The automaton's next state after `unit` (goto, else failure links). */
  private step(node: number, unit: number): number {
    if (node === 0) {
      const next = this.child(0, unit);
      return next === -1 ? 0 : next;
    }
    if (unit < 128) {
      let row = this.rows[node];
      if (row === undefined && this.rowCount < MAX_ROWS) {
        row = new Int32Array(128).fill(-1);
        this.rows[node] = row;
        this.rowCount++;
      }
      if (row !== undefined) {
        const known = row[unit] ?? -1;
        if (known !== -1) return known;
        const result = this.resolve(node, unit);
        row[unit] = result;
        return result;
      }
    }
    const key = node * 512 + unitCode(unit);
    const known = this.delta.get(key);
    if (known !== undefined) return known;
    const result = this.resolve(node, unit);
    if (this.delta.size > 100_000) this.delta.clear(); // bounded memory on hostile input
    this.delta.set(key, result);
    return result;
  }

  /** Follows failure links from `node` until `unit` has a goto edge (or the root). */
  private resolve(node: number, unit: number): number {
    let at = node;
    let next = this.child(at, unit);
    while (next === -1 && at !== 0) {
      at = this.fail[at] ?? 0;
      next = this.child(at, unit);
    }
    return next === -1 ? 0 : next;
  }

  private insert(key: string): number {
    let node = 0;
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i);
      let next = this.child(node, unit);
      if (next === -1) {
        next = this.nodeCount++;
        this.edges.set(node * 512 + unitCode(unit), next);
        if (node === 0 && unit < 128) this.rootAscii[unit] = next;
      }
      node = next;
    }
    return node;
  }

  addAnchored(key: string, entry: number): void {
    const node = this.insert(key);
    const out = this.anchoredOut.get(node);
    if (out === undefined) this.anchoredOut.set(node, [entry]);
    else out.push(entry);
  }

  addFloating(key: string, entry: number): void {
    const node = this.insert(key);
    const out = this.floatOut.get(node);
    if (out === undefined) this.floatOut.set(node, [entry]);
    else out.push(entry);
    this.hasFloat = true;
    const same = this.floating.get(key);
    if (same === undefined) this.floating.set(key, [entry]);
    else same.push(entry);
  }

  /** Builds failure links (breadth first) and folds outputs along them. */
  finish(): void {
    // A trie of prefixes only is descended from the root: it needs no failure links.
    if (!this.hasFloat) return;
    this.fail = new Int32Array(this.nodeCount);
    this.emitted = new Uint32Array(this.nodeCount);
    const children = new Map<number, number[]>();
    const units = new Map<number, number[]>();
    for (const [code, to] of this.edges) {
      const from = Math.floor(code / 512);
      const kids = children.get(from);
      if (kids === undefined) {
        children.set(from, [to]);
        units.set(from, [unitOf(code % 512)]);
      } else {
        kids.push(to);
        units.get(from)?.push(unitOf(code % 512));
      }
    }
    const queue: number[] = [];
    for (const c of children.get(0) ?? []) queue.push(c);
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q] ?? 0;
      const kids = children.get(node) ?? [];
      const kidUnits = units.get(node) ?? [];
      for (let k = 0; k < kids.length; k++) {
        const kid = kids[k] ?? 0;
        const unit = kidUnits[k] ?? 0;
        let f = this.fail[node] ?? 0;
        while (f !== 0 && this.child(f, unit) === -1) f = this.fail[f] ?? 0;
        const target = this.child(f, unit);
        this.fail[kid] = target !== -1 && target !== kid ? target : 0;
        const inherited = this.floatOut.get(this.fail[kid] ?? 0);
        if (inherited !== undefined)
          this.floatOut.set(kid, [...(this.floatOut.get(kid) ?? []), ...inherited]);
        queue.push(kid);
      }
    }
  }

  /** Calls `visit` for every entry whose key occurs in `path` where it must. */
  candidates(path: string, visit: (entry: number) => void): void {
    let node = 0;
    for (const e of this.anchoredOut.get(0) ?? []) visit(e);
    for (let i = 0; i < path.length && i < MAX_KEY; i++) {
      node = this.child(node, path.charCodeAt(i));
      if (node === -1) break;
      const out = this.anchoredOut.get(node);
      if (out !== undefined) for (const e of out) visit(e);
    }
    if (!this.hasFloat) return;
    if (this.floating.size <= FEW_KEYS) {
      for (const [key, entries] of this.floating) {
        if (path.includes(key)) for (const e of entries) visit(e);
      }
      return;
    }
    this.check = (this.check + 1) >>> 0;
    if (this.check === 0) {
      this.emitted.fill(0);
      this.check = 1;
    }
    for (const e of this.floatOut.get(0) ?? []) visit(e);
    node = 0;
    for (let i = 0; i < path.length; i++) {
      node = this.step(node, path.charCodeAt(i));
      if (node === 0 || this.emitted[node] === this.check) continue;
      this.emitted[node] = this.check;
      const out = this.floatOut.get(node);
      if (out !== undefined) for (let k = 0; k < out.length; k++) visit(out[k] ?? 0);
    }
  }
}

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
  // Two indexes: prefixes need no failure links, so only floating keys pay for the automaton.
  private readonly prefixes = new KeyIndex();
  private readonly index = new KeyIndex();
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(rules: readonly Rule[], semantics: Semantics) {
    for (const rule of rules) compileRule(rule, semantics, this.entries);
    // Each entry is indexed by its most selective required literal: the head, which must start
    // the path, unless a later piece is longer (`/*.pdf$` is keyed by `.pdf`, not by `/`).
    this.entries.forEach((entry, id) => {
      const head = entry.segments[0] ?? '';
      let key = '';
      for (const seg of entry.segments.slice(1)) if (seg.length > key.length) key = seg;
      if (head.length >= Math.min(key.length, MAX_KEY) && head !== '') {
        this.prefixes.addAnchored(head.slice(0, MAX_KEY), id);
      } else if (key === '') this.prefixes.addAnchored('', id);
      else this.index.addFloating(key.slice(0, MAX_KEY), id);
    });
    this.prefixes.finish();
    this.index.finish();
    this.seen = new Uint32Array(this.entries.length);
  }

  /** Matching entries, unsorted, each once. */
  private matching(path: string): Entry[] {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const found: Entry[] = [];
    const visit = (id: number) => {
      if (this.seen[id] === this.stamp) return;
      this.seen[id] = this.stamp;
      const entry = this.entries[id];
      if (entry !== undefined && entryMatches(entry, path)) found.push(entry);
    };
    this.prefixes.candidates(path, visit);
    this.index.candidates(path, visit);
    return found;
  }

  /** Longest-match reading (Google, RFC 9309): the best allow and disallow match. */
  best(path: string): BestMatches {
    let allow: MatchResult | null = null;
    let disallow: MatchResult | null = null;
    for (const entry of this.matching(path)) {
      const current = entry.rule.type === 'allow' ? allow : disallow;
      if (
        current === null ||
        entry.priority > current.priority ||
        (entry.priority === current.priority && entry.rule.line < current.rule.line)
      ) {
        const result = { rule: entry.rule, priority: entry.priority, indexHtml: entry.indexHtml };
        if (entry.rule.type === 'allow') allow = result;
        else disallow = result;
      }
    }
    return { allow, disallow };
  }

  /** 1994 reading: the first rule (in file order) whose value the path starts with. */
  first(path: string): Rule | null {
    let first: Rule | null = null;
    for (const entry of this.matching(path)) {
      if (entry.rule.value === '') continue; // an empty Disallow allows everything
      if (first === null || entry.rule.line < first.line) first = entry.rule;
    }
    return first;
  }
}
