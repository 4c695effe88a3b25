// How many cases a property test (fast-check) tries. A test names the count it must keep in CI;
// CI (CI=true) runs that many, a local run a fifth of it (at least 20) for a fast loop, and
// FC_NUM_RUNS=<n> runs n for every property (more to hunt a bug, fewer for a quick look).
// Properties that name no count take fast-check's 100 the same way (test/setup/fast-check.ts).

const named = Number(process.env['FC_NUM_RUNS']);
const inCI =
  process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

/** The runs of a property whose CI count is `ci`. */
export function numRuns(ci: number): number {
  if (Number.isInteger(named) && named > 0) return named;
  return inCI ? ci : Math.max(20, Math.round(ci / 5));
}
