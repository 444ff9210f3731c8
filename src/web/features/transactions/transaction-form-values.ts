import { todayIsoDate } from '@shared/imports/dates.ts';
import type { Direction, PaymentMethod, TTransaction } from '@shared/transactions/contracts.ts';
import { centsToInput } from './amount.ts';

/** The entry form's values: amounts as typed text, in the interface language's format. */
export type TransactionFormValues = {
  occurredOn: string;
  direction: Direction;
  amount: string;
  vatAmount: string;
  categoryId: string;
  description: string;
  clientId: string;
  paymentMethod: PaymentMethod;
};

export function initialValues(entry: TTransaction | null, language: 'it' | 'en'): TransactionFormValues {
  return {
    occurredOn: entry?.occurredOn ?? todayIsoDate(),
    direction: entry?.direction ?? 'expense',
    amount: entry ? centsToInput(entry.amountCents, language) : '',
    vatAmount: entry ? centsToInput(entry.vatAmountCents, language) : '',
    categoryId: entry?.categoryId ?? '',
    description: entry?.description ?? '',
    clientId: entry?.clientId ?? '',
    paymentMethod: entry?.paymentMethod ?? 'bank_transfer',
  };
}
