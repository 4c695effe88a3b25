// @vitest-environment happy-dom
// Settings changed elsewhere reach the page: new settings through onChange, a new language by
// reloading the page (its translator is built once), and nothing after unmount.
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { defaultSettings, type Language, type Settings } from '../../src/extension/settings.ts';
import type { Actions } from '../../ui/connector.ts';
import { type FakeConnector, type FakeOptions, fakeConnector } from '../../ui/fake-connector.ts';
import { useSettingsChanges } from '../../ui/use-settings-changes.ts';

function Probe(props: {
  actions: Actions;
  language: Language | null;
  onChange: (next: Settings) => void;
}) {
  useSettingsChanges(props.actions, props.language, props.onChange);
  return null;
}

/** The fake background, with its subscriptions counted. */
function counted(options: FakeOptions = {}) {
  const fake: FakeConnector = fakeConnector(options);
  const live = { subscribed: 0, unsubscribed: 0 };
  const actions: Actions = {
    ...fake,
    onSettingsChanged(callback) {
      live.subscribed++;
      const off = fake.onSettingsChanged(callback);
      return () => {
        live.unsubscribed++;
        off();
      };
    },
  };
  return { fake, actions, live };
}

/** Lets queued microtasks and promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** location.reload, replaced: the page would go away. */
function stubReload() {
  const reload = vi.fn();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  return reload;
}

describe('useSettingsChanges', () => {
  test('a change made elsewhere calls onChange with the new settings', async () => {
    const reload = stubReload();
    const { fake, actions } = counted();
    const onChange = vi.fn();
    render(<Probe actions={actions} language="auto" onChange={onChange} />);
    fake.changeSettingsElsewhere({ robots: ['GPTBot', 'CCBot'], showOtherReadings: false });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith({
      ...defaultSettings(),
      robots: ['GPTBot', 'CCBot'],
      showOtherReadings: false,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  test('a language change reloads the page instead', async () => {
    const reload = stubReload();
    const { fake, actions } = counted({ settings: { ...defaultSettings(), language: 'en' } });
    const onChange = vi.fn();
    render(<Probe actions={actions} language="en" onChange={onChange} />);
    fake.changeSettingsElsewhere({ language: 'ru' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await settle();
    expect(onChange).not.toHaveBeenCalled();
  });

  test('before the page rendered in a language (null), a language change is just a change', async () => {
    const reload = stubReload();
    const { fake, actions } = counted();
    const onChange = vi.fn();
    render(<Probe actions={actions} language={null} onChange={onChange} />);
    fake.changeSettingsElsewhere({ language: 'th' });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0]).toMatchObject({ language: 'th' });
    expect(reload).not.toHaveBeenCalled();
  });

  test('the latest onChange and language are used, with one subscription', async () => {
    const reload = stubReload();
    const { fake, actions, live } = counted();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Probe actions={actions} language="auto" onChange={first} />);
    rerender(<Probe actions={actions} language="es" onChange={second} />);
    fake.changeSettingsElsewhere({ language: 'es', checking: 'on-demand' });
    await waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(live).toEqual({ subscribed: 1, unsubscribed: 0 });
  });

  test('a refused read of the settings changes nothing', async () => {
    const reload = stubReload();
    const { fake, actions } = counted({
      override: { getSettings: async () => ({ ok: false, error: 'no-answer', message: 'gone' }) },
    });
    const onChange = vi.fn();
    render(<Probe actions={actions} language="en" onChange={onChange} />);
    fake.changeSettingsElsewhere({ robots: ['GPTBot'] });
    await waitFor(() => expect(fake.calls.map((c) => c.name)).toContain('getSettings'));
    await settle();
    expect(onChange).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  test('unsubscribed on unmount: later changes reach nothing', async () => {
    const reload = stubReload();
    const { fake, actions, live } = counted();
    const onChange = vi.fn();
    const { unmount } = render(<Probe actions={actions} language="en" onChange={onChange} />);
    expect(live).toEqual({ subscribed: 1, unsubscribed: 0 });
    unmount();
    // Preact runs effect cleanups of an unmounted tree after the unmount returns.
    await waitFor(() => expect(live).toEqual({ subscribed: 1, unsubscribed: 1 }));
    fake.changeSettingsElsewhere({ robots: ['GPTBot'] });
    fake.changeSettingsElsewhere({ language: 'ru' });
    await settle();
    await settle();
    expect(fake.settingsNow()).toMatchObject({ robots: ['GPTBot'], language: 'ru' });
    expect(onChange).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(fake.calls.map((c) => c.name)).not.toContain('getSettings');
  });
});
