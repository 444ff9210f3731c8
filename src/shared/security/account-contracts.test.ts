import { describe, expect, it } from 'vitest';
import {
  backupCodesText,
  normalizeBackupCode,
  normalizeTotpCode,
  ZTwoFactorCodeRequest,
} from './account-contracts.ts';

describe('two-factor inputs', () => {
  it('keeps the digits of a TOTP code, at most six', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(normalizeTotpCode('12-34-56')).toBe('123456');
    expect(normalizeTotpCode('1234567')).toBe('123456');
    expect(normalizeTotpCode('abc')).toBe('');
  });

  it('puts back the dash of a backup code typed without it, and keeps the case', () => {
    expect(normalizeBackupCode('aB3dEf')).toBe('aB3dE-f');
    expect(normalizeBackupCode(' aB3dE-f ')).toBe('aB3dE-f');
    expect(normalizeBackupCode('aB3 dE f')).toBe('aB3dE-f');
    expect(normalizeBackupCode('toolongcode')).toBe('toolongcode');
  });

  it('accepts only six digits as a code', () => {
    expect(ZTwoFactorCodeRequest.safeParse({ code: ' 123456 ' }).success).toBe(true);
    expect(ZTwoFactorCodeRequest.safeParse({ code: '12345' }).success).toBe(false);
    expect(ZTwoFactorCodeRequest.safeParse({ code: '12345a' }).success).toBe(false);
  });

  it('writes the codes file with its header, one code a line', () => {
    expect(backupCodesText(['aaaaa-1', 'bbbbb-2'], ['Title', 'Note'])).toBe(
      'Title\nNote\n\naaaaa-1\nbbbbb-2\n',
    );
  });
});
