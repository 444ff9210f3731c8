import { fillPlaceholders } from '@shared/i18n/catalogue.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { fieldText } from '@web/app/field-text.ts';

/**
 * What the FatturaPA file still needs (TInvoice.eInvoiceMissing, or the details of a 422 EINVOICE_DATA_MISSING):
 * each key ("seller.vatNumber", "buyer.sdiCodeOrPec", …) becomes its sentence, the one the server answers with
 * (fields.json `invoicing.missing.<key>`), and, where the user can fix it, a link to the page that holds the datum.
 */
export interface MissingItem {
  key: string;
  /** The field message key of the sentence (`invoicing.missing.<key>`). */
  messageKey: string;
  /** Where to fix it: the business profile, the invoicing settings, the client, or the draft. */
  fix: { to: string; labelKey: string } | null;
}

/** One problem to show: its key (the sentence), the field it is on, the values of the sentence. */
export interface MissingEntry {
  key: string;
  path: string;
  params?: Record<string, string>;
  /** The server's text, shown when the interface has no sentence for the key. */
  message: string | null;
}

const MISSING_PREFIX = 'invoicing.missing.';

/**
 * The problems of a 422 (EINVOICE_DATA_MISSING, INVOICE_NOT_ISSUABLE) or of a refused issue date:
 * `[{ path, key, message, params }]`. An e-invoice problem is named by its key ("invoicing.missing.buyer.address"
 * → "buyer.address"), another by its field; the message is kept when the server translated it.
 */
export function missingKeysOf(details: unknown): MissingEntry[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item: unknown) => {
    const d = item as { path?: unknown; message?: unknown; key?: unknown; params?: unknown } | null;
    if (!d || typeof d.path !== 'string' || !d.path) return [];
    const messageKey = typeof d.key === 'string' ? d.key : typeof d.message === 'string' ? d.message : '';
    const key = messageKey.startsWith(MISSING_PREFIX) ? messageKey.slice(MISSING_PREFIX.length) : d.path;
    const message = typeof d.message === 'string' && !d.message.startsWith('invoicing.') ? d.message : null;
    const params =
      d.params && typeof d.params === 'object' ? (d.params as Record<string, string>) : undefined;
    return [{ key, path: d.path, message, ...(params ? { params } : {}) }];
  });
}

export function missingItem(
  key: string,
  invoice: { id: string; clientId: string; isDraft: boolean },
): MissingItem {
  const messageKey = `${MISSING_PREFIX}${key}`;
  const [area] = key.split('.');
  if (key === 'seller.iban' || key === 'seller.bankNameCharacters') {
    return {
      key,
      messageKey,
      fix: { to: '/settings?tab=invoicing', labelKey: 'invoices:einvoice.fixSettings' },
    };
  }
  if (area === 'seller') {
    return {
      key,
      messageKey,
      fix: { to: '/settings?tab=profile', labelKey: 'invoices:einvoice.fixProfile' },
    };
  }
  if (area === 'buyer') {
    return {
      key,
      messageKey,
      fix: { to: `/clients/${invoice.clientId}?edit=1`, labelKey: 'invoices:einvoice.fixClient' },
    };
  }
  const draftField = key.startsWith('document.issueDate') || ['document.dueDate', 'issueDate'].includes(key);
  if (invoice.isDraft && (area === 'lines' || area === 'tax' || draftField)) {
    return {
      key,
      messageKey,
      fix: { to: `/invoices/${invoice.id}/edit`, labelKey: 'invoices:einvoice.fixDraft' },
    };
  }
  return { key, messageKey, fix: null };
}

/**
 * The sentence of a missing datum in the interface's language, its {{placeholders}} filled from the problem's
 * values; undefined for a key the catalogue does not have (the caller shows the server's text or the key).
 */
export function missingText(
  item: MissingItem,
  params?: Record<string, string>,
  lang?: Locale,
): string | undefined {
  const text = fieldText(item.messageKey, lang);
  return text === undefined || text === item.messageKey ? undefined : fillPlaceholders(text, params ?? {});
}
