import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, loadNamespace } from '../../../../test/helpers/locales.ts';
import { ROLES } from '@shared/auth/permissions.ts';
import { TEAM_MESSAGES } from '@shared/organizations/team-messages.ts';
import { teamMessageKey } from './team-rules.ts';

/**
 * The team namespace: the same keys in Italian and English (plural forms included, Italian `_many`), the same
 * placeholders, a description for every role, the contracts' field messages with the server's text, and every
 * key the screens name literally.
 */
const keys = { it: loadNamespace('it', 'team'), en: loadNamespace('en', 'team') };
const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('team translations', () => {
  it('describe every role', () => {
    for (const role of ROLES) {
      expect(has('it', `roleDescriptions.${role}`), role).toBe(true);
      expect(has('en', `roleDescriptions.${role}`), role).toBe(true);
    }
  });

  it('show the server text for every field message of the contracts', () => {
    for (const lang of ['it', 'en'] as const) {
      for (const [key, text] of Object.entries(TEAM_MESSAGES[lang])) {
        expect(keys[lang].get(teamMessageKey(key).replace(/^team:/, '')), key).toBe(text);
      }
    }
  });

  it('contain every key the screens name literally', () => {
    const dir = import.meta.dirname;
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/['"`]team:([\w.]+)['"`]/g)) {
        used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });

  it('title the new routes in the navigation namespace', () => {
    for (const lang of ['it', 'en'] as const) {
      const navigation = loadNamespace(lang, 'navigation');
      expect(navigation.has('routes.organization'), lang).toBe(true);
      expect(navigation.has('routes.invite'), lang).toBe(true);
    }
  });
});
