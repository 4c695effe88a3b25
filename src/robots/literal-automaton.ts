// Rule keys that may occur anywhere in the path: every occurrence of every key is found in one
// pass over the path (Aho–Corasick), whatever the number of keys.
import { KeyTrie } from './key-trie.ts';
import { UNIT_CODES, unitCode } from './unit-code.ts';

/** Up to this many distinct keys, each is searched with native indexOf instead of the automaton. */
const FEW_KEYS = 16;

/** Dense transition rows kept per automaton (512 bytes each). */
const MAX_ROWS = 4096;

/** Memoised transitions beyond the dense rows, before the memo starts over. */
const MAX_MEMO = 100_000;

/** Entries (numbers) keyed by literals that may occur anywhere in the path; call `finish` after the last `add`. */
export class LiteralAutomaton {
  /** Each distinct key and its entries, in the order keys were first added. */
  private readonly keys = new Map<string, number[]>();
  /** The same keys and entries as two arrays, for the few-keys case: a check iterates them with
   * an index, not with the Map's iterator and an [key, entries] pair per key. */
  private fewKeys: string[] = [];
  private fewEntries: number[][] = [];
  private readonly trie = new KeyTrie();
  /** Per node, the entries of every key that ends there or at a node its failure links reach. */
  private readonly out = new Map<number, number[]>();
  private fail: Int32Array = new Int32Array(1);
  /** Per node, the check that last emitted its outputs: each node emits once a check. */
  private emitted: Uint32Array = new Uint32Array(1);
  private check = 0;
  /** Resolved transitions (failure links followed), remembered: one lookup per path unit. */
  private readonly memo = new Map<number, number>();
  /** The same for ASCII units as dense rows, for up to MAX_ROWS nodes that paths reach. */
  private readonly rows: (Int32Array | undefined)[] = [];
  private rowCount = 0;
  /** Where an ASCII unit leads from the root (0: nowhere, stay at the root). */
  private readonly root = new Int32Array(128);

  /** Files `entry` under `key` (not ''). */
  add(key: string, entry: number): void {
    const same = this.keys.get(key);
    if (same === undefined) this.keys.set(key, [entry]);
    else same.push(entry);
  }

  /** Builds the automaton, if there are enough keys to need one. */
  finish(): void {
    if (this.keys.size <= FEW_KEYS) {
      this.fewKeys = [...this.keys.keys()];
      this.fewEntries = [...this.keys.values()];
      return;
    }
    for (const [key, entries] of this.keys) this.out.set(this.trie.insert(key), entries);
    for (let unit = 0; unit < 128; unit++) this.root[unit] = Math.max(this.trie.child(0, unit), 0);
    this.buildFailureLinks();
  }

  /** Calls `visit` for every entry whose key occurs in `path`. */
  candidates(path: string, visit: (entry: number) => void): void {
    if (this.keys.size <= FEW_KEYS) {
      const keys = this.fewKeys;
      for (let k = 0; k < keys.length; k++) {
        if (!path.includes(keys[k] as string)) continue;
        const entries = this.fewEntries[k] as number[];
        for (let e = 0; e < entries.length; e++) visit(entries[e] as number);
      }
      return;
    }
    this.check = (this.check + 1) >>> 0;
    if (this.check === 0) {
      this.emitted.fill(0);
      this.check = 1;
    }
    const root = this.root;
    const emitted = this.emitted;
    const check = this.check;
    const length = path.length;
    let node = 0;
    let i = 0;
    while (i < length) {
      if (node === 0) {
        // Most units are read at the root and lead nowhere: a loop of their own keeps them clear
        // of step's code (one loop for both ran 30% slower once step had been hot).
        while (i < length && node === 0) {
          const unit = path.charCodeAt(i++);
          node = unit < 128 ? (root[unit] ?? 0) : Math.max(this.trie.child(0, unit), 0);
        }
        if (node === 0) return;
      } else node = this.step(node, path.charCodeAt(i++));
      if (node === 0 || emitted[node] === check) continue;
      emitted[node] = check;
      const out = this.out.get(node);
      if (out !== undefined) for (let k = 0; k < out.length; k++) visit(out[k] ?? 0);
    }
  }

  /** Failure links, breadth first, with each node's outputs extended by its link's. */
  private buildFailureLinks(): void {
    const trie = this.trie;
    this.fail = new Int32Array(trie.nodeCount);
    this.emitted = new Uint32Array(trie.nodeCount);
    const children = new Map<number, number[]>();
    const units = new Map<number, number[]>();
    trie.forEachEdge((from, unit, to) => {
      const kids = children.get(from);
      if (kids === undefined) {
        children.set(from, [to]);
        units.set(from, [unit]);
      } else {
        kids.push(to);
        units.get(from)?.push(unit);
      }
    });
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
        while (f !== 0 && trie.child(f, unit) === -1) f = this.fail[f] ?? 0;
        const target = trie.child(f, unit);
        this.fail[kid] = target !== -1 && target !== kid ? target : 0;
        const inherited = this.out.get(this.fail[kid] ?? 0);
        if (inherited !== undefined)
          this.out.set(kid, [...(this.out.get(kid) ?? []), ...inherited]);
        queue.push(kid);
      }
    }
  }

  /** The automaton's next state after `unit` from a node other than the root. */
  private step(node: number, unit: number): number {
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
    const key = node * UNIT_CODES + unitCode(unit);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const result = this.resolve(node, unit);
    if (this.memo.size > MAX_MEMO) this.memo.clear(); // bounded memory on hostile input
    this.memo.set(key, result);
    return result;
  }

  /** Follows failure links from `node` until `unit` has a goto edge (or the root). */
  private resolve(node: number, unit: number): number {
    let at = node;
    let next = this.trie.child(at, unit);
    while (next === -1 && at !== 0) {
      at = this.fail[at] ?? 0;
      next = this.trie.child(at, unit);
    }
    return next === -1 ? 0 : next;
  }
}
