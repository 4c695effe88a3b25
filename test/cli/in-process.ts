// The command line's main() in this process, for tests that need no child process (the binary's
// own tests use binary.ts): what it wrote and its exit status.
import { PassThrough, type Readable } from 'node:stream';
import { main } from '../../cli/main.ts';

/** Runs main() on `argv` with `input` on stdin (or `stdin` itself); stdout and stderr as text. */
export async function runMain(
  argv: string[],
  input = '',
  given?: Readable,
): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdin = given ?? new PassThrough().end(input);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    err += d;
  });
  const status = await main(argv, { stdin, stdout, stderr });
  return { status, stdout: out, stderr: err };
}
