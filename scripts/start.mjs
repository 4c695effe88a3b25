// npm start [-- chromium|firefox]: builds, starts the demo site, and opens a browser with the
// extension loaded (web-ext run): the one named, else Chromium or Firefox, whichever is installed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startDemoSite } from './demo-site.mjs';

const CANDIDATES = {
  chromium: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  firefox: [
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
    '/Applications/Firefox.app/Contents/MacOS/firefox',
  ],
};
const wanted = process.argv[2];
if (wanted !== undefined && !(wanted in CANDIDATES)) {
  console.error(`Unknown browser "${wanted}": use chromium or firefox.`);
  process.exit(2);
}
const order = wanted ? [wanted] : ['chromium', 'firefox'];
const found = order
  .map((b) => [b, CANDIDATES[b].find((p) => existsSync(p))])
  .find(([, p]) => p !== undefined);
if (found === undefined) {
  console.error(
    `No ${order.join(' or ')} found. Install one (Debian: apt-get install -y chromium firefox-esr).`,
  );
  process.exit(1);
}
const [browser, binary] = found;

await new Promise((resolve, reject) => {
  spawn('node', ['scripts/build.mjs'], { stdio: 'inherit' }).on('exit', (code) =>
    code === 0 ? resolve() : reject(new Error('build failed')),
  );
});
const site = await startDemoSite(8421).catch(() => startDemoSite(0)); // port taken: any port
console.log(`Demo site: ${site.origin}/ (robots.txt from the 1994 standard's examples)`);

const args = [
  'web-ext',
  'run',
  '--source-dir',
  'dist',
  '--no-reload',
  `--start-url=${site.origin}/cyberworld/map/index.html`,
];
if (browser === 'chromium') {
  args.push('--target', 'chromium', `--chromium-binary=${binary}`, '--arg=--no-first-run');
  if (process.getuid?.() === 0) args.push('--arg=--no-sandbox'); // Chromium refuses to run as root otherwise
} else {
  args.push('--target', 'firefox-desktop', `--firefox=${binary}`);
}
console.log(
  `Opening ${browser} (${binary}) with Robots Lens loaded. Close the browser or press Ctrl+C to stop.`,
);
const child = spawn('npx', args, { stdio: 'inherit' });
const stop = () => {
  child.kill('SIGINT');
  site.close();
};
process.on('SIGINT', stop);
child.on('exit', (code) => {
  site.close();
  process.exit(code ?? 0);
});
