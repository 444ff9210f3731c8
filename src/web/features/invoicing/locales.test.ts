import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, loadNamespaces } from '../../../../test/helpers/locales.ts';
import {
  INVOICE_STATUSES,
  PDF_TEMPLATES,
  QUOTE_STATUSES,
  REMINDER_TYPES,
} from '@shared/invoicing/contracts.ts';
import { PENSION_FUND_TYPES, VAT_NATURES, WITHHOLDING_TYPES } from '@shared/invoicing/document.ts';
import { PAYMENT_METHODS } from '@shared/transactions/contracts.ts';
import { natureKey } from './labels.ts';

/**
 * The quotes and invoices namespaces: the same keys in Italian and English (plural forms included), a text for
 * every value of the enumerations the screens show, and every key the screens name literally.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const NAMESPACES = ['quotes', 'invoices'] as const;
const SCREENS = ['invoicing', 'invoicing/invoices', 'invoicing/quotes', 'public-quote', 'settings'].map((d) =>
  join(ROOT, 'src/web/features', d),
);

const keys = { it: loadNamespaces('it', NAMESPACES), en: loadNamespaces('en', NAMESPACES) };

const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('quotes and invoices translations', () => {
  it('name every status, Natura, pension fund, payment method, template and reminder', () => {
    const expected = [
      ...QUOTE_STATUSES.map((s) => `quotes:status.${s}`),
      ...INVOICE_STATUSES.map((s) => `invoices:status.${s}`),
      ...VAT_NATURES.map(natureKey),
      ...PENSION_FUND_TYPES.map((t) => `invoices:pensionFunds.${t}`),
      ...PAYMENT_METHODS.map((m) => `invoices:paymentMethods.${m}`),
      ...PDF_TEMPLATES.map((p) => `invoices:templates.${p}`),
      ...WITHHOLDING_TYPES.map((w) => `invoices:withholdingTypes.${w}`),
      ...REMINDER_TYPES.flatMap((r) => [`invoices:reminders.${r}`, `invoices:reminders.${r}Text`]),
    ];
    for (const key of expected) {
      expect(has('it', key), key).toBe(true);
      expect(has('en', key), key).toBe(true);
    }
  });

  it('contain every key the screens name literally', () => {
    const used = new Set<string>();
    for (const dir of SCREENS) {
      for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        for (const m of source.matchAll(/['"`]((?:quotes|invoices):[\w.]+)['"`]/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });
});
