// Settings: defaults, the stored schema and its migrations, validation of imports (robot names
// are checked by src/robot-names.ts). Data and pure functions only: the background stores them,
// the UIs edit them.
import { MAX_CACHE_MS } from '../policy.ts';
import { checkRobotName, DEFAULT_ROBOTS, MAX_ROBOTS } from '../robot-names.ts';
import { utf8Length } from '../robots/encoding.ts';

/** Interface languages; 'auto' follows the browser's. */
export const LANGUAGES = ['auto', 'en', 'es', 'ru', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULTS = {
  /** Robot names in display order. */
  robots: [...DEFAULT_ROBOTS] as string[],
  /** 'auto': check each page as it loads; 'on-demand': only when the popup opens. */
  checking: 'auto' as 'auto' | 'on-demand',
  /** Show where RFC 9309 or the 1994 standard would decide otherwise. */
  showOtherReadings: true,
  /** How long a fetched robots.txt stays fresh, at most 24 hours (RFC 9309 §2.4). */
  cacheLifetimeMs: MAX_CACHE_MS,
  language: 'auto' as Language,
  /**
   * Keep the paths of each site visited (normal windows only, bounded), so the History view can
   * say which of them a robots.txt change affects. Off unless the user turns it on.
   */
  rememberPaths: false,
};

export type Settings = typeof DEFAULTS;

/** A fresh copy of the defaults (the robot list is an array the caller may change). */
export function defaultSettings(): Settings {
  return { ...DEFAULTS, robots: [...DEFAULTS.robots] };
}

/** The version of the stored form. Bump it with a migration below. */
export const SCHEMA_VERSION = 2;

/** The storage key of the settings (in storage.sync, or storage.local: see the settings store). */
export const SETTINGS_KEY = 'settings';

/** Shortest cache lifetime the settings accept. */
const MIN_CACHE_MS = 60_000;
/**
 * Most bytes the stored settings may take, counted as Chrome counts a sync item (the key plus
 * the value's JSON, in UTF-8): 1 KB under storage.sync's QUOTA_BYTES_PER_ITEM of 8,192, so the
 * settings always fit sync. 40 names of 64 ASCII characters take 2.8 KB; 40 of 64 emoji, 10.5 KB.
 */
export const MAX_SETTINGS_BYTES = 7_168;

/** What is kept in storage: the settings and the schema version they were written with. */
export interface StoredSettings {
  schemaVersion: number;
  settings: Settings;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps the valid, distinct robot names of a list (case-insensitively distinct), in order. */
function cleanRobots(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return null;
    const name = checkRobotName(item);
    if (!name.ok) return null;
    if (seen.has(name.token.toLowerCase())) continue;
    seen.add(name.token.toLowerCase());
    out.push(name.token);
  }
  return out.length > MAX_ROBOTS ? null : out;
}

export type SettingsProblem =
  | 'not-an-object'
  | 'bad-robots'
  | 'bad-checking'
  | 'bad-other-readings'
  | 'bad-cache-lifetime'
  | 'bad-language'
  | 'bad-remember-paths'
  | 'too-large';

/** Bytes the settings take in storage, as Chrome charges a sync item: key plus JSON, in UTF-8. */
export function storedBytes(settings: Settings): number {
  return utf8Length(SETTINGS_KEY) + utf8Length(JSON.stringify(toStored(settings)));
}

/**
 * Validates a (partial) settings object over `base` (the defaults unless given); unknown keys are
 * ignored. The result must fit in MAX_SETTINGS_BYTES.
 */
export function validateSettings(
  value: unknown,
  base: Settings = DEFAULTS,
): { ok: true; settings: Settings } | { ok: false; problem: SettingsProblem } {
  const checked = validateFields(value, base);
  if (checked.ok && storedBytes(checked.settings) > MAX_SETTINGS_BYTES)
    return { ok: false, problem: 'too-large' };
  return checked;
}

/** Validates each key of a (partial) settings object, without the size cap. */
function validateFields(
  value: unknown,
  base: Settings,
): { ok: true; settings: Settings } | { ok: false; problem: SettingsProblem } {
  if (!isRecord(value)) return { ok: false, problem: 'not-an-object' };
  const next: Settings = { ...base, robots: [...base.robots] };
  if ('robots' in value) {
    const robots = cleanRobots(value['robots']);
    if (robots === null) return { ok: false, problem: 'bad-robots' };
    next.robots = robots;
  }
  if ('checking' in value) {
    if (value['checking'] !== 'auto' && value['checking'] !== 'on-demand')
      return { ok: false, problem: 'bad-checking' };
    next.checking = value['checking'];
  }
  if ('showOtherReadings' in value) {
    if (typeof value['showOtherReadings'] !== 'boolean')
      return { ok: false, problem: 'bad-other-readings' };
    next.showOtherReadings = value['showOtherReadings'];
  }
  if ('cacheLifetimeMs' in value) {
    const ms = value['cacheLifetimeMs'];
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < MIN_CACHE_MS || ms > MAX_CACHE_MS) {
      return { ok: false, problem: 'bad-cache-lifetime' };
    }
    next.cacheLifetimeMs = Math.round(ms);
  }
  if ('language' in value) {
    if (!LANGUAGES.includes(value['language'] as Language))
      return { ok: false, problem: 'bad-language' };
    next.language = value['language'] as Language;
  }
  if ('rememberPaths' in value) {
    if (typeof value['rememberPaths'] !== 'boolean')
      return { ok: false, problem: 'bad-remember-paths' };
    next.rememberPaths = value['rememberPaths'];
  }
  return { ok: true, settings: next };
}

