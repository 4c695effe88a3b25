import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The version says what is in it: manifest.json and package.json carry the same one, and
// CHANGELOG.md (Keep a Changelog) has its entry.
const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

test('manifest.json and package.json carry the same version, and CHANGELOG.md has its entry', () => {
  const { version } = JSON.parse(read('manifest.json'));
  expect(JSON.parse(read('package.json')).version).toBe(version);
  expect(JSON.parse(read('package-lock.json')).version).toBe(version);
  const changelog = read('CHANGELOG.md');
  expect(changelog).toMatch(
    new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
  );
  // Each release links to what it contains.
  expect(changelog).toMatch(new RegExp(`^\\[${version.replace(/\./g, '\\.')}\\]: https://`, 'm'));
});
