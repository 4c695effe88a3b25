// The one way the background reaches the browser API. webextension-polyfill's README calls it
// finished now that Chrome ships `browser`; keeping it behind this module makes it easy to drop.
import browser from 'webextension-polyfill';

export type { Runtime, Tabs, WebRequest } from 'webextension-polyfill';
export { browser };
