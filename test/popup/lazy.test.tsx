// @vitest-environment happy-dom
// lazyView: a view whose code arrives later renders a placeholder, then the view with its props;
// once loaded it renders at once everywhere; a chunk that fails says so in words and is retried.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { type LazyModule, lazyView } from '../../popup/lazy.tsx';
import { lookupIn, type Translator, translator } from '../../src/explain/index.ts';

const t = translator(lookupIn(en), 'en');

interface ViewProps {
  label: string;
  t: Translator;
}

/** A view with state of its own, to see that the instance lives on. */
function Counter({ label }: ViewProps) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-view-body onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A load() the test settles by hand. */
function deferred() {
  let settle: { resolve: (m: LazyModule<ViewProps>) => void; reject: (e: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const promise = new Promise<LazyModule<ViewProps>>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const body = () => document.querySelector('[data-view-body]');
const placeholder = () => document.querySelector('[data-lazy="loading"]');

afterEach(cleanup);

describe('lazyView', () => {
  test.each([
    ['the component itself', (m: typeof Counter) => m],
    ['a module with a default export', (m: typeof Counter) => ({ default: m })],
  ])('renders a placeholder, then the view with its props, given %s', async (_, shape) => {
    const chunk = deferred();
    const Lazy = lazyView(() => chunk.promise);
    render(<Lazy label="rows" t={t} />);
    expect(placeholder()).not.toBeNull();
    expect(body()).toBeNull();
    chunk.resolve(shape(Counter));
    await flush();
    expect(placeholder()).toBeNull();
    expect(body()?.textContent).toBe('rows 0');
  });

  test('loads once: preload() and every instance share one load(), and later ones render at once', async () => {
    const load = vi.fn(async () => Counter);
    const Lazy = lazyView(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <>
        <Lazy label="a" t={t} />
        <Lazy label="b" t={t} />
      </>,
    );
    // No placeholder, not even for a frame: the code is there.
    expect(placeholder()).toBeNull();
    expect([...document.querySelectorAll('[data-view-body]')].map((e) => e.textContent)).toEqual([
      'a 0',
      'b 0',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("keeps the view's own state across renders with new props", async () => {
    const Lazy = lazyView(async () => Counter);
    const { rerender } = render(<Lazy label="x" t={t} />);
    await flush();
    fireEvent.click(body() as HTMLElement);
    fireEvent.click(body() as HTMLElement);
    rerender(<Lazy label="y" t={t} />);
    expect(body()?.textContent).toBe('y 2');
  });

  test('a chunk that fails says so from the catalogue, and the next instance tries again', async () => {
    let attempt = 0;
    const Lazy = lazyView(async () => {
      attempt++;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return Counter;
    });
    render(<Lazy label="z" t={t} />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(t('lazyViewError'));
    expect(document.querySelector('[data-lazy="error"]')).not.toBeNull();
    cleanup();
    render(<Lazy label="z" t={t} />);
    await flush();
    expect(body()?.textContent).toBe('z 0');
    expect(attempt).toBe(2);
  });

  test('preloadLazyViews() loads every lazy view made, so each renders at once', async () => {
    vi.resetModules();
    const lazy = await import('../../popup/lazy.tsx');
    const loads = [vi.fn(async () => Counter), vi.fn(async () => ({ default: Counter }))];
    const [A, B] = loads.map((load) => lazy.lazyView(load));
    if (A === undefined || B === undefined) throw new Error('two views');
    expect(loads.map((l) => l.mock.calls.length)).toEqual([0, 0]);
    await lazy.preloadLazyViews();
    render(
      <>
        <A label="a" t={t} />
        <B label="b" t={t} />
      </>,
    );
    expect(placeholder()).toBeNull();
    expect(document.querySelectorAll('[data-view-body]')).toHaveLength(2);
    expect(loads.map((l) => l.mock.calls.length)).toEqual([1, 1]);
  });

  test('preloadLazyViewsWhenIdle() loads them a moment later, unless cancelled', async () => {
    vi.resetModules();
    const lazy = await import('../../popup/lazy.tsx');
    const kept = vi.fn(async () => Counter);
    lazy.lazyView(kept);
    lazy.preloadLazyViewsWhenIdle();
    expect(kept).not.toHaveBeenCalled();
    await flush();
    expect(kept).toHaveBeenCalledTimes(1);

    vi.resetModules();
    const again = await import('../../popup/lazy.tsx');
    const cancelled = vi.fn(async () => Counter);
    again.lazyView(cancelled);
    again.preloadLazyViewsWhenIdle()();
    await flush();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
