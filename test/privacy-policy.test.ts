import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { MAX_CACHED_ORIGINS } from '../background/origin-cache.ts';
import {
  MAX_SEEN_ORIGINS,
  MAX_SEEN_SITE_BYTES,
  SEEN_FLUSH_MS,
} from '../background/seen-paths-store.ts';
import { MAX_HISTORY_VERSIONS, MAX_VERSIONED_ORIGINS } from '../background/version-store.ts';
import { CRAWLER_REQUEST, FETCH_POLICY } from '../io/fetch-policy.ts';
import { MAX_SEEN_PATHS } from '../src/extension/history/seen-paths.ts';
import { MAX_CACHE_MS, MAX_REDIRECTS } from '../src/policy.ts';

// docs/PRIVACY.md (the stores' privacy policy) stays true to the code: every storage key the
// extension writes is in its table, and its figures are the code's.
const ROOT = join(import.meta.dirname, '..');
const policy = readFileSync(join(ROOT, 'docs/PRIVACY.md'), 'utf8');

/** Storage keys and key prefixes as the code writes them: `KEY = '…'`, `prefix: '…'`, `…Key = (id) => \`tab-report:${`. */
function storageKeysInCode(): Set<string> {
  const pattern =
    /(?:PREFIX|KEY|FLAG)\w* = '([a-z-]+:?)'|prefix: '([a-z-]+:)'|indexKey: '([a-z-]+)'|Key = \([^)]*\)(?::\s*\w+)? =>\s*`([a-z-]+:)\$\{/g;
  const keys = new Set<string>();
  for (const dir of ['background', 'src/extension', 'popup', 'ui', 'webext', 'first-screen'])
    for (const file of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const m of readFileSync(join(ROOT, dir, file), 'utf8').matchAll(pattern))
        keys.add((m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
    }
  return keys;
}

test('every storage key the extension writes is in the privacy policy', () => {
  const keys = storageKeysInCode();
  // The reading finds the keys known today (so a change of style is not a silent pass).
  for (const known of [
    'settings',
    'robots:',
    'robots-version-index',
    'tab-report:',
    'debug-errors',
  ])
    expect(keys).toContain(known);
  expect(keys.size).toBeGreaterThanOrEqual(16);
  const missing = [...keys].filter((key) => !policy.includes(`\`${key}`));
  expect(missing).toEqual([]);
});

test('its figures are the code’s', () => {
  expect(MAX_CACHE_MS).toBe(24 * 60 * 60 * 1000);
  expect(policy).toContain('at most 24 hours');
  expect(policy).toContain(`at most ${MAX_CACHED_ORIGINS} sites`);
  expect(policy).toContain(
    `At most ${MAX_HISTORY_VERSIONS} versions per site and ${MAX_VERSIONED_ORIGINS} sites`,
  );
  expect(policy).toContain(`At most ${MAX_SEEN_PATHS} per site and ${MAX_SEEN_ORIGINS} sites`);
  expect(policy).toContain(`${MAX_SEEN_SITE_BYTES.toLocaleString('en')} bytes per site`);
  expect(SEEN_FLUSH_MS).toBe(2000);
  expect(policy).toContain('at most once per site every 2 seconds');
  expect(FETCH_POLICY.maxRedirects).toBe(MAX_REDIRECTS);
  expect(policy).toContain(`**at most ${MAX_REDIRECTS}**`);
  expect(CRAWLER_REQUEST).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
  expect(policy).toContain('**no cookies, no credentials, no referrer:**');
});

test('every file it cites exists', () => {
  const cited = [...policy.matchAll(/`((?:background|io|src|webext|ui|popup)\/[\w/.-]+\.tsx?)`/g)];
  expect(cited.length).toBeGreaterThan(10);
  for (const [, path] of cited)
    expect(() => readFileSync(join(ROOT, path as string))).not.toThrow();
});
