// @vitest-environment happy-dom
// A critical robots.txt change (every robot of the list newly blocked on /, issue 16's severity)
// shows as such in the verdicts view, not only in History (issue 29, item 4).
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { App } from '../../popup/app.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { fakeConnector, fakeTabReport } from '../../ui/fake-connector.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const t = translator(lookupIn(en), 'en');
const URL_ = 'https://shop.test/articles/1';
const BEFORE = 'User-agent: *\nDisallow: /cart\n';

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

async function open(after: string, previousText: string | null) {
  const report = fakeTabReport(URL_, okOutcome(after), {
    robots: ['Googlebot', 'GPTBot'],
    previousText,
  });
  render(<App tabId={7} actions={fakeConnector({ tabReport: () => report })} t={t} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return document.querySelector('#panel-verdicts [data-change-severity]');
}

test('every robot newly blocked on /: the verdicts view says it, critical', async () => {
  const line = await open('User-agent: *\nDisallow: /\n', BEFORE);
  expect(line?.getAttribute('data-change-severity')).toBe('critical');
  expect(line?.textContent).toContain('now blocks / for every robot in your list');
});

test('a change that blocks less, or no change: no such line', async () => {
  expect(await open('User-agent: *\nDisallow: /cart/old\n', BEFORE)).toBeNull();
  cleanup();
  delete document.body.dataset['state'];
  expect(await open(BEFORE, null)).toBeNull();
});
