// --resume (issue 41): it only ever appends to a file that is a robots-lens audit of the same
// robots, and refuses anything else without changing a byte (exit 2); a missing or empty file
// starts fresh; a torn end of a file of ours is cut off. Reading it is linear, and a "line" past
// a record's bound is refused without reading on.
import {
  createReadStream,
  linkSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_RECORD_BYTES, ResumeFile, resumeReading } from '../../cli/resume.ts';
import { runMain } from './in-process.ts';

let dir = '';
let server: Server;
let origin = '';
let asked = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rl-resume-'));
  server = createServer((req, res) => {
    asked++;
    if (req.url === '/robots.txt') res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A record line as audit writes it. */
const record = (url: string, agent: string) =>
  `${JSON.stringify({ url, agent, status: 200, state: 'indexable', reasons: [] })}\n`;
/** The records of URLs for robots, in order. */
const audit = (urls: string[], agents: string[]) =>
  urls.map((u) => agents.map((a) => record(u, a)).join('')).join('');
const agentArgs = (agents: string[]) => agents.flatMap((a) => ['--agent', a]);
const two = ['Googlebot', 'Bingbot'];
const three = ['Googlebot', 'Bingbot', 'GPTBot'];

describe('--resume refuses a file that is not its own, changing no byte', () => {
  const cases: {
    name: string;
    content: string;
    agents: string[];
    /** Arguments besides --resume FILE and the agents; FILE stands for the file's path. */
    args: (file: string) => string[];
    said: RegExp;
  }[] = [
    {
      name: 'a text file',
      content:
        'My precious notes: the garage code is 4711, the boat is moored at pier 9.\nDo not lose.\n',
      agents: two,
      args: () => [`${origin}/a`],
      said: /is not a robots-lens audit/,
    },
    {
      name: 'JSON lines that are not audit records',
      content: '{"url":"https://a.example/","agent":"x"}\n{"url":"https://a.example/b"}\n',
      agents: two,
      args: () => [`${origin}/a`],
      said: /is not a robots-lens audit/,
    },
    {
      name: 'records, then a line that is none',
      content: `${audit(['https://a.example/'], two)}tail of something else\n`,
      agents: two,
      args: () => [`${origin}/a`],
      said: /is not a robots-lens audit/,
    },
    {
      name: 'records, then an end that starts no record',
      content: `${audit(['https://a.example/'], two)}garbage without a newline`,
      agents: two,
      args: () => [`${origin}/a`],
      said: /is not a robots-lens audit/,
    },
    {
      name: 'its own --urls list',
      content: `${origin}/a\n${origin}/b\n`,
      agents: two,
      args: (file) => ['--urls', file],
      said: /is also an input of this run/,
    },
    {
      name: 'its own --sitemap file',
      content: `${origin}/a\n`,
      agents: two,
      args: (file) => ['--sitemap', file],
      said: /is also an input of this run/,
    },
    {
      name: 'an audit of 2 robots resumed with 3',
      content: audit(['https://a.example/', 'https://a.example/b'], two),
      agents: three,
      args: () => [`${origin}/a`],
      said: /is an audit of other robots \(Googlebot, Bingbot\)/,
    },
    {
      name: 'an audit of 1 URL for 2 robots resumed with 3',
      content: audit(['https://a.example/'], two),
      agents: three,
      args: () => [`${origin}/a`],
      said: /is an audit of other robots \(Googlebot, Bingbot\)/,
    },
    {
      name: 'an audit of 3 robots resumed with 2',
      content: audit(['https://a.example/', 'https://a.example/b'], three),
      agents: two,
      args: () => [`${origin}/a`],
      said: /is an audit of other robots \(Googlebot, Bingbot, GPTBot\)/,
    },
    {
      name: 'an audit of the same robots in another order',
      content: audit(['https://a.example/'], ['Bingbot', 'Googlebot']),
      agents: two,
      args: () => [`${origin}/a`],
      said: /is an audit of other robots \(Bingbot, Googlebot\)/,
    },
  ];
  test.each(cases)('$name', async ({ name, content, agents, args, said }) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.txt`);
    writeFileSync(file, content);
    asked = 0;
    const r = await runMain(['audit', '--resume', file, ...agentArgs(agents), ...args(file)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(said);
    expect(r.stderr).toMatch(/Nothing was changed/);
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(asked).toBe(0);
  });

  test('the same file under another name (a hard link) given to --urls', async () => {
    const list = join(dir, 'list.txt');
    const content = `${origin}/a\n`;
    writeFileSync(list, content);
    const link = join(dir, 'list-link.jsonl');
    linkSync(list, link);
    const r = await runMain(['audit', '--resume', link, '--urls', list]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is also an input of this run/);
    expect(readFileSync(list, 'utf8')).toBe(content);
  });

  test('stdin redirected from it', async () => {
    const file = join(dir, 'stdin.txt');
    const content = `${origin}/a\n`;
    writeFileSync(file, content);
    const fd = openSync(file, 'r');
    const stdin = createReadStream('', { fd });
    try {
      const r = await runMain(['audit', '--resume', file], '', stdin);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/is also an input of this run/);
    } finally {
      stdin.destroy();
    }
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  test('the other languages say it too', async () => {
    const file = join(dir, 'precious-es.txt');
    writeFileSync(file, 'notes\n');
    for (const [lang, said] of [
      ['es', /no es una auditoría de robots-lens/],
      ['ru', /не аудит robots-lens/],
      ['th', /ไม่ใช่ผลตรวจของ robots-lens/],
    ] as const) {
      const r = await runMain(['audit', '--lang', lang, '--resume', file, `${origin}/a`]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(said);
    }
    expect(readFileSync(file, 'utf8')).toBe('notes\n');
  });
});

describe('--resume appends to its own files', () => {
  test.each([
    { name: 'a missing file', content: null },
    { name: 'an empty file', content: '' },
  ])('$name starts fresh', async ({ name, content }) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
    if (content !== null) writeFileSync(file, content);
    const r = await runMain(['audit', '--resume', file, ...agentArgs(two), `${origin}/a`]);
    expect(r.status).toBe(0);
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    ).toHaveLength(2);
  });

  test.each([
    { name: 'a torn last line', torn: (done: string) => `${done}{"url":"${origin}/b","ag` },
    {
      name: 'a URL missing its last robot',
      torn: (done: string) => `${done}${record(`${origin}/b`, 'Googlebot')}`,
    },
    {
      name: 'a torn line after a partial URL',
      torn: (done: string) => `${done}${record(`${origin}/b`, 'Googlebot')}{"u`,
    },
  ])('$name is cut off, then the rest appended', async ({ name, torn }) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
    const first = await runMain(['audit', '--format', 'jsonl', ...agentArgs(two), `${origin}/a`]);
    writeFileSync(file, torn(first.stdout));
    const r = await runMain([
      'audit',
      '--resume',
      file,
      ...agentArgs(two),
      `${origin}/a`,
      `${origin}/b`,
    ]);
    expect(r.status).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(lines.map((l) => JSON.parse(l).url)).toEqual([
      `${origin}/a`,
      `${origin}/a`,
      `${origin}/b`,
      `${origin}/b`,
    ]);
  });
});

describe('reading a resume file is linear', () => {
  test('a 300 MB "line" without a newline is refused after reading about a record’s bound', async () => {
    const file = join(dir, 'huge.jsonl');
    writeFileSync(file, '{"url":"https://a.example/');
    // Sparse: 300 MB of zeros after a record's start, no newline anywhere.
    truncateSync(file, 300 * 1024 * 1024);
    resumeReading.bytes = 0;
    await expect(ResumeFile.open(file, two)).rejects.toMatchObject({ why: 'not-ours' });
    expect(resumeReading.bytes).toBeLessThanOrEqual(MAX_RECORD_BYTES + 128 * 1024);
    const r = await runMain(['audit', '--resume', file, ...agentArgs(two), `${origin}/a`]);
    expect(r.status).toBe(2);
    expect(readFileSync(file).length).toBe(300 * 1024 * 1024);
  });

  test('many records are read once each', async () => {
    const file = join(dir, 'many.jsonl');
    const content = audit(
      Array.from({ length: 20_000 }, (_, i) => `https://a.example/${i}`),
      two,
    );
    writeFileSync(file, content);
    resumeReading.bytes = 0;
    const opened = await ResumeFile.open(file, two);
    expect(opened.done).toBe(20_000);
    expect(resumeReading.bytes).toBe(Buffer.byteLength(content));
  });
});
