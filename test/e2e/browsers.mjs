// Real Chromium (playwright-core) and real Firefox ESR (puppeteer-core over WebDriver BiDi), headless,
// with dist/ loaded, following ../shared/BROWSER-TESTING.md. Both offer the same small driver.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const EXT = resolve(import.meta.dirname, '../../dist');
const FIREFOX_UUID = '6a1c2e3f-0b4d-4e5f-9a8b-7c6d5e4f3a2b';

/** Chromium on a closed network: no background lookups (BROWSER-TESTING.md), no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];

/** Firefox without its Remote Settings lookups. */
export const FIREFOX_LAUNCH = {
  browser: 'firefox',
  executablePath: FIREFOX,
  headless: true,
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
  extraPrefsFirefox: {
    'services.settings.server': 'data:,#remote-settings-dummy/v1',
    'network.connectivity-service.enabled': false,
  },
};

export function requireBrowser(name, path, pkg) {
  if (!existsSync(path)) {
    throw new Error(
      `${name} is not installed at ${path}. Install it with: apt-get install -y ${pkg} (or run .ci/run)`,
    );
  }
}

/** Reads what the popup shows, from inside the popup page. */
const readPopup = () => ({
  state: document.body.dataset.state,
  outcome:
    document.querySelector('[data-fetch-outcome]')?.getAttribute('data-fetch-outcome') ?? null,
  text: document.body.innerText,
  rows: [...document.querySelectorAll('[data-robot]')].map((el) => ({
    robot: el.getAttribute('data-robot'),
    verdict: el.getAttribute('data-verdict'),
    line: el.getAttribute('data-rule-line'),
  })),
  pwned: window.__pwned ?? null,
  injected: document.querySelectorAll('main img, main script, main b').length,
});

/**
 * The driver's popup operations, given how a browser opens a popup page for a tab (by default
 * popup.html?tab=<id>) and how it reads the tab's popup URL as set (action.getPopup).
 */
function popupOperations(openPopup, popupUrl) {
  return {
    /**
     * Opens the page the toolbar button would open for the tab: its popup URL as set (it may name
     * the popup's last screen), or `path` read before (popupPath), runs `script(arg)` inside it,
     * returns the result.
     */
    async clicked(tabId, script, arg, path = null) {
      const url = new URL(path ?? (await popupUrl(tabId)), 'http://extension/');
      // The plain page finds its tab as the active one, which here is the page itself: named.
      if (url.search === '') url.search = `?tab=${tabId}`;
      const page = await openPopup(tabId, `${url.pathname.slice(1)}${url.search}${url.hash}`);
      const result = await page.evaluate(script, arg);
      await page.close();
      return result;
    },
    /** The tab's popup URL as set, from the extension's root (popup.html when none is). */
    async popupPath(tabId) {
      const url = new URL(await popupUrl(tabId));
      return `${url.pathname.slice(1)}${url.search}${url.hash}`;
    },
    async popup(tabId, { screenshot } = {}) {
      const page = await openPopup(tabId);
      if (screenshot) await page.screenshot({ path: screenshot });
      const seen = await page.evaluate(readPopup);
      await page.close();
      return seen;
    },
    async click(tabId, selector) {
      const page = await openPopup(tabId);
      await page.click(selector);
      await new Promise((r) => setTimeout(r, 300));
      await page.close();
    },
    /** Opens the popup, runs `script(arg)` inside it, optionally takes a screenshot, returns the result. */
    async interact(tabId, script, arg, { screenshot } = {}) {
      const page = await openPopup(tabId);
      const result = await page.evaluate(script, arg);
      if (screenshot) await page.screenshot({ path: screenshot });
      await page.close();
      return result;
    },
  };
}

/** Private windows and the extension's storage, through `api` (code run in an extension context). */
function privateOperations(api) {
  return {
    /** Opens `url` in a new private window; its tab's id and the window's. */
    openPrivateSite: (url) =>
      api(async (u) => {
        const ext = globalThis.browser ?? globalThis.chrome;
        const window = await ext.windows.create({ incognito: true, url: u });
        const [tab] = await ext.tabs.query({ windowId: window.id });
        return { tabId: tab.id, windowId: window.id, incognito: window.incognito };
      }, url),
    closeWindow: (windowId) =>
      api((id) => (globalThis.browser ?? globalThis.chrome).windows.remove(id), windowId),
    /** The keys of the extension's storage.local or storage.session. */
    storageKeys: (area) =>
      api(
        async (a) =>
          Object.keys(await (globalThis.browser ?? globalThis.chrome).storage[a].get(null)),
        area,
      ),
    /** The value under `key` in the extension's storage.local or storage.session. */
    storageValue: (area, key) =>
      api(
        async ([a, k]) => (await (globalThis.browser ?? globalThis.chrome).storage[a].get(k))[k],
        [area, key],
      ),
    /** Removes `keys` from the extension's storage.local or storage.session. */
    removeStorage: (area, keys) =>
      api(([a, k]) => (globalThis.browser ?? globalThis.chrome).storage[a].remove(k), [area, keys]),
  };
}

