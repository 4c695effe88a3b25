// Waiting in the end-to-end tests: polling until a condition holds, or for as long as it holds.

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `read` until `ok(value)` or the time is up (default 30 s: a generous deadline, not a
 * margin: a condition that holds returns at once, and a loaded machine only makes it come later);
 * returns the last value read.
 */
export async function until(read, ok, { timeout = 30_000, every = 50 } = {}) {
  const end = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await wait(every);
    value = await read();
  }
  return value;
}

/**
 * Watches `read` for `ms`: the first value that fails `ok`, or the last one read. For what must
 * stay so (nothing more fetched, a badge not repainted), which no event announces.
 */
export async function stays(read, ok, ms, { every = 50 } = {}) {
  const end = Date.now() + ms;
  let value = await read();
  while (ok(value) && Date.now() < end) {
    await wait(every);
    value = await read();
  }
  return value;
}
