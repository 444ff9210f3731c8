import type { ParsedMessage } from '../ingest/parse-message.ts';

/** An XML file (or a signed one, .xml.p7m) that came by mail, and the address of the one who sent it. */
export type MailedXmlFile = { fileName: string; content: Buffer; from: string | null };

/** SDI notifications are a few KB and invoices rarely over a few hundred; larger XML is not read. */
const MAX_XML_BYTES = 5 * 1024 * 1024;

/**
 * The sender of a message. A certified envelope is read as its original by parseMessage (certified); one it could
 * not open is from `"Per conto di: sender" <posta-certificata@provider>` with a Reply-To of the original sender
 * (DM 2/11/2005, technical rules).
 */
function senderOf(parsed: ParsedMessage): string | null {
  const from = parsed.mail.from;
  if (parsed.mail.certified || !parsed.mail.headers['x-trasporto']?.[0]) return from?.address ?? null;
  const onBehalf = /per conto di:\s*([^\s"<>]+@[^\s"<>]+)/i.exec(from?.name ?? '')?.[1];
  return parsed.mail.replyTo[0]?.address ?? onBehalf ?? from?.address ?? null;
}

/**
 * The XML attachments of a message, signed ones (.xml.p7m) included (issue 16: the SDI's notifications and
 * invoices arrive so), with their sender.
 * A certified envelope is read as its original (parseMessage), so its files are these; the provider's certified
 * data (daticert.xml) is left out.
 */
export function xmlFilesIn(parsed: ParsedMessage): MailedXmlFile[] {
  const from = senderOf(parsed);
  return parsed.attachments
    .filter((a) => /\.xml(\.p7m)?$/i.test(a.filename) && a.filename.toLowerCase() !== 'daticert.xml')
    .filter((a) => a.size <= MAX_XML_BYTES)
    .map((a) => ({ fileName: a.filename, content: a.content, from }));
}

/** A file attached to a message (not an inline image, not a certified envelope's own data). */
export type AttachedFile = { fileName: string; content: Buffer };

/** The files of a message a person attached: what "import attachments into documents" takes. */
export function attachedFilesIn(parsed: ParsedMessage): AttachedFile[] {
  return parsed.attachments
    .filter((a) => !a.isInline && !/^(daticert\.xml|smime\.p7s|winmail\.dat)$/i.test(a.filename))
    .filter((a) => !/^text\/calendar/i.test(a.contentType))
    .map((a) => ({ fileName: a.filename, content: a.content }));
}
