// Real Chromium (playwright-core) and real Firefox ESR (puppeteer-core over WebDriver BiDi), headless,
// with dist/ loaded, following ../shared/BROWSER-TESTING.md. Both offer the same small driver.
//
// Under node --test, one browser per browser per process: the first suite that asks launches it,
// each later suite gets the same browser reset to the state a fresh profile gave it (its pages
// closed, the extension's storage and localStorage cleared, cookies cleared, the extension
// reloaded so its background starts anew), and the browsers close when the process's tests end.
// Outside node --test (the bench), each launch is a browser of its own, closed by close().
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { until } from './until.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const EXT = resolve(import.meta.dirname, '../../dist');
const FIREFOX_UUID = '6a1c2e3f-0b4d-4e5f-9a8b-7c6d5e4f3a2b';

/**
 * A host name that is not loopback by its look, resolved to 127.0.0.1 in both browsers: what
 * browsers exempt for localhost and 127.0.0.1 (Firefox's upgrade of an extension's http requests
 * to https) shows on it as on a site on the internet.
 */
export const PUBLIC_NAME = 'http-only.example';

/** Chromium on a closed network: no background lookups (BROWSER-TESTING.md), no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // PUBLIC_NAME answers from this machine (http-sites.e2e.test.mjs); every other name is unknown.
  `--host-resolver-rules=MAP ${PUBLIC_NAME} 127.0.0.1 , MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost`,
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
    // Less CPU for the same tests, so that Chromium's process beside this one on 2 cores runs
    // faster too. The page-signals suite alone, twice each: 31–33 s of CPU and 37–39 s → 22 s
    // and 31 s. Headless, nobody sees the frames: 15 a second, not 60 (the browser's own tab
    // strip and URL bar were a fifth of its parent process's CPU; in-page.mjs `settle` samples
    // once a frame, so a smooth scroll is not taken for settled between two frames).
    'layout.frame_rate': 15,
    // A content process kept per site, not started again for each test's new tab (93 processes
    // started in that suite → 21), nor closed tabs kept for "undo", nor visits in history.
    'dom.ipc.keepProcessesAlive.webIsolated.perOrigin': 1,
    'dom.ipc.keepProcessesAlive.web': 4,
    'browser.sessionstore.max_tabs_undo': 0,
    'places.history.enabled': false,
    // PUBLIC_NAME answers from this machine, as in Chromium.
    'network.dns.localDomains': PUBLIC_NAME,
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
 * The driver's popup operations, given how a browser opens a new tab for popups (`newTab`), loads
 * a popup page in it and waits until it is ready (`load(tab, path)`, path by default
 * popup.html?tab=<id>), and reads the tab's popup URL as set (action.getPopup).
 *
 * The popups these operations open and close follow one another in one kept tab: a new tab costs
 * Firefox about 220 ms of CPU, a navigation in a kept one a third of that (Chromium: 460–490 ms of
 * CPU per popup opened in a new tab, 305–375 in the kept one), and the e2e run is CPU-bound on 2
 * cores. A popup "closed" loads about:blank there, so its document is gone (pagehide, ports
 * closed) as when the toolbar popup closes. A tab closed meanwhile (closePages) is replaced.
 */
