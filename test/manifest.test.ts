import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The manifest's own Content Security Policy for extension pages (the background included).
// Without one, Firefox applies its MV3 default, "script-src 'self'; upgrade-insecure-requests;"
// (pref extensions.webextensions.default-content-security-policy.v3, Firefox ESR 153): every
// http:// request the background makes is sent as https://, localhost and 127.0.0.1 excepted. The
// robots.txt of an http-only site then failed ("Network error: crawlers treat every page as
// disallowed") and a site serving another file over https was judged by that file. Seen in
// Firefox by npm run screenshots with the demo site as www.example.com.
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../manifest.json'), 'utf8'));

test('extension pages have a CSP of their own that does not upgrade http requests', () => {
  const csp: unknown = manifest.content_security_policy?.extension_pages;
  expect(typeof csp).toBe('string');
  const directives = String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0] !== '');
  expect(directives.map((d) => d[0])).not.toContain('upgrade-insecure-requests');
  expect(directives.map((d) => d[0])).not.toContain('block-all-mixed-content');
  // Still only the extension's own scripts (the browsers' minimum for MV3).
  expect(directives.find((d) => d[0] === 'script-src')).toEqual(['script-src', "'self'"]);
});
