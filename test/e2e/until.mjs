// Waiting in the end-to-end tests: a pause, and polling until a condition holds.

export const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `ok(value)` or the time is up; returns the last value read. */
export async function until(read, ok, { timeout = 10_000, every = 100 } = {}) {
  const end = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await wait(every);
    value = await read();
  }
  return value;
}