function popupOperations({ newTab, load, popupUrl }) {
  let kept = null;
  const openPopup = async (tabId, path = `popup.html?tab=${tabId}`) => {
    if (kept === null || kept.isClosed()) kept = await newTab();
    else await kept.bringToFront();
    await load(kept, path);
    return kept;
  };
  const closePopup = (page) => page.goto('about:blank');
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
      await closePopup(page);
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
      await closePopup(page);
      return seen;
    },
    /**
     * Opens the popup, clicks `selector`, and keeps the popup open until `done()` (an async check
     * run here) says the click's effect is there: a popup closed at once could cut it short.
     */
    async click(tabId, selector, done) {
      const page = await openPopup(tabId);
      await page.click(selector);
      const ok = await until(done, Boolean, { timeout: 15_000 });
      await closePopup(page);
      if (!ok) throw new Error(`clicking ${selector} in the popup had no effect within 15 s`);
    },
    /** Opens the popup, runs `script(arg)` inside it, optionally takes a screenshot, returns the result. */
    async interact(tabId, script, arg, { screenshot } = {}) {
      const page = await openPopup(tabId);
      const result = await page.evaluate(script, arg);
      if (screenshot) await page.screenshot({ path: screenshot });
      await closePopup(page);
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

/** Under node --test: one browser per browser for the whole process (see the top of this file). */
const SHARED = process.env.NODE_TEST_CONTEXT !== undefined;
/** name → the running browser's promise (start…()), while SHARED. */
const running = new Map();
if (SHARED) {
  const { after } = await import('node:test');
  // A hook of the process's root test: it runs once every suite of the process has ended.
  after(async () => {
    for (const [name, started] of running) {
      const browser = await started.catch(() => null);
      if (browser !== null) await within(browser.close(), `${name}: close`);
    }
    running.clear();
  });
}

/**
 * The suite's driver on a browser of the process: launched the first time, reset to a fresh
 * profile's state every later time (relaunched if it died). Its close() ends the suite's use:
 * its pages closed, the browser left running for the next suite.
 */
async function session(name, start, { privateWindows = false } = {}) {
  if (!SHARED) {
    const own = await start({ privateWindows });
    return { ...own.driver, close: () => own.close() };
  }
  let started = running.get(name);
  let reused = started !== undefined;
  if (reused && !(await started.then((b) => b.alive()).catch(() => false))) {
    await (await started.catch(() => null))?.close();
    reused = false;
  }
  if (!reused) {
    started = start({ privateWindows, shared: true });
    running.set(name, started);
  }
  const browser = await started;
  if (reused) {
    try {
      await within(browser.reset({ privateWindows }), `${name}: reset`);
    } catch (error) {
      // A browser that could not be reset is not used again: the next suite gets a new one.
      running.delete(name);
      await within(browser.close(), `${name}: close`).catch(() => {});
      throw error;
    }
  }
  return { ...bounded(browser.driver), close: () => within(browser.closePages(), 'closing pages') };
}

/** How long one driver operation may take: a browser that stops answering fails the test. */
const OPERATION_MS = 90_000;

/** `promise`, or an error naming `what` once OPERATION_MS have passed. */
function within(promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`${what}: no answer from the browser within ${OPERATION_MS / 1000} s`)),
      OPERATION_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The driver with each operation bounded in time (within). */
function bounded(driver) {
  return Object.fromEntries(
    Object.entries(driver).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (...args) => within(value(...args), `${driver.name}: ${key}`)
        : value,
    ]),
  );
}

/** Runs in an extension context: empties the extension's storage areas. */
const clearExtensionStorage = async () => {
  const ext = globalThis.browser ?? globalThis.chrome;
  await Promise.all(['local', 'sync', 'session'].map((area) => ext.storage[area].clear()));
  return Object.keys(await ext.storage.local.get(null)).length;
};

/**
 * Private windows, for the test that drives them: `{ privateWindows: true }` lets the extension
 * run in them, as the user's "Allow in Incognito" (Chromium) or "Run in Private Windows" (Firefox)
 * switch does. Each driver then offers openPrivateSite(url) and closeWindow(windowId).
 */
export function launchChromium(options) {
  return session('chromium', startChromium, options);
}

export function launchFirefox(options) {
  return session('firefox', startFirefox, options);
}

/**
 * A browser of the caller's own (`name`: 'chromium' or 'firefox') on a profile kept across
 * restarts, for what must (or must not) outlive the browser. restart() quits it as a user does
 * and starts it again on the same profile. Chromium loads the same unpacked dist/, so the same
 * extension id: storage.local, storage.sync, localStorage and IndexedDB are kept, storage.session
 * is not. Firefox forgets a temporary add-on when it quits, so the add-on is installed again, with
 * the same id and moz-extension UUID (the uuids pref): its storage.local and the rest were kept
 * by Firefox ESR 153 (measured: no keepStorageOnUninstall pref needed), storage.session not.
 * `driver` is the running browser's (a new one after restart()), `profile` the directory;
 * close() quits and removes the profile. Under node --test the suites' shared browser of that
 * kind is closed first (the next suite starts it anew): never two of one kind at once on 2 cores.
 */
