import { sql } from 'drizzle-orm';
import { user } from '../../db/schema/auth.ts';
import { clients } from '../../db/schema/clients.ts';
import { events } from '../../db/schema/calendar.ts';
import { invoicePayments, invoices, quotes } from '../../db/schema/invoicing.ts';
import { transactionCategories, transactions } from '../../db/schema/transactions.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { ActivityKind } from '@shared/reports/activity.ts';

export type ActivityRow = {
  kind: ActivityKind;
  at: string | Date;
  actor: string | null;
  label: string;
  record_id: string;
  amount_cents: string | number | null;
};

const clientName = sql`coalesce(c.company_name, c.full_name, '')`;

/**
 * The organization's latest records of each kind, merged newest first. Each branch takes at most `limit` rows from
 * an (organization_id, time) index, so the feed costs the same with 50 or 50,000 invoices. Ledger entries that a
 * recorded payment made (invoice_id set) are that payment's, already listed.
 */
export async function recentActivity(db: DbOrTx, orgId: string, limit: number): Promise<ActivityRow[]> {
  const result = await db.execute(sql`
    select * from (
      (select 'client_created' as kind, c.created_at as at, u.name as actor, ${clientName} as label,
              c.id::text as record_id, null::bigint as amount_cents
         from ${clients} c left join ${user} u on u.id = c.created_by
        where c.organization_id = ${orgId} order by c.created_at desc limit ${limit})
      union all
      (select 'quote_created', q.created_at, u.name, q.number || ' · ' || ${clientName}, q.id::text, q.total_cents
         from ${quotes} q join ${clients} c on c.id = q.client_id left join ${user} u on u.id = q.created_by
        where q.organization_id = ${orgId} order by q.created_at desc limit ${limit})
      union all
      (select case when q.status = 'rejected' then 'quote_rejected' else 'quote_accepted' end, q.responded_at, null,
              q.number || ' · ' || ${clientName}, q.id::text, q.total_cents
         from ${quotes} q join ${clients} c on c.id = q.client_id
        where q.organization_id = ${orgId} and q.responded_at is not null and q.status in ('accepted', 'rejected', 'converted')
        order by q.responded_at desc limit ${limit})
      union all
      (select 'invoice_created', i.created_at, u.name, coalesce(i.number || ' · ', '') || ${clientName}, i.id::text,
              i.total_cents
         from ${invoices} i join ${clients} c on c.id = i.client_id left join ${user} u on u.id = i.created_by
        where i.organization_id = ${orgId} order by i.created_at desc limit ${limit})
      union all
      (select 'invoice_issued', i.issued_at, null, coalesce(i.number || ' · ', '') || ${clientName}, i.id::text,
              i.total_cents
         from ${invoices} i join ${clients} c on c.id = i.client_id
        where i.organization_id = ${orgId} and i.issued_at is not null order by i.issued_at desc limit ${limit})
      union all
      (select 'payment_recorded', p.created_at, u.name, coalesce(i.number || ' · ', '') || ${clientName},
              i.id::text, p.amount_cents
         from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id join ${clients} c on c.id = i.client_id
         left join ${user} u on u.id = p.created_by
        where p.organization_id = ${orgId} order by p.created_at desc limit ${limit})
      union all
      (select 'transaction_created', t.created_at, u.name, coalesce(nullif(t.description, ''), tc.name, ''), t.id::text,
              t.amount_cents
         from ${transactions} t left join ${user} u on u.id = t.created_by
         left join ${transactionCategories} tc on tc.id = t.category_id
        where t.organization_id = ${orgId} and t.invoice_id is null order by t.created_at desc limit ${limit})
      union all
      (select 'event_created', e.created_at, u.name, e.title, e.id::text, null
         from ${events} e left join ${user} u on u.id = e.created_by
        where e.organization_id = ${orgId} order by e.created_at desc limit ${limit})
    ) feed
    order by at desc, kind, record_id
    limit ${limit}`);
  // node-postgres and PGlite both answer `{ rows }`.
  return (result as unknown as { rows: ActivityRow[] }).rows;
}
