// The goto structure both rule indexes are built on: a trie of literal keys.
import { UNIT_CODES, unitCode, unitOfCode } from './unit-code.ts';

/** A trie of keys (strings of UTF-16 units). Node 0 is the root; nodes are numbered as created. */
export class KeyTrie {
  private readonly edges = new Map<number, number>();
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
    return this.edges.get(node * UNIT_CODES + unitCode(unit)) ?? -1;
  }

  /** Adds `key` and returns the node it ends at (the root for ''). */
  insert(key: string): number {
    let node = 0;
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i);
      let next = this.child(node, unit);
      if (next === -1) {
        next = this.count++;
        this.edges.set(node * UNIT_CODES + unitCode(unit), next);
        if (node === 0 && unit < 128) this.rootAscii[unit] = next;
      }
      node = next;
    }
    return node;
  }

  /** Calls `visit` for every edge, in no particular order. */
  forEachEdge(visit: (from: number, unit: number, to: number) => void): void {
    for (const [code, to] of this.edges) {
      visit(Math.floor(code / UNIT_CODES), unitOfCode(code % UNIT_CODES), to);
    }
  }
}
