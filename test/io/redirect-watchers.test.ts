import { describe, expect, test, vi } from 'vitest';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';

const OWN = 'chrome-extension://us';
const URL_A = 'https://a.test/robots.txt';

/** onHeadersReceived details of a redirect: its status and Location header. */
const headers = (requestId: string, url: string, status: number, location?: string) => ({
  requestId,
  url,
  statusCode: status,
  initiator: OWN,
  responseHeaders: location === undefined ? [] : [{ name: 'Location', value: location }],
});

// The orders are the ones seen in Chromium 156 and Firefox ESR 153 for a fetch from the
// background with redirect: 'manual' (a probe logging every webRequest event, 2026-11-23).
describe('RedirectWatchers: one report per request, by request id (issue 15, items 2 and 3)', () => {
  test('Chromium: headers (status, Location), then onBeforeRedirect with the address', async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    watchers.started({ requestId: '6', url: URL_A, initiator: OWN });
    const report = watch.answered();
    watchers.headers(headers('6', URL_A, 302, '/final'));
    watchers.answered({
      requestId: '6',
      statusCode: 302,
      ip: '93.184.216.34',
      redirectUrl: 'https://a.test/final',
    });
    // Then Chromium ends the request with net::ERR_ABORTED: nothing changes.
    watchers.answered({ requestId: '6', ip: '93.184.216.34' });
    expect(await report).toEqual({ status: 302, location: '/final', ip: '93.184.216.34' });
    watch.stop();
  });

  test('Firefox: every event after fetch resolved, the address in the headers', async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    const report = watch.answered();
    setTimeout(() => {
      watchers.started({
        requestId: '7',
        url: URL_A,
        initiator: `${OWN}/_generated_background_page.html`,
      });
      watchers.headers({
        ...headers('7', URL_A, 301, 'https://www.a.test/robots.txt'),
        ip: '10.1.2.3',
      });
      watchers.answered({ requestId: '7', statusCode: 301, ip: '10.1.2.3' });
    }, 20);
    expect(await report).toEqual({
      status: 301,
      location: 'https://www.a.test/robots.txt',
      ip: '10.1.2.3',
    });
  });

  test('a final response: its status and address when its answer starts', async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    watchers.started({ requestId: '8', url: URL_A, initiator: OWN });
    watchers.headers(headers('8', URL_A, 200));
    watchers.answered({ requestId: '8', statusCode: 200, ip: '2001:db8::1' });
    expect(await watch.answered()).toEqual({ status: 200, location: null, ip: '2001:db8::1' });
  });

  test('two watches of one URL (a normal and a private window): each its own request', async () => {
    const watchers = new RedirectWatchers(OWN);
    const first = watchers.watch(URL_A);
    const second = watchers.watch(URL_A);
    watchers.started({ requestId: '1', url: URL_A, initiator: OWN });
    watchers.started({ requestId: '2', url: URL_A, initiator: OWN });
    watchers.headers(headers('2', URL_A, 301, 'https://b.test/robots.txt'));
    watchers.answered({ requestId: '2' });
    watchers.headers(headers('1', URL_A, 404));
    watchers.answered({ requestId: '1' });
    expect(await first.answered()).toMatchObject({ status: 404, location: null });
    expect(await second.answered()).toMatchObject({
      status: 301,
      location: 'https://b.test/robots.txt',
    });
  });

  test("requests not ours (a site's service worker) or not watched are ignored", async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    watchers.started({ requestId: 'sw', url: URL_A, initiator: 'https://a.test' });
    watchers.headers({
      ...headers('sw', URL_A, 302, 'https://evil.test/'),
      initiator: 'https://a.test',
    });
    watchers.answered({ requestId: 'sw' });
    watchers.started({ requestId: 'page', url: 'https://a.test/', initiator: OWN });
    watchers.answered({ requestId: 'page' });
    watchers.started({ requestId: 'ours', url: URL_A, initiator: OWN });
    watchers.headers(headers('ours', URL_A, 200));
    watchers.answered({ requestId: 'ours' });
    expect(await watch.answered()).toMatchObject({ status: 200, location: null });
  });

  test('a start never reported: the headers of our request at the watched URL bind it', async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    watchers.headers(headers('9', URL_A, 308, '/b'));
    watchers.answered({ requestId: '9' });
    expect(await watch.answered()).toMatchObject({ status: 308, location: '/b' });
  });

  test('a report is waited for however late it comes: no wait of its own decides (issue 41)', async () => {
    // Firefox under load: the request is reported seconds after fetch resolved. The watch has no
    // time limit; only the exchange's deadline (io/deadline.ts) or a stop ends the wait.
    vi.useFakeTimers();
    try {
      const watchers = new RedirectWatchers(OWN);
      const watch = watchers.watch(URL_A);
      let report: unknown = 'pending';
      void watch.answered().then((r) => {
        report = r;
      });
      await vi.advanceTimersByTimeAsync(3000);
      expect(report).toBe('pending');
      watchers.started({ requestId: '3', url: URL_A, initiator: OWN });
      watchers.headers(headers('3', URL_A, 301, '/next'));
      watchers.answered({ requestId: '3', statusCode: 301 });
      await vi.advanceTimersByTimeAsync(0);
      expect(report).toEqual({ status: 301, location: '/next', ip: null });
    } finally {
      vi.useRealTimers();
    }
  });

  test('a stopped watch hears nothing more, and its wait ends', async () => {
    const watchers = new RedirectWatchers(OWN);
    const watch = watchers.watch(URL_A);
    watchers.started({ requestId: '4', url: URL_A, initiator: OWN });
    const report = watch.answered();
    watch.stop();
    watchers.answered({ requestId: '4', statusCode: 200 });
    expect(await report).toBeNull();
    // The URL is free for the next watch.
    const next = watchers.watch(URL_A);
    watchers.started({ requestId: '5', url: URL_A, initiator: OWN });
    watchers.answered({ requestId: '5', statusCode: 204 });
    expect(await next.answered()).toMatchObject({ status: 204 });
  });
});
