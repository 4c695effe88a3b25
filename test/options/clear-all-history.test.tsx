// @vitest-environment happy-dom
// The options page's "Clear all history" (issue 16, item 4): a confirmation step, then
// clearAllHistory, with the count of sites in words.
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import { Options } from '../../options/options.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { accept } from '../../src/extension/protocol.ts';
import { type FakeOptions, fakeConnector } from '../../ui/fake-connector.ts';

const t = translator(lookupIn(en), 'en');

async function open(options: FakeOptions = {}) {
  const actions = fakeConnector(options);
  render(<Options actions={actions} t={t} initial={actions.settingsNow()} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const click = (action: string) =>
  fireEvent.click(document.querySelector(`[data-action="${action}"]`) as HTMLElement);
const result = () => document.querySelector('[data-clear-all-result]');

afterEach(() => {
  cleanup();
  delete document.body.dataset['state'];
});

describe('clear all history', () => {
  test.each([
    [0, 'Cleared the history of 0 sites.'],
    [1, 'Cleared the history of 1 site.'],
    [1234, 'Cleared the history of 1,234 sites.'],
  ])('%i sites: "%s"', async (count, words) => {
    const actions = await open({ override: { clearAllHistory: async () => accept(count) } });
    click('clear-all-history');
    expect(actions.calls.some((c) => c.name === 'clearAllHistory')).toBe(false);
    click('confirm-clear-all-history');
    await waitFor(() => expect(result()?.textContent).toBe(words));
    expect(actions.calls.filter((c) => c.name === 'clearAllHistory')).toEqual([
      { name: 'clearAllHistory', req: {} },
    ]);
    expect(result()?.getAttribute('role')).toBe('status');
  });

  test('cancelled: nothing cleared', async () => {
    const actions = await open();
    click('clear-all-history');
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(
      'Forget the kept versions of robots.txt and the visited pages of every site?',
    );
    click('cancel-clear-all-history');
    expect(document.querySelector('[data-action="confirm-clear-all-history"]')).toBeNull();
    expect(actions.calls.some((c) => c.name === 'clearAllHistory')).toBe(false);
  });

  test('a failure is said', async () => {
    await open({
      override: {
        clearAllHistory: async () =>
          ({ ok: false, error: 'internal', message: 'storage is gone' }) as never,
      },
    });
    click('clear-all-history');
    click('confirm-clear-all-history');
    await waitFor(() =>
      expect(result()?.textContent).toBe('That did not work: an error inside Robots Lens'),
    );
    expect(result()?.getAttribute('role')).toBe('alert');
  });
});
