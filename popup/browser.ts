// The one way the popup reaches the browser API (see background/browser.ts).
import browser from 'webextension-polyfill';

export { browser };
