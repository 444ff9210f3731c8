import { describe, expect, it } from 'vitest';
import { allowImagesFrom, imagesAllowedFrom } from './image-senders.ts';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('senders whose remote images are shown', () => {
  it('remembers a sender per user, whatever the case of the address', () => {
    const store = memoryStore();
    expect(imagesAllowedFrom('u1', 'News@Example.com', store)).toBe(false);
    allowImagesFrom('u1', 'News@Example.com', store);
    expect(imagesAllowedFrom('u1', 'news@example.com', store)).toBe(true);
    expect(imagesAllowedFrom('u2', 'news@example.com', store)).toBe(false);
    expect(imagesAllowedFrom('u1', 'other@example.com', store)).toBe(false);
    expect(imagesAllowedFrom('u1', null, store)).toBe(false);
  });

  it('keeps the newest 500 and survives a damaged or blocked store', () => {
    const store = memoryStore();
    for (let i = 0; i < 502; i++) allowImagesFrom('u1', `s${i}@example.com`, store);
    expect(imagesAllowedFrom('u1', 's501@example.com', store)).toBe(true);
    expect(imagesAllowedFrom('u1', 's0@example.com', store)).toBe(false);
    expect(JSON.parse(store.map.get('mail.imageSenders.u1')!)).toHaveLength(500);
    store.map.set('mail.imageSenders.u1', '{not json');
    expect(imagesAllowedFrom('u1', 's501@example.com', store)).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => allowImagesFrom('u1', 'a@example.com', full)).not.toThrow();
    expect(imagesAllowedFrom('u1', 'a@example.com', null)).toBe(false);
  });
});
