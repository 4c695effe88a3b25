// npm run package: builds dist/, makes one copy per store with the manifest that browser reads
// (scripts/targets.mjs: out/dist-chrome/, out/dist-firefox/), lints the Firefox one with web-ext
// (addons-linter) and fails on any error or warning, writes the zips to upload
// (out/packages/robots-lens-<version>-chrome.zip and -firefox.zip, web-ext build) and the store
// listings (scripts/listing.mjs: out/packages/listing/), failing on a text over a store's limit or
// a permission without its reason.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkListing, writeListing } from './listing.mjs';
import { TARGETS, writeTargets } from './targets.mjs';

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
run('node', ['scripts/build.mjs'], { stdio: 'inherit' });
writeTargets();

let report;
try {
  report = JSON.parse(
    run('npx', ['web-ext', 'lint', '--source-dir', TARGETS.firefox, '--output', 'json']).toString(),
  );
} catch (error) {
  report = JSON.parse(error.stdout.toString());
}
const problems = [...report.errors, ...report.warnings];
for (const m of problems) console.error(`web-ext lint: ${m.code}: ${m.message} ${m.file ?? ''}`);
if (problems.length > 0) process.exit(1);
console.log(`web-ext lint: ${report.errors.length} errors, ${report.warnings.length} warnings`);

const { version } = JSON.parse(readFileSync('manifest.json', 'utf8'));
for (const [target, dir] of Object.entries(TARGETS)) {
  run(
    'npx',
    [
      'web-ext',
      'build',
      '--source-dir',
      dir,
      '--artifacts-dir',
      'out/packages',
      '--overwrite-dest',
      '--filename',
      `robots-lens-${version}-${target}.zip`,
    ],
    { stdio: 'inherit' },
  );
}

const listings = writeListing();
const wrong = checkListing(listings);
for (const problem of wrong) console.error(`listing: ${problem}`);
if (wrong.length > 0) process.exit(1);
const count = (shots) => (Array.isArray(shots) ? shots : Object.values(shots).flat()).length;
console.log(
  `listing: out/packages/listing/ (${Object.values(listings)
    .map((l) => `${l.store}: ${count(l.screenshots)} screenshots`)
    .join(', ')})`,
);
