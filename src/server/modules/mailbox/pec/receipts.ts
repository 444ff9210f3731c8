import { PEC_RECEIPT_KINDS, type PecReceiptKind } from '@shared/mailbox/pec.ts';
import type { ParsedMessage } from '../ingest/parse-message.ts';

/** What a PEC receipt says (issue 16): its kind, the message it is about, and for a delivery its recipient. */
export type PecReceipt = {
  kind: PecReceiptKind;
  /** The Message-ID of the sent message, as `<id@host>`. */
  refersTo: string;
  recipient: string | null;
  error: string | null;
};

const header = (parsed: ParsedMessage, name: string) => parsed.mail.headers[name]?.[0]?.trim() || null;

/** The text of the first `<tag>` of the certified data (daticert.xml), entities decoded. */
function element(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'i').exec(xml);
  if (!match) return null;
  const text = match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return text || null;
}

function normalId(id: string): string {
  const bare = id.trim().replace(/^<|>$/g, '');
  return `<${bare}>`;
}

/**
 * A PEC receipt, recognised by its `X-Ricevuta` header; the message it refers to by `X-Riferimento-Message-ID`, or
 * else by the `msgid` of its certified data. The recipient and the extended error come from `daticert.xml` when
 * the receipt carries it. Anything else (ordinary mail, an envelope of certified mail): null.
 */
export function pecReceiptOf(parsed: ParsedMessage): PecReceipt | null {
  const kind = header(parsed, 'x-ricevuta')?.toLowerCase();
  if (!kind || !(PEC_RECEIPT_KINDS as readonly string[]).includes(kind)) return null;
  const daticert = parsed.attachments.find((a) => a.filename.toLowerCase() === 'daticert.xml');
  const xml = daticert ? daticert.content.toString('utf8').slice(0, 200_000) : '';
  const refersTo = header(parsed, 'x-riferimento-message-id') ?? element(xml, 'msgid');
  if (!refersTo) return null;
  const errorAttribute = /<postacert\b[^>]*\berrore="([^"]*)"/i.exec(xml)?.[1] ?? null;
  const extended = element(xml, 'errore-esteso');
  const failed =
    kind === 'non-accettazione' || kind === 'errore-consegna' || kind === 'preavviso-errore-consegna';
  return {
    kind: kind as PecReceiptKind,
    refersTo: normalId(refersTo),
    recipient: element(xml, 'consegna'),
    error: failed
      ? (extended ?? (errorAttribute && errorAttribute !== 'nessuno' ? errorAttribute : null))
      : null,
  };
}
