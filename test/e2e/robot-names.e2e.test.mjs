// End-to-end, issue 13 item 3: robot names with digits and spaces, in real Chromium and Firefox
// ESR. MJ12bot, 360Spider, "Screaming Frog SEO Spider" and SemrushBot-SA are added through the
// popup's robot editor; then each row's verdict, its name-cut note, the summary's sentences and
// notes, the records highlight and the tester agree. Google's parser and RFC 9309 read a
// user-agent line up to its first character outside [A-Za-z_-] (robots.cc ExtractUserAgent;
// GoogleOnly_AcceptUserAgentUpToFirstSpace; RFC 9309 §2.2.1): `User-agent: MJ12bot` names `MJ`,
// so MJ12bot follows the `*` group; the 1994 reading, a substring of the whole name, blocks it.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { BROWSERS } from './browsers.mjs';

const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: MJ12bot',
  'Disallow: /',
  '',
  'User-agent: 360Spider',
  'Disallow: /',
  '',
  'User-agent: Screaming Frog SEO Spider',
  'Disallow: /',
  '',
  'User-agent: SemrushBot-SA',
  'Disallow: /',
  '',
].join('\n');

/**
 * [name as typed, its verdict for /page, what the lines naming it are read as (null: a whole
 * token), the 1994 reading's verdict, the groups its row uses (first lines), source].
 */
const EXPECTED = [
  ['MJ12bot', 'allowed', 'MJ', 'disallowed', [1], 'robots.cc ExtractUserAgent: `MJ12bot` → `MJ`'],
  ['360Spider', 'allowed', '', 'disallowed', [1], 'robots.cc ExtractUserAgent: no leading letter'],
  [
    'Screaming Frog SEO Spider',
    'allowed',
    'Screaming',
    'disallowed',
    [1],
    'GoogleOnly_AcceptUserAgentUpToFirstSpace',
  ],
  ['SemrushBot-SA', 'disallowed', null, 'disallowed', [13], 'RFC 9309 §2.2.1: a whole token'],
];

