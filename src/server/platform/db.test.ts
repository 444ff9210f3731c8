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

    const buffersBefore = process.memoryUsage().arrayBuffers;
    const fromTemplate = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, 'a'),
      templateDir: path.join(dir, 'templates'),
    });
    const applied = await fromTemplate.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    // Unpacked on disk before PGlite opened it, with nothing left beside it: PGlite's own loadDataDir kept the
    // whole unpacked template in memory for the server's life (about 92 MB more of array buffers).
    expect(process.memoryUsage().arrayBuffers - buffersBefore).toBeLessThan(30 * 2 ** 20);
    expect(fs.existsSync(path.join(dir, 'a', 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'a')).filter((f) => f.includes('partial'))).toEqual([]);
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

    // A damaged template: the folder is initialised as without one, and no half-unpacked folder stays.
    const damaged = path.join(dir, 'damaged');
    fs.mkdirSync(damaged);
    fs.writeFileSync(templateFileIn(damaged), fs.readFileSync(template).subarray(0, 20_000));
    const fromDamaged = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, 'c'),
      templateDir: damaged,
    });
    const migrated = await fromDamaged.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect((migrated as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    await fromDamaged.close();
    expect(fs.readdirSync(path.join(dir, 'c')).filter((f) => f.includes('partial'))).toEqual([]);
  }, 60_000);
});
