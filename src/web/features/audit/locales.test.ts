import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, loadNamespaces, keysNamedIn } from '../../../../test/helpers/locales.ts';
import {
  BACKUP_INVOICING_FIELDS,
  BACKUP_KINDS,
  BACKUP_PREFERENCE_FIELDS,
  BACKUP_PROFILE_FIELDS,
  BACKUP_SECTIONS,
  ROLE_SKIP_REASONS,
} from '@shared/backups/contracts.ts';
import { AUDIT_ACTION_NAMES, AUDIT_SEVERITIES } from '@shared/security/audit.ts';
import { actionGroups } from './audit-text.ts';

/**
 * The audit and backups namespaces: the same keys in Italian and English (plural forms included), a text for
 * every action, severity, filter group, backup section, field, kind and skip reason, and every key the screens
 * name literally.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const NAMESPACES = ['audit', 'backups'] as const;
const SCREENS = ['audit', 'backups'].map((d) => join(ROOT, 'src/web/features', d));

const keys = { it: loadNamespaces('it', NAMESPACES), en: loadNamespaces('en', NAMESPACES) };

const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('audit and backups translations', () => {
  it('name every action, severity and filter group; the groups hold every action once', () => {
    const grouped = actionGroups().flatMap((g) => g.actions);
    expect([...grouped].sort()).toEqual([...AUDIT_ACTION_NAMES].sort());
    const expected = [
      ...AUDIT_ACTION_NAMES.map((a) => `audit:actions.${a}`),
      ...AUDIT_SEVERITIES.map((s) => `audit:severity.${s}`),
      ...actionGroups().map((g) => `audit:filters.groups.${g.group}`),
    ];
    for (const key of expected) {
      expect(has('it', key), key).toBe(true);
      expect(has('en', key), key).toBe(true);
    }
  });

  it('name every backup section, field, kind and skipped-role reason', () => {
    const expected = [
      ...BACKUP_SECTIONS.flatMap((s) => [`backups:sections.${s}`, `backups:contents.items.${s}`]),
      ...BACKUP_PROFILE_FIELDS.map((f) => `backups:fields.businessProfile.${f}`),
      ...BACKUP_INVOICING_FIELDS.map((f) => `backups:fields.invoicingSettings.${f}`),
      ...BACKUP_PREFERENCE_FIELDS.map((f) => `backups:fields.preferences.${f}`),
      ...BACKUP_KINDS.map((k) => `backups:list.kinds.${k}`),
      ...ROLE_SKIP_REASONS.map((r) => `backups:preview.skipped.reasons.${r}`),
    ];
    for (const key of expected) {
      expect(has('it', key), key).toBe(true);
      expect(has('en', key), key).toBe(true);
    }
  });

  it('contain every key the screens name literally', () => {
    const used = keysNamedIn(SCREENS, NAMESPACES);
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });
});
