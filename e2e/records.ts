import type { Page } from '@playwright/test';
import type { TOnboardingFormValues } from '../src/shared/business-profile/contracts.ts';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { isoDateIn } from '../src/shared/dates/dates.ts';
import { baseUrlOf, expect } from './fixtures.ts';
import { uniqueCompany } from './helpers.ts';

/**
 * Records made through the API for journeys that start from them (as the screens make them): a business able to
 * issue e-invoices, a company client, an invoice to it (a draft, or issued).
 */

/** A valid Partita IVA no other run has used. */
export function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

/** Onboarding values (for onboardViaApi) of a business with what an issued e-invoice needs of it. */
export function issuingBusiness(prefix = 'Officina'): Partial<TOnboardingFormValues> {
  return {
    companyName: uniqueCompany(prefix),
    partitaIva: randomPartitaIva(),
    taxRegime: 'RF01',
    address: {
      street: 'Via Emilia 12',
      city: 'Forlì',
      state: 'FC',
      province: 'FC',
      zipCode: '47121',
      country: 'IT',
    },
  };
}

/**
 * A company client with Partita IVA, SDI code and address in Milan (POST /api/v1/clients); `fields` adds to or
 * replaces any of them (`companyName`, `email`…). Answers its id.
 */
export async function createCompanyClient(
  page: Page,
  fields: Record<string, unknown> & { companyName: string },
): Promise<string> {
  const res = await page.request.post('/api/v1/clients', {
    headers: { Origin: baseUrlOf(page) },
    data: {
      type: 'company',
      vatNumber: randomPartitaIva(),
      sdiCode: 'M5UXCR1',
      address: 'Corso Buenos Aires 1',
      city: 'Milano',
      postalCode: '20124',
      province: 'MI',
      country: 'IT',
      preferredLanguage: 'it',
      ...fields,
    },
  });
  expect(res.status(), `client ${fields.companyName}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A draft invoice to the client dated today (Rome), one line of 1 h at 500,00 € + 22 % VAT. Answers its id. */
export async function createDraftInvoice(page: Page, clientId: string): Promise<string> {
  const res = await page.request.post('/api/v1/invoices', {
    headers: { Origin: baseUrlOf(page) },
    data: {
      clientId,
      issueDate: isoDateIn('Europe/Rome'),
      lines: [
        {
          description: 'Manutenzione impianto',
          quantity: '1',
          unit: 'h',
          unitPriceCents: 50_000,
          discountPercent: '0',
          vatRate: 22,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Issues the draft (the business must be able to: `issuingBusiness`). Answers its number, "N/YYYY". */
export async function issueInvoice(page: Page, invoiceId: string): Promise<string> {
  const res = await page.request.post(`/api/v1/invoices/${invoiceId}/issue`, {
    headers: { Origin: baseUrlOf(page) },
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { number: string }).number;
}
