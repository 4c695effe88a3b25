// Runs in a real browser page: the engine's verdicts on Google's and the standards' cases, the way
// the background and the popup will run it (bundled, no Node APIs).
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { GOOGLE_CASES } from '../robots/google-cases.ts';

const mismatches: string[] = [];
let checked = 0;
for (const c of GOOGLE_CASES) {
  const robots = parseRobotsTxt(c.robotstxt);
  const google = checkUrl(robots, c.agent, c.url, 'google').allowed;
  const rfc = checkUrl(robots, c.agent, c.url, 'rfc9309').allowed;
  checked += 2;
  if (google !== c.allowed) mismatches.push(`google ${c.source} ${c.agent} ${c.url.slice(0, 80)}`);
  if (rfc !== (c.rfc9309?.allowed ?? c.allowed))
    mismatches.push(`rfc9309 ${c.source} ${c.agent} ${c.url.slice(0, 80)}`);
}
// Hostile input must not throw in the browser either.
const hostile = parseRobotsTxt(`User-agent: *\nDisallow: /${'*a'.repeat(8000)}b\n\uD800\0\u0007`);
checkUrl(hostile, '\uDC00', `/${'a'.repeat(50_000)}`, 'google');
checked++;

const w = window as unknown as { __result: { checked: number; mismatches: string[] } };
w.__result = { checked, mismatches };
document.body.dataset['state'] = 'done';
document.body.textContent = `${checked} verdicts, ${mismatches.length} mismatches`;
