// @vitest-environment happy-dom
// Sentences a translator can see (issue 31, item 6; review 2026-11b, code-level point 7): what
// the code used to join itself ("{directive} — {meaning}; {honoured by}", the Why column's "; ",
// the badge tooltip's line break, the CLI's text and diff lines, the ":" after Canonical) is a
// catalogue message, so a translation that orders or punctuates it otherwise is what users read.
// Each case gives English a different wording of one message and finds it in what is said.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CheckRecord } from '../../cli/judge.ts';
import { sourceOf } from '../../cli/sources.ts';
import { checkWriter, type DiffRecord, diffWriter } from '../../cli/writers.ts';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
// @ts-expect-error: a plain ES module of the build scripts
import { compile } from '../../scripts/messages.mjs';
import { markChange } from '../../src/explain/badge.ts';
import { lookupIn, type Messages, translator } from '../../src/explain/index.ts';
import { whyText } from '../../src/explain/verdicts.ts';
import { checkCrawler, parseRobotsTxt } from '../../src/index.ts';
import { fakeConnector, fakePage, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());
afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

const EN: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../_locales/en.source.json'), 'utf8'),
);

/** English with `key` worded as `text`. */
const reworded = (key: string, text: string) =>
  translator(lookupIn(compile({ ...EN, [key]: text }, EN) as Messages), 'en');

describe('each join is a message a translation may reorder', () => {
  test('the Why column: group; decision (and its notes)', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /a\n');
    const verdict = checkCrawler(robots, 'Googlebot', 'https://x.test/a');
    const t = reworded('whyGroupDecision', '{decision} ⟵ {group}');
    expect(whyText(verdict, t)).toBe(
      'longest match ⟵ no group names it; the * group applies (line 1)',
    );
  });

  test('the badge tooltip: the verdict, then the change', () => {
    const t = reworded('badgeTitleChanged', '{change} · {title}');
    const badge = { text: '✕', color: '#000', title: 'Googlebot: disallowed' };
    expect(markChange(badge, 'warning', t).title).toBe(
      `${t('badgeChanged')} · Googlebot: disallowed`,
    );
  });

  test('the CLI text line: line, rule, why', () => {
    const text = 'User-agent: *\nDisallow: /a\n';
    const source = sourceOf(
      okOutcome(text, { url: 'https://x.test/robots.txt' }),
      'https://x.test/robots.txt',
    );
    const record: CheckRecord = {
      url: 'https://x.test/a',
      agent: 'Googlebot',
      allowed: false,
      line: 2,
      semantics: 'google',
      rule: 'Disallow: /a',
      robots: 'ok',
    };
    const t = reworded('cliRuleLineWhy', '{why} [{rule} @{line}]');
    const out = checkWriter('text', t, null).item({
      url: record.url,
      records: [record],
      source,
    });
    expect(out).toContain('[Disallow: /a @2]');
  });

  test('the CLI diff line', () => {
    const t = reworded('cliDiffLine', '{agent} @ {url}: {before} → {after}');
    const r: DiffRecord = {
      url: 'https://x.test/a',
      agent: 'Googlebot',
      before: true,
      after: false,
      lineBefore: null,
      lineAfter: 2,
    };
    expect(diffWriter('text', t).record(r)).toBe(
      'Googlebot @ https://x.test/a: Allowed → Disallowed\n',
    );
  });
});

describe('the popup', () => {
  const URL_ = 'https://shop.test/item';
  async function open(t: ReturnType<typeof reworded>) {
    const page = fakePage(URL_, {
      metas: [{ name: 'robots', content: 'noindex' }],
      canonicals: ['https://shop.test/c'],
    });
    const report = fakeTabReport(URL_, okOutcome('User-agent: *\nDisallow:\n'), { page });
    render(<App tabId={7} actions={fakeConnector({ tabReport: () => report })} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  }

  test('the Page view: directive, meaning, who honours it', async () => {
    const t = reworded('pageDirectiveMeaning', '{meaning} ⟵ {directive} ({honouredBy})');
    await open(t);
    fireEvent.click(document.querySelector('[role="tab"][data-view="page"]') as HTMLElement);
    const item = await waitFor(() => {
      const li = document.querySelector('.page-source li');
      expect(li).not.toBeNull();
      return li as HTMLElement;
    });
    expect(item.textContent).toMatch(/^.+ ⟵ noindex \(.+\)$/);
    // The directive stays code, who honours it stays muted, wherever the translation puts them.
    expect(item.querySelector('code')?.textContent).toBe('noindex');
    expect(item.querySelector('.muted')?.textContent).not.toBe('');
  });

  test('the canonical: its label with its own punctuation', async () => {
    await open(reworded('pageCanonicalLabel', 'Canonical →'));
    expect(document.querySelector('.canonical strong')?.textContent).toBe('Canonical →');
  });
});
