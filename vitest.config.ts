import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests only; test/e2e runs under node:test with real browsers (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Every core: vitest's default leaves one free, which on a 2-core machine is half of them.
    maxWorkers: availableParallelism(),
    // Worker threads rather than child processes: 3–7 s less of the ~80 s on 2 cores, measured
    // back to back four times (no test needs a process of its own: none calls process.chdir).
    pool: 'threads',
    globalSetup: ['test/setup/build-lib.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
