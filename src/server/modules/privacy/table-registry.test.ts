import { describe, expect, it } from 'vitest';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organization } from '../../db/schema/auth.ts';
import { auditEntryFor, redactTokens } from './personal-export.ts';
import { creatorTables, deletionOrder, organizationTables, PAGE_SIZE } from '../../db/table-registry.ts';

const names = (tables: { name: string }[]) => tables.map((t) => t.name);

describe('the table registry of the GDPR exports', () => {
  it('finds every table with an organization_id column, the better-auth ones included', () => {
    const found = names(organizationTables());
    for (const table of [
      'clients',
      'invoices',
      'events',
      'transactions',
      'member',
      'invitation',
      'audit_logs',
    ]) {
      expect(found).toContain(table);
    }
    expect(found).not.toContain('user');
    expect(found).not.toContain('session');
    expect(found).not.toContain('event_invitation_tokens');
  });

  it('includes a table added later without being told', () => {
    const notes = pgTable(
      'notes',
      {
        id: uuid('id').primaryKey(),
        organizationId: text('organization_id').references(() => organization.id),
        createdBy: text('created_by'),
        token: text('token'),
      },
      (t) => [index('notes_org_idx').on(t.organizationId)],
    );
    const [registered] = organizationTables({ notes });
    expect(registered?.name).toBe('notes');
    expect(registered?.creatorColumn?.name).toBe('created_by');
    expect(Object.keys(registered!.exported)).toEqual(['id', 'organizationId', 'createdBy']);
  });

  it('never exports secret or generated columns', () => {
    const feeds = organizationTables().find((t) => t.name === 'calendar_feeds')!;
    expect(Object.values(feeds.exported).map((c) => c.name)).not.toContain('token_hash');
    const clients = organizationTables().find((t) => t.name === 'clients')!;
    expect(Object.keys(clients.exported)).not.toContain('searchText');
  });

  it('reads tables with JSON documents in smaller pages', () => {
    const pageOf = (name: string) => organizationTables().find((t) => t.name === name)?.pageSize;
    expect(pageOf('mail_outbox')).toBe(PAGE_SIZE.heavy);
    expect(pageOf('invoices')).toBe(PAGE_SIZE.heavy);
    expect(pageOf('clients')).toBe(PAGE_SIZE.light);
  });

  it('lists what a user made, leaving out the tables the personal export covers on its own', () => {
    const made = names(creatorTables());
    expect(made).toEqual(expect.arrayContaining(['clients', 'invoices', 'events', 'event_comments']));
    expect(made).not.toContain('mail_outbox');
    expect(made).not.toContain('calendar_feeds');
    expect(made).not.toContain('member');
  });

  it('deletes rows before the rows they reference', () => {
    const order = names(deletionOrder());
    const before = (first: string, then: string) =>
      expect(order.indexOf(first), `${first} before ${then}`).toBeLessThan(order.indexOf(then));
    before('invoice_payments', 'invoices');
    before('invoice_payments', 'transactions');
    before('invoices', 'clients');
    before('quotes', 'clients');
    before('events', 'clients');
    before('event_attendees', 'event_invitations');
    before('event_invitations', 'events');
    before('stock_movements', 'inventory_items');
    before('transactions', 'transaction_categories');
    before('email_activity', 'mail_outbox');
    expect(new Set(order).size).toBe(organizationTables().length);
  });
});

describe('personal export helpers', () => {
  it('blanks single-use codes in mail bodies and keeps the words', () => {
    const body =
      'Reimposta la password: https://app.example/login?resetToken=Zx81kP0qLmN2vB7cR4tY9wE3 entro un’ora';
    expect(redactTokens(body)).toBe(
      'Reimposta la password: https://app.example/login?resetToken=[…] entro un’ora',
    );
  });

  it('keeps another person’s action about the user without their identity', () => {
    const row = {
      id: 'a1',
      organizationId: 'o1',
      action: 'role_changed',
      severity: 'HIGH' as const,
      userId: 'admin',
      userEmail: 'admin@example.test',
      targetUserId: 'me',
      details: { from: 'user', to: 'manager' },
      ipAddress: '203.0.113.9',
      userAgent: 'Firefox',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      cursorAt: '2026-01-01 00:00:00+00',
    };
    const entry = auditEntryFor('me', row);
    expect(entry).toMatchObject({ action: 'role_changed', byAnotherUser: true, details: { to: 'manager' } });
    expect(JSON.stringify(entry)).not.toMatch(/admin@|203\.0\.113\.9|Firefox|"userId"/);
    expect(auditEntryFor('admin', row)).toMatchObject({
      ipAddress: '203.0.113.9',
      userEmail: 'admin@example.test',
    });
  });
});
