// @vitest-environment happy-dom
// "In plain words": a small file as one sentence per group; a big one (issue 12, item 7) as an
// overview first, the sentences behind a button and shown 50 at a time, never a wall of text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { GROUPS_SHOWN, Summary } from '../../popup/summary.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const corpus = (file: string) =>
  parseRobotsTxt(readFileSync(join(import.meta.dirname, '../fixtures/corpus', file), 'utf8'));

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const groups = () => $$('[data-summary-group]');
const details = () => $('[data-action="summary-details"]');

afterEach(cleanup);

describe('a small file: one sentence per group, as before', () => {
  const TEXT = 'User-agent: *\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /\n';

  test('the sentences, each with its group first line; no overview, no button', () => {
    render(<Summary parsed={parseRobotsTxt(TEXT)} t={t} />);
    expect(groups().map((li) => [li.dataset['line'], li.textContent])).toEqual([
      ['1', 'All other robots may visit everything except the folder /tmp/.'],
      ['4', 'GPTBot may not visit anything.'],
    ]);
    expect($('[data-summary-overview]')).toBeNull();
    expect(details()).toBeNull();
  });

  test('the robots of the list the groups do not speak for get a note', () => {
    const text = 'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n';
    render(
      <Summary parsed={parseRobotsTxt(text)} t={t} robots={['Googlebot', 'Applebot', 'GPTBot']} />,
    );
    expect($$('[data-summary-note]').map((li) => li.textContent)).toEqual([
      'Applebot is named in no group: it follows the rules for Googlebot.',
    ]);
  });

  test('with onJump, each sentence links to its line', () => {
    const onJump = vi.fn();
    render(<Summary parsed={parseRobotsTxt(TEXT)} t={t} onJump={onJump} />);
    const link = groups()[1]?.querySelector('button');
    expect(link?.textContent).toBe('Line 4');
    fireEvent.click(link as HTMLElement);
    expect(onJump).toHaveBeenCalledWith(4);
  });

  test('without onJump, no links', () => {
    render(<Summary parsed={parseRobotsTxt(TEXT)} t={t} />);
    expect($$('.summary-view button')).toEqual([]);
  });
});

describe('a big file: the overview first, the groups on demand', () => {
  // The largest file of the corpus: 146 KiB, 40 groups, 5,615 rules.
  const SMUGMUG = corpus('www.smugmug.com.txt');

  test('the overview says how big, who has rules of their own, what the rest may visit', () => {
    render(<Summary parsed={SMUGMUG} t={t} robots={DEFAULT_ROBOTS} />);
    const overview = $('[data-summary-overview]');
    expect(overview?.textContent).toContain('This file has 40 groups and 5,615 rules.');
    expect($('[data-summary-named]')?.textContent).toMatch(
      /^39 robots have rules of their own: bingbot, ccbot, Googlebot, zombies, .*, and 19 more robots\.$/,
    );
    expect($$('[data-summary-everyone]').map((li) => li.textContent)).toEqual([
      'All other robots may not visit anything.',
    ]);
    expect($$('[data-summary-note]').map((li) => li.textContent)).toEqual([
      'Applebot is named in no group: it follows the rules for Googlebot.',
    ]);
    // Never a wall of text: the whole first screen is a few sentences.
    expect($('.summary-view')?.textContent?.length).toBeLessThan(1000);
    expect(groups()).toEqual([]);
  });

  test('the button shows each group, and hides them again', () => {
    render(<Summary parsed={SMUGMUG} t={t} />);
    const button = details();
    expect(button?.textContent).toBe('Show each group (40)');
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button as HTMLElement);
    expect(details()?.getAttribute('aria-expanded')).toBe('true');
    expect(groups()).toHaveLength(40);
    expect(groups()[0]?.dataset['line']).toBe('1');
    expect(groups()[0]?.textContent).toBe(
      'zombies may visit everything except URLs starting with /brains.',
    );
    // Each sentence names at most 8 paths.
    for (const li of groups()) expect(li.textContent?.length).toBeLessThan(700);
    fireEvent.click(details() as HTMLElement);
    expect(groups()).toEqual([]);
  });

  test('more than 50 groups: 50 at a time', () => {
    // eventbrite.com: 140 groups, 115 sets of robots with rules of their own.
    render(<Summary parsed={corpus('www.eventbrite.com.txt')} t={t} />);
    expect(details()?.textContent).toBe('Show each group (115)');
    fireEvent.click(details() as HTMLElement);
    expect(groups()).toHaveLength(GROUPS_SHOWN);
    const more = () => $('[data-action="summary-more"]');
    expect(more()?.textContent).toBe('Show 50 more');
    fireEvent.click(more() as HTMLElement);
    expect(groups()).toHaveLength(100);
    expect(more()?.textContent).toBe('Show 15 more');
    fireEvent.click(more() as HTMLElement);
    expect(groups()).toHaveLength(115);
    expect(more()).toBeNull();
    const lines = groups().map((li) => Number(li.dataset['line']));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  test('a file of one group with 4,997 rules (runescape.com) is big too', () => {
    render(<Summary parsed={corpus('www.runescape.com.txt')} t={t} />);
    expect($('[data-summary-overview]')?.textContent).toContain('1 group and 4,997 rules');
    expect($('[data-summary-named]')).toBeNull();
    const [everyone] = $$('[data-summary-everyone]');
    expect(everyone?.textContent).toMatch(
      /^All robots may visit everything except .*, or 4,\d{3} more paths\.$/,
    );
  });
});
