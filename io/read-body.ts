// The one bounded body reader of every fetch: robots.txt (512,000 bytes, RFC 9309 §2.5), a page
// as served (2,000,000 bytes) and sitemaps (50 MiB after gunzip, sitemaps.org). Each reads at most
// its cap and stops the transfer there (robots.txt looks at most 512,000 bytes and 1 s further, to
// say what lies past the cut), so a 1 GB body costs the cap, not its size; what is kept
// past the cap is the caller's: robots.txt and a page keep the first bytes and say they were cut,
// a sitemap gives the URLs before the cut and tells 'too-large'. The time limit is not here: it
// aborts the request's signal (deadline.ts), which ends the body's stream and so this reader.

/** What a capped read kept: at most the cap, and whether the body went on past it. */
export interface CappedBody {
  bytes: Uint8Array;
  truncated: boolean;
}

/** A capped read that looked past its cap: the bytes after it, up to a bound of their own. */
export interface CappedBodyAndTail extends CappedBody {
  /** Bytes read after the cap (at most `tailBytes`): what the caller only looks at, never uses. */
  tail: Uint8Array;
  /** The body ended within the tail: `bytes` and `tail` are all of it. */
  ended: boolean;
}

/**
 * Reads at most `maxBytes` as readBody does, then, when the body goes on, up to `tailBytes` more
 * within `tailMs`, only to say what lies past the cap (robots.txt: its real size, the groups that
 * start after the cut). The tail never changes what was read before it and never makes the caller
 * wait long: an error, an abort (the deadline) or `tailMs` passing only ends the tail.
 */
export async function readBodyAndTail(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tailBytes: number,
  tailMs: number,
): Promise<CappedBodyAndTail> {
  const kept: Uint8Array[] = [];
  const past: Uint8Array[] = [];
  let size = 0;
  let pastSize = 0;
  let truncated = false;
  let ended = false;
  if (body === null)
    return { bytes: new Uint8Array(0), truncated, tail: new Uint8Array(0), ended: true };
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Resolves when the tail's time is up (started at the cut); a read racing it then stops.
  let tailOver: Promise<'over'> | null = null;
  try {
    for (;;) {
      const read = reader.read();
      const next = tailOver === null ? await read : await Promise.race([read, tailOver]);
      if (next === 'over') break;
      if (next.done) {
        ended = true;
        break;
      }
      let chunk = next.value;
      if (size < maxBytes) {
        const room = maxBytes - size;
        kept.push(chunk.subarray(0, room));
        size += Math.min(room, chunk.byteLength);
        if (chunk.byteLength <= room) continue;
        chunk = chunk.subarray(room);
      }
      if (chunk.byteLength === 0) continue;
      if (!truncated) {
        truncated = true;
        tailOver = new Promise((resolve) => {
          timer = setTimeout(() => resolve('over'), tailMs);
        });
      }
      const take = Math.min(tailBytes - pastSize, chunk.byteLength);
      past.push(chunk.subarray(0, take));
      pastSize += take;
      if (pastSize >= tailBytes) break;
    }
  } catch (error) {
    // Past the cap, a failure (the deadline's abort) ends the tail only; up to it, it is the
    // caller's, as in readBody (a body of exactly `maxBytes` is not cut).
    if (!truncated) throw error;
  } finally {
    clearTimeout(timer);
    // Stops the transfer of the rest; a pending read then ends, and a finished stream is no error.
    reader.cancel().catch(() => {}); // a finished or failed stream: nothing to stop
  }
  return { bytes: join(kept, size), truncated, tail: join(past, pastSize), ended };
}

/** The chunks as one array of `size` bytes. */
function join(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Reads at most `maxBytes` of a response's body at once (a page as served); `null` is empty. */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<CappedBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of cappedChunks(streamChunks(body), maxBytes, () => {
    truncated = true;
  })) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { bytes: join(chunks, size), truncated };
}

/**
 * The chunks of `chunks` as they come, at most `maxBytes` in all (a sitemap's, after gunzip): the
 * chunk that runs past the cap is cut there, `onCut` is called, and `chunks` is returned early,
 * which releases its source. A body of exactly `maxBytes` is not cut.
 */
export async function* cappedChunks(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
  onCut: () => void,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of chunks) {
    if (size + chunk.byteLength > maxBytes) {
      onCut();
      yield chunk.subarray(0, maxBytes - size);
      return;
    }
    size += chunk.byteLength;
    yield chunk;
  }
}

/** A fetch body as chunks; stopped early, the rest of the transfer is cancelled. */
export async function* streamChunks(
  body: ReadableStream<Uint8Array> | null,
): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the transfer of the rest; on a finished or failed stream it changes nothing, so a
    // failed cancel is no error.
    reader.cancel().catch(() => {}); // a finished or failed stream: nothing to stop
  }
}
