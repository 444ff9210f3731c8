import type { Db } from '../../platform/db.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { MailScope } from './folders-repository.ts';
import { snippetOf } from './ingest/parse-message.ts';
import { bodiesOf, setBody } from './messages-repository.ts';

/**
 * Confidential mail (issue 16, spec §5 and §9): the text and HTML of a message marked confidential, or sent with
 * the confidential flag, are kept sealed (AES-256-GCM, platform/sealed-box.ts) in `sealed_content`, and its raw
 * message in the file store is sealed too; the body columns and the snippet stay empty, so the search sees only
 * the subject and the addresses. The box is the server secret's, purpose `mail-content`.
 */
export const MAIL_CONTENT_PURPOSE = 'mail-content';

export type MessageContent = { text: string | null; html: string | null };

export function sealContent(box: SealedBox, content: MessageContent): string {
  return box.seal(JSON.stringify({ text: content.text, html: content.html }));
}

/** The content of a sealed message, or null when it cannot be opened (another server secret, a damaged row). */
export function openContent(box: SealedBox | undefined, sealed: string): MessageContent | null {
  if (!box) return null;
  try {
    const value = JSON.parse(box.open(sealed)) as Partial<MessageContent>;
    return { text: value.text ?? null, html: value.html ?? null };
  } catch {
    return null;
  }
}

/** How a message is stored confidential: the box, and who hears of a failure (spec: logged HIGH, stored anyway). */
export type ConfidentialStore = { box: SealedBox; onFailure: (err: unknown) => void };

/**
 * How the user's confidential message is stored. A failure to seal (no box, a crypto error) is written to the
 * security audit log as HIGH (mail_encryption_failed, without the content) and the message is stored and sent
 * as it is: the spec says sending continues.
 */
export function confidentialStore(
  deps: { db: Db; mailContent?: SealedBox },
  scope: { orgId: string; userId: string },
): ConfidentialStore {
  const onFailure = (err: unknown) => {
    void recordAudit(deps.db, {
      action: 'mail_encryption_failed',
      organizationId: scope.orgId,
      userId: scope.userId,
      details: { reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown' },
    }).catch(() => undefined);
  };
  const missing: SealedBox = {
    seal: () => {
      throw new Error('no key for confidential mail');
    },
    open: () => {
      throw new Error('no key for confidential mail');
    },
    sealBytes: () => {
      throw new Error('no key for confidential mail');
    },
    openBytes: (stored) => stored,
  };
  return { box: deps.mailContent ?? missing, onFailure };
}

/** The wire form of a confidential message as it waits in the file store: sealed, or as it is when sealing fails. */
export function sealedWire(store: ConfidentialStore | null, wire: Buffer): Buffer {
  if (!store) return wire;
  try {
    return store.box.sealBytes(wire);
  } catch (err) {
    store.onFailure(err);
    return wire;
  }
}

/**
 * Marking messages confidential seals what is stored of them (content and raw message); unmarking opens it again.
 * Runs in the action's transaction. A raw file is rewritten before the commit: its readers recognise a sealed file
 * by its mark, so a rollback leaves a readable message either way. Without the box: MAIL_ENCRYPTION_UNAVAILABLE.
 */
export async function sealStoredMessages(
  deps: { db: DbOrTx; files: FileStore; mailContent?: SealedBox },
  scope: MailScope,
  ids: string[],
  seal: boolean,
): Promise<void> {
  const box = deps.mailContent;
  if (!box) throw new AppError('MAIL_ENCRYPTION_UNAVAILABLE');
  for (const row of await bodiesOf(deps.db, scope, ids)) {
    if (seal === (row.sealedContent !== null)) continue;
    if (seal) {
      const content = sealContent(box, { text: row.textBody, html: row.htmlBody });
      await setBody(deps.db, scope, row.id, {
        textBody: null,
        htmlBody: null,
        sealedContent: content,
        snippet: '',
      });
    } else {
      const content = openContent(box, row.sealedContent!);
      if (!content) throw new AppError('MAIL_ENCRYPTION_UNAVAILABLE');
      await setBody(deps.db, scope, row.id, {
        textBody: content.text,
        htmlBody: content.html,
        sealedContent: null,
        snippet: snippetOf(content.text),
      });
    }
    if (!row.rawKey) continue;
    const raw = await deps.files.get(row.rawKey);
    if (raw) await deps.files.put(row.rawKey, seal ? box.sealBytes(box.openBytes(raw)) : box.openBytes(raw));
  }
}
