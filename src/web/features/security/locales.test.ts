import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, loadNamespace, keysNamedIn } from '../../../../test/helpers/locales.ts';
import { DEVICE_TYPES } from '@shared/security/account-contracts.ts';

/**
 * The security namespace: the same keys in Italian and English (Italian plurals with _one, _many, _other), the
 * same placeholders, a name for every device type, and every key the screens (security settings and the
 * sign-in's second step) name literally.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SCREENS = ['src/web/features/security', 'src/web/features/auth'].map((d) => join(ROOT, d));

const keys = { it: loadNamespace('it', 'security'), en: loadNamespace('en', 'security') };
const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('security translations', () => {
  it('give Italian plurals all three forms', () => {
    const plurals = [...keys.it.keys()].filter((k) => /_(one|many|other)$/.test(k));
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) expect(has('it', key.replace(/_(one|many|other)$/, '')), key).toBe(true);
  });

  it('name every device type', () => {
    for (const type of DEVICE_TYPES) {
      expect(has('it', `sessions.device.${type}`)).toBe(true);
      expect(has('en', `sessions.device.${type}`)).toBe(true);
    }
  });

  it('contain every key the screens name literally', () => {
    const used = [...keysNamedIn(SCREENS, ['security'])].map((key) => key.replace(/^security:/, ''));
    expect(used.length).toBeGreaterThan(60);
    const missing = used.filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });

  it('translate the two-factor error codes the sign-in shows', () => {
    for (const lang of ['it', 'en'] as const) {
      const common = loadNamespace(lang, 'common');
      for (const code of ['INVALID_VERIFICATION_CODE', 'TWO_FACTOR_LOCKED', 'SESSION_NOT_FOUND']) {
        expect(common.get(`apiErrors.${code}`), `${lang} ${code}`).toBeTruthy();
      }
    }
  });
});
