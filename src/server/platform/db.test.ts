import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, templateFileIn, writePgliteTemplate } from './db.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-template-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('PGlite template', () => {
  it('starts a fresh data folder from the migrated template, and works without one', async () => {
    const template = templateFileIn(path.join(dir, 'templates'));
    await writePgliteTemplate(template);
    expect(fs.statSync(template).size).toBeGreaterThan(100_000);

    const fromTemplate = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, 'a'),
      templateDir: path.join(dir, 'templates'),
    });
    const applied = await fromTemplate.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    await fromTemplate.db.execute(sql`insert into organization (id, name, slug) values ('o1', 'Uno', 'uno')`);
    await fromTemplate.close();

    // The folder now exists: a second open uses it as it is (the row is still there), not the template.
    const reopened = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, 'a'),
      templateDir: path.join(dir, 'templates'),
    });
    const rows = await reopened.db.execute(sql`select count(*)::int as n from organization`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await reopened.close();

    const withoutTemplate = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, 'b'),
      templateDir: path.join(dir, 'no-templates'),
    });
    await withoutTemplate.ping();
    await withoutTemplate.close();
  }, 60_000);
});
