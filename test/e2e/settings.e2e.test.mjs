// End-to-end: choosing robots and the settings, in real Chromium and Firefox ESR. The options
// page changes the list and an open popup and the badge follow; export, reset and import give the
// same settings back; a broken import changes nothing; popup screenshots in all four languages.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchChromium, launchFirefox } from './browsers.mjs';
import { startSites } from './sites.mjs';

const OUT = join(import.meta.dirname, '../../out/screenshots');
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs inside an extension page: the current settings, asked of the background. */
const currentSettings = async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const reply = await api.runtime.sendMessage({ __robotsLens: true, name: 'getSettings', req: {} });
  return reply.value;
};

for (const launch of [launchChromium, launchFirefox]) {
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
      for (let i = 0; i < 4; i++) {
        await options.evaluate(() =>
          document.querySelector('[aria-label="Move GPTBot up"]').click(),
        );
        await wait(250);
      }
      const order = await options.evaluate(() =>
        [...document.querySelectorAll('[data-list-robot]')].map((li) =>
          li.getAttribute('data-list-robot'),
        ),
      );
      assert.deepEqual(order.slice(0, 2), ['GPTBot', 'Googlebot']);
      let first = null;
      for (let i = 0; i < 40 && first !== 'GPTBot'; i++) {
        await wait(100);
        first = await popup.evaluate(() =>
          document.querySelector('[data-robot]')?.getAttribute('data-robot'),
        );
      }
      assert.equal(first, 'GPTBot', 'the open popup follows');
      let title = '';
      for (let i = 0; i < 40 && !title.startsWith('GPTBot'); i++) {
        await wait(100);
        title = await browser.title(site.tabId);
      }
      assert.equal(title, 'GPTBot: disallowed — line 5: Disallow: /');
      await popup.close();
      await options.close();
    });

    test('adding by User-Agent header, and presets', async () => {
      const options = await browser.openPage('options.html');
      const result = await options.evaluate(async () => {
        const input = document.querySelector('input[name="robot-name"]');
        input.value =
          'Mozilla/5.0 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        document.querySelector('form.add-robot button[type="submit"]').click();
        await new Promise((r) => setTimeout(r, 300));
        const note = document.querySelector('.robot-editor [role="status"]')?.textContent;
        document.querySelector('input[name="preset-AhrefsBot"]').click();
        await new Promise((r) => setTimeout(r, 300));
        return {
          note,
          list: [...document.querySelectorAll('[data-list-robot]')].map((li) =>
            li.getAttribute('data-list-robot'),
          ),
        };
      });
      assert.equal(result.note, 'Taken from the User-Agent header: Amazonbot.');
      assert.deepEqual(result.list.slice(-2), ['Amazonbot', 'AhrefsBot']);
      await options.close();
    });

    test('export, reset, import: the same settings back; a broken import changes nothing', async () => {
      const options = await browser.openPage('options.html');
      const result = await options.evaluate(async (read) => {
        const settings = new Function(`return (${read})`)();
        const pause = () => new Promise((r) => setTimeout(r, 300));
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
        await pause();
        const before = await settings();
        document.querySelector('button[name="export"]').click();
        await pause();
        const exported = await file.text();
        document.querySelector('button[name="reset-all"]').click();
        await pause();
        const reset = await settings();
        const put = async (text) => {
          const input = document.querySelector('input[name="import"]');
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], 'settings.json', { type: 'application/json' }));
          input.files = transfer.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
          await pause();
          return document.querySelector('[data-message]')?.textContent ?? '';
        };
        const importedMessage = await put(exported);
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
      }, currentSettings.toString());
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
      for (const [language, label] of Object.entries(expected)) {
        const options = await browser.openPage('options.html');
        await options.evaluate((lang) => {
          const select = document.querySelector('select[name="language"]');
          select.value = lang;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }, language);
        await wait(400);
        await options.close();
        const seen = await browser.interact(
          site.tabId,
          () => ({
            tab: document.getElementById('tab-verdicts')?.textContent,
            lang: document.documentElement.lang,
            text: document.body.innerText,
          }),
          undefined,
          { screenshot: join(OUT, `${browser.name}-popup-${language}.png`) },
        );
        assert.equal(seen.tab, label, language);
        assert.equal(seen.lang, language);
      }
      const options = await browser.openPage('options.html');
      await options.evaluate(() => {
        const select = document.querySelector('select[name="language"]');
        select.value = 'auto';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await wait(300);
      await options.close();
    });
  });
}
