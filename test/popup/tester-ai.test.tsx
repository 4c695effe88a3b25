// @vitest-environment happy-dom
// The tester says what the site says about AI use (issue 16, item 5: "in every view where
// robots.txt lines are explained"): each tested robot gets the verdict rows' sentence
// ([data-ai-signals]) and warning, for the live file and for a draft, from the Content-Signal and
// Content-Usage lines of the file tested; none when that file has no such line.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { reportAiSignals } from '../../src/ai/report.ts';
import { lookupIn, translator } from '../../src/explain/index.ts';
import type { TabReport } from '../../src/extension/protocol.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/articles/1';
const ROBOTS = ['Googlebot', 'GPTBot', 'AhrefsBot'];

// Cloudflare's managed robots.txt (developers.cloudflare.com/bots/additional-configurations/
// managed-robots-txt/): `Content-Signal: search=yes, ai-train=no` in the * group.
const CLOUDFLARE = [
  '# BEGIN Cloudflare Managed content',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  '# END Cloudflare Managed Content',
].join('\n');

function report(text: string): TabReport {
  const base = fakeTabReport(URL_, okOutcome(text, { url: 'https://shop.test/robots.txt' }), {
    robots: ROBOTS,
  });
  if (base.kind !== 'report') return base;
  return { ...base, aiSignals: reportAiSignals(text, parseRobotsTxt(text), base.verdicts, null) };
}

async function openTester(text: string) {
  render(<App tabId={7} actions={fakeConnector({ tabReport: () => report(text) })} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  const page = Object.fromEntries(
    ROBOTS.map((r) => [
      r,
      document.querySelector(`[data-robot="${r}"] [data-ai-signals]`)?.textContent ?? null,
    ]),
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Tester' }));
  await waitFor(() => expect(document.querySelector('[data-tester-robot]')).not.toBeNull());
  return page;
}

const tested = (robot: string) =>
  document.querySelector(`[data-tester-robot="${robot}"]`) as HTMLElement;
const sentence = (robot: string) =>
  tested(robot).querySelector('[data-ai-signals]')?.textContent ?? null;
const url = (value: string) =>
  fireEvent.input(document.querySelector('input[name="tester-url"]') as HTMLInputElement, {
    target: { value },
  });
const draft = (value: string) =>
  fireEvent.input(document.querySelector('textarea[name="draft"]') as HTMLTextAreaElement, {
    target: { value },
  });

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('the tester, on the live file', () => {
  test("the page's URL: each robot gets the verdict rows' own sentence", async () => {
    const page = await openTester(CLOUDFLARE);
    expect(page['GPTBot']).toMatch(/^OpenAI's AI training crawler may crawl this page\./);
    for (const robot of ROBOTS) expect(sentence(robot), robot).toBe(page[robot]);
    // AhrefsBot is no AI crawler but is told something: the site's words, as on its row.
    expect(sentence('AhrefsBot')).toMatch(/^The site says no to AI training/);
    expect(tested('GPTBot').querySelector('[data-ai-conflict]')?.textContent).toBe(
      t('aiConflictTraining', 'GPTBot'),
    );
  });

  test('another path: the sentence follows its verdict', async () => {
    await openTester(
      `${CLOUDFLARE}\n\nUser-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /private/\n`,
    );
    url('/private/x');
    expect(tested('GPTBot').getAttribute('data-tester-verdict')).toBe('disallowed');
    // Issue 29, item 4: the caption names the URL tested, not "this page".
    expect(document.querySelector('.tester caption')?.textContent).toBe(
      'Verdicts for https://shop.test/private/x',
    );
    fireEvent.click(document.querySelector('input[name="draft-mode"]') as HTMLInputElement);
    expect(document.querySelector('[data-tester-caption]')?.textContent).toBe(
      'Draft verdicts for https://shop.test/private/x',
    );
    expect(sentence('GPTBot')).toMatch(/^OpenAI's AI training crawler may not crawl this page\./);
    // Disallowed: robots.txt and the signal agree, no warning.
    expect(tested('GPTBot').querySelector('[data-ai-conflict]')).toBeNull();
  });

  test('a file without Content-Signal or Content-Usage lines: no sentence', async () => {
    await openTester('User-agent: *\nDisallow: /tmp/\n');
    expect(document.querySelector('.tester [data-ai-signals]')).toBeNull();
  });
});

describe('the tester, on a draft', () => {
  test('a signal line typed into the draft gives each robot its sentence at once', async () => {
    await openTester('User-agent: *\nDisallow: /tmp/\n');
    fireEvent.click(document.querySelector('input[name="draft-mode"]') as HTMLInputElement);
    expect(document.querySelector('.tester [data-ai-signals]')).toBeNull();
    draft('User-agent: *\nContent-Signal: ai-train=no, search=yes\nDisallow: /tmp/\n');
    expect(sentence('GPTBot')).toBe(
      "OpenAI's AI training crawler may crawl this page. The site says no to AI training (Content-Signal, line 2), yes to search results (Content-Signal, line 2), and nothing about AI answers.",
    );
    expect(tested('GPTBot').querySelector('[data-ai-conflict]')).not.toBeNull();
    // And a draft that removes the live file's line removes the sentence.
    draft('User-agent: *\nDisallow: /\n');
    expect(document.querySelector('.tester [data-ai-signals]')).toBeNull();
  });
});
