import { afterAll, beforeAll, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the start script
import { startDemoSite } from '../scripts/demo-site.mjs';
import { checkCrawler } from '../src/crawlers.ts';
import { parseRobotsTxt } from '../src/robots/index.ts';

let site: { origin: string; close: () => void };
beforeAll(async () => {
  site = await startDemoSite(0);
});
afterAll(() => site.close());

test.each([
  ['/', true],
  ['/about.html', true],
  ['/cyberworld/map/index.html', false],
  ['/tmp/notes.html', false],
  ['/foo.html', false],
  ['/drafts.html', true],
  ['/report.html', true],
  ['/tmp/old.html', false],
])('npm start demo site: %s is %s for Googlebot, and served', async (path, allowed) => {
  const robots = parseRobotsTxt(await (await fetch(`${site.origin}/robots.txt`)).text());
  expect(checkCrawler(robots, 'Googlebot', site.origin + path).allowed).toBe(allowed);
  expect(checkCrawler(robots, 'cybermapper', site.origin + path).allowed).toBe(true);
  expect((await fetch(site.origin + path)).status).toBe(200);
});

test('npm start demo site: pages that say noindex by a tag and by a header', async () => {
  expect(await (await fetch(`${site.origin}/drafts.html`)).text()).toContain(
    '<meta name="robots" content="noindex, nofollow">',
  );
  const report = await fetch(`${site.origin}/report.html`);
  expect(report.headers.get('x-robots-tag')).toBe('googlebot: noindex, bingbot: nosnippet');
});
