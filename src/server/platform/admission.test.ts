import { describe, expect, it } from 'vitest';
import { createFifoGate } from './admission.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createFifoGate', () => {
  it('lets `limit` holders in at once and the others in arrival order', async () => {
    const gate = createFifoGate(2);
    const order: number[] = [];
    await gate.acquire();
    await gate.acquire();
    const waiting = [3, 4, 5].map((n) => gate.acquire().then(() => order.push(n)));
    expect(gate.waiting).toBe(3);
    gate.release();
    gate.release();
    await nextTurn();
    expect(order).toEqual([3, 4]);
    gate.release();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
    expect(gate.active).toBe(2);
    gate.release();
    gate.release();
    expect(gate.active).toBe(0);
  });

  it('hands a freed slot over on a later turn of the event loop, so the loop polls for I/O between holders', async () => {
    // A holder that finishes within microtasks, as a request on PGlite does: with the slot handed over at once,
    // all of them would run inside one turn and the loop would accept no new connection meanwhile.
    const gate = createFifoGate(1);
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turns: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        gate.acquire().then(() => {
          turns.push(turn);
          gate.release();
        }),
      ),
    );
    counting = false;
    expect(new Set(turns).size).toBe(4);
    expect(gate.active).toBe(0);
    expect(gate.waiting).toBe(0);
  });
});
