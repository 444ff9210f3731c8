import { AppError } from '../../platform/errors.ts';
import { findAttachment } from './attachments-repository.ts';
import type { MailScope } from './folders-repository.ts';
import type { MailboxDeps } from './messages-service.ts';

/** Types a browser may show in the page (with `?inline=1`): raster images and PDF. SVG can carry scripts: never. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp|bmp|avif)|application\/pdf)$/i;

/** A content type safe to send as a header value (type/subtype only); anything else is a plain download. */
function cleanContentType(contentType: string): string {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(base)
    ? base
    : 'application/octet-stream';
}

/** Content-Disposition with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type AttachmentDownload = {
  body: Buffer;
  headers: Record<string, string>;
};

/**
 * An attachment's bytes with the headers to send: a download by default; shown in the page only when asked for
 * and only for images and PDF, in a sandbox (no scripts, no same origin) and never sniffed as something else.
 */
export async function downloadAttachment(
  deps: MailboxDeps,
  input: MailScope & { id: string; inline: boolean },
): Promise<AttachmentDownload> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const row = await findAttachment(deps.db, scope, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  const body = await deps.files.get(row.storageKey);
  if (!body) throw new AppError('NOT_FOUND');
  const contentType = cleanContentType(row.contentType);
  const inline = input.inline && INLINE_TYPES.test(contentType);
  return {
    body,
    headers: {
      'content-type': contentType,
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.filename),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      ...(inline ? { 'content-security-policy': 'sandbox' } : {}),
    },
  };
}

/** An attachment of the user's own mail, as stored (issue 17: "Save to documents"). */
export async function attachmentFile(
  deps: Pick<MailboxDeps, 'db' | 'files'>,
  scope: MailScope,
  id: string,
): Promise<{ fileName: string; content: Buffer }> {
  const row = await findAttachment(deps.db, scope, id);
  const content = row && (await deps.files.get(row.storageKey));
  if (!row || !content) throw new AppError('NOT_FOUND');
  return { fileName: row.filename, content };
}
