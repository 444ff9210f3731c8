import { describe, expect, it } from 'vitest';
import { createSealedBox, isSealedBytes } from './sealed-box.ts';

describe('sealed box', () => {
  const box = createSealedBox('server-secret-for-tests', 'mail-credentials');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('Pàssword-42');
    const b = box.seal('Pàssword-42');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Pàssword');
    expect(box.open(a)).toBe('Pàssword-42');
    expect(box.open(b)).toBe('Pàssword-42');
  });

  it('refuses a tampered text, another purpose and another secret', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => createSealedBox('server-secret-for-tests', 'other').open(sealed)).toThrow();
    expect(() => createSealedBox('another-secret', 'mail-credentials').open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow(/unknown format/);
  });

  it('seals bytes, opens them, refuses them tampered, and gives back bytes it never sealed', () => {
    const raw = Buffer.from('Subject: riservato\r\n\r\nIl prezzo è 1.234 €\r\n', 'utf8');
    const sealed = box.sealBytes(raw);
    expect(isSealedBytes(sealed)).toBe(true);
    expect(sealed.includes(Buffer.from('riservato'))).toBe(false);
    expect(box.openBytes(sealed).equals(raw)).toBe(true);
    expect(box.openBytes(raw).equals(raw)).toBe(true);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    expect(() => box.openBytes(tampered)).toThrow();
    expect(() => createSealedBox('another-secret', 'mail-credentials').openBytes(sealed)).toThrow();
  });
});
