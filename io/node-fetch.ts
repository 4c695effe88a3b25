// The connections of every request the tool makes from Node (the command line, robots-lens/node):
// Node's fetch, through two dispatchers of the tool's own (undici's Agent) instead of the global
// one (issue 41, items 2 and 3).
//
// - The address a connection is made to is checked at connect time. The private-network rule
//   (follow-redirects.ts) resolves a name a public address leads to before asking it, and the
//   connection resolves it again: `nodeFetchLed`'s lookup refuses a private answer, so a name that
//   answers public first and 127.0.0.1 next (DNS rebinding) is never connected to. The refusal
//   is PRIVATE_ANSWER_REFUSED, which followRedirects turns into its 'private-address' outcome.
//   `nodeFetch` is for the URLs the user gave, requested wherever they are. Both resolve through
//   node:dns's `lookup`, read at each call, as Node's own connections do (a hook over it is seen).
// - Memory follows the connections open, not the hosts seen. Node 20's global dispatcher (undici
//   6) keeps a pool per origin for the life of the process (20,000 hosts: 967 MB for `check`);
//   undici 7's Agent drops an origin's pool once its last connection closes, and a connection
//   kept alive for the next request to its host (an audit's pages) closes after KEEP_ALIVE_MS idle.
//
// Node's own fetch drives these dispatchers (it calls dispatch with undici's handler interface,
// which undici 7 still takes): a stub of globalThis.fetch, looked up at each call, is still seen,
// and only the Agent is bundled, not a second fetch. Only undici's Agent and what it needs
// (its pool, client, connector and HTTP parser) are bundled, from its module of its own.
import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { Dispatcher as UndiciDispatcher, Pool as UndiciPool } from 'undici';
// @ts-expect-error: undici declares its package entry, not its modules one by one
import dispatcherModule from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error: undici declares its package entry, not its modules one by one
import poolModule from 'undici/lib/dispatcher/pool.js';
import { isPrivateAddress } from '../src/addresses.ts';
import { PRIVATE_ANSWER_REFUSED, type RedirectStrategy } from './follow-redirects.ts';
import { nodeLookup } from './node-lookup.ts';

const Dispatcher = dispatcherModule as typeof UndiciDispatcher;
const Pool = poolModule as typeof UndiciPool;

/**
 * Origins whose pool (and idle connections) each dispatcher keeps at most: the least recently
 * used is closed past it (its requests under way finish first). An audit works on 16 pages at
 * once from hosts taken in order, so its hosts' connections stay; `check`, which asks each
 * host once, keeps 64 pools, not one per host. A pool with an open connection costs about
 * 33 KB (measured: 1,344 origins held 44 MB with undici's own Agent, which closes a pool only
 * once its last connection has been idle KEEP_ALIVE_MS).
 */
const MAX_ORIGINS = 64;

/**
 * How long an idle connection is kept for the next request to its host: undici's default (4 s),
 * also how long an origin's pool outlives its last request.
 */
const KEEP_ALIVE_MS = 4000;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A connection's lookup through dns.lookup (read at each call); with `refusePrivate`, a name
 * with any private address (src/addresses.ts) fails with PRIVATE_ANSWER_REFUSED, the same test
 * the rule applies before the request (follow-redirects.ts privateNetworkRule).
 */
function connectLookup(refusePrivate: boolean) {
  return (hostname: string, options: LookupAllOptions | object, callback: LookupCallback): void => {
    const wantsAll = (options as { all?: unknown }).all === true;
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, []);
      if (refusePrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to a private address: not connected`,
        );
        refused.code = PRIVATE_ANSWER_REFUSED;
        return callback(refused, []);
      }
      const first = addresses[0];
      if (wantsAll || first === undefined) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * undici's Agent with a bound: a pool per origin, the MAX_ORIGINS most recently used kept, so
 * memory follows the requests under way and not the hosts a run has seen.
 */
class RecentOrigins extends Dispatcher {
  private readonly pools = new Map<string, UndiciPool>();
  private readonly options: UndiciPool.Options;

  constructor(options: UndiciPool.Options) {
    super();
    this.options = options;
  }

  override dispatch(
    options: UndiciDispatcher.DispatchOptions,
    handler: UndiciDispatcher.DispatchHandler,
  ): boolean {
    const origin = String(options.origin);
    let pool = this.pools.get(origin);
    if (pool === undefined) {
      pool = new Pool(origin, this.options);
      if (this.pools.size >= MAX_ORIGINS) {
        const [oldest, closing] = this.pools.entries().next().value as [string, UndiciPool];
        this.pools.delete(oldest);
        // Graceful: what it was asked finishes, then its connections close.
        void closing.close().catch(() => {});
      }
    } else this.pools.delete(origin);
    this.pools.set(origin, pool); // most recently used last
    return pool.dispatch(options, handler);
  }

  override async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  override async destroy(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy()));
  }

  /** The origins it keeps a pool for. */
  get size(): number {
    return this.pools.size;
  }
}

let agents: { open: RecentOrigins; led: RecentOrigins } | null = null;

/** The two dispatchers, made at the first request (no socket, no timer before it). */
function agentsOf(): { open: RecentOrigins; led: RecentOrigins } {
  agents ??= {
    open: new RecentOrigins({
      keepAliveTimeout: KEEP_ALIVE_MS,
      connect: { lookup: connectLookup(false) },
    }),
    led: new RecentOrigins({
      keepAliveTimeout: KEEP_ALIVE_MS,
      connect: { lookup: connectLookup(true) },
    }),
  };
  return agents;
}

function through(which: 'open' | 'led'): typeof fetch {
  // Looked up at each call, so a test's stub of globalThis.fetch is seen.
  return (input, init) =>
    globalThis.fetch(input, { ...init, dispatcher: agentsOf()[which] } as unknown as RequestInit);
}

/** Node's fetch for a URL the user gave: connected wherever it is. */
export const nodeFetch: typeof fetch = through('open');

/** Node's fetch for a name a public address led to: a private answer at connect time is refused. */
export const nodeFetchLed: typeof fetch = through('led');

/**
 * Node's redirect strategy: each hop read from the response, a target's name looked up before it
 * is asked (node-lookup.ts), and asked through nodeFetchLed when a public address led to it.
 */
export const NODE_REDIRECTS: RedirectStrategy = Object.freeze({
  kind: 'manual',
  lookup: nodeLookup,
  fetchLed: nodeFetchLed,
});

/** The origins the dispatchers hold a pool for now (a test's and a bench's view of memory). */
export function heldOrigins(): number {
  if (agents === null) return 0;
  return agents.open.size + agents.led.size;
}
