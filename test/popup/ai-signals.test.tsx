// @vitest-environment happy-dom
// Issue 16, item 5: the popup's rows say what the site says about AI use of the page. A report
// with aiSignals gives each row data-ai-train / data-ai-answers / data-ai-search, an AI crawler's
// row its sentence ([data-ai-signals]) and, where robots.txt lets it in regardless, a warning
// ([data-ai-conflict]); the aipref drafts are named once. A report without them changes nothing.
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { AIPREF_ATTACH_DRAFT, AIPREF_VOCAB_DRAFT } from '../../src/ai/content-usage.ts';
import { reportAiSignals } from '../../src/ai/report.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/articles/1';
const ROBOTS = ['Googlebot', 'GPTBot', 'OAI-SearchBot', 'Google-Extended', 'AhrefsBot'];

/** A report as the background builds it, with the AI-usage signals computed from the verdicts. */
function report(text: string, header: string[] | null = null, withSignals = true): TabReport {
  const base = fakeTabReport(URL_, okOutcome(text, { url: 'https://shop.test/robots.txt' }), {
    robots: ROBOTS,
  });
  if (base.kind !== 'report' || !withSignals) return base;
  return {
    ...base,
    aiSignals: reportAiSignals(text, parseRobotsTxt(text), base.verdicts, header),
  };
}

async function open(tabReport: TabReport) {
  render(<App tabId={7} actions={fakeConnector({ tabReport: () => tabReport })} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
}

const row = (robot: string) => document.querySelector(`[data-robot="${robot}"]`) as HTMLElement;
const seams = (robot: string) => [
  row(robot).getAttribute('data-ai-train'),
  row(robot).getAttribute('data-ai-answers'),
  row(robot).getAttribute('data-ai-search'),
];

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

// Cloudflare's managed robots.txt: `Content-Signal: search=yes, ai-train=no` in the * group.
const CLOUDFLARE = [
  '# BEGIN Cloudflare Managed content',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  '# END Cloudflare Managed Content',
].join('\n');

describe('rows with what the site says about AI use', () => {
  test("Cloudflare's policy: every row gets the seams; AI crawlers get a sentence", async () => {
    await open(report(CLOUDFLARE));
    for (const robot of ROBOTS) expect(seams(robot)).toEqual(['no', 'unset', 'yes']);
    const sentence = row('GPTBot').querySelector('[data-ai-signals]')?.textContent;
    expect(sentence).toBe(
      "OpenAI's AI training crawler may crawl this page. The site says no to AI training (Content-Signal, line 3), yes to search results (Content-Signal, line 3), and nothing about AI answers.",
    );
    // Issue 29, item 3: the answers as three chips, the sentence one click away (closed).
    const chips = [...row('GPTBot').querySelectorAll('[data-ai-chip]')].map((c) => c.textContent);
    expect(chips).toEqual(['AI training: no', 'AI answers: not said', 'search results: yes']);
    expect(row('GPTBot').querySelector('details.ai-details')?.hasAttribute('open')).toBe(false);
    // A search engine the site states something for also gets what it says (no crawler sentence).
    expect(row('Googlebot').querySelector('[data-ai-signals]')?.textContent).toMatch(
      /^The site says no to AI training/,
    );
  });

  test('issue 16: ai-train=no while GPTBot may crawl it is a warning; a search crawler gets none', async () => {
    await open(report(CLOUDFLARE));
    expect(row('GPTBot').querySelector('[data-ai-conflict]')?.textContent).toBe(
      t('aiConflictTraining', 'GPTBot'),
    );
    expect(row('OAI-SearchBot').querySelector('[data-ai-conflict]')).toBeNull();
    expect(row('Google-Extended').querySelector('[data-ai-conflict]')?.textContent).toBe(
      t('aiConflictControl', 'Google-Extended', 'Google'),
    );
  });

  test('a robot that is told nothing and is no AI crawler: seams, no sentence', async () => {
    await open(report('User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n'));
    expect(seams('AhrefsBot')).toEqual(['unset', 'unset', 'unset']);
    expect(row('AhrefsBot').querySelector('[data-ai-signals]')).toBeNull();
    expect(seams('GPTBot')).toEqual(['no', 'unset', 'unset']);
    // Disallowed: the signal and robots.txt agree, no warning.
    expect(row('GPTBot').querySelector('[data-ai-conflict]')).toBeNull();
    expect(document.querySelector('[data-ai-draft]')).toBeNull();
  });

  test('a Content-Usage header (attach-05 §2): the draft is named once under the rows', async () => {
    await open(report('User-agent: *\nAllow: /\n', ['train-ai=n, ai-use=n']));
    expect(seams('OAI-SearchBot')).toEqual(['no', 'no', 'unset']);
    expect(row('OAI-SearchBot').querySelector('[data-ai-conflict]')?.textContent).toBe(
      t('aiConflictAnswers', 'OAI-SearchBot'),
    );
    const drafts = document.querySelectorAll('[data-ai-draft]');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.textContent).toContain(AIPREF_VOCAB_DRAFT);
  });

  test("issue 31: the pairing is this tool's reading, both definitions one click away", async () => {
    await open(report(CLOUDFLARE));
    const mapping = row('GPTBot').querySelector('details [data-ai-mapping]');
    expect(mapping?.textContent).toContain(t('aiMapping'));
    const links = [...(mapping?.querySelectorAll('a[data-ai-source]') ?? [])].map((a) => [
      a.getAttribute('data-ai-source'),
      a.getAttribute('href'),
      a.getAttribute('target'),
    ]);
    expect(links).toEqual([
      ['contentSignals', 'https://contentsignals.org/', '_blank'],
      ['aiprefVocab', `https://datatracker.ietf.org/doc/html/${AIPREF_VOCAB_DRAFT}`, '_blank'],
    ]);
    // No Content-Usage rule in the file: no word about how its groups were read.
    expect(row('GPTBot').querySelector('[data-ai-reading]')).toBeNull();
  });

  test('issue 31: with Content-Usage rules, the row says the reading; a Google robot that Google reads otherwise', async () => {
    await open(report('User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n'));
    const reading = (robot: string) =>
      [...row(robot).querySelectorAll('details [data-ai-reading]')].map((e) => e.textContent);
    expect(reading('GPTBot')).toEqual([t('aiReadingAttach', AIPREF_ATTACH_DRAFT)]);
    expect(reading('Google-Extended')).toEqual([
      t('aiReadingAttach', AIPREF_ATTACH_DRAFT),
      t('aiReadingGoogle'),
    ]);
  });

  test('the sentence is plain text, no markup', async () => {
    await open(report('User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n'));
    expect(row('GPTBot').querySelector('[data-ai-signals] *')).toBeNull();
  });
});

