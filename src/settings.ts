// Storage keys and defaults: data only (the background and the popup read and write them).
import { MAX_CACHE_MS } from './policy.ts';

/** The robots shown when the user has not chosen any; the first is the badge's robot. */
export const DEFAULT_ROBOTS: readonly string[] = [
  'Googlebot',
  'Bingbot',
  'Applebot',
  'Google-Extended',
  'GPTBot',
  'ClaudeBot',
  'PerplexityBot',
  'CCBot',
];

export const DEFAULTS = {
  /** Robot names in display order. */
  robots: [...DEFAULT_ROBOTS] as string[],
  /** 'auto': check each page as it loads; 'on-demand': only when the popup opens. */
  checking: 'auto' as 'auto' | 'on-demand',
  /** Show where RFC 9309 or the 1994 standard would decide otherwise. */
  showOtherReadings: true,
  /** How long a fetched robots.txt stays fresh, at most 24 hours (RFC 9309 §2.4). */
  cacheLifetimeMs: MAX_CACHE_MS,
};

export type Settings = typeof DEFAULTS;

/** Storage keys: settings, and one entry per origin (`robots:<origin>`) with an LRU index. */
export const KEYS = {
  settings: 'settings',
  cacheIndex: 'robots-index',
  cachePrefix: 'robots:',
} as const;

/** At most this many origins stay cached; the least recently used go first. */
export const MAX_CACHED_ORIGINS = 500;
