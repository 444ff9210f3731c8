import { daysInMonth, todayIsoDate, toIsoDate } from '@shared/imports/dates.ts';
import type { Direction, PaymentMethod } from '@shared/transactions/contracts.ts';
import type { Db } from '../platform/db.ts';
import {
  countTransactions,
  hasAnyCategory,
  insertDefaultCategories,
  insertManyTransactions,
  listCategories,
  type TransactionValues,
} from '../modules/transactions/repository.ts';
import { sequence } from './sequence.ts';

/**
 * Demo ledger of a mechanical workshop in Forlì (Officina Rossi S.r.l.): about 100 entries over the last twelve
 * months, none in the future: rent, utilities, fuel, salaries, F24 taxes, spare parts, the accountant, bank
 * charges and interest, an insurance refund. Receipts from customers are not invented here: they are the
 * payments of the demo invoices (invoicing-demo.ts), so each names an invoice that exists. Amounts vary from month to month but are the same on every run (a fixed-seed sequence), so the
 * demo tells the same story each time. Runs once: an organization that already has entries is left alone.
 */

const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

export async function seedTransactionsDemo(deps: { db: Db; orgId: string; userId: string }): Promise<number> {
  const { db, orgId, userId } = deps;
  if (!(await hasAnyCategory(db, orgId))) await insertDefaultCategories(db, orgId);
  if ((await countTransactions(db, orgId)) > 0) return 0;

  const categories = await listCategories(db, orgId);
  const categoryId = (direction: Direction, name: string) =>
    categories.find((c) => c.direction === direction && c.name === name)?.id ?? null;

  const next = sequence(20_260_101);
  /** Cents between min and max euros, rounded to `step` cents. */
  const amount = (min: number, max: number, step = 1) =>
    Math.round((min * 100 + next() * (max - min) * 100) / step) * step;
  const vatOf = (gross: number, rate = 22) => Math.round((gross * rate) / (100 + rate));

  const today = todayIsoDate();
  const now = new Date(`${today}T12:00:00Z`);
  const entries: TransactionValues[] = [];
  const add = (
    date: string | null,
    direction: Direction,
    category: string,
    cents: number,
    description: string,
    options: { vat?: number | null; method?: PaymentMethod } = {},
  ) => {
    if (!date || date > today) return;
    entries.push({
      occurredOn: date,
      direction,
      amountCents: cents,
      vatAmountCents: options.vat ?? null,
      categoryId: categoryId(direction, category),
      description,
      clientId: null,
      paymentMethod: options.method ?? 'bank_transfer',
    });
  };

  for (let back = 11; back >= 0; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    const day = (d: number) => toIsoDate(year, month, Math.min(d, daysInMonth(year, month)));
    const name = MONTHS_IT[month - 1]!;
    const previous = MONTHS_IT[(month + 10) % 12]!;
    const quarter = Math.ceil(month / 3);

    // Fixed monthly costs.
    add(day(5), 'expense', 'Affitto', 150_000, `Affitto capannone via dell'Industria 14 – ${name}`, {
      method: 'sepa_direct_debit',
    });
    const power = amount(380, 640);
    add(day(12), 'expense', 'Utenze', power, `Enel Energia – bolletta elettrica ${previous}`, {
      vat: vatOf(power, 10),
      method: 'sepa_direct_debit',
    });
    add(day(27), 'expense', 'Stipendi', amount(2900, 3150, 100), `Stipendi dipendenti – ${name}`);
    add(
      day(16),
      'expense',
      'Imposte e tasse',
      amount(900, 1350),
      `F24 ritenute IRPEF e contributi INPS – ${previous}`,
    );
    const fuel = amount(55, 95);
    add(day(10), 'expense', 'Carburante', fuel, 'Gasolio furgone Fiat Ducato – Q8 Forlì', {
      vat: vatOf(fuel),
      method: 'card',
    });
    const parts = amount(280, 1450);
    add(day(20), 'expense', 'Acquisti merci', parts, 'Ricambi e lubrificanti – Autoricambi Romagna S.r.l.', {
      vat: vatOf(parts),
      method: back % 2 === 0 ? 'riba' : 'bank_transfer',
    });
    add(day(3), 'expense', 'Software e abbonamenti', 2990, 'Canone mensile software gestionale', {
      vat: vatOf(2990),
      method: 'card',
    });

    // Quarterly entries.
    if (month % 3 === 0) {
      add(day(30), 'expense', 'Spese bancarie', 3750, `Competenze e commissioni c/c – ${quarter}° trimestre`);
      add(
        day(30),
        'income',
        'Interessi attivi',
        amount(8, 40),
        `Interessi attivi c/c – ${quarter}° trimestre`,
      );
    }
    if (month % 3 === 1) {
      const fee = amount(480, 620, 500);
      add(day(22), 'expense', 'Consulenze', fee, 'Studio Commercialista Zanetti – parcella trimestrale', {
        vat: vatOf(fee),
      });
      const water = amount(140, 260);
      add(day(24), 'expense', 'Utenze', water, 'Hera – acqua e gas', {
        vat: vatOf(water, 10),
        method: 'sepa_direct_debit',
      });
    }
    if (month === 3 || month === 9) {
      add(day(14), 'expense', 'Marketing', 42_700, 'Stand Fiera Agricola di Forlì', { vat: vatOf(42_700) });
    }
    if (month === 6) {
      add(day(11), 'income', 'Rimborsi', 18_900, 'Rimborso assicurazione – sinistro furgone', {});
    }
    if (month % 2 === 0) {
      const extra = amount(45, 80);
      add(day(24), 'expense', 'Carburante', extra, 'Carburante auto aziendale – Eni Cesena', {
        vat: vatOf(extra),
        method: 'card',
      });
    }
  }

  return insertManyTransactions(db, orgId, userId, entries);
}
