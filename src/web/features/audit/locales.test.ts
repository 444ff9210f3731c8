import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

type Tree = { [key: string]: string | Tree };

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, 'public/locales', lang, `${ns}.json`), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const keys = Object.fromEntries(
  (['it', 'en'] as const).map((lang) => [
    lang,
    new Map(
      NAMESPACES.flatMap((ns) => [...flatten(load(lang, ns))].map(([k, v]) => [`${ns}:${k}`, v] as const)),
    ),
  ]),
) as Record<'it' | 'en', Map<string, string>>;

const has = (lang: 'it' | 'en', key: string) =>
  keys[lang].has(key) || ['one', 'many', 'other'].every((form) => keys[lang].has(`${key}_${form}`));

describe('audit and backups translations', () => {
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
    const used = new Set<string>();
    for (const dir of SCREENS) {
      for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        for (const m of source.matchAll(/['"`]((?:audit|backups):[\w.]+)['"`]/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });
});
