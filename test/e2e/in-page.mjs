// Helpers for code run inside an extension page (page.evaluate): waiting for a condition, clicks,
// typing as a user would (the value set, then an `input` event), the view shown. Built from
// source, so page.evaluate can carry them: inPage(fn) gives a function that runs fn(arg, helpers).

function pageHelpers() {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const $ = (selector) => document.querySelector(selector);
  const $$ = (selector) => [...document.querySelectorAll(selector)];
  /**
   * Polls `check()` (it may be async) until it is truthy, and returns it; throws after `ms`
   * (default 30 s, a deadline for a loaded machine, never a margin that decides), naming `what`.
   */
  const until = async (check, what, ms = 30_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  };
  /**
   * Watches `check()` for `ms`: true when it held all along, false as soon as it does not. For
   * what must stay so (a note not dismissed, nothing more happening), which no event announces.
   */
  const stays = async (check, ms) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (!check()) return false;
      await sleep(20);
    }
    return Boolean(check());
  };
  /**
   * Polls `read()` until it gives the same value (as JSON) three times in a row, one painted frame
   * (and at least 20 ms) apart: the layout and scrolling have settled. A smooth scroll moves once
   * a frame, so samples closer than a frame would see it stand still between two; a tab in the
   * background paints no frames, so a sample waits at most 250 ms for one. Returns that value;
   * throws after `ms`, naming `what`.
   */
  const settle = async (read, what, ms = 30_000) => {
    const end = Date.now() + ms;
    const frame = () =>
      Promise.race([new Promise((r) => requestAnimationFrame(() => r())), sleep(250)]);
    let last = JSON.stringify(read());
    for (let same = 1; same < 3; ) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what} to settle: ${last}`);
      await Promise.all([frame(), sleep(20)]);
      const now = JSON.stringify(read());
      same = now === last ? same + 1 : 1;
      last = now;
    }
    return JSON.parse(last);
  };
  const must = (selector) => {
    const el = $(selector);
    if (!el) throw new Error(`no ${selector} in ${location.pathname}${location.search}`);
    return el;
  };
  const type = (selector, value) => {
    const el = must(selector);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const currentView = () =>
    $('[role="tab"][aria-selected="true"]')?.getAttribute('data-view') ?? null;
  /** The view shown has loaded (a view's module is imported when first shown: popup/lazy.tsx). */
  const loaded = () => until(() => !$('[data-lazy="loading"]'), `the ${currentView()} view loaded`);
  const show = async (view) => {
    must(`[role="tab"][data-view="${view}"]`).click();
    await until(() => currentView() === view, `the ${view} view`);
    await loaded();
  };
  /** The tester in draft mode, with `draft` typed into the editor. */
  const typeDraft = async (draft) => {
    await show('tester');
    if (!must('input[data-draft-mode]').checked) $('input[data-draft-mode]').click();
    await until(() => $('textarea[data-draft]'), 'textarea[data-draft]');
    type('textarea[data-draft]', draft);
    await until(() => $('textarea[data-draft]').value === draft, 'the draft in the editor');
  };
  /** What the tester shows now (null where a field is not on the page). */
  const tester = () => ({
    state: document.body.dataset.state,
    view: currentView(),
    url: $('input[data-tester-url]')?.value ?? null,
    drafting: $('input[data-draft-mode]')?.checked ?? null,
    draft: $('textarea[data-draft]')?.value ?? null,
    robots: $$('[data-tester-robot]').map((el) => el.getAttribute('data-tester-robot')),
  });
  return { $, $$, until, stays, settle, must, type, currentView, loaded, show, typeDraft, tester };
}

/** `fn(arg, helpers)` as a function page.evaluate can send: the helpers travel with it. */
export const inPage = (fn) =>
  new Function('arg', `const helpers = (${pageHelpers})();\nreturn (${fn})(arg, helpers);`);

/** Runs in an extension page: one protocol request to the background, its reply. */
export const ask = ([name, req]) =>
  (globalThis.browser ?? globalThis.chrome).runtime.sendMessage({ __robotsLens: true, name, req });
