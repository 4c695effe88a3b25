// Which directive a key names, and how Google's leniency reads a misspelled one.

export type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'other';

/** null: the key as the standards spell it (any case); 'typo': a misspelling Google accepts; 'prefix': the key only begins with a known key. */
export type Misspelling = null | 'typo' | 'prefix';

export interface KeyClass {
  kind: KeyKind;
  misspelling: Misspelling;
}

/** ASCII case-insensitive `s.startsWith(lowerPrefix)` (robots.cc StartsWithIgnoreCase). */
function startsWithCI(s: string, lowerPrefix: string): boolean {
  if (s.length < lowerPrefix.length) return false;
  for (let i = 0; i < lowerPrefix.length; i++) {
    let c = s.charCodeAt(i);
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

const OTHER: KeyClass = { kind: 'other', misspelling: null };

/** Classifies a key (already trimmed) the way Google's parser does, noting any leniency. */
export function classifyKey(key: string): KeyClass {
  for (const spec of KEY_SPECS) {
    if (startsWithCI(key, spec.name)) {
      return { kind: spec.kind, misspelling: key.length === spec.name.length ? null : 'prefix' };
    }
    for (const typo of spec.typos) {
      if (startsWithCI(key, typo)) return { kind: spec.kind, misspelling: 'typo' };
    }
  }
  return OTHER;
}
