import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts
import * as listingScript from '../../scripts/listing.mjs';

const { buildListing, checkListing, LANGS, LIMITS, pngSize, writeListing } = listingScript;

// The store listings npm run package writes (scripts/listing.mjs): every field in four
// languages, within each store's limits, and a reason for every permission the manifest asks.
const ROOT = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));

/** A copy of the files the listing is made from, to change one of them. */
function copyOfRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rl-listing-'));
  for (const path of ['manifest.json', 'package.json', 'store', '_locales', 'docs/PRIVACY.md'])
    cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return dir;
}

describe('the store listings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rl-listing-out-'));
  const listings = writeListing(ROOT, dir);

  test('are within every limit, with every permission justified', () => {
    expect(checkListing(listings, ROOT)).toEqual([]);
  });

  test.each(['chrome-web-store', 'addons-mozilla-org'])(
    '%s: name, summary and description in four languages, as written',
    (store) => {
      const written = JSON.parse(readFileSync(join(dir, `${store}.json`), 'utf8'));
      expect(LANGS).toEqual(['en', 'es', 'ru', 'th']);
      for (const lang of LANGS)
        for (const field of ['name', 'summary', 'description']) {
          expect(written[field][lang], `${store} ${field} ${lang}`).toMatch(/\S/);
          expect(readFileSync(join(dir, store, lang, `${field}.txt`), 'utf8')).toBe(
            `${written[field][lang]}\n`,
          );
        }
      expect(written.version).toBe(manifest.version);
      expect(written.category).toMatch(/\S/);
      expect(written.privacyPolicyUrl).toMatch(/^https:\/\/github\.com\/.+\/docs\/PRIVACY\.md$/);
      expect(readFileSync(join(dir, 'PRIVACY.md'), 'utf8')).toBe(
        readFileSync(join(ROOT, 'docs/PRIVACY.md'), 'utf8'),
      );
    },
  );

  test('every permission and host pattern of the manifest has its reason', () => {
    for (const listing of Object.values(listings) as {
      permissions: Record<string, string>;
      hostPermissions: { patterns: string[]; why: string };
    }[]) {
      expect(Object.keys(listing.permissions).sort()).toEqual([...manifest.permissions].sort());
      for (const why of Object.values(listing.permissions)) expect(why).toMatch(/\S/);
      expect(listing.hostPermissions.patterns).toEqual(manifest.host_permissions);
      expect(listing.hostPermissions.why).toMatch(/\S/);
    }
  });

  test('the Chrome summary is the manifest description, at most 132 characters everywhere', () => {
    expect(manifest.description).toBe('__MSG_extDescription__');
    for (const lang of LANGS)
      expect(
        listings.chrome.summary[lang].length,
        `${lang}: ${listings.chrome.summary[lang]}`,
      ).toBeLessThanOrEqual(LIMITS.chrome.summary);
  });

  test('the screenshots: 1280×800, each language’s in Chrome, captions in four languages', () => {
    const chrome = listings.chrome.screenshots as Record<
      string,
      { file: string; caption: string }[]
    >;
    expect(Object.keys(chrome)).toEqual(LANGS);
    expect(chrome['en']?.map((s) => s.file)).toEqual([
      'screenshots/chromium-verdicts-en.png',
      'screenshots/chromium-noindex-en.png',
    ]);
    for (const lang of ['es', 'ru', 'th'])
      expect(chrome[lang]?.map((s) => s.file)).toEqual([
        `screenshots/chromium-verdicts-${lang}.png`,
      ]);
    const firefox = listings.firefox.screenshots as {
      file: string;
      caption: Record<string, string>;
    }[];
    expect(firefox.map((s) => s.file)).toEqual([
      'screenshots/firefox-verdicts-en.png',
      'screenshots/firefox-noindex-en.png',
    ]);
    for (const shot of firefox) expect(Object.keys(shot.caption)).toEqual(LANGS);
    for (const shot of [...Object.values(chrome).flat(), ...firefox])
      expect(pngSize(readFileSync(join(dir, shot.file)))).toEqual({ width: 1280, height: 800 });
  });

  test('Firefox: the manifest declares that no data is collected, as the listing says', () => {
    expect(listings.firefox.dataUsage.dataCollectionPermissions).toEqual({ required: ['none'] });
    expect(listings.firefox.dataUsage.collected).toEqual([]);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
});

describe('checkListing fails the package', () => {
  test('for a permission added to the manifest without a reason', () => {
    const root = copyOfRoot();
    const changed = { ...manifest, permissions: [...manifest.permissions, 'tabs'] };
    writeFileSync(join(root, 'manifest.json'), JSON.stringify(changed));
    expect(checkListing(buildListing(root), root)).toEqual([
      'chrome-web-store: permission tabs has no justification in store/review.json',
      'addons-mozilla-org: permission tabs has no justification in store/review.json',
    ]);
    rmSync(root, { recursive: true, force: true });
  });

  test('for a host pattern added without a reason', () => {
    const root = copyOfRoot();
    const changed = { ...manifest, host_permissions: [...manifest.host_permissions, 'file:///*'] };
    writeFileSync(join(root, 'manifest.json'), JSON.stringify(changed));
    expect(checkListing(buildListing(root), root)).toContain(
      'chrome-web-store: host permissions has no justification in store/review.json',
    );
    rmSync(root, { recursive: true, force: true });
  });

  test('for a screenshot that is not 1280×800', () => {
    const root = copyOfRoot();
    // A 1×1 PNG in place of the Firefox verdicts picture.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
      'base64',
    );
    writeFileSync(join(root, 'store/screenshots/firefox-verdicts-en.png'), png);
    expect(checkListing(buildListing(root), root)).toEqual([
      'addons-mozilla-org: screenshots/firefox-verdicts-en.png is 1×1, not 1280×800',
    ]);
    rmSync(root, { recursive: true, force: true });
  });

  test('for a summary over 132 characters, or a name over AMO’s 50', () => {
    const root = copyOfRoot();
    const path = join(root, '_locales/es.source.json');
    const es = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(
      path,
      JSON.stringify({ ...es, extName: 'R'.repeat(51), extDescription: 'x'.repeat(133) }),
    );
    expect(checkListing(buildListing(root), root)).toEqual([
      'chrome-web-store: summary (es) is 133 characters, over 132',
      'addons-mozilla-org: name (es) is 51 characters, over 50',
    ]);
    rmSync(root, { recursive: true, force: true });
  });
});
