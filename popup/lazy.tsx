// Views loaded when first shown: the popup's first screen runs only the code of its verdict rows,
// and the other views' code (with what only they use: the diff, the served-page comparison…)
// arrives as a chunk of its own (views.ts) the first time one of them is shown.
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Translator } from '../src/explain/index.ts';

/** A loaded module: the component itself (`.then((m) => m.Records)`) or a default export. */
export type LazyModule<P> = ComponentType<P> | { default: ComponentType<P> };

/** A component whose code is loaded on first render; `preload()` starts that earlier. */
export type LazyView<P> = FunctionComponent<P> & {
  /** Starts loading (once) and resolves when the view can render at once; rejects if it failed. */
  preload: () => Promise<void>;
};

/** Every lazy view made so far, for preloadLazyViews(). */
const made: LazyView<never>[] = [];

/**
 * Loads every lazy view made so far (the app calls it once the verdicts are on screen, so a view
 * opened later shows at once; component tests await it so views render synchronously, as before).
 */
export function preloadLazyViews(): Promise<void> {
  return Promise.all(made.map((view) => view.preload())).then(() => {});
}

/**
 * preloadLazyViews() once the page is idle (after the first screen has painted); returns a cancel.
 * Where there is no requestIdleCallback (happy-dom), a timeout stands in for it. Failures are left
 * to the view, which says so when it is shown.
 */
export function preloadLazyViewsWhenIdle(): () => void {
  const run = () => void preloadLazyViews().catch(() => {}); // the view says so when shown
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * A Preact component that renders `load()`'s component. Until the chunk arrives it renders an
 * empty placeholder (`data-lazy="loading"`; the popup keeps its height meanwhile); once loaded, every later render, and every later instance, is the view
 * itself at once, so its state lives as long as the instance does. A chunk that fails to load
 * (the extension was updated while the popup stayed open) shows `lazyViewError` and is tried
 * again the next time the view is built.
 */
export function lazyView<P extends { t: Translator }>(
  load: () => Promise<LazyModule<P>>,
): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = typeof module === 'function' ? module : module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    const [, setReady] = useState(false);
    const [failed, setFailed] = useState(false);
    const isLoaded = loaded !== null;
    useEffect(() => {
      if (isLoaded) return;
      let live = true;
      preload().then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [isLoaded]);
    if (loaded !== null) {
      const View = loaded;
      return <View {...props} />;
    }
    if (failed) {
      return (
        <p class="status error" role="alert" data-lazy="error">
          {props.t('lazyViewError')}
        </p>
      );
    }
    return <div class="lazy-view" data-lazy="loading" aria-busy="true" />;
  }
  const view = Object.assign(Lazy, { preload });
  made.push(view as LazyView<never>);
  return view;
}
