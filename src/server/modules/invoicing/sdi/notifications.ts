import { XMLParser } from 'fast-xml-parser';
import type { TSdiError, TSdiNotificationType } from '@shared/invoicing/sdi.ts';
import { validateXml } from '../../../platform/xml-schema.ts';

/**
 * The SDI's notifications (issue 16), recognised by their file name
 * (`<IdPaese><IdCodice>_<progressive>_<type>_<nnn>.xml`), validated against the official schema (MessaggiTypes
 * v1.1) and read. Only the six a transmitter receives: RC, NS, MC, NE, DT, AT (MT, EC and SE concern received
 * invoices).
 */

const FILE_NAME = /^[A-Z]{2}[A-Z0-9]{1,28}_[A-Z0-9]{1,5}_(RC|NS|MC|NE|DT|AT)_[A-Z0-9]{3}\.xml$/i;

const ROOT: Record<TSdiNotificationType, string> = {
  RC: 'RicevutaConsegna',
  NS: 'NotificaScarto',
  MC: 'NotificaMancataConsegna',
  NE: 'NotificaEsito',
  DT: 'NotificaDecorrenzaTermini',
  AT: 'AttestazioneTrasmissioneFattura',
};

/** Notifications are a few KB (a signed RC is about 6 KB); anything far larger is not one. */
export const MAX_NOTIFICATION_BYTES = 256 * 1024;

export type SdiNotification = {
  type: TSdiNotificationType;
  fileName: string;
  /** The name of the invoice file it answers (NomeFile). */
  invoiceFileName: string;
  sdiIdentifier: string;
  outcome: 'EC01' | 'EC02' | null;
  description: string | null;
  errors: TSdiError[];
  /** When the SDI received the file (DataOraRicezione), if the notification says. */
  receivedAt: Date | null;
  xml: string;
};

export type SdiNotificationReading =
  { ok: true; notification: SdiNotification } | { ok: false; fileName: string; errors: string[] };

/** The notification type a file name announces, or null for any other file. */
export function sdiNotificationType(fileName: string): TSdiNotificationType | null {
  const match = FILE_NAME.exec(fileName.trim());
  return match ? (match[1]!.toUpperCase() as TSdiNotificationType) : null;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'Errore',
});

type Node = Record<string, unknown>;
const text = (node: Node | undefined, key: string): string | null => {
  const value = node?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** A time of the SDI: with an offset or Z as given, without one in Italian time (the SDI's clock). */
function sdiTime(value: string | null): Date | null {
  if (!value) return null;
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = new Date(zoned ? value : `${value}+01:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Reads one file named as a notification: null when its name is not one's; otherwise the notification, or why it
 * is refused (not valid against the schema, or its content is another type than its name says).
 */
export async function readSdiNotification(
  fileName: string,
  content: Buffer | string,
): Promise<SdiNotificationReading | null> {
  const type = sdiNotificationType(fileName);
  if (!type) return null;
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  if (size > MAX_NOTIFICATION_BYTES) return { ok: false, fileName, errors: ['file too large'] };
  const xml = typeof content === 'string' ? content : content.toString('utf8');
  const validation = await validateXml('sdi-messages', xml, fileName);
  if (!validation.valid) return { ok: false, fileName, errors: validation.errors };
  const root = (parser.parse(xml) as Node)[ROOT[type]] as Node | undefined;
  if (!root) return { ok: false, fileName, errors: [`not a ${ROOT[type]}`] };

  const esito = root.EsitoCommittente as Node | undefined;
  const outcome = text(esito, 'Esito');
  const list = (root.ListaErrori as Node | undefined)?.Errore as Node[] | undefined;
  return {
    ok: true,
    notification: {
      type,
      fileName: fileName.trim(),
      invoiceFileName: text(root, 'NomeFile')!,
      sdiIdentifier: text(root, 'IdentificativoSdI')!,
      outcome: outcome === 'EC01' || outcome === 'EC02' ? outcome : null,
      description: text(esito, 'Descrizione') ?? text(root, 'Descrizione') ?? text(root, 'Note'),
      errors: (list ?? []).map((e) => ({
        code: text(e, 'Codice') ?? '',
        description: text(e, 'Descrizione') ?? '',
        suggestion: text(e, 'Suggerimento'),
      })),
      receivedAt: sdiTime(text(root, 'DataOraRicezione')),
      xml,
    },
  };
}
