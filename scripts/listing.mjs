// The store listings npm run package writes into out/packages/listing/: for the Chrome Web Store
// and addons.mozilla.org, per language, the name, summary and description from the catalogues
// (_locales/<lang>.source.json: extName, extDescription, storeDescription), the screenshots made
// by npm run screenshots (store/screenshots/, captions storeShot*), and what the reviewers are
// asked in English (store/review.json: category, single purpose, a reason for each permission,
// remote code, data usage), with the privacy policy (docs/PRIVACY.md). checkListing names every
// text over a store's limit and every permission of the manifest without a reason; the script
// fails on any.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGS = ['en', 'es', 'ru', 'th'];

/**
 * Each store's limits, in UTF-16 code units (a Thai vowel mark counts as one: more than a store
 * that counts graphemes would). Where each comes from:
 * - name: MDN, manifest.json `name` ("as of February 2024": AMO 50, Chrome Web Store 75).
 * - Chrome summary: the manifest's `description`, which the store shows as the summary, "no more
 *   than 132 characters" (developer.chrome.com/docs/extensions/reference/manifest/description).
 * - Chrome description: 16,000, the Store listing tab's field; single purpose and each
 *   permission's justification: 1,000, the Privacy practices tab's fields (the dashboard's
 *   counters: its docs give no figure).
 * - AMO summary: 250 (addons-server, devhub forms: `summary = TransField(max_length=250)`);
 *   AMO description: at least 10 (DescribeForm `min_length=10`), and no stated maximum: the
 *   Chrome figure is kept for both, as the text is the same.
 * - Screenshots: 1280×800, the size both stores ask for (the Chrome Web Store also takes 640×400,
 *   and at most 5 per language); AMO states no count: 10 is this listing's own bound.
 */
export const LIMITS = {
  chrome: { name: 75, summary: 132, description: 16_000, review: 1_000, screenshots: 5 },
  firefox: { name: 50, summary: 250, description: 16_000, descriptionMin: 10, screenshots: 10 },
};
export const SCREENSHOT_SIZE = { width: 1280, height: 800 };

/** The store each browser's package goes to: its listing file's name. */
export const STORES = { chrome: 'chrome-web-store', firefox: 'addons-mozilla-org' };

/** The scenes of npm run screenshots, each with its caption's catalogue key. */
export const SCENES = { verdicts: 'storeShotVerdicts', noindex: 'storeShotNoindex' };

