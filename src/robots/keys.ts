// Which directive a key names, and how Google's leniency reads a misspelled one.

import type { KnownKey, MisspellingKind } from './types.ts';

/** The directive a key names; 'other' for any key the standards do not define. */
export type KeyKind = KnownKey | 'other';

/** null: the key as the standards spell it (any case); else how Google's leniency read it. */
export type Misspelling = null | MisspellingKind;

export interface KeyClass {
  kind: KeyKind;
  misspelling: Misspelling;
}

/** ASCII case-insensitive test that s.slice(start, end) starts with `lowerPrefix` (robots.cc StartsWithIgnoreCase). */
function startsWithCI(s: string, start: number, end: number, lowerPrefix: string): boolean {
  if (end - start < lowerPrefix.length) return false;
  for (let i = 0; i < lowerPrefix.length; i++) {
    let c = s.charCodeAt(start + i);
    if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    if (c !== lowerPrefix.charCodeAt(i)) return false;
  }
  return true;
}

/** ASCII lower case: Unicode case mapping could turn a foreign letter into an ASCII one. */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s)
    ? s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x20))
    : s;
}

interface KeySpec {
  kind: KeyKind;
  name: string;
  /** Misspellings Google accepts (robots.cc ParsedRobotsKey, kAllowFrequentTypos). */
  typos: readonly string[];
}

// In Google's order: a key is tested against user-agent, then allow, disallow and sitemap.
const KEY_SPECS: readonly KeySpec[] = [
  { kind: 'user-agent', name: 'user-agent', typos: ['useragent', 'user agent'] },
  { kind: 'allow', name: 'allow', typos: [] },
  {
    kind: 'disallow',
    name: 'disallow',
    typos: ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'],
  },
  { kind: 'sitemap', name: 'sitemap', typos: ['site-map'] },
];

// A spec can match only a key that starts with the first letter of its name or of a typo: per
// letter, the specs that can, in Google's order. Most keys then meet one test, not nine.
const SPECS_BY_LETTER: KeySpec[][] = [];
for (const spec of KEY_SPECS) {
  for (const word of [spec.name, ...spec.typos]) {
    const letter = word.charCodeAt(0);
    const specs = SPECS_BY_LETTER[letter] ?? [];
    if (!specs.includes(spec)) specs.push(spec);
    SPECS_BY_LETTER[letter] = specs;
  }
}

// One shared object per outcome: the parser classifies every line and keeps none of them.
function classes(kind: KeyKind): Record<'exact' | 'typo' | 'prefix', KeyClass> {
  return {
    exact: Object.freeze({ kind, misspelling: null }),
    typo: Object.freeze({ kind, misspelling: 'typo' }),
    prefix: Object.freeze({ kind, misspelling: 'prefix' }),
  };
}
const CLASSES: Record<KeyKind, Record<'exact' | 'typo' | 'prefix', KeyClass>> = {
  'user-agent': classes('user-agent'),
  allow: classes('allow'),
  disallow: classes('disallow'),
  sitemap: classes('sitemap'),
  other: classes('other'),
};

/**
 * Classifies the key text.slice(start, end) (already trimmed) the way Google's parser does,
 * noting any leniency. Works on the file text in place: most lines need no key string at all.
 */
export function classifyKey(text: string, start = 0, end = text.length): KeyClass {
  const first = text.charCodeAt(start);
  const specs = SPECS_BY_LETTER[first >= 0x41 && first <= 0x5a ? first | 0x20 : first];
  if (specs === undefined) return CLASSES.other.exact;
  for (const spec of specs) {
    if (startsWithCI(text, start, end, spec.name)) {
      return CLASSES[spec.kind][end - start === spec.name.length ? 'exact' : 'prefix'];
    }
    for (const typo of spec.typos) {
      if (startsWithCI(text, start, end, typo)) return CLASSES[spec.kind].typo;
    }
  }
  return CLASSES.other.exact;
}
