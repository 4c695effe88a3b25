import { expect, test } from 'vitest';
import { parseRobotsTxt, summarizeRobotsTxt } from '../../src/robots/index.ts';

test('1994 Example 1: all robots may not visit /cyberworld/map/, /tmp/ or /foo.html', () => {
  const text = 'User-agent: *\nDisallow: /cyberworld/map/\nDisallow: /tmp/\nDisallow: /foo.html\n';
  const [s] = summarizeRobotsTxt(parseRobotsTxt(text), 'original1994');
  expect(s).toMatchObject({ everyone: true, access: 'all-except', allowed: [] });
  expect(s?.disallowed).toEqual([
    { kind: 'directory', path: '/cyberworld/map/', value: '/cyberworld/map/', line: 2 },
    { kind: 'directory', path: '/tmp/', value: '/tmp/', line: 3 },
    { kind: 'prefix', path: '/foo.html', value: '/foo.html', line: 4 },
  ]);
});

test.each([
  ['User-agent: *\nDisallow: /\n', 'none', []],
  ['User-agent: *\nDisallow:\n', 'all', []],
  ['User-agent: *\nDisallow: /\nAllow: /public/\n', 'none-except', []],
  ['User-agent: *\nAllow: /\nDisallow: /private\n', 'all-except', ['prefix']],
  [
    'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?\nDisallow: /$\nDisallow: /a/b$\nDisallow: /a*b\n',
    'all-except',
    ['file-type', 'containing', 'home-page', 'exact', 'pattern'],
  ],
])('%j → %s', (text, access, kinds) => {
  const [s] = summarizeRobotsTxt(parseRobotsTxt(text));
  expect(s?.access).toBe(access);
  expect(s?.disallowed.map((p) => p.kind)).toEqual(kinds);
});
