// whatwg-encoding's labelToName (the WHATWG Encoding standard's "get an encoding" from a label),
// without the rest of that package: its decoders load iconv-lite, which the command line does not
// need (Node's TextDecoder decodes) and which cannot load from the bundled ES module. The bundle
// (scripts/build-lib.mjs) resolves encoding-sniffer's `whatwg-encoding` to this file;
// test/io/encoding-labels.test.ts checks it answers as the package does for every label.
import labels from 'whatwg-encoding/lib/labels-to-names.json';

const NAMES: Readonly<Record<string, string>> = labels;

/** The encoding's name for a label (case and surrounding white space ignored), or null. */
export function labelToName(label: string): string | null {
  const key = String(label).trim().toLowerCase();
  return Object.hasOwn(NAMES, key) ? (NAMES[key] as string) : null;
}
