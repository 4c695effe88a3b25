// npm run screenshots: the store screenshots in store/screenshots/, 1280×800 PNG (about 130 KB
// each), made from the real extension in both browsers: the package each store gets
// (out/dist-chrome/ in Chromium, out/dist-firefox/ in Firefox ESR, scripts/targets.mjs), the demo
// site (scripts/demo-site.mjs) served as www.example.com, and the popup opened on a page of it.
// Each popup is taken at 1:1 and set on a 1280×800 page with its caption from the catalogue
// (storeShot*, scripts/listing.mjs SCENES), in the same browser. Every scene in English, and in
// Chromium the first also in es, ru and th: the Chrome Web Store takes screenshots per language;
// addons.mozilla.org shows the same images in every language, with each language's caption.
// Not part of npm test: run it after a change to the popup, LOOK at every picture, and commit
// them. It drives browsers: on a shared machine, run it under the e2e lock
// (flock /work/e2e.lock npm run screenshots). Options: --browser=chromium|firefox, --lang=en.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS, FIREFOX, FIREFOX_LAUNCH } from '../test/e2e/browsers.mjs';
import { startDemoSite } from './demo-site.mjs';
import { LANGS, SCENES, SCREENSHOT_SIZE } from './listing.mjs';
import { TARGETS, writeTargets } from './targets.mjs';

const OUT = 'store/screenshots';
/** The demo site's name in the pictures: the host its robots.txt was written for (1994). */
const HOST = 'www.example.com';
/** The page of the demo site each scene opens the popup on. */
const PAGES = { verdicts: '/foo.html', noindex: '/report.html' };
/** The scene Chromium also pictures in es, ru and th; the others are in English only. */
const FIRST_SCENE = 'verdicts';
const option = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const onlyBrowser = option('browser');
const onlyLang = option('lang');
const langs = onlyLang === null ? LANGS : [onlyLang];

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
/** Keeps a hyphenated word (X-Robots-Tag) on one line: the frame's caption broke it after "X-". */
const nowrapHyphens = (html) =>
  html.replace(
    /[^\s-]+(?:-[^\s-]+)+/g,
    (word) => `<span style="white-space:nowrap">${word}</span>`,
  );
const catalogue = (lang) => JSON.parse(readFileSync(`_locales/${lang}.source.json`, 'utf8'));
const ICON = `data:image/png;base64,${readFileSync('icons/icon-128.png').toString('base64')}`;

/** The 1280×800 page a popup picture is set on: the caption left, the popup at 1:1 right. */
function frame(lang, caption, url, popupPng) {
  const popup = `data:image/png;base64,${popupPng.toString('base64')}`;
  return `<!doctype html><html lang="${lang}"><meta charset="utf-8"><style>
  html,body{margin:0}
  body{width:${SCREENSHOT_SIZE.width}px;height:${SCREENSHOT_SIZE.height}px;overflow:hidden;
    display:flex;align-items:center;gap:56px;box-sizing:border-box;padding:0 56px 0 72px;
    font-family:system-ui,"Noto Sans","DejaVu Sans","Garuda",sans-serif;color:#1d2433;
    background:#e9eef6}
  .text{flex:1;min-width:0}
  .brand{display:flex;align-items:center;gap:14px;font-size:26px;font-weight:600;color:#34405a}
  .brand img{width:48px;height:48px}
  .caption{font-size:40px;line-height:1.25;font-weight:700;margin:28px 0 24px;letter-spacing:-.01em}
  .url{font:18px ui-monospace,"DejaVu Sans Mono",monospace;color:#4a5670;background:#fff;
    border:1px solid #c9d3e3;border-radius:8px;padding:8px 12px;display:inline-block}
  .popup{flex:none;border-radius:10px;overflow:hidden;background:#fff;
    box-shadow:0 2px 6px rgba(20,30,60,.18),0 16px 48px rgba(20,30,60,.22)}
  .popup img{display:block}
  </style><div class="text"><div class="brand"><img src="${ICON}" alt="">Robots Lens</div>
  <p class="caption">${nowrapHyphens(escapeHtml(caption))}</p><div class="url">${escapeHtml(url)}</div></div>
  <div class="popup"><img src="${popup}" alt=""></div></html>`;
}

/** Waits until the popup has drawn its verdicts and its fonts, and nothing moves any more. */
const popupSettled = () =>
  document.body.dataset.state === 'done' &&
  document.fonts.status === 'loaded' &&
  document.querySelectorAll('[data-robot][data-verdict]').length > 0;

/** Runs in an extension page: sets the interface language through the background. */
const setLanguage = (language) =>
  (globalThis.browser ?? globalThis.chrome).runtime
    .sendMessage({ __robotsLens: true, name: 'setSettings', req: { language } })
    .then((reply) => reply?.ok === true);

