import { describe, expect, test } from 'vitest';
import { ErrorReporter } from '../../background/error-reporter.ts';
import type { StorageArea } from '../../background/storage-area.ts';
import { memoryStorage } from '../fixtures/storage.ts';

/** An injected log recording what it was given. */
function recordingLog() {
  const logged: [string, unknown][] = [];
  return { logged, log: (where: string, error: unknown) => void logged.push([where, error]) };
}

/** A clock that advances a second at each reading. */
function tickingClock(start = 1_000) {
  let now = start;
  return () => (now += 1_000);
}

/** A storage area failing every call of the kinds given (the browser refusing storage.session). */
function failingStorage(fail: { get?: boolean; set?: boolean; sync?: boolean }): StorageArea {
  const memory = memoryStorage();
  const failure = (op: string) => {
    const error = new Error(`${op} refused`);
    if (fail.sync) throw error;
    return Promise.reject(error);
  };
  return {
    get: (keys) => (fail.get ? failure('get') : memory.get(keys)),
    set: (items) => (fail.set ? failure('set') : memory.set(items)),
    remove: (keys) => memory.remove(keys),
  };
}

describe('ErrorReporter', () => {
  test('every error is logged through the injected log, at once', () => {
    const { logged, log } = recordingLog();
    const errors = new ErrorReporter(memoryStorage(), log);
    const first = new Error('first');
    errors.report('badge', first);
    errors.report('badge', 'second');
    expect(logged).toEqual([
      ['badge', first],
      ['badge', 'second'],
    ]);
  });

  test('errors are counted per place, with the last message and time', async () => {
    let now = 0;
    const errors = new ErrorReporter(
      memoryStorage(),
      () => {},
      () => now,
    );
    // The time is read when the count is updated: let each update run before the clock moves.
    now = 10;
    errors.report('badge', new Error('closed tab'));
    await errors.info();
    now = 20;
    errors.report('purge', 'quota');
    await errors.info();
    now = 30;
    errors.report('badge', new Error('closed tab again'));
    expect(await errors.info()).toEqual({
      errors: [
        { where: 'badge', count: 2, lastMessage: 'closed tab again', lastAt: 30 },
        { where: 'purge', count: 1, lastMessage: 'quota', lastAt: 20 },
      ],
    });
  });

  test('info lists places most recent first', async () => {
    let now = 0;
    const errors = new ErrorReporter(
      null,
      () => {},
      () => now,
    );
    for (const [where, at] of [
      ['a', 30],
      ['b', 10],
      ['c', 50],
      ['d', 20],
    ] as const) {
      now = at;
      errors.report(where, where);
      await errors.info();
    }
    expect((await errors.info()).errors.map((e) => [e.where, e.lastAt])).toEqual([
      ['c', 50],
      ['a', 30],
      ['d', 20],
      ['b', 10],
    ]);
  });

  test('counts survive a worker restart: a new reporter reads the same storage', async () => {
    const storage = memoryStorage();
    const before = new ErrorReporter(
      storage,
      () => {},
      () => 100,
    );
    before.report('navigation', new Error('one'));
    before.report('navigation', new Error('two'));
    await before.info();
    const after = new ErrorReporter(
      storage,
      () => {},
      () => 200,
    );
    expect(await after.info()).toEqual({
      errors: [{ where: 'navigation', count: 2, lastMessage: 'two', lastAt: 100 }],
    });
    after.report('navigation', new Error('three'));
    expect(await after.info()).toEqual({
      errors: [{ where: 'navigation', count: 3, lastMessage: 'three', lastAt: 200 }],
    });
  });

  test('many reports at once lose no count', async () => {
    const storage = memoryStorage();
    const errors = new ErrorReporter(storage, () => {});
    for (let i = 0; i < 20; i++) errors.report(i % 2 === 0 ? 'even' : 'odd', i);
    const counts = (await errors.info()).errors.map((e) => [e.where, e.count]).sort();
    expect(counts).toEqual([
      ['even', 10],
      ['odd', 10],
    ]);
    const stored = await new ErrorReporter(storage, () => {}).info();
    expect(stored.errors.map((e) => [e.where, e.count]).sort()).toEqual(counts);
  });

  test('at most 50 places: a new place drops the one reported longest ago', async () => {
    const storage = memoryStorage();
    const errors = new ErrorReporter(storage, () => {}, tickingClock());
    for (let i = 0; i < 50; i++) errors.report(`place-${i}`, i);
    // place-0 is reported again: place-1 is now the oldest.
    errors.report('place-0', 'again');
    errors.report('place-50', 50);
    const places = (await errors.info()).errors.map((e) => e.where);
    expect(places).toHaveLength(50);
    expect(places).not.toContain('place-1');
    expect(places.slice(0, 2)).toEqual(['place-50', 'place-0']);
    expect(places.at(-1)).toBe('place-2');
    const stored = await new ErrorReporter(storage, () => {}).info();
    expect(stored.errors.map((e) => e.where)).toEqual(places);
  });

  const failures: { name: string; fail: { get?: boolean; set?: boolean; sync?: boolean } }[] = [
    { name: 'reads reject', fail: { get: true } },
    { name: 'writes reject', fail: { set: true } },
    { name: 'reads and writes reject', fail: { get: true, set: true } },
    { name: 'reads and writes throw synchronously', fail: { get: true, set: true, sync: true } },
  ];
  for (const { name, fail } of failures) {
    test(`a storage whose ${name} never makes report() throw; counts stay in memory`, async () => {
      const { logged, log } = recordingLog();
      const errors = new ErrorReporter(failingStorage(fail), log, () => 5);
      expect(() => errors.report('badge', new Error('x'))).not.toThrow();
      expect(() => errors.report('badge', new Error('y'))).not.toThrow();
      expect(await errors.info()).toEqual({
        errors: [{ where: 'badge', count: 2, lastMessage: 'y', lastAt: 5 }],
      });
      const places = logged.map(([where]) => where);
      expect(places.filter((p) => p === 'badge')).toHaveLength(2);
      expect(places.includes('error-reporter:load')).toBe(fail.get === true);
      expect(places.filter((p) => p === 'error-reporter:save')).toHaveLength(fail.set ? 2 : 0);
    });
  }

  test('without storage, counts live in memory', async () => {
    const errors = new ErrorReporter(
      null,
      () => {},
      () => 7,
    );
    errors.report('alarms', new Error('no alarms'));
    expect(await errors.info()).toEqual({
      errors: [{ where: 'alarms', count: 1, lastMessage: 'no alarms', lastAt: 7 }],
    });
  });

  test('nothing reported: no errors; a stored value of the wrong shape reads as none', async () => {
    const storage = memoryStorage();
    expect(await new ErrorReporter(storage, () => {}).info()).toEqual({ errors: [] });
    await storage.set({ 'debug-errors': 'corrupt' });
    expect(await new ErrorReporter(storage, () => {}).info()).toEqual({ errors: [] });
  });

  test('catcher reports a rejection under its place', async () => {
    const { logged, log } = recordingLog();
    const errors = new ErrorReporter(null, log, () => 9);
    const failure = new Error('rejected');
    await Promise.reject(failure).catch(errors.catcher('purge'));
    expect(logged).toEqual([['purge', failure]]);
    expect(await errors.info()).toEqual({
      errors: [{ where: 'purge', count: 1, lastMessage: 'rejected', lastAt: 9 }],
    });
  });

  // String(error) throws for a value without a prototype: the reporter must survive it.
  test('an error that cannot become text is counted and later ones still are', async () => {
    const errors = new ErrorReporter(
      null,
      () => {},
      () => 1,
    );
    errors.report('odd', Object.create(null));
    errors.report('badge', new Error('later'));
    const info = await errors.info();
    expect(info.errors.map((e) => [e.where, e.count]).sort()).toEqual([
      ['badge', 1],
      ['odd', 1],
    ]);
  });
});
