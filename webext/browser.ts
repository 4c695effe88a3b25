// The one way the extension's code reaches the browser API, for the background and the pages
// alike. webextension-polyfill's README calls it finished now that Chrome ships `browser`;
// keeping it behind this module makes it easy to drop.
import browser from 'webextension-polyfill';

export type { Runtime, Storage, Tabs, WebRequest } from 'webextension-polyfill';
export { browser };
