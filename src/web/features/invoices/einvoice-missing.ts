/**
 * What the FatturaPA file still needs (TInvoice.eInvoiceMissing, or the details of a 422 EINVOICE_DATA_MISSING):
 * each key ("seller.vatNumber", "buyer.sdiCodeOrPec", …) becomes a sentence of the invoices namespace and, where
 * the user can fix it, a link to the page that holds the datum.
 */
export interface MissingItem {
  key: string;
  /** The translation key of the sentence. */
  labelKey: string;
  /** Where to fix it: the business profile, the invoicing settings, the client, or the draft. */
  fix: { to: string; labelKey: string } | null;
}

/** The keys of a 422's details: `[{ path, message }]` (the message may be a key the server did not translate). */
export function missingKeysOf(details: unknown): { key: string; message: string | null }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item: unknown) => {
    const d = item as { path?: unknown; message?: unknown } | null;
    if (!d || typeof d.path !== 'string' || !d.path) return [];
    const message = typeof d.message === 'string' && !d.message.startsWith('invoicing.') ? d.message : null;
    return [{ key: d.path, message }];
  });
}

export function missingItem(
  key: string,
  invoice: { id: string; clientId: string; isDraft: boolean },
): MissingItem {
  const labelKey = `invoices:einvoice.missing.${key}`;
  const [area] = key.split('.');
  if (key === 'seller.iban') {
    return {
      key,
      labelKey,
      fix: { to: '/settings?tab=invoicing', labelKey: 'invoices:einvoice.fixSettings' },
    };
  }
  if (area === 'seller') {
    return { key, labelKey, fix: { to: '/settings?tab=profile', labelKey: 'invoices:einvoice.fixProfile' } };
  }
  if (area === 'buyer') {
    return {
      key,
      labelKey,
      fix: { to: `/clients/${invoice.clientId}?edit=1`, labelKey: 'invoices:einvoice.fixClient' },
    };
  }
  if (invoice.isDraft && (area === 'lines' || area === 'tax' || key === 'document.dueDate')) {
    return {
      key,
      labelKey,
      fix: { to: `/invoices/${invoice.id}/edit`, labelKey: 'invoices:einvoice.fixDraft' },
    };
  }
  return { key, labelKey, fix: null };
}
