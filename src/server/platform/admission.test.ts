import { describe, expect, it } from 'vitest';
import { createFifoGate } from './admission.ts';

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
    await Promise.resolve();
    expect(order).toEqual([3, 4]);
    gate.release();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
    expect(gate.active).toBe(2);
    gate.release();
    gate.release();
    expect(gate.active).toBe(0);
  });
});