/**
 * Reads what storage holds, whatever version wrote it, into current settings. Anything invalid
 * falls back to the defaults, key by key; nothing stored gives the defaults.
 */
export function migrate(stored: unknown): { settings: Settings; from: number } {
  if (!isRecord(stored)) return { settings: defaultSettings(), from: 0 };
  const from = typeof stored['schemaVersion'] === 'number' ? stored['schemaVersion'] : 1;
  // Version 1 (before 2026-11-21) stored the settings object itself, without a version.
  let data: unknown = from === 1 && !('settings' in stored) ? stored : stored['settings'];
  if (from === 1) {
    // 1 → 2: the language setting appeared; robots lists were not checked as tokens yet.
    const v1 = isRecord(data) ? { ...data } : {};
    if (Array.isArray(v1['robots']))
      v1['robots'] = v1['robots'].filter((r) => typeof r === 'string' && checkRobotName(r).ok);
    data = v1;
  }
  // TODO(2027-11): drop the version 1 migration once no install can still hold it.
  let settings = defaultSettings();
  if (isRecord(data)) {
    for (const key of Object.keys(DEFAULTS) as (keyof Settings)[]) {
      if (!(key in data)) continue;
      // No size cap here: settings stored before the cap are read as they are, not dropped.
      const one = validateFields({ [key]: data[key] }, settings);
      if (one.ok) settings = one.settings;
    }
  }
  return { settings, from };
}

/** The stored form of settings. */
export function toStored(settings: Settings): StoredSettings {
  return { schemaVersion: SCHEMA_VERSION, settings };
}

/** An export file: marked, versioned, with the settings. */
export function exportSettings(settings: Settings): string {
  return `${JSON.stringify({ app: 'robots-lens', kind: 'settings', ...toStored(settings) }, null, 2)}\n`;
}

export type ImportProblem =
  | 'not-json'
  | 'foreign-file'
  | 'newer-version'
  | 'no-known-key'
  | SettingsProblem;

/** Reads an export file; a foreign or invalid one is refused with the reason, nothing changed. */
export function importSettings(
  text: string,
): { ok: true; settings: Settings } | { ok: false; problem: ImportProblem } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  if (!isRecord(data) || data['app'] !== 'robots-lens' || data['kind'] !== 'settings') {
    return { ok: false, problem: 'foreign-file' };
  }
  const version = data['schemaVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, problem: 'foreign-file' };
  if (version > SCHEMA_VERSION) return { ok: false, problem: 'newer-version' };
  const raw = data['settings'];
  if (!isRecord(raw)) return { ok: false, problem: 'not-an-object' };
  // A file naming none of our settings would reset every one of them to its default.
  if (!Object.keys(DEFAULTS).some((key) => Object.hasOwn(raw, key)))
    return { ok: false, problem: 'no-known-key' };
  // Strictly valid: an import either applies whole or not at all.
  const migrated =
    version === SCHEMA_VERSION ? raw : migrate({ schemaVersion: version, settings: raw }).settings;
  return validateSettings(migrated);
}
