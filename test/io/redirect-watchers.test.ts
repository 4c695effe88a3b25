import { describe, expect, test } from 'vitest';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';

const OWN = 'chrome-extension://us';

/** A watch that writes what it is told: 'start', '<status> <to>', 'end'. */
function record(watchers: RedirectWatchers, url: string) {
  const seen: string[] = [];
  const stop = watchers.watch(url, {
    onStart: () => seen.push('start'),
    onRedirect: (e) => seen.push(`${e.status} ${e.to}`),
    onEnd: () => seen.push('end'),
  });
  return { seen, stop };
}

const hop = (requestId: string, url: string, redirectUrl: string, statusCode = 301) => ({
  requestId,
  url,
  redirectUrl,
  statusCode,
  initiator: OWN,
});

describe('RedirectWatchers: hops by request id (issue 15, item 2)', () => {
  test('two chains sharing URLs (http→https, apex→www), events interleaved: each its own', () => {
    const watchers = new RedirectWatchers(OWN);
    const http = record(watchers, 'http://a.test/robots.txt');
    const https = record(watchers, 'https://a.test/robots.txt');
    watchers.started({ requestId: '1', url: 'http://a.test/robots.txt', initiator: OWN });
    watchers.redirected(hop('1', 'http://a.test/robots.txt', 'https://a.test/robots.txt'));
    // Request 1 reaches https://a.test/robots.txt: it is not the request watched there.
    watchers.started({ requestId: '1', url: 'https://a.test/robots.txt', initiator: OWN });
    watchers.started({ requestId: '2', url: 'https://a.test/robots.txt', initiator: OWN });
    watchers.redirected(hop('2', 'https://a.test/robots.txt', 'https://www.a.test/robots.txt'));
    watchers.redirected(hop('1', 'https://a.test/robots.txt', 'https://www.a.test/robots.txt'));
    watchers.ended({ requestId: '2' });
    watchers.redirected(hop('1', 'https://www.a.test/robots.txt', 'https://www.a.test/r.txt', 302));
    watchers.ended({ requestId: '1' });
    expect(http.seen).toEqual([
      'start',
      '301 https://a.test/robots.txt',
      '301 https://www.a.test/robots.txt',
      '302 https://www.a.test/r.txt',
      'end',
    ]);
    expect(https.seen).toEqual(['start', '301 https://www.a.test/robots.txt', 'end']);
  });

  test('requests not ours or not watched are ignored; a stopped watch hears nothing', () => {
    const watchers = new RedirectWatchers(OWN);
    const a = record(watchers, 'https://a.test/robots.txt');
    // A site's service worker, at the watched URL: another initiator.
    watchers.started({
      requestId: 'sw',
      url: 'https://a.test/robots.txt',
      initiator: 'https://a.test',
    });
    watchers.redirected({
      ...hop('sw', 'https://a.test/robots.txt', 'https://x.test/'),
      initiator: 'https://a.test',
    });
    // Another request of ours, not watched.
    watchers.started({ requestId: 'page', url: 'https://a.test/', initiator: OWN });
    watchers.redirected(hop('page', 'https://a.test/', 'https://a.test/home'));
    watchers.ended({ requestId: 'page' });
    watchers.started({ requestId: 'ours', url: 'https://a.test/robots.txt', initiator: OWN });
    a.stop();
    watchers.redirected(hop('ours', 'https://a.test/robots.txt', 'https://b.test/robots.txt'));
    watchers.ended({ requestId: 'ours' });
    expect(a.seen).toEqual(['start']);
  });

  test('the same URL watched twice (a normal and a private window): oldest watch, first request', () => {
    const watchers = new RedirectWatchers(OWN);
    const first = record(watchers, 'https://a.test/robots.txt');
    const second = record(watchers, 'https://a.test/robots.txt');
    watchers.started({ requestId: '1', url: 'https://a.test/robots.txt', initiator: OWN });
    watchers.started({ requestId: '2', url: 'https://a.test/robots.txt', initiator: OWN });
    watchers.redirected(hop('2', 'https://a.test/robots.txt', 'https://b.test/robots.txt'));
    watchers.ended({ requestId: '1' });
    expect(first.seen).toEqual(['start', 'end']);
    expect(second.seen).toEqual(['start', '301 https://b.test/robots.txt']);
  });

  test('a start never seen: the first hop from the watched URL binds the request', () => {
    // Firefox may deliver the events after the response; an initiator may be missing.
    const watchers = new RedirectWatchers(OWN);
    const a = record(watchers, 'https://a.test/robots.txt');
    const { initiator: _, ...bare } = hop(
      '9',
      'https://a.test/robots.txt',
      'https://b.test/robots.txt',
    );
    watchers.redirected(bare);
    watchers.redirected(hop('9', 'https://b.test/robots.txt', 'https://c.test/robots.txt'));
    expect(a.seen).toEqual([
      'start',
      '301 https://b.test/robots.txt',
      '301 https://c.test/robots.txt',
    ]);
  });

  test('a hop reported after the end still counts until the watch stops (issue 15, item 3)', () => {
    const watchers = new RedirectWatchers(OWN);
    const a = record(watchers, 'https://a.test/robots.txt');
    watchers.started({ requestId: '1', url: 'https://a.test/robots.txt', initiator: OWN });
    watchers.ended({ requestId: '1' });
    watchers.redirected(hop('1', 'https://a.test/robots.txt', 'https://b.test/robots.txt'));
    a.stop();
    watchers.redirected(hop('1', 'https://b.test/robots.txt', 'https://c.test/robots.txt'));
    expect(a.seen).toEqual(['start', 'end', '301 https://b.test/robots.txt']);
  });
});
