// Compiled rule sets: every candidate rule for a path is found in time linear in the path, and
// each candidate is checked in time linear in pattern and path. No RegExp is built from a file.
import { canonicalUnits, googleEscape, googleEscapedLength, isPlainAscii } from './encoding.ts';
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

/** Keys are cut to this many units: any part of a required literal is itself required. */
const MAX_KEY = 16;

/**
 * A trie over keys with Aho–Corasick failure links. `anchoredOut` holds entries whose key must
 * start the path (found by descending from the root); `floatOut` entries whose key may occur
 * anywhere (found by the automaton).
 */
class KeyIndex {
  private readonly edges = new Map<number, number>();
  private readonly anchoredOut: number[][] = [[]];
  private readonly floatOut: number[][] = [[]];
  private fail: Int32Array = new Int32Array(1);
  private nodeCount = 1;
  private hasFloat = false;

  private child(node: number, unit: number): number {
    return this.edges.get(node * 0x10000 + unit) ?? -1;
  }

  private insert(key: string): number {
    let node = 0;
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i);
      let next = this.child(node, unit);
      if (next === -1) {
        next = this.nodeCount++;
        this.edges.set(node * 0x10000 + unit, next);
        this.anchoredOut.push([]);
        this.floatOut.push([]);
      }
      node = next;
    }
    return node;
  }

  addAnchored(key: string, entry: number): void {
    this.anchoredOut[this.insert(key)]?.push(entry);
  }

  addFloating(key: string, entry: number): void {
    this.floatOut[this.insert(key)]?.push(entry);
    this.hasFloat = true;
  }

  /** Builds failure links (breadth first) and folds outputs along them. */
  finish(): void {
    this.fail = new Int32Array(this.nodeCount);
    if (!this.hasFloat) return;
    const children: number[][] = Array.from({ length: this.nodeCount }, () => []);
    const units: number[][] = Array.from({ length: this.nodeCount }, () => []);
    for (const [code, to] of this.edges) {
      const from = Math.floor(code / 0x10000);
      children[from]?.push(to);
      units[from]?.push(code % 0x10000);
    }
    const queue: number[] = [];
    for (const c of children[0] ?? []) queue.push(c);
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q] ?? 0;
      const kids = children[node] ?? [];
      const kidUnits = units[node] ?? [];
      for (let k = 0; k < kids.length; k++) {
        const kid = kids[k] ?? 0;
        const unit = kidUnits[k] ?? 0;
        let f = this.fail[node] ?? 0;
        while (f !== 0 && this.child(f, unit) === -1) f = this.fail[f] ?? 0;
        const target = this.child(f, unit);
        this.fail[kid] = target !== -1 && target !== kid ? target : 0;
        const inherited = this.floatOut[this.fail[kid] ?? 0] ?? [];
        if (inherited.length > 0)
          this.floatOut[kid] = [...(this.floatOut[kid] ?? []), ...inherited];
        queue.push(kid);
      }
    }
  }

  /** Calls `visit` for every entry whose key occurs in `path` where it must. */
  candidates(path: string, visit: (entry: number) => void): void {
    let node = 0;
    for (const e of this.anchoredOut[0] ?? []) visit(e);
    for (let i = 0; i < path.length && i < MAX_KEY; i++) {
      node = this.child(node, path.charCodeAt(i));
      if (node === -1) break;
      for (const e of this.anchoredOut[node] ?? []) visit(e);
    }
    if (!this.hasFloat) return;
    for (const e of this.floatOut[0] ?? []) visit(e);
    node = 0;
    for (let i = 0; i < path.length; i++) {
      const unit = path.charCodeAt(i);
      let next = this.child(node, unit);
      while (next === -1 && node !== 0) {
        node = this.fail[node] ?? 0;
        next = this.child(node, unit);
      }
      node = next === -1 ? 0 : next;
      for (const e of this.floatOut[node] ?? []) visit(e);
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
  const priority = isPlainAscii(rule.value) ? rule.value.length : googleEscapedLength(rule.value);
  out.push(compileGlob(rule.value, rule, priority, false, true));
}

/** A rule set compiled for one semantics. */
export class CompiledRules {
  private readonly entries: Entry[] = [];
  private readonly index = new KeyIndex();
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(rules: readonly Rule[], semantics: Semantics) {
    for (const rule of rules) compileRule(rule, semantics, this.entries);
    this.entries.forEach((entry, id) => {
      const head = entry.segments[0] ?? '';
      if (head !== '') {
        this.index.addAnchored(head.slice(0, MAX_KEY), id);
        return;
      }
      let key = '';
      for (const seg of entry.segments) if (seg.length > key.length) key = seg;
      if (key === '') this.index.addAnchored('', id);
      else this.index.addFloating(key.slice(0, MAX_KEY), id);
    });
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
    this.index.candidates(path, (id) => {
      if (this.seen[id] === this.stamp) return;
      this.seen[id] = this.stamp;
      const entry = this.entries[id];
      if (entry !== undefined && entryMatches(entry, path)) found.push(entry);
    });
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
