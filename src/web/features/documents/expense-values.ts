import type { TDocument } from '@shared/documents/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import type { PaymentMethod } from '@shared/transactions/contracts.ts';
import { centsToInput } from '@web/features/transactions/amount.ts';
import type { TransactionFormValues } from '@web/features/transactions/transaction-form-values.ts';

/**
 * The expense form filled from what was read: the date, the total as amount, the VAT of every rate summed, the
 * issuer as description, the payment method and the category the issuer's previous expenses used. What was not
 * read stays empty (the date: the document's, else today).
 */
export function expenseDefaults(doc: TDocument, language: 'it' | 'en'): TransactionFormValues {
  const s = doc.suggestions;
  const vatCents = s && s.vat.length > 0 ? s.vat.reduce((sum, v) => sum + v.vatCents, 0) : null;
  const method: PaymentMethod = s?.paymentMethod?.value ?? 'card';
  return {
    occurredOn: s?.documentDate?.value ?? doc.documentDate ?? todayIsoDate(),
    direction: 'expense',
    amount: s?.totalCents ? centsToInput(s.totalCents.value, language) : '',
    vatAmount: vatCents !== null ? centsToInput(vatCents, language) : '',
    categoryId: s?.categoryId ?? '',
    description: s?.issuerName?.value ?? doc.correspondent?.name ?? doc.title,
    clientId: '',
    paymentMethod: method,
  };
}
