// The robots-lens binary as users run it (lib/robots-lens.js, built once for the whole run by
// test/setup/build-lib.ts), in a child process: what it wrote and how it ended.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'lib/robots-lens.js');

/** How one run ended: its exit status and everything it wrote. */
export interface BinaryRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Where and how to run it: its folder, its stdin, `node` options before it (e.g. a preload). */
export interface RunOptions {
  cwd: string;
  stdin?: string;
  nodeOptions?: readonly string[];
}

/** Runs the binary with `args` to its end. */
export function runBinary(args: readonly string[], options: RunOptions): Promise<BinaryRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), BIN, ...args], {
      cwd: options.cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
