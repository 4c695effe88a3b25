// The goto structure both rule indexes are built on: a trie of literal keys.
import { UNIT_CODES, unitCode, unitOfCode } from './unit-code.ts';

/** Golden-ratio multiplier (Fibonacci hashing): spreads consecutive edge codes over the table. */
const HASH_MULTIPLIER = 0x9e3779b1;

/** A trie of keys (strings of UTF-16 units). Node 0 is the root; nodes are numbered as created. */
export class KeyTrie {
  // Edges `node * UNIT_CODES + unitCode(unit)` → child in an open-addressing table of typed
  // arrays: a large rule set inserts tens of thousands of edges, and Map.set took 40% of its
  // compile time. Codes are doubles, exact for any node count; only their hash is 32 bits.
  private codes = new Float64Array(64).fill(-1);
  private targets = new Int32Array(64);
  /** 32 - log2(table size): the hash's top bits pick the slot. */
  private shift = 32 - 6;
  private edgeCount = 0;
  /** Children of the root for ASCII units, in an array: searches step from the root the most. */
  private readonly rootAscii = new Int32Array(128).fill(-1);
  private count = 1;

  /** Number of nodes, the root included. */
  get nodeCount(): number {
    return this.count;
  }

  /** The child of `node` along `unit`, or -1. */
  child(node: number, unit: number): number {
    if (node === 0 && unit < 128) return this.rootAscii[unit] ?? -1;
    const code = node * UNIT_CODES + unitCode(unit);
    const codes = this.codes;
    const mask = codes.length - 1;
    for (let slot = Math.imul(code, HASH_MULTIPLIER) >>> this.shift; ; slot = (slot + 1) & mask) {
      const at = codes[slot] ?? -1;
      if (at === code) return this.targets[slot] ?? -1;
      if (at === -1) return -1;
    }
  }

  /** Adds `key` and returns the node it ends at (the root for ''). */
  insert(key: string): number {
    let node = 0;
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i);
      let next = this.child(node, unit);
      if (next === -1) {
        next = this.count++;
        this.addEdge(node * UNIT_CODES + unitCode(unit), next);
        if (node === 0 && unit < 128) this.rootAscii[unit] = next;
      }
      node = next;
    }
    return node;
  }

  /** Calls `visit` for every edge, in no particular order. */
  forEachEdge(visit: (from: number, unit: number, to: number) => void): void {
    const codes = this.codes;
    for (let slot = 0; slot < codes.length; slot++) {
      const code = codes[slot] ?? -1;
      if (code === -1) continue;
      visit(Math.floor(code / UNIT_CODES), unitOfCode(code % UNIT_CODES), this.targets[slot] ?? 0);
    }
  }

  /** Stores a new edge, growing the table first if it would be over half full. */
  private addEdge(code: number, to: number): void {
    // At most half full, so probe runs stay short and a lookup always reaches an empty slot.
    if ((this.edgeCount + 1) * 2 > this.codes.length) this.grow();
    this.edgeCount++;
    this.place(code, to);
  }

  private place(code: number, to: number): void {
    const codes = this.codes;
    const mask = codes.length - 1;
    let slot = Math.imul(code, HASH_MULTIPLIER) >>> this.shift;
    while ((codes[slot] ?? -1) !== -1) slot = (slot + 1) & mask;
    codes[slot] = code;
    this.targets[slot] = to;
  }

  private grow(): void {
    const codes = this.codes;
    const targets = this.targets;
    this.codes = new Float64Array(codes.length * 2).fill(-1);
    this.targets = new Int32Array(codes.length * 2);
    this.shift--;
    for (let slot = 0; slot < codes.length; slot++) {
      const code = codes[slot] ?? -1;
      if (code !== -1) this.place(code, targets[slot] ?? 0);
    }
  }
}