describe('a report without aiSignals changes nothing', () => {
  test.each([
    ['absent', report(CLOUDFLARE, null, false)],
    ['null', { ...report(CLOUDFLARE, null, false), aiSignals: null } as TabReport],
  ])('%s', async (_, tabReport) => {
    await open(tabReport);
    for (const robot of ROBOTS) {
      expect(row(robot).hasAttribute('data-ai-train')).toBe(false);
      expect(row(robot).hasAttribute('data-ai-answers')).toBe(false);
      expect(row(robot).hasAttribute('data-ai-search')).toBe(false);
    }
    expect(document.querySelector('[data-ai-signals]')).toBeNull();
    expect(document.querySelector('[data-ai-conflict]')).toBeNull();
  });
});

describe('Records: Content-Signal and Content-Usage lines in their group', () => {
  test("Cloudflare's managed block and line, with what it says", async () => {
    const { Records } = await import('../../popup/records.tsx');
    const text = `${CLOUDFLARE}\n\nUser-agent: GPTBot\nContent-Usage: /articles/ train-ai=n\nAllow: /\n`;
    render(
      <Records
        parsed={parseRobotsTxt(text)}
        text={text}
        rows={[]}
        selected="GPTBot"
        onSelect={() => {}}
        onJump={() => {}}
        t={t}
      />,
    );
    expect(document.querySelector('[data-managed-block]')?.textContent).toBe(
      'Cloudflare-managed block: lines 1 to 5',
    );
    const signal = document.querySelector('[data-group-line="2"] [data-ai-line="3"]');
    expect(signal?.textContent).toContain('Content-Signal: search=yes, ai-train=no');
    expect(signal?.textContent).toContain('no to AI training and yes to search results');
    const usage = document.querySelector('[data-group-line="7"] [data-ai-line="8"]');
    expect(usage?.textContent).toContain('Content-Usage: /articles/ train-ai=n');
    expect(usage?.textContent).toContain('no to AI training');
  });
});
