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
    // A limit catches a hang; it does not judge speed (issue 41): on a 2-core machine with another
    // process busy, vitest's 5 s default failed a test that takes 1 s on a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/setup/build-lib.ts'],
    setupFiles: ['test/setup/fast-check.ts', 'test/setup/wait-limits.ts'],
    // expect.poll's limit, for the same reason (test/setup/wait-limits.ts has Testing Library's).
    expect: { poll: { timeout: 30_000 } },
  },
});