export async function launchRestartable(name) {
  const start = { chromium: startChromium, firefox: startFirefox }[name];
  if (start === undefined) throw new Error(`launchRestartable: unknown browser ${name}`);
  const shared = running.get(name);
  if (shared !== undefined) {
    running.delete(name);
    const browser = await shared.catch(() => null);
    if (browser !== null) await within(browser.close(), `${name}: close`);
  }
  const profile = mkdtempSync(join(tmpdir(), `rl-${name}-kept-`));
  let current = await within(start({ profile }), `${name}: start`);
  return {
    name,
    profile,
    get driver() {
      return bounded(current.driver);
    },
    async restart() {
      await within(current.close(), `${name}: quit`);
      current = await within(start({ profile }), `${name}: start again`);
    },
    async close() {
      await within(current.close(), `${name}: close`).catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browsers the suites run in: both, or those E2E_BROWSERS names (`chromium`, `firefox`,
 * comma-separated), for a run of one browser.
 */
export const BROWSERS = (() => {
  const all = { chromium: launchChromium, firefox: launchFirefox };
  const named = process.env.E2E_BROWSERS?.split(',').map((n) => n.trim().toLowerCase());
  if (!named) return Object.values(all);
  const unknown = named.filter((n) => !(n in all));
  if (unknown.length > 0 || named.length === 0)
    throw new Error(`E2E_BROWSERS: unknown browser ${unknown.join(', ')} (chromium, firefox)`);
  return named.map((n) => all[n]);
})();

async function startChromium({ privateWindows = false, profile = null } = {}) {
  requireBrowser('Chromium', CHROMIUM, 'chromium');
  // A profile given (launchRestartable) is the caller's: kept when the browser closes.
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'rl-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${EXT}`, `--load-extension=${EXT}`, ...CHROMIUM_ARGS],
  });
  const isOurs = (w) => w.url().startsWith(`chrome-extension://${extId}/`);
  let [worker] = context.serviceWorkers();
  if (!worker) worker = await context.waitForEvent('serviceworker');
  const extId = new URL(worker.url()).host;
  /** The page kept open between suites (a browser with no page left may quit). */
  let keeper = context.pages()[0] ?? (await context.newPage());
  let closed = false;
  context.on('close', () => {
    closed = true;
  });
  let incognitoAccess = false;
  /** Runs `change()`, which reloads the extension, and takes the service worker that starts. */
  const restarting = async (change) => {
    const restarted = context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 30_000 });
    await change();
    worker = await restarted;
  };
  /**
   * Reloads the extension through chrome://extensions' own API, switching "Allow in Incognito"
   * to `incognito` (a switch reloads it too): developer mode first, or the reload leaves an
   * unpacked extension disabled ("unsupportedDeveloperExtension").
   */
  const reload = async (incognito) => {
    const settingsPage = await context.newPage();
    try {
      await settingsPage.goto('chrome://extensions/');
      await restarting(() =>
        settingsPage.evaluate(
          async ([id, on, change]) => {
            await chrome.developerPrivate.updateProfileConfiguration({ inDeveloperMode: true });
            if (change)
              await chrome.developerPrivate.updateExtensionConfiguration({
                extensionId: id,
                incognitoAccess: on,
              });
            else await chrome.developerPrivate.reload(id, { failQuietly: true });
          },
          [extId, incognito, incognito !== incognitoAccess],
        ),
      );
      incognitoAccess = incognito;
    } finally {
      await settingsPage.close();
    }
  };
  if (privateWindows) await reload(true);
  /**
   * Runs `fn(arg)` in the extension's service worker running now: one stopped (sleepBackground,
   * the bench's sleeping background) is gone, and the one that started after it is used.
   */
  const api = async (fn, arg) => {
    const running = context.serviceWorkers().filter(isOurs);
    if (!running.includes(worker)) worker = running.at(-1) ?? worker;
    try {
      return await worker.evaluate(fn, arg);
    } catch (error) {
      if (!/closed|detached|destroyed/i.test(String(error?.message))) throw error;
      worker = await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 30_000 });
      return worker.evaluate(fn, arg);
    }
  };
  // The worker has run its top level (its listeners are registered, webRequest's included) once it
  // answers: a page opened before that loads unseen, as one loaded before the extension started.
  const ready = () => api(() => chrome.runtime.id);
  await ready();
  /** Closes every page but the keeper, and every private window the extension can see. */
  const closePages = async () => {
    if (keeper.isClosed()) keeper = await context.newPage();
    for (const page of context.pages()) if (page !== keeper) await page.close();
    if (incognitoAccess) {
      await api(async () => {
        for (const w of await chrome.windows.getAll())
          if (w.incognito) await chrome.windows.remove(w.id);
      });
    }
  };
  const driver = {
    name: 'chromium',
    async openSite(url) {
      const page = await context.newPage();
      await page.goto(url);
      // Where the tab landed: the URL itself, or where its redirects led.
      const tabId = await api(
        async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id,
        page.url(),
      );
      return { tabId, page };
    },
    ...popupOperations({
      async newTab() {
        const page = await context.newPage();
        await page.setViewportSize({ width: 560, height: 600 });
        return page;
      },
      async load(page, path) {
        await page.goto(`chrome-extension://${extId}/${path}`);
        await page.waitForSelector(POPUP_READY, { timeout: 30_000 });
      },
      popupUrl: (tabId) => api((id) => chrome.action.getPopup({ tabId: id }), tabId),
    }),
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
    /**
     * Makes `pages` (open pages of this driver) match prefers-color-scheme `scheme` ('light',
     * 'dark'; null: as the system says). Chromium emulates it per page.
     */
    async colorScheme(scheme, pages = []) {
      for (const page of pages) await page.emulateMedia({ colorScheme: scheme });
    },
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
  };
  return {
    driver,
    alive: () => !closed,
    closePages,
    /**
     * As a fresh profile: no page, empty storage, no cookie, no permission granted to a page,
     * the extension started anew (in private windows or not, as asked).
     */
    async reset({ privateWindows: allowed = false } = {}) {
      await closePages();
      await context.clearCookies();
      await context.clearPermissions();
      const left = await api(clearExtensionStorage);
      if (left !== 0) throw new Error(`reset: ${left} keys left in storage.local`);
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extId}/manifest.json`);
      await page.evaluate(() => localStorage.clear());
      await page.close();
      await reload(allowed);
      await ready();
    },
    async close() {
      await context.close().catch(() => {});
      if (profile === null) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startFirefox({
  privateWindows = false,
  shared = false,
  profile: given = null,
} = {}) {
  requireBrowser('Firefox ESR', FIREFOX, 'firefox-esr');
  const geckoId = JSON.parse(readFileSync(join(EXT, 'manifest.json'), 'utf8'))
    .browser_specific_settings.gecko.id;
  // Firefox keeps "Run in Private Windows" among the add-on's permissions in the profile: a profile
  // that already grants it lets the extension into private windows once installed. A browser
  // shared by the suites grants it from the start (it cannot be granted later without a restart).
  // A profile given (launchRestartable) is the caller's: kept when the browser closes.
  const profile =
    given ?? (privateWindows || shared ? mkdtempSync(join(tmpdir(), 'rl-firefox-')) : null);
  if (privateWindows || shared) {
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
    // No size of puppeteer's own on every new page (800×600 by default): extension pages set
    // theirs below, once; sites keep the window's.
    defaultViewport: null,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      ...FIREFOX_LAUNCH.extraPrefsFirefox,
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: FIREFOX_UUID }),
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      // permissions.request() grants without a prompt: how reset() gives back a host permission
      // a suite withheld (revokeHost). No test clicks a button that asks for one.
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  await browser.installExtension(EXT);
  const base = `moz-extension://${FIREFOX_UUID}`;
  // moz-extension navigations never resolve over BiDi: start them and poll the document (and
  // `ready`, a selector) with plain evaluations. Not page.waitForFunction: in each new document
  // it installs puppeteer's query bindings as two more preload scripts of the tab, which Firefox's
  // remote agent keeps and copies on every later change of its session data (a profile of the
  // page-signals suite: ~2.5 s of the parent process in SessionData and addPreloadScript).
  const openExtPage = async (page, url, ready = null) => {
    page.goto(url).catch(() => {});
    const end = Date.now() + 30_000;
    // Right after runtime.reload() the add-on may not be registered again yet: the navigation then
    // ends on an error page, never on `url` (seen once in ~10 runs). Asked again every 3 s.
    let asked = Date.now();
    let problem = 'not yet loaded';
    for (;;) {
      // An evaluation can land in the document the navigation then replaces, and Firefox's remote
      // agent then fails it ("script.evaluate: unknown error"): asked again a moment later.
      const seen = await page
        .evaluate(
          (u, selector) =>
            location.href !== u
              ? `at ${location.href}`
              : document.readyState === 'complete' &&
                  (selector === null || document.querySelector(selector) !== null)
                ? 'loaded'
                : 'not yet loaded',
          url,
          ready,
        )
        .catch((error) => error?.message ?? String(error));
      if (seen === 'loaded') return;
      problem = seen;
      if (Date.now() > end) throw new Error(`${url} did not load within 30 s: ${problem}`);
      if (seen.startsWith('at ') && Date.now() - asked > 3000) {
        asked = Date.now();
        page.goto(url).catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** The page kept open between suites (Firefox quits with its last tab). */
  let keeper = (await browser.pages())[0] ?? (await browser.newPage());
  /** An extension page, for running code with the extension's APIs (a new one after a reload). */
  let foothold = await browser.newPage();
  const FOOTHOLD = `${base}/popup.html?tab=0`;
  /** The background answers a message: its listeners are registered. */
  const ready = () =>
    until(
      () =>
        foothold
          .evaluate(() =>
            browser.runtime
              .sendMessage({ __robotsLens: true, name: 'getSettings', req: {} })
              .then((reply) => reply?.ok === true),
          )
          .catch(() => false),
      Boolean,
      { timeout: 15_000 },
    );
  await openExtPage(foothold, FOOTHOLD);
  const api = (fn, arg) => foothold.evaluate(fn, arg);
  let hostWithheld = false;
  /** Closes every page but the keeper and the foothold, and every private window. */
  const closePages = async () => {
    if (keeper.isClosed()) keeper = await browser.newPage();
    for (const page of await browser.pages())
      if (page !== keeper && page !== foothold) await page.close();
    if (profile !== null) {
      await api(async () => {
        for (const w of await browser.windows.getAll())
          if (w.incognito) await browser.windows.remove(w.id);
      });
    }
  };
  const driver = {
    name: 'firefox',
    async openSite(url) {
      const page = await browser.newPage();
      await page.goto(url);
      // Where the tab landed: the URL itself, or where its redirects led.
      const tabId = await api(
        async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id,
        page.url(),
      );
      return { tabId, page };
    },
    ...popupOperations({
      async newTab() {
        const page = await browser.newPage();
        await page.setViewport({ width: 560, height: 600 });
        return page;
      },
      load: (page, path) => openExtPage(page, `${base}/${path}`, POPUP_READY),
      popupUrl: (tabId) => api((id) => browser.action.getPopup({ tabId: id }), tabId),
    }),
    async openPage(path) {
      const page = await browser.newPage();
      await page.setViewport({ width: 760, height: 600 });
      await openExtPage(page, `${base}/${path}`, POPUP_READY);
      return page;
    },
    /** Firefox can only remove the pattern that was granted, not a subset of it. */
    revokeHost: async () => {
      hostWithheld = true;
      return api(() => browser.permissions.remove({ origins: ['http://*/*'] }));
    },
    badge: (tabId) => api((id) => browser.action.getBadgeText({ tabId: id }), tabId),
    title: (tabId) => api((id) => browser.action.getTitle({ tabId: id }), tabId),
    /**
     * Makes every page match prefers-color-scheme `scheme` ('light', 'dark'; null: as the system
     * says again). Firefox's BiDi has no media emulation (puppeteer's emulateMediaFeatures needs
     * CDP), so this sets the browser's own content-override pref, from the browser's chrome
     * window, which BiDi reaches with --remote-allow-system-access ("moz:scope": "chrome"). The
     * pref is the browser's, not a page's: every page follows it, and null clears it.
     */
    async colorScheme(scheme) {
      const value = { dark: 0, light: 1 }[scheme];
      const pref = 'layout.css.prefers-color-scheme.content-override';
      const { result } = await browser.connection.send('browsingContext.getTree', {
        'moz:scope': 'chrome',
        maxDepth: 0,
      });
      const context = result.contexts[0]?.context;
      if (context === undefined) throw new Error('colorScheme: no chrome window over BiDi');
      const { result: done } = await browser.connection.send('script.evaluate', {
        expression:
          value === undefined
            ? `Services.prefs.clearUserPref(${JSON.stringify(pref)})`
            : `Services.prefs.setIntPref(${JSON.stringify(pref)}, ${value})`,
        target: { context },
        awaitPromise: false,
      });
      if (done.type !== 'success') throw new Error(`colorScheme: ${JSON.stringify(done)}`);
    },
    ...privateOperations(api),
    /** Clicks `selector` in an open extension page and returns the file it downloads. */
    async download(page, selector) {
      const before = new Set(readdirSync(downloads));
      // A suite's tests run side by side, so another tab may be in front: the history export's
      // <a download> click then started no download in Firefox (3 runs of 3 at 690147d; with the
      // page brought to the front first, none failed).
      await page.bringToFront();
      await page.click(selector);
      // Firefox first creates the target as an empty placeholder, writes `<name>.part`, then
      // renames it over the placeholder: the file is complete once no .part is left beside it
      // (reading the placeholder gave "Unexpected end of JSON input" in one CI run at 3f578f8).
      const complete = () => {
        const names = readdirSync(downloads);
        return names.find(
          (f) =>
            !before.has(f) &&
            !f.endsWith('.part') &&
            !names.includes(`${f}.part`) &&
            statSync(join(downloads, f)).size > 0,
        );
      };
      const done = await until(complete, (f) => f !== undefined, { every: 50 });
      if (done === undefined) throw new Error(`no download after clicking ${selector}`);
      return { name: done, text: readFileSync(join(downloads, done), 'utf8') };
    },
    sleepBackground: async () => false,
  };
  return {
    driver,
    alive: () => browser.connected,
    closePages,
    /** As a fresh profile: no page, empty storage, no cookie, the extension started anew. */
    async reset() {
      await closePages();
      const cookies = await browser.cookies();
      if (cookies.length > 0) await browser.deleteCookie(...cookies);
      if (hostWithheld) {
        // Given back as the user would: a click (permissions.request needs one), no prompt.
        await foothold.evaluate(() => {
          const button = document.createElement('button');
          button.id = 'rl-e2e-grant';
          button.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
          button.onclick = () => {
            window.__granted = browser.permissions.request({ origins: ['http://*/*'] });
          };
          document.body.append(button);
        });
        await foothold.click('#rl-e2e-grant');
        if ((await foothold.evaluate(() => window.__granted)) !== true)
          throw new Error('reset: the host permission was not given back');
        hostWithheld = false;
      }
      const left = await api(clearExtensionStorage);
      if (left !== 0) throw new Error(`reset: ${left} keys left in storage.local`);
      await foothold.evaluate(() => localStorage.clear());
      // The add-on reloads from dist/: its pages close (the foothold too), its background starts.
      foothold.evaluate(() => browser.runtime.reload()).catch(() => {});
      const unloaded = await until(
        async () =>
          foothold.isClosed() ||
          (await foothold.evaluate(() => location.href).catch(() => null)) !== FOOTHOLD,
        Boolean,
        { timeout: 15_000, every: 50 },
      );
      if (!unloaded) throw new Error('reset: the add-on did not reload');
      if (!foothold.isClosed()) await foothold.close().catch(() => {});
      foothold = await browser.newPage();
      await openExtPage(foothold, FOOTHOLD);
      if (!(await ready())) throw new Error('reset: the background did not answer after reload');
    },
    async close() {
      await browser.close().catch(() => {});
      rmSync(downloads, { recursive: true, force: true });
      if (profile !== null && given === null) rmSync(profile, { recursive: true, force: true });
    },
  };
}
