// Rule keys that must start the path: all of them are found in one descent from the root.
import { KeyTrie } from './key-trie.ts';

/** Entries (numbers) keyed by literals that must begin the path; empty until `add`. */
export class PrefixTrie {
  private readonly trie = new KeyTrie();
  // Entries per node, by node number (most nodes have none).
  private readonly out: (number[] | undefined)[] = [];
  /** The longest key: no descent goes deeper. */
  private depth = 0;

  /** Files `entry` under `key`; '' files it for every path. */
  add(key: string, entry: number): void {
    const node = this.trie.insert(key);
    const out = this.out[node];
    if (out === undefined) this.out[node] = [entry];
    else out.push(entry);
    if (key.length > this.depth) this.depth = key.length;
  }

  /** Calls `visit` for every entry whose key `path` starts with. */
  candidates(path: string, visit: (entry: number) => void): void {
    const outs = this.out;
    const root = outs[0];
    if (root !== undefined) for (let k = 0; k < root.length; k++) visit(root[k] as number);
    const depth = Math.min(path.length, this.depth);
    let node = 0;
    for (let i = 0; i < depth; i++) {
      node = this.trie.child(node, path.charCodeAt(i));
      if (node === -1) return;
      const out = outs[node];
      if (out !== undefined) for (let k = 0; k < out.length; k++) visit(out[k] as number);
    }
  }
}
