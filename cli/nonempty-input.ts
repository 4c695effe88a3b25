// A command's input, its first batch read before anything is written: a run that reads no line at
// all (an empty stdin in a CI job, a forgotten argument, an empty --urls file, a sitemap without a
// <loc>) is then a usage error said before any output, not a gate that passes on nothing (issue
// 41). Blank and `#` lines are no lines (cli/inputs.ts drops them before a batch is made).
import type { InputBatch } from './inputs.ts';

/** The batches as they come, the first already read; null when there is none at all. */
export async function nonemptyInput(
  batches: AsyncIterable<InputBatch>,
): Promise<AsyncIterable<InputBatch> | null> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done === true) return null;
  return (async function* () {
    yield first.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) return;
      yield next.value;
    }
  })();
}
