// cli/slots.ts: at most N at once, in order, a finished slot handed straight to the next in line.
import { describe, expect, test } from 'vitest';
import { Slots } from '../../cli/slots.ts';

/** A piece of work that ends when the test says so. */
function held() {
  let end: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    end = r;
  });
  return { done, end };
}

describe('Slots', () => {
  test('at most n run at once; the others start in the order they came', async () => {
    const slots = new Slots(2);
    const works = [held(), held(), held(), held()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = works.map((w, i) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await w.done;
        running--;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    for (const w of works) w.end();
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect(slots.idle).toBe(true);
  });

  test('a freed slot goes to the one waiting, not to one arriving meanwhile', async () => {
    const slots = new Slots(1);
    const first = held();
    const order: string[] = [];
    const a = slots.run(async () => {
      await first.done;
      order.push('a');
    });
    const b = slots.run(async () => {
      order.push('b');
    });
    first.end();
    await a;
    // Arrives after the hand-over to b, before b has run.
    const c = slots.run(async () => {
      order.push('c');
    });
    await Promise.all([b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  test('a failed piece of work frees its slot; its error is its caller’s', async () => {
    const slots = new Slots(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
    expect(slots.idle).toBe(true);
  });
});
