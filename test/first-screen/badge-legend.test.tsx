// @vitest-environment happy-dom
// The badge legend (issue 29, item 4): each state of the toolbar badge in its own colour and in
// words, drawn once opened (the first screen travels in a URL); ui.css holds BADGE_COLORS' values,
// since a screen carries classes, not styles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { BadgeLegend } from '../../first-screen/badge-legend.tsx';
import { BADGE_COLORS, lookupIn, translator } from '../../src/explain/index.ts';

const t = translator(lookupIn(en), 'en');
afterEach(cleanup);

test('every badge colour has a legend sample of the same value in ui.css', () => {
  const css = readFileSync(join(import.meta.dirname, '../../ui/ui.css'), 'utf8');
  for (const [state, color] of Object.entries(BADGE_COLORS)) {
    const rule = new RegExp(`\\.badge-sample\\.${state} \\{\\s*background: (#[0-9a-f]{6});`).exec(
      css,
    );
    expect(rule?.[1], state).toBe(color);
  }
});

test('closed: the summary alone; opened: every state with its symbol and words', async () => {
  const { container } = render(<BadgeLegend t={t} />);
  const details = container.querySelector('details[data-badge-legend]') as HTMLDetailsElement;
  expect(details.querySelectorAll('li')).toHaveLength(0);
  details.open = true;
  fireEvent(details, new Event('toggle'));
  await waitFor(() => expect(details.querySelectorAll('li')).toHaveLength(7));
  const items = [...details.querySelectorAll('li')].map((li) => li.textContent);
  expect(items[0]).toBe('✓ crawlable and indexable');
  expect(items[2]).toBe('⊘ crawlable, not indexable: an error status or a noindex');
  // Issue 41: the badge of a fetch whose redirect the browser never reported.
  expect(items[5]).toBe("? not known: the browser did not report robots.txt's redirect");
  const classes = [...details.querySelectorAll('.badge-sample')].map((s) => s.classList[1]);
  expect(new Set(classes)).toEqual(new Set(Object.keys(BADGE_COLORS)));
});
