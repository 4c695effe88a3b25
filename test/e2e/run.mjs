// npm run test:e2e: the suites of this folder in one process, so that each browser is launched
// once for all of them (browsers.mjs resets it between suites). chromium.run.mjs and
// firefox.run.mjs run them in one browser each, side by side (npm run test:e2e);
// E2E_BROWSERS=chromium or firefox picks one. One suite alone:
// node --test test/e2e/<suite>.e2e.test.mjs
import { readdirSync } from 'node:fs';

for (const file of readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.e2e.test.mjs'))
  .sort())
  await import(`./${file}`);
