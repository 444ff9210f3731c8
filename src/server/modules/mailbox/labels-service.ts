import type { z } from 'zod';
import type { TMailLabel, ZLabelInput } from '@shared/mailbox/contracts.ts';
import { AppError } from '../../platform/errors.ts';
import { topics } from '../../platform/realtime.ts';
import type { MailScope } from './folders-repository.ts';
import {
  deleteLabel as deleteLabelRow,
  findLabel,
  insertLabel,
  listLabels as listLabelRows,
  removeLabelFromMessages,
  updateLabel as updateLabelRow,
} from './labels-repository.ts';
import type { MailboxDeps } from './messages-service.ts';
import { queueChanges, UID_AFTER_MOVE } from './pending-changes-repository.ts';
import { keywordStorable } from './sync/flags.ts';

type LabelInput = z.infer<typeof ZLabelInput>;

/**
 * The IMAP keyword a label is written back as: `$label_` and the name's letters and digits (accents dropped),
 * within the atom characters IMAP allows in a keyword.
 */
export function labelKeyword(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `$label_${slug || 'x'}`;
}

const toLabel = (row: { id: string; name: string; color: string }): TMailLabel => ({
  id: row.id,
  name: row.name,
  color: row.color,
});

export async function listLabels(deps: MailboxDeps, scope: MailScope): Promise<TMailLabel[]> {
  return (await listLabelRows(deps.db, scope)).map(toLabel);
}

export async function createLabel(
  deps: MailboxDeps,
  input: MailScope & { body: LabelInput },
): Promise<TMailLabel> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const row = await insertLabel(deps.db, scope, {
    name: input.body.name,
    color: input.body.color,
    keyword: labelKeyword(input.body.name),
  });
  return toLabel(row);
}

/** Renames or recolours a label; its IMAP keyword stays, so the server's messages keep it. */
export async function updateLabel(
  deps: MailboxDeps,
  input: MailScope & { id: string; body: Partial<LabelInput> },
): Promise<TMailLabel> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const values: Partial<LabelInput> = {};
  if (input.body.name !== undefined) values.name = input.body.name;
  if (input.body.color !== undefined) values.color = input.body.color;
  const row = Object.keys(values).length
    ? await updateLabelRow(deps.db, scope, input.id, values)
    : await findLabel(deps.db, scope, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toLabel(row);
}

/** Deletes a label: it leaves every message that had it (and its keyword is removed on the IMAP server). */
export async function deleteLabel(deps: MailboxDeps, input: MailScope & { id: string }): Promise<void> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const changed = await deps.db.transaction(async (tx) => {
    const labels = await listLabelRows(tx, scope);
    const label = labels.find((l) => l.id === input.id);
    if (!label) throw new AppError('NOT_FOUND');
    const messages = await removeLabelFromMessages(tx, scope, label.id);
    await queueChanges(
      tx,
      messages
        // Where the server cannot hold the keyword, the label was ours only: nothing to remove there.
        .filter((m) => m.accountId !== null && keywordStorable(m.permanentFlags, label.keyword))
        .map((m) => ({
          organizationId: scope.orgId,
          userId: scope.userId,
          accountId: m.accountId!,
          folderPath: m.folderPath,
          // A message whose move is not confirmed yet: queued behind the move (pending-changes-repository.ts).
          uid: m.uid ?? UID_AFTER_MOVE,
          messageRowId: m.id,
          kind: 'flags' as const,
          payload: { add: [], remove: [label.keyword] },
        })),
    );
    await deleteLabelRow(tx, scope, label.id);
    return messages;
  });
  const topic = topics.userMail(scope.orgId, scope.userId);
  for (const m of changed) {
    await deps.hub.publish(topic, { type: 'email:updated', emailId: m.id, updates: {} });
  }
}
