// @vitest-environment happy-dom
// The File view on a large file (issue 12, item 6): its own find box, since the browser's Ctrl+F
// cannot see the lines outside the virtualised window; "next problem"; problems shown as text.
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { FileView, type FileViewProps } from '../../popup/file-view.tsx';
import { diagnosticText, lookupIn, translator } from '../../src/explain/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';

const t = translator(lookupIn(en), 'en');
const LINES = 20_000;
const SHOP = [50, 7_000, 19_990];
const TYPOS = [10, 12_000, 19_995];

/** 20,000 lines: one "Needle" on line 15,000, three "shop-" lines, three misspelled keys. */
function bigText(needleLine = 15_000): string {
  const lines: string[] = [];
  for (let n = 1; n <= LINES; n++) {
    if (n === 1) lines.push('User-agent: *');
    else if (n === needleLine) lines.push('Disallow: /Needle/<b>here</b>');
    else if (SHOP.includes(n)) lines.push(`Disallow: /shop-${n}`);
    else if (TYPOS.includes(n)) lines.push(`Disalow: /typo-${n}`);
    else lines.push(`Disallow: /p${n}`);
  }
  return lines.join('\n');
}

const TEXT = bigText();
const DIAGNOSTICS = parseRobotsTxt(TEXT).diagnostics;

function show(props: Partial<FileViewProps> = {}) {
  const all: FileViewProps = {
    text: TEXT,
    diagnostics: DIAGNOSTICS,
    highlight: null,
    highlightLabel: '',
    jumpTo: null,
    t,
    ...props,
  };
  const view = render(<FileView {...all} />);
  return {
    ...view,
    update: (more: Partial<FileViewProps>) => view.rerender(<FileView {...all} {...more} />),
  };
}

const field = () => document.querySelector('input[data-find]') as HTMLInputElement | null;
const fileBox = () => document.querySelector('.file-box') as HTMLElement;
const button = (action: string) =>
  document.querySelector(`button[data-action="${action}"]`) as HTMLButtonElement;
const line = (n: number) => document.querySelector(`.file-line[data-line="${n}"]`);
const find = (text: string) =>
  fireEvent.input(field() as HTMLInputElement, { target: { value: text } });

/** What the find box says, and which line is the current match (the one element marked so). */
function found() {
  const count = document.querySelector('[data-find-count]');
  const current = document.querySelectorAll('[data-find-current-line]');
  expect(current.length).toBeLessThanOrEqual(1);
  return {
    text: count?.textContent,
    current: count?.getAttribute('data-find-current'),
    total: count?.getAttribute('data-find-total'),
    line: current[0]?.getAttribute('data-line') ?? null,
  };
}

/** The view stays virtualised whatever the find does. */
function expectFewLines() {
  const n = document.querySelectorAll('.file-line').length;
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(80);
}

afterEach(cleanup);

