// The pieces every sentence is built from: sizes, ages, rules as written, lists, per locale.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import es from '../../_locales/es/messages.json';
import ru from '../../_locales/ru/messages.json';
import th from '../../_locales/th/messages.json';
import {
  ageText,
  listText,
  lookupIn,
  type Messages,
  ruleText,
  sizeText,
  type Translator,
  translator,
} from '../../src/explain/index.ts';

const T: Record<'en' | 'es' | 'ru' | 'th', Translator> = {
  en: translator(lookupIn(en), 'en'),
  es: translator(lookupIn(es as Messages), 'es'),
  ru: translator(lookupIn(ru as Messages), 'ru'),
  th: translator(lookupIn(th as Messages), 'th'),
};
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('sizeText', () => {
  // KiB is 1,024 bytes and says so; the exact count follows, in the locale's digits and plural.
  test.each([
    ['en', 0, '0 bytes'],
    ['en', 1, '1 byte'],
    ['en', 512, '512 bytes'],
    ['en', 1023, '1,023 bytes'],
    ['en', 1024, '1.0 KiB (1,024 bytes)'],
    ['en', 4300, '4.2 KiB (4,300 bytes)'],
    ['en', 512_000, '500.0 KiB (512,000 bytes)'],
    ['en', 2_000_000, '1,953.1 KiB (2,000,000 bytes)'],
    ['es', 4300, '4,2 KiB (4300 bytes)'],
    ['es', 1, '1 byte'],
    ['es', 1023, '1023 bytes'],
    ['ru', 4300, '4,2 КиБ (4\u00a0300 байт)'],
    ['ru', 512, '512 байт'],
    ['ru', 1, '1 байт'],
    ['ru', 1024, '1,0 КиБ (1\u00a0024 байта)'],
    ['th', 4300, '4.2 KiB (4,300 ไบต์)'],
    ['th', 512, '512 ไบต์'],
  ] as const)('%s: %d bytes → %s', (lang, bytes, text) => {
    expect(sizeText(bytes, T[lang])).toBe(text);
  });

  test('a round limit without decimals', () => {
    expect(sizeText(512_000, T.en, 0)).toBe('500 KiB (512,000 bytes)');
  });
});

describe('ageText', () => {
  // Rounded to the minute, then to the hour from 60 minutes on.
  test.each([
    ['en', 0, 'just now'],
    ['en', 29 * SECOND, 'just now'],
    ['en', 30 * SECOND, '1 minute ago'],
    ['en', 59 * SECOND, '1 minute ago'],
    ['en', MINUTE, '1 minute ago'],
    ['en', 2 * MINUTE, '2 minutes ago'],
    ['en', 59 * MINUTE, '59 minutes ago'],
    ['en', 59 * MINUTE + 29 * SECOND, '59 minutes ago'],
    ['en', 59 * MINUTE + 30 * SECOND, '1 hour ago'],
    ['en', 60 * MINUTE, '1 hour ago'],
    ['en', 89 * MINUTE, '1 hour ago'],
    ['en', 90 * MINUTE, '2 hours ago'],
    ['en', 24 * HOUR, '24 hours ago'],
    // Russian: one (1, 21), few (2–4, 22), many (5–20, 25).
    ['ru', 59 * SECOND, '1 минуту назад'],
    ['ru', 3 * MINUTE, '3 минуты назад'],
    ['ru', 5 * MINUTE, '5 минут назад'],
    ['ru', 11 * MINUTE, '11 минут назад'],
    ['ru', 21 * MINUTE, '21 минуту назад'],
    ['ru', 22 * MINUTE, '22 минуты назад'],
    ['ru', 59 * MINUTE, '59 минут назад'],
    ['ru', 60 * MINUTE, '1 час назад'],
    ['ru', 2 * HOUR, '2 часа назад'],
    ['ru', 5 * HOUR, '5 часов назад'],
    ['ru', 21 * HOUR, '21 час назад'],
    ['ru', 0, 'только что'],
    ['es', MINUTE, 'hace 1 minuto'],
    ['es', 3 * HOUR, 'hace 3 horas'],
    ['th', 5 * MINUTE, '5 นาทีที่แล้ว'],
    ['th', HOUR, '1 ชั่วโมงที่แล้ว'],
  ] as const)('%s: %d ms → %s', (lang, ms, text) => {
    expect(ageText(ms, T[lang])).toBe(text);
  });
});

describe('ruleText', () => {
  test.each([
    [{ type: 'allow', value: '/public/' }, 'Allow: /public/'],
    [{ type: 'disallow', value: '/private/*.pdf$' }, 'Disallow: /private/*.pdf$'],
  ] as const)('%j → %s', (rule, text) => {
    expect(ruleText(rule)).toBe(text);
  });

  test('the keys are not translated', () => {
    // ruleText takes no translator: the line reads as the file says it in every language.
    expect(ruleText({ type: 'disallow', value: '/x' })).toBe('Disallow: /x');
  });
});

describe('listText', () => {
  test.each([
    ['en', [], 'and', ''],
    ['en', ['Google'], 'and', 'Google'],
    ['en', ['Google', 'Yandex'], 'and', 'Google and Yandex'],
    ['en', ['Bing', 'DuckDuckGo', 'Yahoo'], 'and', 'Bing, DuckDuckGo, and Yahoo'],
    ['en', ['Google', 'Yandex'], 'or', 'Google or Yandex'],
    ['en', ['/a', '/b', '/c'], 'or', '/a, /b, or /c'],
    ['es', ['Bing', 'DuckDuckGo', 'Yahoo'], 'and', 'Bing, DuckDuckGo y Yahoo'],
    ['es', ['/a', '/b'], 'or', '/a o /b'],
    ['ru', ['Bing', 'DuckDuckGo', 'Yahoo'], 'and', 'Bing, DuckDuckGo и Yahoo'],
    ['ru', ['/a', '/b'], 'or', '/a или /b'],
    // Latin names spaced from the Thai conjunction (Intl gives "GoogleและBing").
    ['th', ['Google', 'Bing'], 'and', 'Google และ Bing'],
    ['th', ['/a', '/b'], 'or', '/a หรือ /b'],
    // Intl's Thai list separates items with a bare space: Latin items get a comma (review
    // 2026-11b, point 6), and Thai text joins the conjunction.
    [
      'th',
      ['https://a/s1.xml', 'https://a/s2.xml', 'https://a/s3.xml'],
      'and',
      'https://a/s1.xml, https://a/s2.xml และ https://a/s3.xml',
    ],
    ['th', ['Googlebot', 'Bingbot', 'อีก 5 รายการ'], 'and', 'Googlebot, Bingbot และอีก 5 รายการ'],
    ['th', ['การฝึก AI', 'คำตอบของ AI', 'ผลการค้นหา'], 'or', 'การฝึก AI, คำตอบของ AI หรือผลการค้นหา'],
  ] as const)('%s: %j (%s) → %s', (lang, items, kind, text) => {
    expect(listText(items, T[lang], kind)).toBe(text);
  });

  test("'and' is the default", () => {
    expect(listText(['a', 'b'], T.en)).toBe('a and b');
  });
});
