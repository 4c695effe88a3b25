import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests only; test/e2e runs under node:test with real browsers (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Every core: vitest's default leaves one free, which on a 2-core machine is half of them.
    maxWorkers: availableParallelism(),
    globalSetup: ['test/setup/build-lib.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
