// Redirect hops of our own robots.txt fetches, seen through webRequest: a fetch with
// redirect: 'manual' returns an opaque response without Location in the browser. The observer of
// fetchRobotsTxtInBrowser; the background feeds it from webRequest.onBeforeRedirect.
import type { RedirectEvent, RedirectObserver } from './fetch-robots.ts';

type Listener = (event: RedirectEvent) => void;

/** Watches chains by their current URL; one watcher per URL (fetches are one per origin). */
export class RedirectWatchers implements RedirectObserver {
  private readonly byUrl = new Map<string, Listener>();

  /** Starts watching the request for `url`; returns the function that stops. */
  watch(url: string, onRedirect: Listener): () => void {
    let current = url;
    const listener: Listener = (event) => {
      this.byUrl.delete(current);
      current = event.to;
      this.byUrl.set(current, listener);
      onRedirect(event);
    };
    this.byUrl.set(url, listener);
    return () => {
      if (this.byUrl.get(current) === listener) this.byUrl.delete(current);
    };
  }

  /** Called from webRequest.onBeforeRedirect for requests outside any tab. */
  observe(event: RedirectEvent): void {
    this.byUrl.get(event.from)?.(event);
  }
}
