import { describe, expect, it } from 'vitest';
import { frameRedraw, RETRY_REDRAWS } from './barcode-scanner.ts';

describe('frameRedraw (camera frames read by zxing)', () => {
  it('reads every other frame as it is', () => {
    for (const frame of [0, 2, 4, 10, 1000]) expect(frameRedraw(frame)).toBeNull();
  });

  it('goes through every redraw in between, then starts again', () => {
    const odd = Array.from({ length: RETRY_REDRAWS.length * 2 }, (_, i) => frameRedraw(2 * i + 1));
    expect(odd.slice(0, RETRY_REDRAWS.length)).toEqual(RETRY_REDRAWS);
    expect(odd.slice(RETRY_REDRAWS.length)).toEqual(RETRY_REDRAWS);
  });

  it('tries the halved image first and every quarter turn', () => {
    expect(RETRY_REDRAWS[0]).toEqual({ scale: 0.5, turn: 0 });
    expect(new Set(RETRY_REDRAWS.map((r) => r.turn))).toEqual(new Set([0, 90, 180, 270]));
  });
});