async function poll(check, what, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => false);
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Chromium with out/dist-chrome/: the pictures of every scene in `langs`. */
async function chromiumShots(site) {
  const ext = resolve(TARGETS.chrome);
  const dir = mkdtempSync(join(tmpdir(), 'rl-shots-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
      ...CHROMIUM_ARGS.map((a) =>
        a.startsWith('--host-resolver-rules=') ? a.replace('=', `=MAP ${HOST} 127.0.0.1 , `) : a,
      ),
    ],
  });
  try {
    let [worker] = context.serviceWorkers();
    if (!worker) worker = await context.waitForEvent('serviceworker');
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    // An extension page to send settings from (it reloads itself on a change of language), and
    // the page the popup is pictured in, left on about:blank meanwhile.
    const foothold = await context.newPage();
    await foothold.goto(`${base}/popup.html?tab=0`);
    const language = (lang) => poll(() => foothold.evaluate(setLanguage, lang), `language ${lang}`);
    await language('en');
    const popup = await context.newPage();
    return await shoot(site, {
      name: 'chromium',
      async tabOf(url) {
        const page = await context.newPage();
        await page.goto(url);
        return worker.evaluate(
          async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id,
          url,
        );
      },
      async picture(path, lang) {
        await popup.goto('about:blank');
        await language(lang);
        await popup.setViewportSize({ width: 560, height: 600 });
        await popup.goto(`${base}/${path}`);
        await poll(() => popup.evaluate(popupSettled), `${path} drawn`);
        await popup.waitForTimeout(300);
        return popup.locator('body').screenshot();
      },
      async compose(html) {
        const page = await context.newPage();
        await page.setViewportSize(SCREENSHOT_SIZE);
        await page.setContent(html);
        const png = await page.screenshot();
        await page.close();
        return png;
      },
    });
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Firefox ESR with out/dist-firefox/ (BROWSER-TESTING.md, puppeteer over WebDriver BiDi). */
async function firefoxShots(site) {
  const manifest = JSON.parse(readFileSync(join(TARGETS.firefox, 'manifest.json'), 'utf8'));
  const geckoId = manifest.browser_specific_settings.gecko.id;
  const uuid = '0d3c2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const browser = await puppeteer.launch({
    ...FIREFOX_LAUNCH,
    executablePath: FIREFOX,
    defaultViewport: null,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      ...FIREFOX_LAUNCH.extraPrefsFirefox,
      'layout.frame_rate': 60,
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
      // The demo site as www.example.com: Firefox resolves these names to the loopback address.
      'network.dns.localDomains': HOST,
      // …which Local Network Access would then take for a public site reaching into the
      // loopback address, and refuse the extension's fetch of its robots.txt ("Network error").
      'network.lna.enabled': false,
    },
  });
  try {
    await browser.installExtension(resolve(TARGETS.firefox));
    const base = `moz-extension://${uuid}`;
    // moz-extension navigations never resolve over BiDi: start them and poll the document.
    const open = async (page, url) => {
      page.goto(url).catch(() => {});
      await poll(
        () => page.evaluate((u) => location.href === u && document.readyState === 'complete', url),
        url,
      );
    };
    const foothold = await browser.newPage();
    await open(foothold, `${base}/popup.html?tab=0`);
    const language = (lang) => poll(() => foothold.evaluate(setLanguage, lang), `language ${lang}`);
    await language('en');
    const popup = await browser.newPage();
    return await shoot(site, {
      name: 'firefox',
      async tabOf(url) {
        const page = await browser.newPage();
        await page.goto(url);
        return foothold.evaluate(
          async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id,
          url,
        );
      },
      async picture(path, lang) {
        await popup.goto('about:blank');
        await language(lang);
        await popup.setViewport({ width: 560, height: 600 });
        await open(popup, `${base}/${path}`);
        await poll(() => popup.evaluate(popupSettled), `${path} drawn`);
        await new Promise((r) => setTimeout(r, 300));
        return Buffer.from(await (await popup.$('body')).screenshot());
      },
      async compose(html) {
        const page = await browser.newPage();
        await page.setViewport(SCREENSHOT_SIZE);
        await page.setContent(html);
        const png = Buffer.from(await page.screenshot());
        await page.close();
        return png;
      },
    });
  } finally {
    await browser.close();
  }
}

/** Every scene in every language the browser gets: opens the page, pictures the popup, frames it. */
async function shoot(site, driver) {
  const written = [];
  for (const [scene, key] of Object.entries(SCENES)) {
    const sceneLangs = driver.name === 'chromium' && scene === FIRST_SCENE ? langs : ['en'];
    const url = `${site}${PAGES[scene]}`;
    const tabId = await driver.tabOf(url);
    if (typeof tabId !== 'number') throw new Error(`${driver.name}: no tab for ${url}`);
    for (const lang of sceneLangs) {
      const popupPng = await driver.picture(`popup.html?tab=${tabId}`, lang);
      const png = await driver.compose(frame(lang, catalogue(lang)[key], url, popupPng));
      const file = join(OUT, `${driver.name}-${scene}-${lang}.png`);
      writeFileSync(file, png);
      written.push(file);
      console.log(`wrote ${file}`);
    }
  }
  return written;
}

execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
writeTargets();
mkdirSync(OUT, { recursive: true });
// Port 80 where it is free, so the pictures show the plain address; another port otherwise.
const demo = await startDemoSite(80).catch(() => startDemoSite(0));
const port = Number(/:(\d+)$/.exec(demo.origin)?.[1]);
const site = port === 80 ? `http://${HOST}` : `http://${HOST}:${port}`;
try {
  if (onlyBrowser === null || onlyBrowser === 'chromium') await chromiumShots(site);
  if (onlyBrowser === null || onlyBrowser === 'firefox') await firefoxShots(site);
} finally {
  demo.close();
}