describe('the find box', () => {
  test('finds a line far outside the rendered window, case-insensitively, and renders it as current', () => {
    show();
    expect(line(15_000)).toBeNull();
    find('needle');
    expect(found()).toEqual({ text: '1 of 1', current: '1', total: '1', line: '15000' });
    const current = line(15_000) as HTMLElement;
    expect(current.classList.contains('found-current')).toBe(true);
    // The match is marked inside the line, which is still plain text.
    expect(current.querySelector('mark')?.textContent).toBe('Needle');
    expect(current.querySelector('.text')?.textContent).toBe('Disallow: /Needle/<b>here</b>');
    expect(current.querySelector('b')).toBeNull();
    expectFewLines();
  });

  test('next and previous step through every match and wrap, by buttons and keys', () => {
    show();
    find('SHOP-');
    expect(found()).toEqual({ text: '1 of 3', current: '1', total: '3', line: '50' });
    const steps: [() => void, string, string][] = [
      [() => fireEvent.click(button('find-next')), '2 of 3', '7000'],
      [() => fireEvent.click(button('find-next')), '3 of 3', '19990'],
      [() => fireEvent.click(button('find-next')), '1 of 3', '50'],
      [() => fireEvent.click(button('find-previous')), '3 of 3', '19990'],
      [() => fireEvent.keyDown(field() as HTMLElement, { key: 'Enter' }), '1 of 3', '50'],
      [
        () => fireEvent.keyDown(field() as HTMLElement, { key: 'Enter', shiftKey: true }),
        '3 of 3',
        '19990',
      ],
      [() => fireEvent.keyDown(fileBox(), { key: 'F3' }), '1 of 3', '50'],
      [() => fireEvent.keyDown(fileBox(), { key: 'F3', shiftKey: true }), '3 of 3', '19990'],
    ];
    for (const [act, text, at] of steps) {
      act();
      expect(found()).toMatchObject({ text, line: at });
      expectFewLines();
    }
  });

  test('every matching line in view is marked, the others are not', () => {
    show();
    find('/p1');
    const count = document.querySelector('[data-find-count]');
    // /p1…/p19999 where the line is a plain /p line: not line 1, the typos, the shop lines, the needle.
    const expected = Array.from({ length: LINES }, (_, i) => i + 1).filter(
      (n) => n > 1 && `${n}`.startsWith('1') && ![10, 12_000, 15_000, 19_990, 19_995].includes(n),
    ).length;
    expect(count?.getAttribute('data-find-total')).toBe(String(expected));
    for (const el of document.querySelectorAll('.file-line')) {
      const isMatch = (el.querySelector('.text')?.textContent ?? '').includes('/p1');
      expect(el.classList.contains('found')).toBe(isMatch);
    }
  });

  test('typing further narrows the matches; none says so', () => {
    show();
    find('s');
    find('sh');
    expect(found()).toMatchObject({ text: '1 of 3', total: '3' });
    find('shop-7');
    expect(found()).toEqual({ text: '1 of 1', current: '1', total: '1', line: '7000' });
    find('shop-7x');
    expect(found()).toEqual({ text: 'No matches', current: '0', total: '0', line: null });
    expect(button('find-next').disabled).toBe(true);
    find('');
    expect(found()).toEqual({ text: '', current: '0', total: '0', line: null });
  });

  test('findRequest and Ctrl/Cmd+F focus the field with its text selected; Escape closes it', () => {
    const { update } = show({ findRequest: 0 });
    find('shop-');
    fileBox().focus();
    update({ findRequest: 1 });
    const input = field() as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'shop-'.length]);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(field()).toBeNull();
    expect(document.querySelectorAll('.file-line.found')).toHaveLength(0);
    expect(document.activeElement).toBe(fileBox());

    // Reopened by the keyboard inside the view, the text is still there.
    fireEvent.keyDown(fileBox(), { key: 'f', metaKey: true });
    expect(document.activeElement).toBe(field());
    expect(field()?.value).toBe('shop-');
    fireEvent.keyDown(field() as HTMLElement, { key: 'Escape' });
    // …and by the app's request (Ctrl/Cmd+F elsewhere in the popup).
    update({ findRequest: 2 });
    expect(document.activeElement).toBe(field());
    expect(found()).toMatchObject({ total: '3' });
  });

  test('a view opened by Ctrl/Cmd+F focuses the field at once', () => {
    show({ findRequest: 1 });
    expect(document.activeElement).toBe(field());
  });

  test('the find survives new props and a new file (the view stays mounted)', () => {
    const { update } = show();
    find('needle');
    update({ highlight: 3, jumpTo: 3 });
    expect(field()?.value).toBe('needle');
    update({ text: bigText(18_000) });
    expect(field()?.value).toBe('needle');
    expect(found()).toMatchObject({ text: '1 of 1', line: '18000' });
  });
});

describe('problems', () => {
  test('the fixture has its problems where expected', () => {
    expect([...new Set(DIAGNOSTICS.map((d) => d.line))]).toEqual(TYPOS);
  });

  test('next problem cycles through the lines with diagnostics, wrapping', () => {
    show();
    expect(button('next-problem').textContent).toContain('Next problem');
    const seen: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      fireEvent.click(button('next-problem'));
      const current = document.querySelectorAll('[data-problem-current]');
      expect(current).toHaveLength(1);
      seen.push(current[0]?.getAttribute('data-line') ?? null);
      expectFewLines();
    }
    expect(seen).toEqual(['10', '12000', '19995', '10']);
  });

  test('no problems: the button is disabled', () => {
    show({ text: 'User-agent: *\nDisallow: /', diagnostics: [] });
    expect(button('next-problem').disabled).toBe(true);
  });

  test('a problem’s text is in the view, on its own row below the line, as text', () => {
    show();
    const d = DIAGNOSTICS.find((x) => x.line === 10);
    const words = diagnosticText(d as (typeof DIAGNOSTICS)[number], t);
    const row = line(10) as HTMLElement;
    expect(row.querySelector('.flag')?.textContent).toContain(words);
    // Visible, not only to screen readers or in a tooltip.
    expect(row.querySelector('.flag .sr-only')?.textContent ?? '').not.toContain(words);
    expect(row.querySelector('[title]')).toBeNull();
    expect(row.style.height).toBe('36px');
    // The rows below move down by the problem's row: the virtual layout stays exact.
    expect((line(9) as HTMLElement).style.top).toBe(`${8 * 18}px`);
    expect((line(11) as HTMLElement).style.top).toBe(`${11 * 18}px`);
    fireEvent.click(button('next-problem'));
    fireEvent.click(button('next-problem'));
    expect((line(12_000) as HTMLElement).style.top).toBe(`${(11_999 + 1) * 18}px`);
    expect((line(12_001) as HTMLElement).style.top).toBe(`${(12_000 + 2) * 18}px`);
    const inner = document.querySelector('.file-inner') as HTMLElement;
    expect(inner.style.height).toBe(`${(LINES + TYPOS.length) * 18}px`);
  });

  test('scrolled to the end, the last lines are rendered and no more than a window of them', () => {
    show();
    const box = fileBox();
    box.scrollTop = (LINES + TYPOS.length) * 18 - 340;
    fireEvent.scroll(box);
    expect(line(LINES)).not.toBeNull();
    expect(line(19_995)?.querySelector('.flag')).not.toBeNull();
    expectFewLines();
  });
});
