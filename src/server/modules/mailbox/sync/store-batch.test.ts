import { describe, expect, it } from 'vitest';
import { cutGroups } from './store-batch.ts';

const sizes = (...list: number[]) => list.map((size, i) => ({ uid: 100 - i, size }));

describe('cutGroups', () => {
  it('keeps the order asked and cuts where the next message would pass the bytes', () => {
    expect(cutGroups(sizes(4, 4, 4, 4, 4), { bytes: 10, messages: 50 })).toEqual([[100, 99], [98, 97], [96]]);
  });

  it('sends a message larger than the limit alone', () => {
    expect(cutGroups(sizes(1, 30, 1), { bytes: 10, messages: 50 })).toEqual([[100], [99], [98]]);
  });

  it('cuts at the messages limit too (PGlite: small transactions)', () => {
    expect(cutGroups(sizes(1, 1, 1, 1, 1), { bytes: 1_000, messages: 2 })).toEqual([
      [100, 99],
      [98, 97],
      [96],
    ]);
  });

  it('answers no group for no message', () => {
    expect(cutGroups([], { bytes: 10, messages: 2 })).toEqual([]);
  });
});
