// Vitest setup (vitest.config.ts): properties that name no count of runs take fast-check's default
// of 100 through numRuns, as the ones that name theirs do (test/property-runs.ts).
import fc from 'fast-check';
import { numRuns } from '../property-runs.ts';

fc.configureGlobal({ numRuns: numRuns(100) });
