/**
 * Where the mail store keeps files in the file store. The raw message is per message; an attachment is stored once
 * per content for its owner (the SHA-256 of its bytes), so removing a message removes the attachment's file only
 * when no other message of the owner still has it.
 */
export function rawMessageKey(scope: { orgId: string; userId: string }, messageRowId: string): string {
  return `mail/${scope.orgId}/${scope.userId}/raw/${messageRowId}.eml`;
}

export function attachmentKey(scope: { orgId: string; userId: string }, sha256: string): string {
  return `mail/${scope.orgId}/${scope.userId}/att/${sha256}`;
}

/** The wire form of a message composed in the mailbox, kept for the outbox until (and after) it is sent. */
export function outboxRawKey(scope: { orgId: string; userId: string }, outboxId: string): string {
  return `mail/${scope.orgId}/${scope.userId}/outbox/${outboxId}.eml`;
}

/** A file uploaded for the composer, until the message is sent (or the composer closed). */
export function uploadKey(scope: { orgId: string; userId: string }, uploadId: string): string {
  return `mail/${scope.orgId}/${scope.userId}/uploads/${uploadId}`;
}
