// The browser's own promise-based API, without webextension-polyfill, for the popup's entry
// (popup/main.tsx) and its requests: Chrome 121+ and Firefox 142+ both answer these calls
// with promises (`chrome` in Chrome, `browser` in Firefox), so the entry needs no polyfill and
// runs as one small classic script before the rest of the popup is loaded. Only the calls the
// requests make are typed; everything else goes through browser.ts.
import type { Browser } from 'webextension-polyfill';

/** The calls the popup's first requests make: the active tab, storage.session and messages. */
export interface NativeApi {
  tabs: Pick<Browser['tabs'], 'query' | 'get'>;
  storage: { session: Pick<Browser['storage']['session'], 'get'> };
  runtime: Pick<Browser['runtime'], 'sendMessage'>;
}

const scope = globalThis as { browser?: NativeApi; chrome?: NativeApi };

/** `browser` where the browser defines it (Firefox, newer Chrome), else Chrome's `chrome`. */
export const native: NativeApi = (scope.browser ?? scope.chrome) as NativeApi;
