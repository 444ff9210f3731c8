import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from '@shared/security/account-contracts.ts';

/**
 * The security namespace: the same keys in Italian and English (Italian plurals with _one, _many, _other), the
 * same placeholders, a name for every device type, and every key the screens (security settings and the
 * sign-in's second step) name literally.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SCREENS = ['src/web/features/security', 'src/web/features/auth'].map((d) => join(ROOT, d));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const load = (lang: 'it' | 'en', ns: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, 'public/locales', lang, `${ns}.json`), 'utf8')) as Tree);
const keys = { it: load('it', 'security'), en: load('en', 'security') };
const has = (lang: 'it' | 'en', key: string) =>
  keys[lang].has(key) || ['one', 'many', 'other'].every((form) => keys[lang].has(`${key}_${form}`));

describe('security translations', () => {
  it('have the same keys in Italian and English', () => {
    expect([...keys.en.keys()].sort()).toEqual([...keys.it.keys()].sort());
  });

  it('have no empty text and the same placeholders in both languages', () => {
    for (const [key, it] of keys.it) {
      const en = keys.en.get(key) ?? '';
      expect(it.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(en), key).toEqual(names(it));
    }
  });

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
    const used = new Set<string>();
    for (const dir of SCREENS) {
      for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        for (const m of source.matchAll(/['"`]security:([\w.]+)['"`]/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });

  it('translate the two-factor error codes the sign-in shows', () => {
    for (const lang of ['it', 'en'] as const) {
      const common = load(lang, 'common');
      for (const code of ['INVALID_VERIFICATION_CODE', 'TWO_FACTOR_LOCKED', 'SESSION_NOT_FOUND']) {
        expect(common.get(`apiErrors.${code}`), `${lang} ${code}`).toBeTruthy();
      }
    }
  });
});
