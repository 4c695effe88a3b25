// Rule keys that must start the path: all of them are found in one descent from the root.
import { KeyTrie } from './key-trie.ts';

/** Units of a key each trie level indexes: any part of a required literal is itself required. */
const LEVEL = 16;
/** A node with more entries whose keys go on than this gets a trie of its own for the rest. */
const HEAVY = 8;

/**
 * Entries (numbers) keyed by literals that must begin the path; empty until `add`, usable after
 * `finish`. Each level indexes LEVEL units of the keys; where many keys share those units (`/catalog
 * /product/view/id/1…`), a nested level indexes the next LEVEL, so a check visits only the entries
 * that can match, while memory grows only where keys crowd.
 */
export class PrefixTrie {
  private readonly trie = new KeyTrie();
  // Entries per node, by node number (most nodes have none).
  private readonly out: (number[] | undefined)[] = [];
  /** Nested levels, by the node (at depth LEVEL) whose crowded keys they index further. */
  private readonly nested: (PrefixTrie | undefined)[] = [];
  /** The deepest key: no descent goes deeper. */
  private depth = 0;
  private pending: { key: string; entry: number }[] = [];

  /** Files `entry` under `key`; '' files it for every path. */
  add(key: string, entry: number): void {
    this.pending.push({ key, entry });
  }

  /** Builds the levels; call once after the last `add`. */
  finish(): void {
    const longer = new Map<number, { key: string; entry: number }[]>();
    for (const { key, entry } of this.pending) {
      const node = this.trie.insert(key.slice(0, LEVEL));
      if (key.length > LEVEL) {
        const list = longer.get(node);
        if (list === undefined) longer.set(node, [{ key, entry }]);
        else list.push({ key, entry });
      } else this.file(node, entry);
      if (Math.min(key.length, LEVEL) > this.depth) this.depth = Math.min(key.length, LEVEL);
    }
    this.pending = [];
    for (const [node, list] of longer) {
      if (list.length <= HEAVY) {
        for (const { entry } of list) this.file(node, entry);
        continue;
      }
      const level = new PrefixTrie();
      for (const { key, entry } of list) level.add(key.slice(LEVEL), entry);
      level.finish();
      this.nested[node] = level;
    }
  }

  private file(node: number, entry: number): void {
    const out = this.out[node];
    if (out === undefined) this.out[node] = [entry];
    else out.push(entry);
  }

  /** Calls `visit` for every entry whose key `path` starts with (from `from`, for nested levels). */
  candidates(path: string, visit: (entry: number) => void, from = 0): void {
    const outs = this.out;
    const root = outs[0];
    if (root !== undefined) for (let k = 0; k < root.length; k++) visit(root[k] as number);
    const depth = Math.min(path.length - from, this.depth);
    let node = 0;
    for (let i = 0; i < depth; i++) {
      node = this.trie.child(node, path.charCodeAt(from + i));
      if (node === -1) return;
      const out = outs[node];
      if (out !== undefined) for (let k = 0; k < out.length; k++) visit(out[k] as number);
    }
    if (depth === LEVEL) this.nested[node]?.candidates(path, visit, from + LEVEL);
  }
}
