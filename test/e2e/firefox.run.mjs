// npm run test:e2e: every suite in Firefox only (run.mjs), beside the other browser's process.
// Nothing when E2E_BROWSERS names the other browser alone.
const wanted = process.env.E2E_BROWSERS?.toLowerCase()
  .split(',')
  .map((name) => name.trim());
if (wanted === undefined || wanted.includes('firefox')) {
  process.env.E2E_BROWSERS = 'firefox';
  await import('./run.mjs');
}
