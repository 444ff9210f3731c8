import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (mail passwords, confidential content): AES-256-GCM with a 12-byte random IV (spec §9) under
 * a key derived from the server secret with HKDF-SHA-256, one key per purpose. The sealed text carries a version,
 * so the scheme can change without losing what is stored: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export type SealedBox = {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A file's bytes sealed the same way: `SBX1`, IV, tag, ciphertext (a whole message, not streamed). */
  sealBytes(plain: Buffer): Buffer;
  /** Opens what sealBytes made; bytes without its mark are given back as they are (files stored before). */
  openBytes(stored: Buffer): Buffer;
};

const BYTES_MARK = Buffer.from('SBX1');

/** Whether stored bytes were sealed by sealBytes (the mark, then at least an IV and a tag). */
export function isSealedBytes(stored: Buffer): boolean {
  return stored.length >= BYTES_MARK.length + 28 && stored.subarray(0, BYTES_MARK.length).equals(BYTES_MARK);
}

export function createSealedBox(serverSecret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'gestionale-sealed-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('sealed-box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    sealBytes(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([BYTES_MARK, iv, cipher.getAuthTag(), body]);
    },
    openBytes(stored) {
      if (!isSealedBytes(stored)) return stored;
      const at = BYTES_MARK.length;
      const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(at, at + 12));
      decipher.setAuthTag(stored.subarray(at + 12, at + 28));
      return Buffer.concat([decipher.update(stored.subarray(at + 28)), decipher.final()]);
    },
  };
}
