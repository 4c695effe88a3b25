// The command line's counts in every language (issue 31, item 6): each count through the
// language's plural rules and number format (CLDR through Intl), so that no language says
// "1 of 1 verdicts change" or mixes "1.000.000" with "999999" in one line. In process
// (cli/main.ts's main with in-memory streams), against files in a temporary folder.
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { main } from '../../cli/main.ts';
import { tempFiles } from '../fixtures/temp-files.ts';

async function run(args: string[], input = '') {
  const stdin = new PassThrough();
  stdin.end(input);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    err += d;
  });
  const status = await main(args, { stdin, stdout, stderr });
  return { status, stdout: out, stderr: err };
}

const { file } = tempFiles('rl-cli-words-');
const lastLine = (text: string) => text.trim().split('\n').at(-1);
/** `n` paths, /p0 … /p(n-1), one a line. */
const paths = (n: number) => Array.from({ length: n }, (_, i) => `/p${i}\n`).join('');

describe('diff: how many verdicts change, out of how many', () => {
  // [language, changed of total, the last line on stderr]. Plural forms: CLDR's rules for the
  // language (en, es one/many/other; ru one/few/many/other; th other); numbers: Intl.NumberFormat.
  test.each([
    ['en', 1, 1, '1 verdict changes, out of 1'],
    ['en', 2, 1000, '2 verdicts change, out of 1,000'],
    ['es', 1, 1, 'cambia 1 veredicto de 1'],
    ['es', 2, 1000, 'cambian 2 veredictos de 1000'],
    ['ru', 1, 1, 'изменился 1 результат из 1'],
    ['ru', 2, 1000, 'изменились 2 результата из 1\u00a0000'],
    ['ru', 5, 5, 'изменилось 5 результатов из 5'],
    ['th', 1, 1, 'ผลตัดสินเปลี่ยน 1 รายการจาก 1 รายการ'],
    ['th', 2, 1000, 'ผลตัดสินเปลี่ยน 2 รายการจาก 1,000 รายการ'],
  ] as const)('%s: %i of %i', async (lang, changed, total, line) => {
    const old = file('old.txt', 'User-agent: *\nDisallow: /nothing\n');
    const rules = Array.from({ length: changed }, (_, i) => `Disallow: /p${i}$\n`).join('');
    const now = file(`new-${changed}.txt`, `User-agent: *\n${rules}`);
    const urls = file(`urls-${total}.txt`, paths(total));
    const r = await run(['diff', old, now, '--agent', 'Googlebot', '--urls', urls, '--lang', lang]);
    expect(r.status).toBe(0);
    expect(lastLine(r.stderr)).toBe(line);
  });
});

describe('check: the totals line', () => {
  test.each([
    ['en', 1000, '1,000 verdicts: 1,000 allowed, 0 disallowed'],
    ['es', 1, '1 veredicto (permitidos: 1; bloqueados: 0)'],
    ['es', 10_000, '10.000 veredictos (permitidos: 10.000; bloqueados: 0)'],
    ['ru', 1000, '1\u00a0000 результатов: разрешено: 1\u00a0000, запрещено: 0'],
    ['th', 1000, 'ผลตัดสิน 1,000 รายการ: อนุญาต 1,000, ไม่อนุญาต 0'],
  ] as const)('%s: %i verdicts', async (lang, n, line) => {
    const robots = file('robots.txt', 'User-agent: *\nDisallow: /private\n');
    const urls = file(`urls-${n}.txt`, paths(n));
    const r = await run([
      'check',
      '--robots',
      robots,
      '--agent',
      'Googlebot',
      '--urls',
      urls,
      '--lang',
      lang,
    ]);
    expect(r.status).toBe(0);
    expect(lastLine(r.stdout)).toBe(line);
  });
});
