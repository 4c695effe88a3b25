// @vitest-environment happy-dom
// The options page against the in-memory background: it follows changes made elsewhere, and its
// debug view lists the background's errors once opened.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { Options } from '../../options/options.tsx';
import { lookupIn, translator } from '../../src/explain/index.ts';
import { accept, type DebugInfo } from '../../src/extension/protocol.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { type FakeOptions, fakeConnector } from '../../ui/fake-connector.ts';

const t = translator(lookupIn(en), 'en');

async function open(options: FakeOptions = {}) {
  const actions = fakeConnector(options);
  render(<Options actions={actions} t={t} initial={actions.settingsNow()} />);
  await waitFor(() => expect(document.body.dataset['state']).toBe('done'));
  return actions;
}

const listed = () =>
  [...document.querySelectorAll('[data-list-robot]')].map((li) =>
    li.getAttribute('data-list-robot'),
  );

/** Opens the debug view's <details>, as a click on its summary does. */
function openDebug(): HTMLDetailsElement {
  const details = document.querySelector('details.debug') as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return details;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete document.body.dataset['state'];
});

describe('options page', () => {
  test('a robot list changed elsewhere shows up', async () => {
    const actions = await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Robots Lens settings');
    expect(listed()).toEqual(defaultSettings().robots);
    actions.changeSettingsElsewhere({ robots: ['CCBot', 'GPTBot'] });
    await waitFor(() => expect(listed()).toEqual(['CCBot', 'GPTBot']));
    expect(screen.getByLabelText('Move CCBot up')).toHaveProperty('disabled', true);
    expect(
      (document.querySelector('input[name="preset-Googlebot"]') as HTMLInputElement).checked,
    ).toBe(false);
  });

  test('other settings changed elsewhere show up too; a new language reloads the page', async () => {
    const reload = vi.fn();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    const actions = await open({ settings: { ...defaultSettings(), language: 'en' } });
    const onDemand = () =>
      (document.querySelector('input[name="checking"][value="on-demand"]') as HTMLInputElement)
        .checked;
    expect(onDemand()).toBe(false);
    actions.changeSettingsElsewhere({ checking: 'on-demand' });
    await waitFor(() => expect(onDemand()).toBe(true));
    expect(reload).not.toHaveBeenCalled();
    actions.changeSettingsElsewhere({ language: 'es' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  test('the debug view asks nothing until opened, then lists the errors', async () => {
    const lastAt = Date.UTC(2026, 10, 21, 9, 30, 5);
    const info: DebugInfo = {
      errors: [
        { where: 'badge', count: 3, lastMessage: 'No tab with id: 12', lastAt },
        { where: 'message:tabReport', count: 1200, lastMessage: 'QUOTA_BYTES exceeded', lastAt },
      ],
    };
    const actions = await open({ override: { debugInfo: async () => accept<'debugInfo'>(info) } });
    expect(document.querySelector('details.debug summary')?.textContent).toBe(
      'Errors, for debugging',
    );
    expect(actions.calls.map((c) => c.name)).not.toContain('debugInfo');
    openDebug();
    await waitFor(() => expect(document.querySelectorAll('[data-error-where]')).toHaveLength(2));
    expect(actions.calls.map((c) => c.name)).toContain('debugInfo');
    const time = new Date(lastAt).toLocaleTimeString('en');
    const items = [...document.querySelectorAll('.debug-errors li')].map((li) => [
      li.getAttribute('data-error-where'),
      li.textContent,
    ]);
    expect(items).toEqual([
      ['badge', `badge × 3 — last at ${time}: No tab with id: 12`],
      ['message:tabReport', `message:tabReport × 1,200 — last at ${time}: QUOTA_BYTES exceeded`],
    ]);
    expect(screen.queryByText('No errors since the browser started.')).toBeNull();
  });

  test('the debug view says there are none when the list is empty', async () => {
    await open();
    openDebug();
    expect(await screen.findByText('No errors since the browser started.')).toBeTruthy();
    expect(document.querySelector('.debug-errors')).toBeNull();
  });
});
