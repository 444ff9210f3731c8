import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TDeletionPlan } from '@shared/privacy/contracts.ts';
import { deletionRequestOf } from './deletion-form.ts';

const PLAN: TDeletionPlan = {
  confirmationText: 'anna@example.test',
  needsDecision: [
    {
      id: 'shared',
      name: 'Shared',
      memberCount: 2,
      candidates: [{ userId: 'carol', name: 'Carol', email: 'carol@example.test', role: 'manager' }],
    },
    { id: 'solo', name: 'Solo', memberCount: 1, candidates: [] },
  ],
  leaves: [],
};

describe('the delete-account form', () => {
  it('asks for a decision per organization and the typed e-mail', () => {
    const { request, errors } = deletionRequestOf(PLAN, {}, '');
    expect(request).toBeNull();
    expect(errors).toEqual({
      organizations: { shared: 'delete.errors.chooseAction', solo: 'delete.errors.confirmOrganization' },
      confirmation: 'delete.errors.confirmationRequired',
    });
  });

  it('needs a member for a transfer and the right address', () => {
    const { errors } = deletionRequestOf(
      PLAN,
      { shared: { action: 'transfer', toUserId: '' }, solo: { action: 'delete' } },
      'someone@example.test',
    );
    expect(errors).toEqual({
      organizations: { shared: 'delete.errors.chooseMember' },
      confirmation: 'delete.errors.confirmationMismatch',
    });
  });

  it('builds the request, accepting the address in any case and with spaces', () => {
    const { request, errors } = deletionRequestOf(
      PLAN,
      { shared: { action: 'transfer', toUserId: 'carol' }, solo: { action: 'delete' } },
      '  Anna@Example.test ',
    );
    expect(errors).toBeNull();
    expect(request).toEqual({
      confirmation: 'Anna@Example.test',
      organizations: [
        { id: 'shared', action: 'transfer', toUserId: 'carol' },
        { id: 'solo', action: 'delete' },
      ],
    });
  });
});

describe('privacy translations', () => {
  const root = join(import.meta.dirname, '../../../..');
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
    );
  const load = (lang: string) =>
    new Map(
      flatten(JSON.parse(readFileSync(join(root, 'public/locales', lang, 'privacy.json'), 'utf8')) as Tree),
    );
  const it_ = load('it');
  const en = load('en');

  it('have the same keys and placeholders in Italian and English', () => {
    expect([...en.keys()].sort()).toEqual([...it_.keys()].sort());
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of it_) expect(names(en.get(key)!), key).toEqual(names(text));
  });

  it('contain every key the screens and the form name', () => {
    const dir = join(root, 'src/web/features/privacy');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const m of source.matchAll(/['"`]privacy:([\w.]+)['"`]/g)) used.add(m[1]!);
      for (const m of source.matchAll(/['"`](delete\.errors\.\w+)['"`]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(25);
    const has = (key: string) => it_.has(key) || it_.has(`${key}_other`);
    expect([...used].filter((key) => !has(key))).toEqual([]);
  });
});
