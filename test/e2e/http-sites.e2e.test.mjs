// End-to-end: a site served over plain http under a public name gets its robots.txt read over
// http, in real Chromium and Firefox ESR. Without a content_security_policy of its own, Firefox
// gives an MV3 extension "upgrade-insecure-requests" (its default policy,
// extensions.webextensions.default-content-security-policy.v3): the background asked
// https://<site>/robots.txt instead, which an http-only site does not answer, and every page of it
// was judged disallowed ("Network error"). localhost and 127.0.0.1 are exempt from that upgrade,
// so the other suites (all on 127.0.0.1) could not see it: this one names the site PUBLIC_NAME
// (browsers.mjs), which both browsers resolve to 127.0.0.1.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { BROWSERS, PUBLIC_NAME } from './browsers.mjs';

async function startSite() {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(req.url);
    if (req.url === '/robots.txt')
      return res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end('User-agent: *\nDisallow: /private/\n');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>http only</title><h1>http only</h1>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://${PUBLIC_NAME}:${server.address().port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

for (const launch of BROWSERS) {
  describe(`${launch.name.replace('launch', '')}: an http-only site under a public name`, () => {
    let site;
    let browser;
    before(async () => {
      site = await startSite();
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      site?.close();
    });

    test('its robots.txt is fetched over http, and decides', async (t) => {
      const opened = await browser.openSite(`${site.origin}/private/page`);
      t.after(() => opened.page.close().catch(() => {}));
      assert.equal(typeof opened.tabId, 'number', 'no tab for the site');
      const seen = await browser.popup(opened.tabId);
      assert.equal(seen.state, 'done', seen.text);
      assert.equal(seen.outcome, 'ok', `robots.txt not read: ${seen.text.slice(0, 300)}`);
      const googlebot = seen.rows.find((r) => r.robot === 'Googlebot');
      assert.deepEqual(googlebot, { robot: 'Googlebot', verdict: 'disallowed', line: '2' });
      assert.ok(site.requests.includes('/robots.txt'), 'the site was asked for /robots.txt');
    });
  });
}