const POPUP_READY = 'body[data-state="done"], body[data-state="error"]';

/**
 * Private windows, for the test that drives them: `{ privateWindows: true }` lets the extension
 * run in them, as the user's "Allow in Incognito" (Chromium) or "Run in Private Windows" (Firefox)
 * switch does. Each driver then offers openPrivateSite(url) and closeWindow(windowId).
 */
export async function launchChromium({ privateWindows = false } = {}) {
  requireBrowser('Chromium', CHROMIUM, 'chromium');
  const dir = mkdtempSync(join(tmpdir(), 'rl-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${EXT}`, `--load-extension=${EXT}`, ...CHROMIUM_ARGS],
  });
  let [worker] = context.serviceWorkers();
  if (!worker) worker = await context.waitForEvent('serviceworker');
  const extId = new URL(worker.url()).host;
  if (privateWindows) {
    // chrome://extensions' own API: developer mode first, or the reload that the switch causes
    // leaves an unpacked extension disabled ("unsupportedDeveloperExtension").
    const settingsPage = await context.newPage();
    await settingsPage.goto('chrome://extensions/');
    const restarted = context.waitForEvent('serviceworker');
    await settingsPage.evaluate(async (id) => {
      await chrome.developerPrivate.updateProfileConfiguration({ inDeveloperMode: true });
      await chrome.developerPrivate.updateExtensionConfiguration({
        extensionId: id,
        incognitoAccess: true,
      });
    }, extId);
    worker = await restarted;
    await settingsPage.close();
  }
  /**
   * Runs `fn(arg)` in the extension's service worker running now: one stopped (sleepBackground,
   * the bench's sleeping background) is gone, and the one that started after it is used.
   */
  const api = async (fn, arg) => {
    const running = context
      .serviceWorkers()
      .filter((w) => w.url().startsWith(`chrome-extension://${extId}/`));
    if (!running.includes(worker)) worker = running.at(-1) ?? worker;
    try {
      return await worker.evaluate(fn, arg);
    } catch (error) {
      if (!/closed|detached|destroyed/i.test(String(error?.message))) throw error;
      worker = await context.waitForEvent('serviceworker', { timeout: 30_000 });
      return worker.evaluate(fn, arg);
    }
  };
  // The worker has run its top level (its listeners are registered, webRequest's included) once it
  // answers: a page opened before that loads unseen, as one loaded before the extension started.
  await api(() => chrome.runtime.id);
  return {
    name: 'chromium',
    async openSite(url) {
      const page = await context.newPage();
      await page.goto(url);
      const tabId = await api(
        async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id,
        url,
      );
      return { tabId, page };
    },
    ...popupOperations(
      async (tabId, path = `popup.html?tab=${tabId}`) => {
        const page = await context.newPage();
        await page.setViewportSize({ width: 560, height: 600 });
        await page.goto(`chrome-extension://${extId}/${path}`);
        await page.waitForSelector(POPUP_READY, { timeout: 30_000 });
        return page;
      },
      (tabId) => api((id) => chrome.action.getPopup({ tabId: id }), tabId),
    ),
    /** Opens an extension page (options.html, popup.html?tab=…) and leaves it open. */
    async openPage(path) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 760, height: 600 });
      await page.goto(`chrome-extension://${extId}/${path}`);
      await page.waitForSelector(POPUP_READY, { timeout: 30_000 });
      return page;
    },
    badge: (tabId) => api((id) => chrome.action.getBadgeText({ tabId: id }), tabId),
    title: (tabId) => api((id) => chrome.action.getTitle({ tabId: id }), tabId),
    ...privateOperations(api),
    /** Clicks `selector` in an open extension page and returns the file it downloads. */
    async download(page, selector) {
      const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
      return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
    },
    /**
     * Stops the extension's service worker, as Chromium does after 30 s idle (DevTools protocol):
     * the next message wakes it. True when done (Firefox's driver cannot, and says false).
     */
    async sleepBackground() {
      const page = context.pages()[0] ?? (await context.newPage());
      const session = await context.newCDPSession(page);
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.stopAllWorkers');
      await session.detach();
      return true;
    },
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchFirefox({ privateWindows = false } = {}) {
  requireBrowser('Firefox ESR', FIREFOX, 'firefox-esr');
  const geckoId = JSON.parse(readFileSync(join(EXT, 'manifest.json'), 'utf8'))
    .browser_specific_settings.gecko.id;
  // Firefox keeps "Run in Private Windows" among the add-on's permissions in the profile: a profile
  // that already grants it lets the extension into private windows once installed.
  const profile = privateWindows ? mkdtempSync(join(tmpdir(), 'rl-firefox-')) : null;
  if (profile !== null) {
    writeFileSync(
      join(profile, 'extension-preferences.json'),
      JSON.stringify({
        [geckoId]: { permissions: ['internal:privateBrowsingAllowed'], origins: [] },
      }),
    );
  }
  // Downloads go to a folder of the run's own, without asking.
  const downloads = mkdtempSync(join(tmpdir(), 'rl-downloads-'));
  const browser = await puppeteer.launch({
    ...FIREFOX_LAUNCH,
    ...(profile === null ? {} : { userDataDir: profile }),
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      ...FIREFOX_LAUNCH.extraPrefsFirefox,
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: FIREFOX_UUID }),
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  await browser.installExtension(EXT);
  const base = `moz-extension://${FIREFOX_UUID}`;
  // moz-extension navigations never resolve over BiDi: start them and wait for the document.
  const openExtPage = async (page, url) => {
    page.goto(url).catch(() => {});
    for (let attempt = 1; ; attempt++) {
      try {
        await page.waitForFunction(
          (u) => location.href === u && document.readyState === 'complete',
          {},
          url,
        );
        return;
      } catch (error) {
        // Over BiDi the wait can start in the document the navigation then replaces, and Firefox's
        // remote agent then fails it ("script.evaluate: unknown error", seen in 1 run of 5): wait
        // again a moment later, in the new document. A timeout is a real failure.
        if (error?.name === 'TimeoutError' || attempt >= 10) {
          throw new Error(`${url} did not load: ${error?.cause?.message ?? error?.message}`, {
            cause: error,
          });
        }
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  };
  const foothold = await browser.newPage();
  await openExtPage(foothold, `${base}/popup.html?tab=0`);
  const api = (fn, arg) => foothold.evaluate(fn, arg);
  return {
    name: 'firefox',
    async openSite(url) {
      const page = await browser.newPage();
      await page.goto(url);
      const tabId = await api(
        async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id,
        url,
      );
      return { tabId, page };
    },
    ...popupOperations(
      async (tabId, path = `popup.html?tab=${tabId}`) => {
        const page = await browser.newPage();
        await page.setViewport({ width: 560, height: 600 });
        await openExtPage(page, `${base}/${path}`);
        await page.waitForSelector(POPUP_READY, { timeout: 30_000 });
        return page;
      },
      (tabId) => api((id) => browser.action.getPopup({ tabId: id }), tabId),
    ),
    async openPage(path) {
      const page = await browser.newPage();
      await page.setViewport({ width: 760, height: 600 });
      await openExtPage(page, `${base}/${path}`);
      await page.waitForSelector(POPUP_READY, { timeout: 30_000 });
      return page;
    },
    /** Firefox can only remove the pattern that was granted, not a subset of it. */
    revokeHost: () => api(() => browser.permissions.remove({ origins: ['http://*/*'] })),
    badge: (tabId) => api((id) => browser.action.getBadgeText({ tabId: id }), tabId),
    title: (tabId) => api((id) => browser.action.getTitle({ tabId: id }), tabId),
    ...privateOperations(api),
    /** Clicks `selector` in an open extension page and returns the file it downloads. */
    async download(page, selector) {
      const before = new Set(readdirSync(downloads));
      await page.click(selector);
      for (let i = 0; i < 100; i++) {
        // Firefox writes a .part file first, then renames it.
        const done = readdirSync(downloads).find((f) => !before.has(f) && !f.endsWith('.part'));
        if (done !== undefined)
          return { name: done, text: readFileSync(join(downloads, done), 'utf8') };
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no download after clicking ${selector}`);
    },
    sleepBackground: async () => false,
    async close() {
      await browser.close();
      rmSync(downloads, { recursive: true, force: true });
      if (profile !== null) rmSync(profile, { recursive: true, force: true });
    },
  };
}
