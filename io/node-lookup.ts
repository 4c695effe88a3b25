// Node's resolver as the redirect strategy's lookup: a target's name is resolved before it is
// requested, so a public site's redirect, or a public sitemap's <loc>, into a private network is
// refused without a request (follow-redirects.ts). Through node:dns's callback `lookup`, read at
// each call, as Node's own connections resolve (and io/node-fetch.ts's at connect time): a hook
// over dns.lookup (a test's, a reviewer's) is seen by both resolutions.
import dns from 'node:dns';
import type { LookupAddresses } from './follow-redirects.ts';

/** Every address `hostname` resolves to (dns.lookup, as the connection will); rejects if none. */
export const nodeLookup: LookupAddresses = (hostname) =>
  new Promise((resolve, reject) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error !== null) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
