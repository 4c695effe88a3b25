// npm run package: builds dist/, lints it with web-ext (addons-linter) and writes the zips to
// upload: out/packages/robots-lens-<version>-chrome.zip and -firefox.zip (web-ext build).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
run('node', ['scripts/build.mjs'], { stdio: 'inherit' });

// One manifest serves both browsers, so Firefox's note that it ignores service_worker is expected.
const EXPECTED = new Set(['BACKGROUND_SERVICE_WORKER_IGNORED']);
let report;
try {
  report = JSON.parse(
    run('npx', ['web-ext', 'lint', '--source-dir', 'dist', '--output', 'json']).toString(),
  );
} catch (error) {
  report = JSON.parse(error.stdout.toString());
}
const problems = [...report.errors, ...report.warnings].filter((m) => !EXPECTED.has(m.code));
for (const m of problems) console.error(`web-ext lint: ${m.code}: ${m.message} ${m.file ?? ''}`);
if (problems.length > 0) process.exit(1);
console.log(
  `web-ext lint: ${report.errors.length} errors, ${report.warnings.length} warning (${[...EXPECTED].join(', ')})`,
);

const { version } = JSON.parse(readFileSync('manifest.json', 'utf8'));
for (const target of ['chrome', 'firefox']) {
  run(
    'npx',
    [
      'web-ext',
      'build',
      '--source-dir',
      'dist',
      '--artifacts-dir',
      'out/packages',
      '--overwrite-dest',
      '--filename',
      `robots-lens-${version}-${target}.zip`,
    ],
    { stdio: 'inherit' },
  );
}
