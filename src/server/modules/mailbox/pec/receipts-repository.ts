import type { DbOrTx } from '../../../db/database.ts';
import { mailPecReceipts } from '../../../db/schema/mailbox.ts';

export async function insertPecReceipt(db: DbOrTx, row: typeof mailPecReceipts.$inferInsert): Promise<void> {
  await db.insert(mailPecReceipts).values(row).onConflictDoNothing();
}
