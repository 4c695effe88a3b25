// End-to-end: what the background keeps beside its cache, in real Chromium and Firefox ESR. A
// file edited on the server shows as changed, with its difference, even after its cache entry
// was dropped; a history file imports only into the popup's site; the options page shows the
// background's error counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { startSites } from './sites.mjs';

/** Runs inside an extension page: drops a cache entry as the hourly purge does when it expires. */
const dropCacheEntry = async (origin) => {
  const api = globalThis.browser ?? globalThis.chrome;
  await api.storage.local.remove(`robots:${origin}`);
  return Object.keys(await api.storage.local.get(null)).filter((k) => k.includes(origin));
};

/**
 * Runs in the popup: imports a history file as a user picks one in the History view (the file
 * input's files set, then its change event) and returns the notice that follows `before`.
 */
const importFile = inPage(async ({ text, before }, h) => {
  if (h.currentView() !== 'history') await h.show('history');
  const input = await h.until(() => h.$('input[data-action="import-history"]'), 'the import input');
  const picked = new DataTransfer();
  picked.items.add(new File([text], 'history.json', { type: 'application/json' }));
  input.files = picked.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  const notice = await h.until(() => {
    const el = h.$('[data-history-notice]');
    return el && el.textContent !== before ? el : null;
  }, 'the import notice');
  return { text: notice.textContent, role: notice.getAttribute('role') };
});

/** A history export naming `origin`, with one version. */
const historyFile = (origin, text) =>
  JSON.stringify({
    format: 'robots-lens-history',
    version: 1,
    origin,
    versions: [{ text, firstSeen: 1_000, lastSeen: 2_000 }],
  });

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: versions and debugging`, () => {
    let sites;
    let browser;

    before(async () => {
      sites = await startSites();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      sites?.close();
    });

    test('a file changed on the server is marked, even after its cache entry expired', async () => {
      const origin = sites.origins.changing;
      const site = await browser.openSite(`${origin}/old/page`);
      const first = await browser.popup(site.tabId);
      assert.equal(first.rows.find((r) => r.robot === 'Googlebot')?.verdict, 'disallowed');
      assert.ok(!first.text.includes('Changed since the last fetch'));

      // The entry leaves the 24-hour cache; the version store keeps the last version apart.
      const page = await browser.openPage('options.html');
      const left = await page.evaluate(dropCacheEntry, origin);
      await page.close();
      assert.deepEqual(left, [`robots-version:${origin}`]);

      const diff = await browser.interact(
        site.tabId,
        inPage(async (_, h) => {
          const changed = h.$('button.changed');
          changed?.click();
          if (changed) await h.until(() => h.$('.diff'), 'the difference shown');
          return {
            mark: changed?.textContent ?? null,
            diff: h.$('.diff')?.textContent ?? null,
            verdict: h.$('[data-robot="Googlebot"]')?.getAttribute('data-verdict'),
          };
        }),
      );
      assert.equal(sites.robotsRequests('changing'), 2);
      assert.match(diff.mark ?? '', /Changed since the last fetch/);
      assert.match(diff.diff ?? '', /− Disallow: \/old\//);
      assert.match(diff.diff ?? '', /\+ Disallow: \/new\//);
      assert.equal(diff.verdict, 'allowed');
    });

    test('a history file of another site is refused and plants nothing (issue 28, item 8)', async () => {
      const here = sites.origins.later;
      const victim = sites.origins.target;
      const site = await browser.openSite(`${here}/page`);
      const popup = await browser.openPage(`popup.html?tab=${site.tabId}`);
      const planted = historyFile(victim, 'User-agent: *\nDisallow: /planted/\n');
      const refused = await popup.evaluate(importFile, { text: planted, before: null });
      assert.equal(refused.role, 'alert');
      assert.equal(
        refused.text,
        `Not imported, nothing changed: the file is the history of ${victim}, not of this site (${here}). Open the popup on a page of that site to import it.`,
      );
      // The site's own file is imported.
      const own = historyFile(here, 'User-agent: *\nDisallow: /older/\n');
      const imported = await popup.evaluate(importFile, { text: own, before: refused.text });
      assert.match(imported.text, /^1 new version imported for /);
      await popup.close();
      const keys = await browser.storageKeys('local');
      assert.ok(keys.includes(`robots-version:${here}`), keys.join(' '));
      assert.ok(!keys.some((k) => k.endsWith(victim)), `nothing kept for ${victim}: ${keys}`);
      // The victim, visited later: its file is new, not "changed" with the planted difference.
      const visit = await browser.openSite(`${victim}/page`);
      const seen = await browser.popup(visit.tabId);
      assert.equal(seen.state, 'done');
      assert.ok(!seen.text.includes('Changed since the last fetch'), seen.text);
    });

    test('the refresh button fetches again', async () => {
      const before = sites.robotsRequests('normal');
      const site = await browser.openSite(`${sites.origins.normal}/page`);
      await browser.popup(site.tabId);
      const fetched = sites.robotsRequests('normal');
      await browser.click(
        site.tabId,
        '[data-action="refresh"]',
        () => sites.robotsRequests('normal') > fetched,
      );
      assert.equal(sites.robotsRequests('normal'), fetched + 1);
      assert.ok(fetched - before <= 1);
    });

    test('a background error is reported as a value and counted in the options page', async () => {
      const page = await browser.openPage('options.html');
      const seen = await page.evaluate(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        // A tab that does not exist (closed while the popup opened): the handler throws.
        const reply = await api.runtime.sendMessage({
          __robotsLens: true,
          name: 'tabReport',
          req: { tabId: 987654321 },
        });
        document.querySelector('details.debug summary')?.click();
        for (const end = Date.now() + 30_000; Date.now() < end; ) {
          if (document.querySelector('[data-error-where="message:tabReport"]')) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        return {
          reply,
          heading: document.querySelector('details.debug summary')?.textContent,
          entry: document.querySelector('[data-error-where="message:tabReport"]')?.textContent,
        };
      });
      await page.close();
      assert.equal(seen.reply.ok, false);
      assert.equal(seen.reply.error, 'internal');
      assert.equal(seen.heading, 'Errors, for debugging');
      assert.match(seen.entry ?? '', /^message:tabReport × \d+ — last at .+: .+/);
    });
  });
}
