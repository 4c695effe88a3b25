// The command line's counts in every language (issue 31, item 6): each count through the
// language's plural rules and number format (CLDR through Intl), so that no language says
// "1 of 1 verdicts change" or mixes "1.000.000" with "999999" in one line. In process
// (cli/main.ts's main with in-memory streams), against files in a temporary folder.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempFiles } from '../fixtures/temp-files.ts';
import { runMain } from './in-process.ts';

const run = runMain;

const { file, dir } = tempFiles('rl-cli-words-');
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

/**
 * The words of Node's own English message that show up in `line`: each word of three letters or
 * more of `english` (what Node said for the same failure), once `given` (the user's own text:
 * paths, options, URLs) is taken out of both.
 */
function englishLeft(line: string, english: string, given: readonly string[]): string[] {
  const strip = (text: string) => given.reduce((s, g) => s.split(g).join(' '), text);
  const words = new Set(strip(english).match(/[A-Za-z]{3,}/g) ?? []);
  const said = new Set(strip(line).match(/[A-Za-z]{3,}/g) ?? []);
  return [...words].filter((w) => said.has(w));
}

describe('errors in words, no English from Node inside a translated sentence', () => {
  test('englishLeft finds the English a translated line kept', () => {
    const english = "ENOENT: no such file or directory, open '/tmp/x.txt'";
    expect(englishLeft('No se puede leer /tmp/x.txt: ENOENT', english, ['/tmp/x.txt'])).toEqual([
      'ENOENT',
    ]);
    expect(englishLeft('No se puede leer /tmp/x.txt: no existe', english, ['/tmp/x.txt'])).toEqual(
      [],
    );
  });

  /** What Node says, in English, for each failure; the run's stderr must keep none of it. */
  const node = (fail: () => unknown): string => {
    try {
      fail();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return '';
  };
  const parse = (args: string[]) =>
    node(() =>
      parseArgs({
        args,
        options: { robots: { type: 'string' }, help: { type: 'boolean' } },
        strict: true,
        allowPositionals: true,
      }),
    );

  const LANGS = ['es', 'ru', 'th'] as const;
  // [case, args after the command, Node's English for it, the user's own text, the words wanted]
  const CASES = [
    [
      'a file that is not there (ENOENT)',
      (dir: string) => ['check', '--robots', join(dir, 'missing.txt'), '/x'],
      (dir: string) => node(() => readFileSync(join(dir, 'missing.txt'))),
      (dir: string) => [join(dir, 'missing.txt')],
      { es: 'no existe el archivo', ru: 'файл не найден', th: 'ไม่มีไฟล์นี้' },
    ],
    [
      'a folder (EISDIR)',
      (dir: string) => ['check', '--robots', dir, '/x'],
      (dir: string) => node(() => readFileSync(dir)),
      (dir: string) => [dir],
      { es: 'es una carpeta', ru: 'это папка', th: 'เป็นโฟลเดอร์' },
    ],
    [
      'a path through a file (ENOTDIR)',
      (dir: string) => ['check', '--robots', join(dir, 'robots.txt', 'x'), '/x'],
      (dir: string) => node(() => readFileSync(join(dir, 'robots.txt', 'x'))),
      (dir: string) => [join(dir, 'robots.txt', 'x')],
      { es: 'no es una carpeta', ru: 'не является папкой', th: 'ไม่ใช่โฟลเดอร์' },
    ],
    [
      'an unknown option',
      () => ['check', '--frobnicate'],
      () => parse(['--frobnicate']),
      () => ['--frobnicate'],
      { es: 'opción desconocida', ru: 'неизвестный параметр', th: 'ไม่รู้จักตัวเลือก' },
    ],
    [
      'an option without its value',
      () => ['check', '--robots'],
      () => parse(['--robots']),
      () => ['--robots'],
      { es: 'necesita un valor', ru: 'нужно значение', th: 'ต้องมีค่า' },
    ],
    [
      'a value for a switch',
      () => ['check', '--help=yes'],
      () => parse(['--help=yes']),
      () => ['--help'],
      { es: 'no admite ningún valor', ru: 'не принимает значения', th: 'ไม่รับค่า' },
    ],
    [
      'a --urls file that is not there',
      (dir: string) => ['check', '--urls', join(dir, 'none.txt')],
      (dir: string) => node(() => readFileSync(join(dir, 'none.txt'))),
      (dir: string) => [join(dir, 'none.txt')],
      { es: 'no existe el archivo', ru: 'файл не найден', th: 'ไม่มีไฟล์นี้' },
    ],
  ] as const;

  for (const [name, args, english, given, words] of CASES)
    test.each(LANGS)(`${name}: %s`, async (lang) => {
      file('robots.txt', 'User-agent: *\nDisallow: /private\n');
      const d = dir();
      const r = await run([...args(d), '--lang', lang]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      const line = r.stderr.trim();
      expect(line.split('\n')).toHaveLength(1);
      expect(line).toContain(words[lang]);
      expect(english(d)).not.toBe('');
      expect(englishLeft(line, english(d), [...given(d), 'robots-lens', '--help'])).toEqual([]);
    });

  test.each(LANGS)('a sitemap whose server refuses the connection: %s', async (lang) => {
    // A port nothing listens on: fetch fails with "fetch failed", ECONNREFUSED in its cause.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    const url = `http://127.0.0.1:${port}/sitemap.xml`;
    const robots = file('robots.txt', 'User-agent: *\nDisallow: /private\n');
    const r = await run(['check', '--robots', robots, '--sitemap', url, '--lang', lang]);
    expect(r.status).toBe(2);
    const line = r.stderr.trim();
    expect(line).toContain(
      { es: 'rechazó la conexión', ru: 'отклонил соединение', th: 'ปฏิเสธการเชื่อมต่อ' }[lang],
    );
    expect(englishLeft(line, 'fetch failed (ECONNREFUSED)', [url])).toEqual([]);
  });
});

test.each([
  ['en', 'AI training: no → yes'],
  ['ru', 'обучение ИИ: нет → да'],
  ['th', 'การฝึก AI: ไม่อนุญาต → อนุญาต'],
] as const)('diff: an AI use said as a label, in the nominative (%s)', async (lang, line) => {
  // aiUseTrain is the form after "no to"; ru "обучения ИИ: да" was the genitive as a label
  // (review 2026-11b, code-level point 5).
  const old = file('ai-old.txt', 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n');
  const now = file('ai-new.txt', 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /\n');
  const r = await run(['diff', old, now, '--agent', 'GPTBot', '/x', '--lang', lang]);
  expect(r.stdout).toContain(line);
});
