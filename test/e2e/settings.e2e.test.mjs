// End-to-end: choosing robots and the settings, in real Chromium and Firefox ESR. The options
// page changes the list and an open popup and the badge follow; export, reset and import give the
// same settings back; a broken import changes nothing; popup screenshots in all four languages.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { startSites } from './sites.mjs';
import { until } from './until.mjs';

const OUT = join(import.meta.dirname, '../../out/screenshots');

/** Runs inside an extension page: the current settings, asked of the background. */
const currentSettings = async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const reply = await api.runtime.sendMessage({ __robotsLens: true, name: 'getSettings', req: {} });
  return reply.value;
};

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: robots and settings`, () => {
    let sites;
    let browser;
    let site;

    before(async () => {
      mkdirSync(OUT, { recursive: true });
      sites = await startSites();
      browser = await launch();
      site = await browser.openSite(`${sites.origins.normal}/private/page`);
      await browser.popup(site.tabId);
    });
    after(async () => {
      await browser?.close();
      sites?.close();
    });

    test('moving GPTBot to the top in the options page: an open popup and the badge follow', async () => {
      const popup = await browser.openPage(`popup.html?tab=${site.tabId}`);
      const options = await browser.openPage('options.html');
      const order = await options.evaluate(
        inPage(async (_, h) => {
          const list = () =>
            h.$$('[data-list-robot]').map((li) => li.getAttribute('data-list-robot'));
          for (let i = 0; i < 4; i++) {
            const at = list().indexOf('GPTBot');
            h.must('[aria-label="Move GPTBot up"]').click();
            await h.until(() => list().indexOf('GPTBot') === at - 1, `GPTBot moved up from ${at}`);
          }
          return list();
        }),
      );
      assert.deepEqual(order.slice(0, 2), ['GPTBot', 'Googlebot']);
      const first = await until(
        () =>
          popup.evaluate(() => document.querySelector('[data-robot]')?.getAttribute('data-robot')),
        (robot) => robot === 'GPTBot',
      );
      assert.equal(first, 'GPTBot', 'the open popup follows');
      const title = await until(
        () => browser.title(site.tabId),
        (t) => t.startsWith('GPTBot'),
      );
      assert.equal(title, 'GPTBot: disallowed — line 5: Disallow: /');
      await popup.close();
      await options.close();
    });

    test('adding by User-Agent header, and presets', async () => {
      const options = await browser.openPage('options.html');
      const result = await options.evaluate(
        inPage(async (_, h) => {
          const list = () =>
            h.$$('[data-list-robot]').map((li) => li.getAttribute('data-list-robot'));
          h.type(
            'input[name="robot-name"]',
            'Mozilla/5.0 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
          );
          h.must('form.add-robot button[type="submit"]').click();
          const note = await h.until(
            () => h.$('.robot-editor [role="status"]')?.textContent,
            "the editor's note",
          );
          await h.until(() => list().includes('Amazonbot'), 'Amazonbot in the list');
          h.must('input[name="preset-AhrefsBot"]').click();
          await h.until(() => list().includes('AhrefsBot'), 'AhrefsBot in the list');
          return { note, list: list() };
        }),
      );
      assert.equal(result.note, 'Taken from the User-Agent header: Amazonbot.');
      assert.deepEqual(result.list.slice(-2), ['Amazonbot', 'AhrefsBot']);
      await options.close();
    });

    test('export, reset, import: the same settings back; a broken import changes nothing', async () => {
      const options = await browser.openPage('options.html');
      const result = await options.evaluate(
        inPage(async (read, h) => {
          const settings = new Function(`return (${read})`)();
          const same = async (a) => JSON.stringify(await settings()) === JSON.stringify(a);
          // Export: keep the file the page hands to the browser.
          let file = null;
          const create = URL.createObjectURL;
          URL.createObjectURL = (blob) => {
            file = blob;
            return create.call(URL, blob);
          };
          const language = document.querySelector('select[name="cache-lifetime"]');
          language.value = String(6 * 3600_000);
          language.dispatchEvent(new Event('change', { bubbles: true }));
          const before = await h.until(async () => {
            const now = await settings();
            return now.cacheLifetimeMs === 6 * 3600_000 && now;
          }, 'the cache lifetime saved');
          h.must('button[name="export"]').click();
          const exported = await (await h.until(() => file, 'the exported file')).text();
          h.must('button[name="reset-all"]').click();
          await h.until(async () => !(await same(before)), 'the settings reset');
          const reset = await settings();
          const message = () => h.$('[data-message]')?.textContent ?? '';
          const put = async (text) => {
            const shown = message();
            const input = h.must('input[name="import"]');
            const transfer = new DataTransfer();
            transfer.items.add(new File([text], 'settings.json', { type: 'application/json' }));
            input.files = transfer.files;
            input.dispatchEvent(new Event('change', { bubbles: true }));
            return h.until(() => message() !== shown && message(), "the import's message");
          };
          const importedMessage = await put(exported);
          // Saved by the time it says so; if not, the comparison below shows what is.
          await h.until(() => same(before), 'the imported settings').catch(() => {});
          const afterImport = await settings();
          const brokenMessage = await put('{"this is": "not ours"');
          const afterBroken = await settings();
          return {
            before,
            exported,
            reset,
            importedMessage,
            afterImport,
            brokenMessage,
            afterBroken,
          };
        }),
        currentSettings.toString(),
      );
      assert.ok(result.exported.includes('"app": "robots-lens"'));
      assert.deepEqual(result.reset.robots.slice(0, 2), ['Googlebot', 'Bingbot']);
      assert.equal(result.importedMessage, 'Settings imported.');
      assert.deepEqual(result.afterImport, result.before);
      assert.equal(result.afterImport.cacheLifetimeMs, 6 * 3600_000);
      assert.equal(result.brokenMessage, 'Not imported, nothing changed: the file is not JSON');
      assert.deepEqual(result.afterBroken, result.before);
      await options.close();
    });

    test('the popup in English, Spanish, Russian and Thai', async () => {
      const expected = { en: 'Verdicts', es: 'Veredictos', ru: 'Результаты', th: 'ผลตัดสิน' };
      /**
       * Picks a language in the options page, and waits until it is saved and the page shows it
       * (an extension page reloads in a new language: closed while it reloads, Chromium's page
       * never closed).
       */
      const pick = async (language) => {
        const options = await browser.openPage('options.html');
        const shown = await options.evaluate((lang) => {
          const select = document.querySelector('select[name="language"]');
          select.value = lang;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          // 'auto' is the browser's own language.
          return lang === 'auto'
            ? (globalThis.browser ?? globalThis.chrome).i18n.getUILanguage()
            : lang;
        }, language);
        const saved = await until(
          async () => (await browser.storageValue('sync', 'settings'))?.settings?.language,
          (lang) => lang === language,
        );
        assert.equal(saved, language, 'the language saved');
        const page = await until(
          () =>
            options
              .evaluate(() => [document.documentElement.lang, document.body.dataset.state])
              .catch(() => null),
          (seen) => seen?.[0] === shown && seen[1] === 'done',
        );
        assert.deepEqual(page, [shown, 'done'], 'the options page in that language');
        await options.close();
      };
      for (const [language, label] of Object.entries(expected)) {
        await pick(language);
        const seen = await browser.interact(
          site.tabId,
          () => {
            // The tabs on one row (issue 29, item 4): every tab at the first one's top; a row too
            // long for the popup scrolls sideways instead of wrapping.
            const tabs = [...document.querySelectorAll('[role="tab"]')];
            const tops = new Set(tabs.map((el) => Math.round(el.getBoundingClientRect().top)));
            return {
              tab: document.getElementById('tab-verdicts')?.textContent,
              lang: document.documentElement.lang,
              text: document.body.innerText,
              rows: tops.size,
              tabs: tabs.length,
            };
          },
          undefined,
          { screenshot: join(OUT, `${browser.name}-popup-${language}.png`) },
        );
        assert.equal(seen.tab, label, language);
        assert.equal(seen.lang, language);
        assert.ok(seen.tabs >= 8, `${language}: ${seen.tabs} tabs`);
        assert.equal(seen.rows, 1, `${language}: the tabs on one row`);
      }
      await pick('auto');
    });
  });
}
