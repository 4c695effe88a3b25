// The robots-lens binary (package.json `bin`): the command line of cli/main.ts on this process.
import { setFlagsFromString } from 'node:v8';
import { main } from './main.ts';

// V8 lets the heap grow up to 4× what survives a collection when a program allocates fast, as an
// audit does (30 KB of HTML per page, a thousand pages a second): 210 MB of RSS for 45–80 MB of
// live data. Doubling at most holds it near 150 MB for the same garbage collection time
// (bench:audit's farm, 20,000 URLs: 8.5% of the CPU with V8's default, 9.5% with 100, 13% with
// 30 and 140 MB). A --heap-growing-percent given to node itself stands.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent')))
  setFlagsFromString('--heap-growing-percent=100');

// A reader that stops early (`robots-lens check … | head`) closes the pipe: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
