// End-to-end: the popup keeps what the user is doing, and stays workable on large files (issue 12),
// in real Chromium and Firefox ESR. A refresh, a settings change made in another extension page
// and closing and reopening the popup keep the view, the tester's URL and the draft; notes stay
// until dismissed; a robot clicked opens its group in Records; draft verdicts stay in view; the
// popup's height does not jump; and the smaller items (invalid URL, misspelled lines as written,
// control tokens, browser-internal pages).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BROWSERS, launchChromium } from './browsers.mjs';
import { inPage } from './in-page.mjs';
import { BIG, GROUPS, REDIRECTED_BYTES, startPopupSites } from './popup-sites.mjs';

const ROBOTS = [
  'Googlebot',
  'Bingbot',
  'Applebot',
  'Google-Extended',
  'GPTBot',
  'ClaudeBot',
  'PerplexityBot',
  'CCBot',
];
const AHREFS_UA = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)';

/** Runs in an extension page: writes the robot list into storage.sync, as another tool would. */
const writeStoredRobots = async (robots) => {
  const api = globalThis.browser ?? globalThis.chrome;
  const stored = (await api.storage.sync.get('settings')).settings;
  const settings = { ...(stored?.settings ?? {}), robots };
  await api.storage.sync.set({ settings: { schemaVersion: stored?.schemaVersion ?? 2, settings } });
};