/** The site: this robots.txt, and a small page everywhere else. Each run gets its own port. */
async function startSite() {
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt')
      return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(ROBOTS_TXT);
    if (req.url === '/favicon.ico') return res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>names</title><h1>names</h1>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: (path) => origin + path,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * Runs in the popup: adds each name through the robot editor (typed, then the form submitted, as a
 * user does), waits for its row, then reads every view the issue names.
 */
async function addAndRead(names) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const $ = (s) => document.querySelector(s);
  const $$ = (s) => [...document.querySelectorAll(s)];
  const until = async (check, what, ms = 30_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  };
  const show = async (view) => {
    $(`[role="tab"][data-view="${view}"]`).click();
    await until(
      () => $('[role="tab"][aria-selected="true"]')?.getAttribute('data-view') === view,
      `the ${view} view`,
    );
  };
  const type = (selector, value) => {
    const el = $(selector);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const notes = [];
  await show('robots');
  for (const name of names) {
    await until(() => $('input[name="robot-name"]'), 'the robot editor');
    type('input[name="robot-name"]', name);
    $('form.add-robot').requestSubmit();
    await until(() => $(`[data-robot="${CSS.escape(name)}"]`), `the row of ${name}`);
    notes.push((await until(() => $('[data-robot-note]'), 'the note')).textContent);
  }
  const list = $$('[data-list-robot]').map((el) => el.getAttribute('data-list-robot'));

  const rows = {};
  for (const name of names) {
    const row = $(`[data-robot="${CSS.escape(name)}"]`);
    const cut = row.querySelector('[data-name-cut]');
    rows[name] = {
      verdict: row.getAttribute('data-verdict'),
      verdict1994: row.getAttribute('data-verdict-1994'),
      nameCut: cut === null ? null : cut.getAttribute('data-name-cut'),
      cutText: cut?.textContent ?? null,
      others: [...row.querySelectorAll('.other')].map((o) => o.textContent),
    };
  }

  await show('summary');
  await until(() => $('[data-summary-group]'), 'the summary');
  const sentences = $$('[data-summary-group]').map((li) => ({
    line: Number(li.getAttribute('data-line')),
    text: li.textContent,
  }));
  const summaryNotes = Object.fromEntries(
    $$('[data-summary-note]').map((li) => [li.getAttribute('data-summary-note'), li.textContent]),
  );

  await show('records');
  const highlighted = {};
  for (const name of names) {
    const select = $('.records select');
    select.value = name;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => $('.records select').value === name, `${name} selected`);
    // Drawn for it: every highlighted group says "applies to <name>".
    await until(() => {
      const marks = $$('.group.applies strong').map((el) => el.textContent);
      return marks.length > 0 && marks.every((text) => text.endsWith(` ${name}`));
    }, `the groups of ${name} highlighted`);
    highlighted[name] = $$('.group.applies').map((g) => Number(g.getAttribute('data-group-line')));
  }

  await show('tester');
  const tester = {};
  for (const name of names) {
    const el = await until(
      () => $(`[data-tester-robot="${CSS.escape(name)}"]`),
      `the tester row of ${name}`,
    );
    tester[name] = {
      verdict: el.getAttribute('data-tester-verdict'),
      nameCut: el.querySelector('[data-name-cut]')?.getAttribute('data-name-cut') ?? null,
    };
  }
  return { notes, list, rows, sentences, summaryNotes, highlighted, tester };
}

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: robot names with digits and spaces (issue 13)`, () => {
    let site;
    let browser;
    before(async () => {
      site = await startSite();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      site?.close();
    });

    test('added in the editor; the row, its note, the summary, records and tester agree', async (t) => {
      const opened = await browser.openSite(site.url('/page'));
      t.after(() => opened.page.close().catch(() => {}));
      assert.equal(typeof opened.tabId, 'number', 'no tab for the site');
      const popup = await browser.openPage(`popup.html?tab=${opened.tabId}`);
      t.after(() => popup.close().catch(() => {}));
      const names = EXPECTED.map(([name]) => name);
      const seen = await popup.evaluate(addAndRead, names);

      // The editor took every name as typed (it refused some before).
      assert.deepEqual(seen.list.slice(-names.length), names, 'the list ends with the four names');
      assert.deepEqual(
        seen.notes,
        names.map((n) => `${n} added.`),
        'each added, none refused',
      );

      for (const [name, verdict, read, v1994, lines, source] of EXPECTED) {
        const row = seen.rows[name];
        assert.equal(row.verdict, verdict, `${name}: data-verdict (${source})`);
        assert.equal(row.verdict1994, v1994, `${name}: data-verdict-1994`);
        assert.equal(row.nameCut, read, `${name}: data-name-cut`);
        if (read !== null) {
          assert.match(
            row.cutText,
            new RegExp(
              `a line naming “${name}” is read as ${read === '' ? 'an empty name' : `“${read}”`} and names no robot called ${name}\\. Under this reading ${name} follows the \\* group \\(line 1\\)\\.$`,
            ),
            `${name}: the note says the cut and the group`,
          );
        }
        // The 1994 reading decides otherwise: the row says so, in words.
        assert.deepEqual(
          row.others,
          v1994 === verdict ? [] : ['The 1994 standard would disallow it'],
          `${name}: other readings`,
        );
        // Records highlight the groups the row used; the tester gives the row's verdict.
        assert.deepEqual(seen.highlighted[name], lines, `${name}: records highlight`);
        assert.deepEqual(
          seen.tester[name],
          { verdict, nameCut: read },
          `${name}: the tester, for the page's URL`,
        );
      }

      // The summary says the lines as they are read, and what each of these robots follows.
      const sentence = (line) =>
        seen.sentences.find((s) => s.line === line)?.text.replace(/\s*Line \d+$/, '');
      assert.equal(
        sentence(1),
        'All other robots may visit everything except the folder /private/.',
      );
      assert.equal(sentence(4), 'MJ (written “MJ12bot”) may not visit anything.');
      assert.match(sentence(7), /^The group at line 7 names no robot: .*“360Spider”/);
      assert.equal(
        sentence(10),
        'Screaming (written “Screaming Frog SEO Spider”) may not visit anything.',
      );
      assert.equal(sentence(13), 'SemrushBot-SA may not visit anything.');
      assert.ok(
        !seen.sentences.some((s) => s.text.startsWith('MJ12bot ')),
        'no sentence says MJ12bot itself is kept out',
      );
      for (const [name, , read] of EXPECTED) {
        if (read === null) {
          assert.equal(seen.summaryNotes[name], undefined, `${name}: no note`);
          continue;
        }
        assert.match(
          seen.summaryNotes[name] ?? '',
          new RegExp(`does not name ${name}: .* ${name} follows the rules for all other robots\\.`),
          `${name}: the summary's note agrees with the row`,
        );
      }
    });
  });
}
