// One unpacked extension per store: out/dist-chrome/ and out/dist-firefox/, each dist/ with the
// manifest that browser reads without a warning. dist/ itself keeps one manifest for both (the
// one `npm start`, the end-to-end tests and a hand-loaded copy use): Chrome 121+ ignores
// background.scripts beside service_worker, and Firefox ignores service_worker beside scripts, but
// addons-linter warns about the second (BACKGROUND_SERVICE_WORKER_IGNORED) and Chrome flags
// browser_specific_settings as an unrecognized key. The code of each copy is dist/'s, byte for byte.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The stores, and the directory each one's package is made from. */
export const TARGETS = { chrome: 'out/dist-chrome', firefox: 'out/dist-firefox' };

/** `manifest` (manifest.json, for both browsers) as `target` ('chrome' or 'firefox') reads it. */
export function targetManifest(manifest, target) {
  const { background, browser_specific_settings, ...rest } = manifest;
  if (background?.service_worker === undefined || background.scripts === undefined)
    throw new Error('manifest.json: background needs both service_worker and scripts');
  if (target === 'chrome')
    return { ...rest, background: { service_worker: background.service_worker } };
  if (target === 'firefox')
    return { ...rest, background: { scripts: background.scripts }, browser_specific_settings };
  throw new Error(`targetManifest: unknown target ${target}`);
}

/** Writes out/dist-chrome/ and out/dist-firefox/ from the built `dist` (npm run build). */
export function writeTargets(dist = 'dist', targets = TARGETS) {
  // The built copy, so the packages carry what was built and tested.
  const manifest = JSON.parse(readFileSync(`${dist}/manifest.json`, 'utf8'));
  for (const [target, dir] of Object.entries(targets)) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(dist, dir, { recursive: true });
    writeFileSync(
      `${dir}/manifest.json`,
      `${JSON.stringify(targetManifest(manifest, target), null, 2)}\n`,
    );
  }
  return targets;
}
