// The robots-lens binary (package.json `bin`): the command line of cli/main.ts on this process.
import { main } from './main.ts';

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
