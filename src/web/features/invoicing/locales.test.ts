import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
const SCREENS = ['invoicing', 'invoices', 'quotes', 'public-quote', 'settings'].map((d) =>
  join(ROOT, 'src/web/features', d),
);

type Tree = { [key: string]: string | Tree };

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(ROOT, 'public/locales', lang, `${ns}.json`), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const keys = Object.fromEntries(
  (['it', 'en'] as const).map((lang) => [
    lang,
    new Map(
      NAMESPACES.flatMap((ns) => [...flatten(load(lang, ns))].map(([k, v]) => [`${ns}:${k}`, v] as const)),
    ),
  ]),
) as Record<'it' | 'en', Map<string, string>>;

const has = (lang: 'it' | 'en', key: string) =>
  keys[lang].has(key) || ['one', 'many', 'other'].every((form) => keys[lang].has(`${key}_${form}`));

describe('quotes and invoices translations', () => {
  it('have the same keys in Italian and English', () => {
    expect([...keys.en.keys()].sort()).toEqual([...keys.it.keys()].sort());
  });

  it('have no empty text and the same placeholders in both languages', () => {
    for (const [key, it] of keys.it) {
      const en = keys.en.get(key) ?? '';
      expect(it.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(en), key).toEqual(names(it));
    }
  });

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
