import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TDocumentSuggestions } from '@shared/documents/contracts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { suppliers } from '../../db/schema/purchases.ts';
import { transactions } from '../../db/schema/transactions.ts';

/** The queries behind a document's suggestions (suggest.ts): contacts named in its text, the issuer's category. */

type Correspondent = TDocumentSuggestions['correspondents'][number];

const clientName = sql<string>`coalesce(${clients.companyName}, ${clients.fullName}, '')`;

export async function matchCorrespondents(
  db: DbOrTx,
  orgId: string,
  found: { vatNumbers: string[]; taxCodes: string[]; emails: string[]; names: string[] },
): Promise<Correspondent[]> {
  const out: Correspondent[] = [];
  const seen = new Set<string>();
  const add = (c: Correspondent) => {
    const key = `${c.kind}:${c.id}`;
    if (seen.has(key)) return;
    out.push(c);
    seen.add(key);
  };
  const vats = found.vatNumbers.flatMap((v) => [v, `IT${v}`]);
  const codes = found.taxCodes.map((c) => c.toUpperCase());
  const emails = found.emails.map((e) => e.toLowerCase());
  const names = found.names.map((n) => n.toLowerCase()).filter((n) => n.length >= 4);
  if (vats.length + codes.length + emails.length + names.length === 0) return out;

  const clientRows = await db
    .select({
      id: clients.id,
      name: clientName,
      vatNumber: clients.vatNumber,
      codiceFiscale: clients.codiceFiscale,
      email: clients.email,
    })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, orgId),
        or(
          vats.length ? inArray(clients.vatNumber, vats) : undefined,
          codes.length ? inArray(sql`upper(${clients.codiceFiscale})`, codes) : undefined,
          emails.length ? inArray(sql`lower(${clients.email})`, emails) : undefined,
          names.length
            ? inArray(sql`lower(coalesce(${clients.companyName}, ${clients.fullName}))`, names)
            : undefined,
        ),
      ),
    )
    .limit(10);
  const supplierRows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      vatNumber: suppliers.vatNumber,
      taxCode: suppliers.taxCode,
    })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.organizationId, orgId),
        or(
          vats.length ? inArray(suppliers.vatNumber, vats) : undefined,
          codes.length ? inArray(sql`upper(${suppliers.taxCode})`, codes) : undefined,
          names.length ? inArray(sql`lower(${suppliers.name})`, names) : undefined,
        ),
      ),
    )
    .limit(10);

  // Strongest evidence first: the tax identifiers, then the e-mail, then the name.
  for (const s of supplierRows) {
    const by =
      s.vatNumber && vats.includes(s.vatNumber)
        ? 'vat_number'
        : s.taxCode && codes.includes(s.taxCode.toUpperCase())
          ? 'tax_code'
          : 'name';
    add({ kind: 'supplier', id: s.id, name: s.name, matchedBy: by });
  }
  for (const c of clientRows) {
    const by =
      c.vatNumber && vats.includes(c.vatNumber)
        ? 'vat_number'
        : c.codiceFiscale && codes.includes(c.codiceFiscale.toUpperCase())
          ? 'tax_code'
          : c.email && emails.includes(c.email.toLowerCase())
            ? 'email'
            : 'name';
    add({ kind: 'client', id: c.id, name: c.name, matchedBy: by });
  }
  const rank = { vat_number: 0, tax_code: 1, iban: 2, email: 3, name: 4 } as const;
  return out.sort((a, b) => rank[a.matchedBy] - rank[b.matchedBy]);
}

/** The category most used by earlier expenses described with the issuer's name. */
export async function issuerCategory(
  db: DbOrTx,
  orgId: string,
  issuer: string | null,
): Promise<string | null> {
  if (!issuer || issuer.trim().length < 3) return null;
  const [row] = await db
    .select({ categoryId: transactions.categoryId, uses: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, orgId),
        eq(transactions.direction, 'expense'),
        isNotNull(transactions.categoryId),
        sql`lower(${transactions.description}) like ${`%${issuer
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    )
    .groupBy(transactions.categoryId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  return row?.categoryId ?? null;
}