/** Runs in an extension page: the browser's tabs, for finding pages openSite cannot name. */
const listTabs = async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  return (await api.tabs.query({})).map((t) => ({ id: t.id, url: t.url ?? '' }));
};

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: the popup keeps what the user is doing`, () => {
    let sites;
    let browser;

    before(async () => {
      sites = await startPopupSites();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      sites?.close();
    });

    /** Opens a page of a site in a new tab, closed when the test ends. */
    const open = async (t, name, path = '/page') => {
      const opened = await browser.openSite(sites.url(name, path));
      t.after(() => opened.page.close().catch(() => {}));
      assert.equal(typeof opened.tabId, 'number', `no tab found for ${name}${path}`);
      return opened;
    };
    /** An extension page left open (the popup for a tab, the options page), closed at the end. */
    const openPage = async (t, path) => {
      const page = await browser.openPage(path);
      t.after(() => page.close().catch(() => {}));
      return page;
    };
    const openPopup = async (t, tabId) => {
      const page = await openPage(t, `popup.html?tab=${tabId}`);
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'done');
      return page;
    };
    /** Puts the default robot list back when the test ends (settings are the browser's). */
    const restoreRobots = (t) =>
      t.after(async () => {
        const options = await browser.openPage('options.html');
        await options.evaluate(writeStoredRobots, ROBOTS);
        await options.close();
      });

    test('1. refresh, a settings change elsewhere, closing and reopening: the tester view, its URL and the draft stay; another site starts fresh', async (t) => {
      restoreRobots(t);
      const { tabId } = await open(t, 'keep');
      const popup = await openPopup(t, tabId);
      const draft = 'User-agent: *\nDisallow: /drafted/\n\nUser-agent: Bingbot\nDisallow: /\n';
      const url = '/drafted/page?from=test';
      await popup.evaluate(
        inPage(async ({ draft, url }, h) => {
          // Every value body[data-state] takes from here on.
          window.__states = [document.body.dataset.state];
          new MutationObserver(() => window.__states.push(document.body.dataset.state)).observe(
            document.body,
            { attributes: true, attributeFilter: ['data-state'] },
          );
          await h.show('tester');
          h.type('input[data-tester-url]', url);
          await h.typeDraft(draft);
        }),
        { draft, url },
      );
      const typed = await popup.evaluate(inPage((_, h) => h.tester()));
      assert.deepEqual(
        { ...typed, robots: typed.robots.length },
        { state: 'done', view: 'tester', url, drafting: true, draft, robots: ROBOTS.length },
        'typed',
      );

      // The refresh brings a new file (its version comment changed): updated in place.
      const requests = sites.robotsRequests('keep');
      const refreshed = await popup.evaluate(
        inPage(async (_, h) => {
          h.must('[data-action="refresh"]').click();
          await h.until(() => h.$('button.changed'), 'the new file (the "changed" button)');
          await h.until(() => h.$('main')?.getAttribute('aria-busy') !== 'true', 'the refresh');
          return { ...h.tester(), states: window.__states };
        }),
      );
      assert.ok(sites.robotsRequests('keep') > requests, 'the refresh fetched the file again');
      assert.deepEqual(refreshed.states, ['done'], 'body[data-state] never left "done"');
      assert.deepEqual(
        [refreshed.view, refreshed.url, refreshed.drafting, refreshed.draft],
        ['tester', url, true, draft],
        'after the refresh',
      );

      // Another extension page changes the robot list in storage.sync: the open popup follows it.
      const options = await openPage(t, 'options.html');
      await options.evaluate(writeStoredRobots, [...ROBOTS, 'AhrefsBot']);
      const changed = await popup.evaluate(
        inPage(async (draft, h) => {
          await h.until(
            () => h.$('[data-tester-robot="AhrefsBot"]') && h.$('[data-robot="AhrefsBot"]'),
            'AhrefsBot in the open popup',
          );
          // And nothing of the work is lost a moment later (a late render would reset it).
          const kept = () => h.tester().view === 'tester' && h.tester().draft === draft;
          await h.stays(kept, 300);
          return { ...h.tester(), states: window.__states };
        }),
        draft,
      );
      assert.deepEqual(changed.states, ['done'], 'body[data-state] never left "done"');
      assert.deepEqual(
        [changed.view, changed.url, changed.drafting, changed.draft],
        ['tester', url, true, draft],
        'after the settings change',
      );
      assert.deepEqual(changed.robots, [...ROBOTS, 'AhrefsBot']);
      await popup.close();

      // Closed and opened again on the same tab.
      const reopened = await browser.interact(
        tabId,
        inPage(async (_, h) => {
          await h.loaded();
          return h.tester();
        }),
      );
      assert.deepEqual(
        [reopened.state, reopened.view, reopened.url, reopened.drafting, reopened.draft],
        ['done', 'tester', url, true, draft],
        'reopened on the same tab',
      );

      // Another site: nothing of this one.
      const other = await open(t, 'other');
      const elsewhere = await browser.interact(
        other.tabId,
        inPage(async (_, h) => {
          const first = h.tester();
          await h.show('tester');
          return { first, tester: h.tester() };
        }),
      );
      assert.equal(elsewhere.first.view, 'verdicts', 'another site opens on the verdicts');
      assert.equal(elsewhere.tester.url, sites.url('other'), "the tester has that page's URL");
      assert.equal(elsewhere.tester.drafting, false, 'no draft mode');
      assert.equal(elsewhere.tester.draft, null, 'no draft editor');
    });

    test('2. the note "taken from the User-Agent header: AhrefsBot" stays after the settings change it caused, until dismissed', async (t) => {
      restoreRobots(t);
      const { tabId } = await open(t, 'note');
      const popup = await openPopup(t, tabId);
      const seen = await popup.evaluate(
        inPage(async (ua, h) => {
          await h.show('robots');
          h.type('input[name="robot-name"]', ua);
          h.must('form.add-robot').requestSubmit();
          const first = (await h.until(() => h.$('[data-robot-note]'), 'the note')).textContent;
          // The settings change it caused reaches this popup: AhrefsBot gets a row.
          await h.until(() => h.$('[data-robot="AhrefsBot"]'), 'the AhrefsBot row');
          await h.stays(() => h.$('[data-robot-note]')?.textContent === first, 1000);
          const later = h.$('[data-robot-note]')?.textContent ?? null;
          h.must('[data-robot-note] button').click();
          await h.until(() => !h.$('[data-robot-note]'), 'the note gone').catch(() => {});
          return {
            first,
            later,
            dismissed: h.$('[data-robot-note]'),
            list: h.$$('[data-list-robot]').map((el) => el.getAttribute('data-list-robot')),
          };
        }),
        AHREFS_UA,
      );
      assert.match(seen.first, /AhrefsBot/);
      assert.equal(seen.later, seen.first, 'still there 1 s later');
      assert.equal(seen.dismissed, null, 'gone once dismissed');
      assert.equal(seen.list.at(-1), 'AhrefsBot');
    });

    test('4. clicking a robot opens Records at its group (the 34th of 40), highlighted and in view', async (t) => {
      const { tabId } = await open(t, 'groups');
      const seen = await browser.interact(
        tabId,
        inPage(async (line, h) => {
          h.must('[data-robot="Googlebot"] th button').click();
          await h.until(() => h.currentView() === 'records', 'the records view');
          const group = await h.until(
            () => h.$(`[data-group-line="${line}"]`),
            `[data-group-line="${line}"]`,
          );
          // Scrolled to it (smoothly, maybe): where it ends.
          await h.settle(() => group.getBoundingClientRect().top, 'the scroll to the group');
          const rect = group.getBoundingClientRect();
          const panel = group.closest('.panel').getBoundingClientRect();
          return {
            selected: h.$('[data-view="records"]').getAttribute('aria-selected'),
            applies: group.classList.contains('applies'),
            applying: h.$$('.group.applies').map((g) => g.getAttribute('data-group-line')),
            top: rect.top,
            visible: [Math.max(0, panel.top), Math.min(innerHeight, panel.bottom)],
            scrolled: group.closest('.panel').scrollTop + scrollY,
          };
        }),
        GROUPS.googlebotLine,
      );
      assert.equal(seen.selected, 'true');
      assert.equal(seen.applies, true, `.applies on: ${seen.applying}`);
      assert.deepEqual(seen.applying, [String(GROUPS.googlebotLine)]);
      assert.ok(seen.scrolled > 0, 'the view scrolled down to it');
      const [from, to] = seen.visible;
      // Scrolled to the view's top edge: allow a pixel of rounding.
      assert.ok(
        seen.top >= from - 1 && seen.top < to,
        `the group's top ${seen.top} within the visible part of the view, ${from}–${to}`,
      );
    });

    /** Runs in the popup: a long draft typed, the editor focused; where things are, then and at the bottom. */
    const draftLayout = inPage(async (draft, h) => {
      await h.typeDraft(draft);
      const editor = h.$('textarea[data-draft]');
      const panel = editor.closest('.panel');
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      };
      const place = () => {
        const view = box(panel);
        return {
          view: { top: Math.max(0, view.top), bottom: Math.min(innerHeight, view.bottom) },
          verdicts: box(h.$('.tester-results')),
          editor: box(editor),
          rows: h.$$('[data-tester-robot]').map((el) => ({
            robot: el.getAttribute('data-tester-robot'),
            ...box(el),
          })),
        };
      };
      editor.setSelectionRange(draft.length, draft.length);
      editor.focus();
      const focused = await h.settle(place, 'the layout with the editor focused');
      // Everything that scrolls, to the bottom: the view and the window.
      panel.scrollTop = panel.scrollHeight;
      scrollTo(0, document.documentElement.scrollHeight);
      const bottom = await h.settle(place, 'the layout scrolled to the bottom');
      const scrolled = panel.scrollTop;
      const stillFocused = document.activeElement === editor;
      // Back to the URL field from the bottom (Shift+Tab would): the sticky verdicts must not
      // cover it (issue 29, item 4).
      const field = h.must('input[data-tester-url]');
      field.focus();
      const save = h.$('[data-action="save-test-url"]');
      const url = await h.settle(
        () => ({
          field: box(field),
          save: save && box(save),
          verdicts: box(h.$('.tester-results')),
          view: place().view,
        }),
        'the layout with the URL field focused',
      );
      return {
        focused,
        bottom,
        scrolled,
        stillFocused,
        url,
        scrollable: panel.scrollHeight - panel.clientHeight,
      };
    });
    const LONG_DRAFT = [
      'User-agent: *',
      ...Array.from({ length: 400 }, (_, i) => `Disallow: /draft-${i}/`),
    ].join('\n');

    test('5. draft verdicts stay in view while the editor and a long draft scroll', async (t) => {
      const { tabId } = await open(t, 'draft');
      const seen = await browser.interact(tabId, draftLayout, LONG_DRAFT);
      assert.ok(seen.scrollable > 150, `the view is long (${seen.scrollable} px to scroll)`);
      assert.ok(seen.scrolled > 150, `scrolled to the bottom (${seen.scrolled} px)`);
      assert.equal(seen.stillFocused, true, 'the editor kept the focus');
      const { field, save, verdicts, view } = seen.url;
      assert.ok(save !== null, 'the Save button beside the URL field');
      for (const [what, el] of [
        ['the URL field', field],
        ['its Save button', save],
      ]) {
        assert.ok(
          (el.bottom <= verdicts.top || el.top >= verdicts.bottom) &&
            el.top >= view.top &&
            el.bottom <= view.bottom,
          `${what} at ${el.top}–${el.bottom}, the verdicts at ${verdicts.top}–${verdicts.bottom}, the view ${view.top}–${view.bottom}`,
        );
      }
      for (const [when, place] of [
        ['editor focused', seen.focused],
        ['scrolled to the bottom', seen.bottom],
      ]) {
        assert.deepEqual(
          place.rows.map((r) => r.robot),
          ROBOTS,
        );
        const { top, bottom } = place.view;
        for (const row of place.rows) {
          assert.ok(
            row.top >= top && row.bottom <= bottom,
            `${when}: ${row.robot} at ${row.top}–${row.bottom}, the view shows ${top}–${bottom}`,
          );
        }
      }
    });

    test('5. the focused editor is not hidden under the draft verdicts', async (t) => {
      const { tabId } = await open(t, 'draft');
      const { focused } = await browser.interact(tabId, draftLayout, LONG_DRAFT);
      // The editor's part below the verdicts and within the view: at least two lines (~36 px).
      const shown =
        Math.min(focused.editor.bottom, focused.view.bottom) -
        Math.max(focused.editor.top, focused.verdicts.bottom);
      assert.ok(
        shown >= 36,
        `editor ${focused.editor.top}–${focused.editor.bottom}, verdicts end at ${focused.verdicts.bottom}, view ends at ${focused.view.bottom}: ${shown} px of the editor shown`,
      );
    });

    /** Ctrl+F in a page, the way each driver presses a chord. */
    const pressCtrlF = async (page) => {
      if (browser.name === 'chromium') return page.keyboard.press('Control+f');
      await page.keyboard.down('Control');
      await page.keyboard.press('f');
      await page.keyboard.up('Control');
    };

    test('6. find in a 500 KiB file: Ctrl+F opens the file view with the field focused; a line near the end is found, rendered and current; next, previous, next problem', async (t) => {
      const { tabId } = await open(t, 'big');
      const popup = await openPopup(t, tabId);
      await popup.bringToFront();
      await popup.evaluate(() => document.body.focus());
      await pressCtrlF(popup);
      const opened = await popup.evaluate(
        inPage(async (_, h) => {
          await h.until(() => h.currentView() === 'file', 'the file view after Ctrl+F');
          await h.until(
            () => document.activeElement?.matches('input[data-find]'),
            'the focus in input[data-find]',
          );
          return { view: h.currentView(), lines: h.$('.file-view > p')?.textContent ?? '' };
        }),
      );
      assert.equal(opened.view, 'file');

      // Typed with the keyboard, into the focused field.
      await popup.keyboard.type('NEEDLE-in-the');
      /** Runs in the popup: the find's count and its current line, once it shows `want` matches. */
      const readFind = inPage(async (want, h) => {
        const count = () => h.$('[data-find-count]');
        await h.until(
          () =>
            count()?.getAttribute('data-find-total') === String(want.total) &&
            (want.current === undefined ||
              count().getAttribute('data-find-current') === String(want.current)),
          `match ${want.current ?? '?'} of ${want.total} (seen ${count()?.getAttribute('data-find-current')} of ${count()?.getAttribute('data-find-total')})`,
        );
        const line = await h.until(
          () =>
            h.$(
              `[data-find-current-line][data-line="${want.line ?? h.$('[data-find-current-line]')?.getAttribute('data-line')}"]`,
            ),
          `[data-find-current-line] on line ${want.line}`,
        );
        // Scrolled to it: where it ends.
        await h.settle(() => line.getBoundingClientRect().top, 'the scroll to the line');
        const box = h.$('.file-box').getBoundingClientRect();
        const r = line.getBoundingClientRect();
        return {
          current: Number(count().getAttribute('data-find-current')),
          total: Number(count().getAttribute('data-find-total')),
          line: Number(line.getAttribute('data-line')),
          text: line.querySelector('.text')?.textContent ?? line.textContent,
          marked: line.querySelector('mark')?.textContent ?? null,
          inView: r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
        };
      });
      const needle = await popup.evaluate(readFind, { total: 1, line: BIG.needleLine });
      assert.deepEqual(needle, {
        current: 1,
        total: 1,
        line: BIG.needleLine,
        text: 'Disallow: /needle-in-the-haystack/',
        marked: 'needle-in-the',
        inView: true,
      });

      // Many matches: next and previous move through them.
      const total = BIG.count('part-39/');
      await popup.evaluate(
        inPage((_, h) => h.type('input[data-find]', 'part-39/')),
        null,
      );
      const start = await popup.evaluate(readFind, { total });
      await popup.evaluate(() => document.querySelector('button[data-action="find-next"]').click());
      const next = await popup.evaluate(readFind, { total, current: (start.current % total) + 1 });
      await popup.evaluate(() =>
        document.querySelector('button[data-action="find-previous"]').click(),
      );
      const previous = await popup.evaluate(readFind, { total, current: start.current });
      for (const seen of [start, next, previous]) {
        assert.ok(seen.text.includes('part-39/'), `line ${seen.line}: ${seen.text}`);
        assert.equal(seen.inView, true, `line ${seen.line} in view`);
      }
      assert.equal(next.current, (start.current % total) + 1, 'next: the following match');
      assert.ok(next.line > start.line || start.current === total, 'next: further down');
      assert.deepEqual(previous, start, 'previous: back to the first');

      // Next problem: the misspelled line near the end, with its problem as text in the view.
      const problem = await popup.evaluate(
        inPage(async (line, h) => {
          const current = () => h.$('[data-problem-current]')?.getAttribute('data-line') ?? null;
          for (let i = 0; i < 5; i++) {
            const before = current();
            h.must('button[data-action="next-problem"]').click();
            await h.until(() => current() !== null && current() !== before, 'the next problem');
            if (current() === String(line)) break;
          }
          await h.settle(
            () => h.$('[data-problem-current]').getBoundingClientRect().top,
            'the scroll',
          );
          const el = h.$('[data-problem-current]');
          const flag = el?.querySelector('.flag');
          return {
            line: Number(el?.getAttribute('data-line') ?? 0),
            text: el?.querySelector('.text')?.textContent ?? null,
            flag: flag?.innerText ?? null,
            flagShown: flag ? flag.getClientRects().length > 0 : false,
          };
        }),
        BIG.problemLine,
      );
      assert.equal(problem.line, BIG.problemLine);
      assert.equal(problem.text, 'disalow: /typo-near-the-end/');
      assert.ok(problem.flagShown && problem.flag.trim() !== '', `problem text: ${problem.flag}`);
      t.diagnostic(`problem shown as: ${problem.flag}`);

      // Issue 29, item 4: a jump from "In plain words" to the last group's line brings that line
      // into sight in the popup, not only within the file's box (which may be below the fold).
      const jumped = await popup.evaluate(
        inPage(async (_, h) => {
          await h.show('summary');
          h.$('button[data-action="summary-details"][aria-expanded="false"]')?.click();
          await h.until(() => h.$('#summary-groups'), "the summary's groups");
          for (let i = 0; i < 50; i++) {
            const more = h.$('#panel-summary .more button, #panel-summary [data-action$="-more"]');
            if (more === null) break;
            more.click();
            await new Promise((r) => setTimeout(r, 20));
          }
          const links = h.$$('#panel-summary button.link');
          const last = links.at(-1);
          const line = Number((last?.textContent ?? '').replace(/\D/g, ''));
          last?.click();
          await h.until(() => h.currentView() === 'file', 'the file view');
          const row = await h.until(() => h.$(`.file-line[data-line="${line}"]`), `line ${line}`);
          const box = () => {
            const r = row.getBoundingClientRect();
            const p = h.must('#panel-file').getBoundingClientRect();
            return [r.top >= p.top - 1 && r.bottom <= p.bottom + 1, Math.round(r.top)];
          };
          await h.settle(() => box()[1], 'the scroll');
          return { line, inSight: box()[0] };
        }),
        null,
      );
      assert.ok(jumped.line > 10_000, `jumped to line ${jumped.line}`);
      assert.equal(jumped.inSight, true, `line ${jumped.line} in sight in the popup`);
    });

    test('7. a big file in plain words: an overview first (counts, robots with rules of their own, what the others may visit), the groups on demand', async (t) => {
      const { tabId } = await open(t, 'summary');
      const seen = await browser.interact(
        tabId,
        inPage(async (_, h) => {
          await h.show('summary');
          const overview = await h.until(
            () => h.$('[data-summary-overview]'),
            '[data-summary-overview]',
          );
          const before = {
            overview: overview.innerText,
            named: h.$('[data-summary-named]')?.innerText ?? null,
            everyone: h.$$('[data-summary-everyone]').map((el) => el.innerText),
            groups: h.$$('[data-summary-group]').length,
            expanded: h.must('[data-action="summary-details"]').getAttribute('aria-expanded'),
          };
          h.$('[data-action="summary-details"]').click();
          await h.until(() => h.$('[data-summary-group]'), '[data-summary-group] after the click');
          return {
            before,
            groups: h.$$('[data-summary-group]').map((el) => el.innerText),
            expanded: h.$('[data-action="summary-details"]').getAttribute('aria-expanded'),
          };
        }),
      );
      const { before } = seen;
      assert.match(before.overview, /41 groups/, before.overview);
      assert.ok(
        before.overview.length < 1200,
        `a short overview (${before.overview.length} chars)`,
      );
      assert.match(
        before.named ?? '',
        /ExampleBot-b/,
        `robots with their own rules: ${before.named}`,
      );
      assert.ok(
        before.everyone.some((s) => s.includes('/private/')),
        `what the others may visit: ${before.everyone}`,
      );
      assert.equal(before.groups, 0, 'the groups wait for the details button');
      assert.equal(before.expanded, 'false');
      assert.equal(seen.expanded, 'true');
      assert.equal(seen.groups.length, 41, 'all 41 groups, each one sentence');
      assert.ok(
        seen.groups.some((s) => s.includes('Googlebot') && s.includes('/only-34/')),
        "Googlebot's group in words",
      );
    });

    /** In Chromium the page may read the clipboard once the driver grants it (Firefox lets it). */
    const allowClipboardRead = async (page) => {
      if (browser.name !== 'chromium') return;
      // Playwright takes no chrome-extension:// origin: granted for every origin of the context.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    };

    test('8. where the file came from: the final URL after a redirect, the exact bytes, open robots.txt in a tab, copy the URL, a rule and the table (text, CSV)', async (t) => {
      const origin = sites.origins.redirect;
      const url = sites.url('redirect', '/moved/page');
      const { tabId } = await open(t, 'redirect', '/moved/page');
      const popup = await openPopup(t, tabId);
      await allowClipboardRead(popup);
      const seen = await popup.evaluate(
        inPage(async (_, h) => {
          const copied = {};
          for (const action of [
            'copy-robots-url',
            'copy-rule',
            'copy-table-text',
            'copy-table-csv',
          ]) {
            const button = h.must(`button[data-action="${action}"]`);
            button.closest('details')?.setAttribute('open', '');
            const label = button.textContent;
            button.click();
            await h.until(
              () => button.textContent.includes('✓'),
              `${action}: the "copied" feedback`,
            );
            let text;
            try {
              text = await navigator.clipboard.readText();
            } catch (error) {
              text = { unreadable: String(error?.message ?? error) };
            }
            copied[action] = { label, after: button.textContent, text };
          }
          const bytes = h.$('[data-bytes]');
          return {
            finalUrl: h.$('[data-final-url]')?.getAttribute('data-final-url') ?? null,
            bytes: bytes?.getAttribute('data-bytes') ?? null,
            size: bytes?.textContent ?? null,
            copied,
          };
        }),
      );
      assert.equal(seen.finalUrl, `${origin}/real-robots.txt`);
      assert.equal(seen.bytes, String(REDIRECTED_BYTES));
      assert.match(seen.size, new RegExp(`${REDIRECTED_BYTES} bytes`));

      const want = {
        'copy-robots-url': (text) => text === `${origin}/robots.txt`,
        'copy-rule': (text) => text === `Disallow: /moved/\n${origin}/real-robots.txt (line 2)`,
        'copy-table-text': (text) =>
          text.startsWith(`Verdicts for ${url}`) &&
          ROBOTS.every((robot) =>
            new RegExp(`^${robot} +Disallowed +Disallow: /moved/ +2 `, 'm').test(text),
          ),
        'copy-table-csv': (text) => {
          const rows = text.trimEnd().split('\r\n');
          return (
            rows[0].startsWith('url,robot,verdict,rule,line') &&
            rows.length === ROBOTS.length + 1 &&
            ROBOTS.every((robot, i) =>
              rows[i + 1].startsWith(`${url},${robot},disallowed,Disallow: /moved/,2,`),
            )
          );
        },
      };
      for (const [action, { text, after }] of Object.entries(seen.copied)) {
        assert.match(after, /✓/, `${action}: feedback`);
        assert.equal(
          typeof text,
          'string',
          `${action}: clipboard unreadable: ${JSON.stringify(text)}`,
        );
        assert.ok(want[action](text), `${action} copied: ${JSON.stringify(text)}`);
      }

      // Open robots.txt: a new tab on its URL (the redirect then leads where it leads).
      const ext = await openPage(t, 'options.html');
      const requests = sites.robotsRequests('redirect');
      await popup.evaluate(() =>
        document.querySelector('button[data-action="open-robots"]').click(),
      );
      const opened = await ext.evaluate(
        async ({ origin, tabId }) => {
          const api = globalThis.browser ?? globalThis.chrome;
          for (const end = Date.now() + 30_000; Date.now() < end; ) {
            const tabs = await api.tabs.query({});
            const tab = tabs.find(
              (x) =>
                x.id !== tabId && (x.url ?? '').startsWith(origin) && /robots\.txt$/.test(x.url),
            );
            if (tab) {
              await api.tabs.remove(tab.id);
              return tab.url;
            }
            await new Promise((r) => setTimeout(r, 100));
          }
          return null;
        },
        { origin, tabId },
      );
      assert.ok(
        [`${origin}/robots.txt`, `${origin}/real-robots.txt`].includes(opened),
        `a tab on robots.txt: ${opened}`,
      );
      assert.ok(sites.robotsRequests('redirect') > requests, 'the tab loaded robots.txt');
    });

    test('8. a 500 KiB file: its exact size in bytes and in KiB', async (t) => {
      const { tabId } = await open(t, 'big');
      const seen = await browser.interact(tabId, () => {
        const el = document.querySelector('[data-bytes]');
        return { bytes: el?.getAttribute('data-bytes') ?? null, size: el?.textContent ?? null };
      });
      assert.equal(seen.bytes, String(BIG.bytes));
      const kib = (BIG.bytes / 1024).toFixed(1);
      assert.ok(seen.size.includes(`${kib} KiB`), `"${seen.size}" says ${kib} KiB`);
      assert.ok(
        seen.size.includes(BIG.bytes.toLocaleString('en-US')),
        `"${seen.size}" says ${BIG.bytes.toLocaleString('en-US')} bytes`,
      );
    });

    test('9. an invalid tester URL (http://[bad) is "Not a valid URL", not "another site"', async (t) => {
      const { tabId } = await open(t, 'invalid');
      const text = await browser.interact(
        tabId,
        inPage(async (_, h) => {
          await h.show('tester');
          h.type('input[data-tester-url]', 'http://[bad');
          await h.until(() => /Not a valid URL/.test(h.$('.tester').innerText), 'the warning');
          return h.$('.tester').innerText;
        }),
      );
      assert.match(text, /Not a valid URL/);
      assert.doesNotMatch(text, /another site/);
    });

    test('10. a robots.txt served as an HTML page with 200: "The server answered with an HTML page, not a robots.txt file"', async (t) => {
      const { tabId } = await open(t, 'soft404');
      const seen = await browser.interact(tabId, () => ({
        outcome: document.querySelector('[data-fetch-outcome]')?.getAttribute('data-fetch-outcome'),
        text: document.querySelector('.outcome')?.innerText ?? document.body.innerText,
      }));
      assert.equal(seen.outcome, 'ok');
      assert.ok(
        seen.text.includes('The server answered with an HTML page, not a robots.txt file'),
        seen.text,
      );
    });

    test('12. Records shows misspelled lines as written (disalow:, User agent:), marked', async (t) => {
      const { tabId } = await open(t, 'misspelled');
      const marks = await browser.interact(
        tabId,
        inPage(async (_, h) => {
          await h.show('records');
          await h.until(() => h.$('[data-misspelled]'), '[data-misspelled]');
          return h.$$('[data-misspelled]').map((el) => el.closest('li').textContent);
        }),
      );
      assert.ok(
        marks.some((m) => m.includes('disalow: /drafts/')),
        `marked: ${JSON.stringify(marks)}`,
      );
      assert.ok(
        marks.some((m) => m.includes('User agent: Bingbot')),
        `marked: ${JSON.stringify(marks)}`,
      );
    });

    test('12. the verdict row shows a misspelled rule as written, marked (Googlebot on /drafts/)', async (t) => {
      const { tabId } = await open(t, 'misspelled', '/drafts/page');
      const row = await browser.interact(tabId, () => {
        const el = document.querySelector('[data-robot="Googlebot"]');
        return {
          verdict: el?.getAttribute('data-verdict'),
          line: el?.getAttribute('data-rule-line'),
          rule: el?.querySelector('button.rule code')?.textContent ?? null,
          marked: el?.querySelector('[data-misspelled]')?.textContent ?? null,
        };
      });
      assert.deepEqual(
        { verdict: row.verdict, line: row.line, rule: row.rule },
        { verdict: 'disallowed', line: '6', rule: 'disalow: /drafts/' },
      );
      assert.match(row.marked ?? '', /misspelled/, `the mark: ${row.marked}`);
    });

    test('13. Google-Extended is "a control token, not a crawler"', async (t) => {
      const { tabId } = await open(t, 'control');
      const row = await browser.interact(
        tabId,
        () => document.querySelector('[data-robot="Google-Extended"]')?.textContent ?? null,
      );
      assert.ok(row?.includes('a control token, not a crawler'), `the row: ${row}`);
    });

    /** The popup of a browser-internal page: one sentence, robot chips, no table. */
    const internal = async (tabId) => {
      const seen = await browser.interact(tabId, () => ({
        state: document.body.dataset.state,
        tables: document.querySelectorAll('table').length,
        robots: [...document.querySelectorAll('[data-robot]')].map((el) => [
          el.getAttribute('data-robot'),
          el.getAttribute('data-verdict'),
        ]),
        outcomes: [...document.querySelectorAll('[data-fetch-outcome]')].map((el) =>
          el.getAttribute('data-fetch-outcome'),
        ),
        text: document.body.innerText,
      }));
      assert.equal(seen.state, 'done');
      assert.equal(seen.tables, 0, 'no table');
      assert.deepEqual(
        seen.robots,
        ROBOTS.map((r) => [r, 'unknown']),
      );
      assert.ok(seen.outcomes.length > 0, 'an element carries data-fetch-outcome');
      assert.ok(
        seen.outcomes.every((o) => o === 'not-applicable'),
        JSON.stringify(seen.outcomes),
      );
      assert.doesNotMatch(seen.text, /not applicable/i, 'no "not applicable" per robot');
      return seen;
    };

    /**
     * Opens a browser-internal page in a new tab. The extension cannot read such a tab's URL (no
     * "tabs" permission), so openSite cannot name it: it is the one tab that was not there before.
     */
    const openInternal = async (t, url) => {
      const ids = async () =>
        (await browser.interact(0, listTabs))
          .filter((tab) => !/^(chrome|moz)-extension:/.test(tab.url))
          .map((tab) => tab.id);
      const before = new Set(await ids());
      const opened = await browser.openSite(url);
      t.after(() => opened.page.close().catch(() => {}));
      const fresh = (await ids()).filter((id) => !before.has(id));
      assert.equal(fresh.length, 1, `one new tab for ${url}: ${fresh}`);
      return fresh[0];
    };

    const INTERNAL = [
      'about:blank',
      'data:text/html,<title>data</title><p>data page</p>',
      // Chromium's new tab page is out of reach (page.goto chrome://newtab/ is net::ERR_ABORTED).
      ...(launch === launchChromium ? ['chrome://version/'] : []),
    ];
    for (const url of INTERNAL) {
      test(`14. a browser-internal page (${url.slice(0, 16)}): one sentence, no table`, async (t) => {
        await internal(await openInternal(t, url));
      });
    }

    test("15. the popup's height does not jump when the report arrives (robots.txt takes 1.2 s)", async (t) => {
      const { tabId } = await open(t, 'slow');
      const host = await openPage(t, 'options.html');
      // The popup page in a frame of another extension page, measured from its first frame on.
      const samples = await host.evaluate(async (tabId) => {
        const frame = document.createElement('iframe');
        frame.style.cssText = 'width:560px;height:600px;border:0;position:fixed;top:0;left:0';
        const seen = [];
        let doneAt = null;
        frame.src = `popup.html?tab=${tabId}`;
        document.body.append(frame);
        const end = Date.now() + 15_000;
        while (Date.now() < end) {
          const body = frame.contentDocument?.body;
          // From the first frame with its stylesheets loaded (nothing is painted before them).
          const doc = frame.contentDocument;
          if (
            body &&
            frame.contentWindow.location.pathname.endsWith('popup.html') &&
            [...doc.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet)
          ) {
            const state = body.dataset.state;
            seen.push({ state, height: body.getBoundingClientRect().height });
            if (state !== 'loading' && doneAt === null) doneAt = Date.now();
            if (doneAt !== null && Date.now() - doneAt > 500) break;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
        frame.remove();
        return seen;
      }, tabId);
      const loading = samples.filter((s) => s.state === 'loading');
      const done = samples.filter((s) => s.state === 'done');
      assert.ok(loading.length > 0, `seen while loading: ${JSON.stringify(samples.slice(0, 3))}`);
      assert.ok(done.length > 0, `seen once done: ${JSON.stringify(samples.slice(-3))}`);
      const heights = (list) => [...new Set(list.map((s) => Math.round(s.height)))];
      t.diagnostic(`heights loading ${heights(loading)}, done ${heights(done)}`);
      for (const s of [...loading, ...done]) {
        assert.ok(s.height >= 600, `at least 600 px (${s.state}: ${s.height})`);
      }
      assert.deepEqual(heights(done), heights(loading), 'the same height loading and done');
    });
  });
}
