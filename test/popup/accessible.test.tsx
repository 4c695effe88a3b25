// @vitest-environment happy-dom
// Accessible to everyone (issue 29, item 5), what axe cannot see: Records is one Tab stop per
// group, the arrow keys moving between its lines.
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { Records } from '../../popup/records.tsx';
import { explainVerdicts, lookupIn, translator } from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/private/item?id=1';
const TEXT = [
  'User-agent: *',
  'Disallow: /private/',
  'Crawl-delay: 5',
  '',
  'User-agent: Googlebot',
  'Allow: /private/item',
  'Disallow: /drafts/',
  'Disallow: /tmp/',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector<E>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

afterEach(cleanup);

describe('Records: one Tab stop per group, the arrow keys within it', () => {
  const parsed = parseRobotsTxt(TEXT);
  const rows = explainVerdicts(parsed, 'unknown', URL_, ['Googlebot', 'GPTBot'], t);
  const show = () =>
    render(
      <Records
        parsed={parsed}
        text={TEXT}
        rows={rows}
        selected="Googlebot"
        onSelect={() => {}}
        onJump={() => {}}
        t={t}
      />,
    );
  /** The buttons Tab stops at, in a part of the view. */
  const tabStops = (root: Element) =>
    [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
      (b) => b.tabIndex >= 0 && !b.disabled,
    );
  const key = (key: string) => fireEvent.keyDown(document.activeElement as HTMLElement, { key });
  const focused = () => document.activeElement?.textContent;

  test('each group is one stop (its line); its rules are not', () => {
    show();
    const groups = $$('.groups > li');
    expect(groups).toHaveLength(3);
    for (const group of groups) {
      expect(tabStops(group).map((b) => b.textContent)).toEqual([
        `Line ${group.getAttribute('data-group-line')}`,
      ]);
    }
    // Every line is still a button, for a click or a screen reader's list of buttons.
    expect($$('.groups .rules button')).toHaveLength(5);
    // The other lines and the problems: one stop each list.
    expect(tabStops($('.others') as HTMLElement)).toHaveLength(1);
    expect(tabStops($('.diagnostics') as HTMLElement)).toHaveLength(1);
  });

  test('the arrow keys, Home and End move within a group, and stop at its ends', () => {
    show();
    const group = $('[data-group-line="5"]') as HTMLElement;
    (tabStops(group)[0] as HTMLElement).focus();
    expect(focused()).toBe('Line 5');
    key('ArrowDown');
    expect(focused()).toBe('Allow: /private/item');
    key('ArrowDown');
    expect(focused()).toBe('Disallow: /drafts/');
    key('End');
    expect(focused()).toBe('Disallow: /tmp/');
    key('ArrowDown');
    expect(focused()).toBe('Disallow: /tmp/');
    key('Home');
    expect(focused()).toBe('Line 5');
    key('ArrowUp');
    expect(focused()).toBe('Line 5');
  });
});
