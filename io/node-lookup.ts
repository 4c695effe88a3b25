// Node's resolver as the redirect strategy's lookup: a target's name is resolved before it is
// requested, so a public site's redirect, or a public sitemap's <loc>, into a private network is
// refused without a request (follow-redirects.ts).
import { lookup } from 'node:dns/promises';
import type { LookupAddresses } from './follow-redirects.ts';

/** Every address `hostname` resolves to (dns.lookup, as the connection will); rejects if none. */
export const nodeLookup: LookupAddresses = async (hostname) =>
  (await lookup(hostname, { all: true })).map((a) => a.address);
