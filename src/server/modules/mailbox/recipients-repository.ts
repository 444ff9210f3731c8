import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { mailMessages } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `%text%` for ILIKE, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Suggestions for a recipient field (issue 16): the organization's clients with an e-mail whose name or address
 * contains the text (trigram indexes on both), then the user's own past correspondents (senders and recipients of
 * their mail) whose address contains it, the most frequent first. The correspondents come from the 2,000 newest
 * matching messages (the address trigram index finds them), so a large mailbox stays a bounded read.
 */
export async function recipientSuggestions(db: DbOrTx, scope: MailScope, text: string, limit: number) {
  const like = contains(text.toLowerCase());
  const c = clients;
  const fromClients = rowsOf<{ name: string | null; address: string }>(
    await db.execute(sql`
      select coalesce(${c.companyName}, ${c.fullName}) as name, lower(${c.email}) as address
      from ${c}
      where ${c.organizationId} = ${scope.orgId} and ${c.email} is not null and ${c.archivedAt} is null
        and (${c.searchText} like ${like} or ${c.identText} like ${like})
      order by lower(coalesce(${c.companyName}, ${c.fullName}, '')) limit ${limit}`),
  );
  const m = mailMessages;
  const correspondents = rowsOf<{ name: string | null; address: string }>(
    await db.execute(sql`
      with recent as (
        select ${m.fromName} as from_name, ${m.fromAddress} as from_address, ${m.to} as "to", ${m.cc} as cc,
               ${m.receivedAt} as received_at
        from ${m}
        where ${m.organizationId} = ${scope.orgId} and ${m.userId} = ${scope.userId}
          and ${m.addressText} like ${like}
        order by ${m.receivedAt} desc limit 2000
      ), addresses as (
        select lower(from_address) as address, from_name as name, received_at from recent where from_address is not null
        union all
        select lower(a->>'address'), a->>'name', received_at
        from recent, jsonb_array_elements("to" || cc) a
      )
      select address, (array_agg(name order by received_at desc) filter (where name is not null and name <> ''))[1] as name
      from addresses
      where address like ${like}
      group by address
      order by count(*) desc, max(received_at) desc
      limit ${limit}`),
  );
  return { fromClients, correspondents };
}
