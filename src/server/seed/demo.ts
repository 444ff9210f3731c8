import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../platform/auth.ts';
import type { Db } from '../platform/db.ts';
import type { FileStore } from '../platform/storage.ts';
import { DEMO_ORGANIZATION_METADATA } from '../modules/organizations/repository.ts';
import {
  addMember,
  createBusinessProfile,
  createOrganizationFor,
  createUser,
  findUserByEmail,
} from './factories.ts';
import { seedClientsDemo } from './clients-demo.ts';
import { seedTransactionsDemo } from './transactions-demo.ts';
import { seedInventoryDemo } from './inventory-demo.ts';
import { seedInvoicingDemo } from './invoicing-demo.ts';
import { seedCalendarDemo } from './calendar-demo.ts';
import { seedMailboxDemo } from './mailbox-demo.ts';

/** The demo sign-in shown on the login page in demo mode and in the README. */
export const DEMO_CREDENTIALS = { email: 'demo@gestionale.test', password: 'Demo-password-2026' } as const;

const TEAM = [
  { name: 'Giulia Bianchi', email: 'giulia.bianchi@gestionale.test', role: 'manager' },
  { name: 'Luca Esposito', email: 'luca.esposito@gestionale.test', role: 'user' },
  { name: 'Sara Colombo', email: 'sara.colombo@gestionale.test', role: 'viewer' },
] as const;

/**
 * First start in demo mode: an Italian business with its owner and a small team. Runs once;
 * a second start finds the demo user and changes nothing.
 */
/** `files`: where the demo mailbox keeps its attachments (without it, the demo mail has none). */
export async function seedDemoData(deps: { db: Db; auth: Auth; log: FastifyBaseLogger; files?: FileStore }) {
  if (await findUserByEmail(deps.db, DEMO_CREDENTIALS.email)) return false;
  // Created together: each password hash takes a while on libuv's thread pool, and they run side by side.
  const [owner, ...team] = await Promise.all([
    createUser(deps.auth, { name: 'Marco Rossi', ...DEMO_CREDENTIALS }),
    ...TEAM.map((person) =>
      createUser(deps.auth, {
        name: person.name,
        email: person.email,
        password: `${DEMO_CREDENTIALS.password}-${person.role}`,
      }),
    ),
  ]);
  const org = await createOrganizationFor(deps.auth, {
    userId: owner.id,
    name: 'Officina Rossi S.r.l.',
    metadata: DEMO_ORGANIZATION_METADATA, // automatic jobs never mail on its behalf
  });
  await createBusinessProfile(deps.db, org.id, {
    createdBy: owner.id,
    companyName: 'Officina Rossi S.r.l.',
    businessType: 'llc',
    industry: 'manufacturing',
    vatNumber: '04056780408',
    codiceFiscale: '04056780408',
    taxRegime: 'RF01',
    pec: 'officinarossi@pec.gestionale.test',
    website: 'https://officinarossi.gestionale.test',
    phone: '+39 0543 123456',
    email: 'info@officinarossi.gestionale.test',
    street: 'Via Giuseppe Mazzini 12',
    city: 'Forlì',
    state: 'Forlì-Cesena',
    province: 'FC',
    postalCode: '47121',
    country: 'IT',
    employeeCount: '2-10',
    description: 'Lavorazioni meccaniche di precisione e manutenzione di macchine agricole dal 1987.',
    onboardingComplete: true,
  });
  for (const [index, person] of TEAM.entries()) {
    await addMember(deps.auth, { userId: team[index]!.id, organizationId: org.id, role: person.role });
  }
  // One transaction for the business data: one commit instead of one per statement (a year of invoices and
  // their payments keeps the first start short on PGlite), and never half a demo.
  await deps.db.transaction(async (tx) => {
    const area = { db: tx, orgId: org.id, userId: owner.id };
    await seedClientsDemo(area);
    await seedTransactionsDemo(area); // before the invoices: it runs only on an empty ledger
    await seedInventoryDemo(area);
    await seedInvoicingDemo(area); // after the clients: documents name them; their payments are the receipts
    await seedCalendarDemo(area); // after the clients: events and invitations name them
    await seedMailboxDemo({ ...area, files: deps.files ?? null }); // after clients and documents: mail links them
  });
  deps.log.info({ email: DEMO_CREDENTIALS.email }, 'demo data created');
  return true;
}
