import { describe, expect, test } from 'vitest';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';

describe('RedirectWatchers', () => {
  test('follows a chain by its current URL and stops when asked', () => {
    const watchers = new RedirectWatchers();
    const seen: string[] = [];
    const stop = watchers.watch('https://a.test/robots.txt', (e) =>
      seen.push(`${e.status} ${e.to}`),
    );
    watchers.observe({
      from: 'https://a.test/robots.txt',
      to: 'https://b.test/robots.txt',
      status: 301,
    });
    watchers.observe({ from: 'https://other.test/x', to: 'https://c.test/', status: 302 });
    watchers.observe({
      from: 'https://b.test/robots.txt',
      to: 'https://b.test/r.txt',
      status: 302,
    });
    stop();
    watchers.observe({ from: 'https://b.test/r.txt', to: 'https://d.test/', status: 301 });
    expect(seen).toEqual(['301 https://b.test/robots.txt', '302 https://b.test/r.txt']);
  });
});
