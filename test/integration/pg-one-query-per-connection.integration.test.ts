import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * node-postgres queues a query sent to a connection still answering another one: deprecated, and refused from
 * pg 9. That happens when reads run at once (Promise.all) inside a transaction, which holds one connection
 * (database.ts independentReads). The demo data goes through most of the app's writing paths (clients, invoices
 * issued and paid, quotes, the calendar, the mailbox) in one transaction.
 */
describe.skipIf(!DATABASES.includes('postgres'))('one query at a time on a PostgreSQL connection', () => {
  const queued: string[] = [];
  const original = pg.Client.prototype.query;
  let t: TestApp;

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client & { _queryQueue: unknown[] }, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      if (this._queryQueue.length > 0) queued.push(typeof config === 'string' ? config : (config.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    t = await createTestApp('postgres', { demoData: true });
  }, 180_000);
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  it('never sends a query to a connection that is still answering one, while creating the demo business', () => {
    expect(queued.map((sql) => sql.slice(0, 120))).toEqual([]);
  });
});
