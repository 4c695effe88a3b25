import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts
import { targetManifest, writeTargets } from '../../scripts/targets.mjs';

// One manifest serves both browsers in dist/; each store's package gets the one its browser reads
// without a warning (scripts/targets.mjs).
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../manifest.json'), 'utf8'));

test('Chrome: a service worker and no Firefox settings; Firefox: background scripts', () => {
  const chrome = targetManifest(manifest, 'chrome');
  const firefox = targetManifest(manifest, 'firefox');
  expect(chrome.background).toEqual({ service_worker: 'background.js' });
  expect(chrome).not.toHaveProperty('browser_specific_settings');
  expect(firefox.background).toEqual({ scripts: ['background.js'] });
  expect(firefox.browser_specific_settings).toEqual(manifest.browser_specific_settings);
  // Everything else as written.
  const { background: _b, browser_specific_settings: _s, ...rest } = manifest;
  for (const built of [chrome, firefox]) expect(built).toMatchObject(rest);
});

test('writeTargets copies the built extension and rewrites only its manifest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rl-targets-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'dist/background.js'), 'void 0;');
  const targets = { chrome: join(dir, 'chrome'), firefox: join(dir, 'firefox') };
  writeTargets(join(dir, 'dist'), targets);
  for (const [target, out] of Object.entries(targets)) {
    expect(readFileSync(join(out, 'background.js'), 'utf8')).toBe('void 0;');
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toEqual(
      targetManifest(manifest, target),
    );
  }
  rmSync(dir, { recursive: true, force: true });
});
