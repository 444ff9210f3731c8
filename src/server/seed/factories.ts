import { eq } from 'drizzle-orm';
import type { Role } from '@shared/auth/permissions.ts';
import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  ZEventInput,
  type TEvent,
  type TEventFormValues,
} from '@shared/calendar/contracts.ts';
import { ZClientInput, type TClient, type TClientFormValues } from '@shared/clients/contracts.ts';
import { ZItemInput, type TItem, type TItemFormValues } from '@shared/inventory/contracts.ts';
import { isoDateIn } from '@shared/dates/dates.ts';
import {
  ZInvoiceInput,
  ZQuoteInput,
  type TInvoice,
  type TInvoiceInput,
  type TQuote,
  type TQuoteInput,
} from '@shared/invoicing/contracts.ts';
import type { z } from 'zod';
import type { Auth } from '../platform/auth.ts';
import type { Db } from '../platform/db.ts';
import { user } from '../db/schema/auth.ts';
import { slugFor } from '../modules/organizations/service.ts';
import { upsertProfile, type BusinessProfileValues } from '../modules/business-profiles/repository.ts';
import { createEvent } from '../modules/calendar/service.ts';
import { createClient } from '../modules/clients/service.ts';
import { createItem } from '../modules/inventory/service.ts';
import { createInvoiceDraft, createQuote } from '../modules/invoicing/index.ts';

/**
 * Entity factories shared by the demo seed and the tests (DESIGN.md §3). Server-side calls only.
 * `xInput(overrides)` builds the form values of a valid entity (what the web sends: tests that go through
 * HTTP post it); `addX(deps, { orgId, userId, values })` creates it through the module's service, so its rules
 * (validation, duplicates, zone of an event) apply exactly as for a user.
 */

export async function createUser(auth: Auth, input: { name: string; email: string; password: string }) {
  const result = await auth.api.signUpEmail({ body: input });
  return result.user;
}

export async function createOrganizationFor(
  auth: Auth,
  input: { userId: string; name: string; metadata?: Record<string, unknown> },
) {
  const org = await auth.api.createOrganization({
    body: {
      name: input.name,
      slug: slugFor(input.name),
      userId: input.userId,
      ...(input.metadata ? { metadata: input.metadata } : {}),
    },
  });
  if (!org) throw new Error('organization not created');
  return org;
}

export async function addMember(auth: Auth, input: { userId: string; organizationId: string; role: Role }) {
  return auth.api.addMember({ body: input });
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row;
}

export async function createBusinessProfile(
  db: Db,
  orgId: string,
  values: BusinessProfileValues & { companyName: string },
) {
  return upsertProfile(db, orgId, values);
}

// ─── Clients, events, items ───────────────────────────────────────────────────────────────────────────────

/** A company client in Italy; no e-mail or VAT number by default, so any number of them can coexist. */
export function clientInput(overrides: Partial<TClientFormValues> = {}): TClientFormValues {
  return { type: 'company', companyName: 'Rossi Costruzioni S.r.l.', country: 'IT', ...overrides };
}

export async function addClient(
  deps: { db: Db },
  input: { orgId: string; userId: string; values?: Partial<TClientFormValues> },
): Promise<TClient> {
  return createClient(deps, {
    orgId: input.orgId,
    userId: input.userId,
    values: ZClientInput.parse(clientInput(input.values)),
  });
}

/** An hour's meeting at the form's default times on a fixed date (pass a startDate for "upcoming"). */
export function eventInput(overrides: Partial<TEventFormValues> = {}): TEventFormValues {
  return {
    title: 'Sopralluogo cantiere',
    startDate: '2026-03-28',
    startTime: DEFAULT_START_TIME,
    endTime: DEFAULT_END_TIME,
    ...overrides,
  };
}

export async function addEvent(
  deps: { db: Db; appUrl: string },
  input: { orgId: string; userId: string; values?: Partial<TEventFormValues> },
): Promise<TEvent> {
  return createEvent(deps, {
    orgId: input.orgId,
    userId: input.userId,
    input: ZEventInput.parse(eventInput(input.values)),
  });
}

let itemSerial = 0;

/** Goods with prices in euros as typed in the form; a fresh SKU each call unless one is given. */
export function itemInput(overrides: Partial<TItemFormValues> = {}): TItemFormValues {
  itemSerial += 1;
  return {
    name: 'Filtro olio motore',
    sku: `SKU-${itemSerial}`,
    salePrice: '12,50',
    cost: '7,20',
    ...overrides,
  };
}

export async function addItem(
  deps: { db: Db },
  input: { orgId: string; values?: Partial<TItemFormValues> },
): Promise<TItem> {
  return createItem(deps, { orgId: input.orgId, values: ZItemInput.parse(itemInput(input.values)) });
}

// ─── Invoices and quotes ──────────────────────────────────────────────────────────────────────────────────

/** A document body as the web sends it (before the contract's defaults and transforms). */
export type InvoiceBody = z.input<typeof ZInvoiceInput>;
export type QuoteBody = z.input<typeof ZQuoteInput>;
export type LineBody = InvoiceBody['lines'][number];

/** One hour of work at 100,00 € with 22 % VAT. */
export function lineInput(overrides: Partial<LineBody> = {}): LineBody {
  return {
    description: 'Manodopera officina',
    quantity: '1',
    unit: 'h',
    unitPriceCents: 10_000,
    discountPercent: '0',
    vatRate: 22,
    ...overrides,
  };
}

/**
 * A draft invoice for the client, dated today (Europe/Rome, the default zone), with one line unless `lines`
 * is given; everything else is left to the contract's defaults (TD01, bank transfer, due after the client's
 * payment terms).
 */
export function invoiceInput(overrides: Partial<InvoiceBody> & Pick<InvoiceBody, 'clientId'>): InvoiceBody {
  return { issueDate: isoDateIn('Europe/Rome'), lines: [lineInput()], ...overrides };
}

/** A quote for the client, dated today (Europe/Rome), valid for the organization's default days. */
export function quoteInput(overrides: Partial<QuoteBody> & Pick<QuoteBody, 'clientId'>): QuoteBody {
  return { issueDate: isoDateIn('Europe/Rome'), lines: [lineInput()], ...overrides };
}

/** The builder's body parsed by the contract, as the route hands it to the service. */
export function invoiceValues(overrides: Parameters<typeof invoiceInput>[0]): TInvoiceInput {
  return ZInvoiceInput.parse(invoiceInput(overrides));
}

function quoteValues(overrides: Parameters<typeof quoteInput>[0]): TQuoteInput {
  return ZQuoteInput.parse(quoteInput(overrides));
}

export async function addInvoiceDraft(
  deps: { db: Db },
  input: { orgId: string; userId: string; values: Parameters<typeof invoiceInput>[0] },
): Promise<TInvoice> {
  return createInvoiceDraft(deps, {
    orgId: input.orgId,
    userId: input.userId,
    input: invoiceValues(input.values),
  });
}

export async function addQuote(
  deps: { db: Db },
  input: { orgId: string; userId: string; values: Parameters<typeof quoteInput>[0] },
): Promise<TQuote> {
  return createQuote(deps, { orgId: input.orgId, userId: input.userId, input: quoteValues(input.values) });
}
