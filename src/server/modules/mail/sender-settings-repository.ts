import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailSenderSettings } from '../../db/schema/mail.ts';

export type SenderSettingsRow = typeof mailSenderSettings.$inferSelect;

export async function findSenderSettings(db: DbOrTx, orgId: string): Promise<SenderSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(mailSenderSettings)
    .where(eq(mailSenderSettings.organizationId, orgId));
  return row;
}

export async function saveSenderSettings(
  db: DbOrTx,
  values: typeof mailSenderSettings.$inferInsert,
): Promise<SenderSettingsRow> {
  const { organizationId: _key, ...set } = values;
  const [row] = await db
    .insert(mailSenderSettings)
    .values(values)
    .onConflictDoUpdate({ target: mailSenderSettings.organizationId, set })
    .returning();
  return row!;
}
