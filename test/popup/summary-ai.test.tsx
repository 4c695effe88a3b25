// @vitest-environment happy-dom
// "In plain words" says what the file says about AI use (issue 16, item 5): a section after the
// access sentences ([data-summary-ai]), one sentence per set of robots with Content-Signal or
// Content-Usage lines, and Cloudflare's managed block; nothing at all without such a line.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { preloadLazyViews } from '../../popup/lazy.tsx';
import { AI_SENTENCES_SHOWN, Summary } from '../../popup/summary.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

beforeAll(() => preloadLazyViews());

const t = translator(lookupIn(en), 'en');
const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

// Cloudflare's managed robots.txt (developers.cloudflare.com/bots/additional-configurations/
// managed-robots-txt/), then the site's own lines, one of them an aipref Content-Usage rule
// (draft-ietf-aipref-attach-05 §3).
const CLOUDFLARE = [
  '# BEGIN Cloudflare Managed content',
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Allow: /',
  '# END Cloudflare Managed Content',
  '',
  'User-agent: GPTBot',
  'Content-Usage: /articles/ train-ai=n',
  'Allow: /',
].join('\n');

describe('the Summary component', () => {
  test('after the access sentences: a sentence per set of robots and the managed block', () => {
    const onJump = vi.fn();
    render(<Summary parsed={parseRobotsTxt(CLOUDFLARE)} text={CLOUDFLARE} t={t} onJump={onJump} />);
    const section = $('[data-summary-ai]');
    expect(section).not.toBeNull();
    // After what robots may visit.
    const last = $$('[data-summary-group]').at(-1) as HTMLElement;
    expect(last.compareDocumentPosition(section as HTMLElement)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect($$('[data-summary-ai-group]').map((li) => [li.dataset['line'], li.textContent])).toEqual(
      [
        [
          '2',
          'All other robots: the site says no to AI training and yes to search results (Content-Signal, line 3). Line 3',
        ],
        [
          '7',
          'GPTBot: the site says no to AI training on the folder /articles/ (Content-Usage, line 8). Line 8',
        ],
      ],
    );
    expect($('[data-summary-ai-managed]')?.textContent).toBe(
      "Lines 1 to 5 are managed by Cloudflare, which adds them to the site's robots.txt (a setting of the site's Cloudflare account).",
    );
    fireEvent.click($('[data-summary-ai-group] button') as HTMLElement);
    expect(onJump).toHaveBeenCalledWith(3);
  });

  test('nothing at all without a Content-Signal or Content-Usage line', () => {
    const text = '# BEGIN Cloudflare Managed content\nUser-agent: *\nDisallow: /tmp/\n';
    render(<Summary parsed={parseRobotsTxt(text)} text={text} t={t} />);
    expect($$('[data-summary-group]')).toHaveLength(1);
    expect($('[data-summary-ai]')).toBeNull();
  });

  test('a big file: the section follows the overview, its groups still behind the button', () => {
    const groups = Array.from(
      { length: 10 },
      (_, i) => `User-agent: bot${i}\nDisallow: /p${i}/\n`,
    ).join('\n');
    const text = `${groups}\nUser-agent: *\nContent-Signal: ai-train=no\nAllow: /\n`;
    render(<Summary parsed={parseRobotsTxt(text)} text={text} t={t} />);
    expect($('[data-summary-overview]')).not.toBeNull();
    expect($$('[data-summary-group]')).toEqual([]);
    expect($$('[data-summary-ai-group]').map((li) => li.textContent)).toEqual([
      'All other robots: the site says no to AI training (Content-Signal, line 32).',
    ]);
  });

  test('signal lines in 25 groups: 10 sentences, then 10 more, then the last 5 (never a wall)', () => {
    // Issue 12 item 7 (plain words for big files): details on demand, a page at a time.
    const text = Array.from(
      { length: 25 },
      (_, i) =>
        // Letters, not digits: a product token is letters, '-' and '_' (bot1 would be "bot").
        `User-agent: bot-${String.fromCharCode(97 + i)}\nContent-Signal: ai-train=no, search=${i % 2 ? 'yes' : 'no'}\nDisallow: /p${i}/\n`,
    ).join('\n');
    render(<Summary parsed={parseRobotsTxt(text)} text={text} t={t} />);
    const more = () => $('[data-action="summary-ai-more"]');
    expect($$('[data-summary-ai-group]')).toHaveLength(AI_SENTENCES_SHOWN);
    expect(more()?.textContent).toBe('Show 10 more');
    fireEvent.click(more() as HTMLElement);
    expect($$('[data-summary-ai-group]')).toHaveLength(20);
    expect(more()?.textContent).toBe('Show 5 more');
    fireEvent.click(more() as HTMLElement);
    expect($$('[data-summary-ai-group]').map((li) => li.dataset['line'])).toEqual(
      Array.from({ length: 25 }, (_, i) => String(1 + 4 * i)),
    );
    expect(more()).toBeNull();
  });

  test('one robot with signal lines in 12 groups: 8 lines in words, then "and 4 more"', () => {
    // The groups of one robot are read as one (RFC 9309 §2.2.1): one sentence, bounded.
    const text = Array.from(
      { length: 12 },
      (_, i) => `User-agent: bot${i}\nContent-Signal: ai-train=no\nDisallow: /p${i}/\n`,
    ).join('\n');
    render(<Summary parsed={parseRobotsTxt(text)} text={text} t={t} />);
    const [sentence] = $$('[data-summary-ai-group]').map((li) => li.textContent ?? '');
    expect(sentence?.match(/Content-Signal, line/g)).toHaveLength(8);
    expect(sentence).toContain('and 4 more');
  });

  test('a file with no group: only the line that applies to no robot', () => {
    const text = 'Content-Signal: ai-train=no\n';
    render(<Summary parsed={parseRobotsTxt(text)} text={text} t={t} />);
    expect($('[data-summary-ai]')?.textContent).toContain(
      'The Content-Signal line at line 1 stands before any User-agent line: it applies to no robot.',
    );
  });
});

describe('in the popup', () => {
  test("the summary view gets the file's text: the managed block is named", async () => {
    const report = fakeTabReport(
      'https://shop.test/articles/1',
      okOutcome(CLOUDFLARE, { url: 'https://shop.test/robots.txt' }),
      { robots: ['Googlebot', 'GPTBot'] },
    );
    render(<App tabId={7} actions={fakeConnector({ tabReport: () => report })} t={t} />);
    await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
    fireEvent.click(screen.getByRole('tab', { name: 'In plain words' }));
    await waitFor(() => expect($('[data-summary-ai]')).not.toBeNull());
    expect($('[data-summary-ai-managed]')?.textContent).toContain('Lines 1 to 5');
    expect($$('[data-summary-ai-group]')).toHaveLength(2);
  });
});
