import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, keysNamedIn, loadNamespace, loadNamespaces } from '../../../../test/helpers/locales.ts';
import { VAT_NATURES } from '@shared/invoicing/document.ts';
import { ROUTES } from '@shared/navigation/routes.ts';
import {
  CHARGEABILITY_CODES,
  PAYMENT_METHOD_CODES,
  PURCHASE_DOCUMENT_TYPES,
  chargeabilityKey,
  documentTypeKey,
  paymentMethodKey,
  purchaseNatureKey,
} from './purchase-codes.ts';

/**
 * The received invoices' texts (namespace purchases, with the document types and Natura labels they borrow from
 * invoices): the same keys in Italian and English, a text for every FatturaPA code the screens name, every key the
 * screens name literally, and the routes' names in the menu.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const NAMESPACES = ['purchases', 'invoices'] as const;
const SCREENS = [join(ROOT, 'src/web/features/purchases')];

const keys = { it: loadNamespaces('it', NAMESPACES), en: loadNamespaces('en', NAMESPACES) };
const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('received invoices translations', () => {
  it('name every document type, payment method, VAT chargeability and Natura', () => {
    const expected = [
      ...PURCHASE_DOCUMENT_TYPES.map((c) => documentTypeKey(c)),
      ...PAYMENT_METHOD_CODES.map((c) => paymentMethodKey(c)),
      ...CHARGEABILITY_CODES.map((c) => chargeabilityKey(c)),
      ...VAT_NATURES.map((n) => purchaseNatureKey(n)),
    ];
    for (const key of expected) {
      expect(key).not.toBeNull();
      expect(has('it', key!), `it ${key}`).toBe(true);
      expect(has('en', key!), `en ${key}`).toBe(true);
    }
  });

  it('use the Italian accounting terms', () => {
    const it_ = keys.it;
    expect(it_.get('purchases:supplier.title')).toBe('Fornitore');
    expect(it_.get('purchases:totals.taxable')).toBe('Imponibile');
    expect(it_.get('purchases:totals.vat')).toBe('IVA');
    expect(it_.get('purchases:totals.withholding')).toBe("Ritenuta d'acconto");
    expect(it_.get('purchases:payments.dueDate')).toBe('Scadenza');
    expect(it_.get('purchases:payments.method')).toBe('Modalità di pagamento');
    expect(it_.get('purchases:vatSummary.chargeability')).toBe('Esigibilità IVA');
    expect(it_.get('purchases:vatSummary.nature')).toBe('Natura');
    expect(CHARGEABILITY_CODES.map((c) => it_.get(`purchases:chargeability.${c}`)?.toLowerCase())).toEqual([
      'immediata',
      'differita',
      'scissione dei pagamenti',
    ]);
    expect(it_.get('purchases:paymentMethods.MP05')).toBe('Bonifico');
  });

  it('contain every key the screens name literally', () => {
    const used = keysNamedIn(SCREENS, NAMESPACES);
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });

  it('label both routes in the navigation namespace', () => {
    for (const lang of ['it', 'en'] as const) {
      const navigation = loadNamespace(lang, 'navigation');
      for (const name of ['purchaseInvoices', 'purchaseInvoice']) {
        expect(ROUTES.some((r) => r.name === name)).toBe(true);
        expect(navigation.has(`routes.${name}`), `${lang} routes.${name}`).toBe(true);
      }
    }
    expect(loadNamespace('it', 'navigation').get('routes.purchaseInvoices')).toBe('Fatture ricevute');
    expect(loadNamespace('it', 'navigation').get('routes.purchaseInvoice')).toBe('Fattura ricevuta');
  });
});
