// npm run test:e2e: every suite in Chromium only (run.mjs), beside the other browser's process.
// Nothing when E2E_BROWSERS names the other browser alone.
const wanted = process.env.E2E_BROWSERS?.toLowerCase()
  .split(',')
  .map((name) => name.trim());
if (wanted === undefined || wanted.includes('chromium')) {
  process.env.E2E_BROWSERS = 'chromium';
  await import('./run.mjs');
}