const readJson = (root, path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** Width and height of a PNG, from its IHDR chunk; null if it is not a PNG. */
export function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The screenshots npm run screenshots wrote for `browser` in `lang` (store/screenshots/
 * `<browser>-<scene>-<lang>.png`), in the order of SCENES.
 */
function screenshotsOf(root, browser, lang) {
  let files = [];
  try {
    files = readdirSync(join(root, 'store/screenshots'));
  } catch {
    return [];
  }
  return Object.keys(SCENES)
    .map((scene) => ({ scene, file: `${browser}-${scene}-${lang}.png` }))
    .filter(({ file }) => files.includes(file));
}

/** The privacy policy's address: docs/PRIVACY.md in the repository package.json names. */
function privacyPolicyUrl(pkg) {
  const repo = String(pkg.repository?.url ?? '')
    .replace(/^git\+/, '')
    .replace(/\.git$/, '');
  return `${repo}/blob/main/docs/PRIVACY.md`;
}

/** Both listings, read from the repository at `root` (nothing written). */
export function buildListing(root = '.') {
  const manifest = readJson(root, 'manifest.json');
  const pkg = readJson(root, 'package.json');
  const review = readJson(root, 'store/review.json');
  const catalogues = Object.fromEntries(
    LANGS.map((lang) => [lang, readJson(root, `_locales/${lang}.source.json`)]),
  );
  const text = (key) => Object.fromEntries(LANGS.map((lang) => [lang, catalogues[lang][key]]));
  const permissions = Object.fromEntries(
    (manifest.permissions ?? []).map((p) => [p, review.permissions[p]]),
  );
  const hosts = manifest.host_permissions ?? [];
  const listing = (browser) => ({
    store: STORES[browser],
    version: manifest.version,
    name: text('extName'),
    summary: text('extDescription'),
    description: text('storeDescription'),
    category: review.category[browser],
    homepage: pkg.homepage,
    privacyPolicyUrl: privacyPolicyUrl(pkg),
    singlePurpose: review.singlePurpose,
    permissions,
    hostPermissions: {
      patterns: hosts,
      why: hosts.every((h) => review.hosts.patterns.includes(h)) ? review.hosts.why : undefined,
    },
    remoteCode: review.remoteCode,
    dataUsage: {
      ...review.dataUsage,
      ...(browser === 'firefox'
        ? {
            dataCollectionPermissions:
              manifest.browser_specific_settings?.gecko?.data_collection_permissions,
          }
        : {}),
    },
    ...(browser === 'firefox' ? { reviewerNotes: review.reviewerNotes } : {}),
    // The Chrome Web Store takes screenshots per language; addons.mozilla.org one set, with a
    // caption in each language.
    screenshots:
      browser === 'chrome'
        ? Object.fromEntries(
            LANGS.map((lang) => [
              lang,
              screenshotsOf(root, 'chromium', lang).map(({ scene, file }) => ({
                file: `screenshots/${file}`,
                caption: catalogues[lang][SCENES[scene]],
              })),
            ]),
          )
        : screenshotsOf(root, 'firefox', 'en').map(({ scene, file }) => ({
            file: `screenshots/${file}`,
            caption: text(SCENES[scene]),
          })),
  });
  return { chrome: listing('chrome'), firefox: listing('firefox') };
}

/** What is wrong with `listings` (buildListing) for the stores: an empty list when nothing. */
export function checkListing(listings, root = '.') {
  const problems = [];
  for (const [browser, listing] of Object.entries(listings)) {
    const limits = LIMITS[browser];
    const at = (field) => `${listing.store}: ${field}`;
    for (const field of ['name', 'summary', 'description'])
      for (const lang of LANGS) {
        const value = listing[field][lang];
        if (typeof value !== 'string' || value.trim() === '')
          problems.push(`${at(field)} (${lang}) is missing`);
        else if (value.length > limits[field])
          problems.push(
            `${at(field)} (${lang}) is ${value.length} characters, over ${limits[field]}`,
          );
      }
    for (const lang of LANGS) {
      const value = listing.description[lang] ?? '';
      if (value !== '' && value.length < (limits.descriptionMin ?? 0))
        problems.push(
          `${at('description')} (${lang}) is under ${limits.descriptionMin} characters`,
        );
    }
    const reviewed = {
      singlePurpose: listing.singlePurpose,
      'host permissions':
        listing.hostPermissions.patterns.length > 0 ? listing.hostPermissions.why : '',
      ...Object.fromEntries(
        Object.entries(listing.permissions).map(([p, why]) => [`permission ${p}`, why]),
      ),
    };
    for (const [field, value] of Object.entries(reviewed))
      if (typeof value !== 'string' || value.trim() === '')
        problems.push(`${at(field)} has no justification in store/review.json`);
      else if (limits.review !== undefined && value.length > limits.review)
        problems.push(`${at(field)} is ${value.length} characters, over ${limits.review}`);
    if (typeof listing.category !== 'string') problems.push(`${at('category')} is missing`);
    const shots =
      browser === 'chrome'
        ? Object.entries(listing.screenshots).flatMap(([lang, list]) => {
            if (list.length > limits.screenshots)
              problems.push(
                `${at('screenshots')} (${lang}): ${list.length}, over ${limits.screenshots}`,
              );
            return list.map((shot) => ({ file: shot.file, captions: [shot.caption] }));
          })
        : listing.screenshots.map((shot) => ({
            file: shot.file,
            captions: LANGS.map((lang) => shot.caption[lang]),
          }));
    if (browser === 'firefox' && shots.length > limits.screenshots)
      problems.push(`${at('screenshots')}: ${shots.length}, over ${limits.screenshots}`);
    for (const shot of shots) {
      const size = pngSize(readFileSync(join(root, 'store', shot.file)));
      if (size?.width !== SCREENSHOT_SIZE.width || size?.height !== SCREENSHOT_SIZE.height)
        problems.push(
          `${at(shot.file)} is ${size === null ? 'not a PNG' : `${size.width}×${size.height}`}, not 1280×800`,
        );
      if (shot.captions.some((c) => typeof c !== 'string' || c === ''))
        problems.push(`${at(shot.file)} has no caption`);
    }
  }
  return problems;
}

/** Plain text files to paste from, one per field and language, beside each store's JSON. */
function writeTexts(dir, listing) {
  for (const lang of LANGS) {
    mkdirSync(join(dir, lang), { recursive: true });
    for (const field of ['name', 'summary', 'description'])
      writeFileSync(join(dir, lang, `${field}.txt`), `${listing[field][lang]}\n`);
  }
}

/**
 * Writes out/packages/listing/ (or `out`): <store>.json and <store>/<lang>/*.txt for each store,
 * PRIVACY.md, and screenshots/. Returns the listings.
 */
export function writeListing(root = '.', out = join(root, 'out/packages/listing')) {
  const listings = buildListing(root);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'screenshots'), { recursive: true });
  for (const listing of Object.values(listings)) {
    writeFileSync(join(out, `${listing.store}.json`), `${JSON.stringify(listing, null, 2)}\n`);
    writeTexts(join(out, listing.store), listing);
    const shots = Array.isArray(listing.screenshots)
      ? listing.screenshots
      : Object.values(listing.screenshots).flat();
    for (const shot of shots) cpSync(join(root, 'store', shot.file), join(out, shot.file));
  }
  cpSync(join(root, 'docs/PRIVACY.md'), join(out, 'PRIVACY.md'));
  return listings;
}
