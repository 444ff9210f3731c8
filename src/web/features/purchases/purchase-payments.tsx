import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { set, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Wallet } from 'lucide-react';
import {
  ZPurchasePaymentInput,
  type TPurchaseInvoice,
  type TPurchasePaymentInput,
} from '@shared/purchases/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/transactions/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { centsToInput, normalizeAmountText, parseAmountInput } from '@web/features/transactions/amount.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { toast } from '@web/ui/toast.ts';
import { cardIcon, usePurchaseFormat } from './purchase-detail-cards.tsx';
import { usePayPurchaseInvoice } from './purchases-api.ts';

/**
 * A received invoice's payments: what is to pay, paid and left, each payment with its ledger entry, and "Mark as
 * paid" (for who may change financial data) recording a payment and its expense.
 */
export function PurchasePaymentsCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases', 'invoices']);
  const f = usePurchaseFormat(invoice);
  const canManage = useSignedInMe().permissions.includes('manage_financial_data');
  const [open, setOpen] = useState(false);
  const creditNote = invoice.paymentStatus === 'notPayable';
  return (
    <Card data-testid="purchase-payments">
      <CardHeader
        icon={cardIcon(Wallet)}
        title={t('purchases:paid.title')}
        description={t(`purchases:status.${invoice.paymentStatus}`)}
        action={
          canManage && invoice.remainingCents > 0 ? (
            <Dialog open={open} onOpenChange={setOpen}>
              <Button variant="primary" onClick={() => setOpen(true)}>
                {t('purchases:paid.markPaid')}
              </Button>
              {open ? <MarkPaidDialog invoice={invoice} onDone={() => setOpen(false)} /> : null}
            </Dialog>
          ) : null
        }
      />
      <CardContent className="grid gap-4">
        {creditNote ? (
          <p className="text-sm text-muted-foreground">{t('purchases:paid.creditNote')}</p>
        ) : (
          <dl className="grid grid-cols-3 gap-3 text-sm">
            {(
              [
                ['toPay', invoice.amountToPayCents],
                ['paidTotal', invoice.paidCents],
                ['left', invoice.remainingCents],
              ] as const
            ).map(([key, cents]) => (
              <div key={key}>
                <dt className="text-xs text-muted-foreground">{t(`purchases:paid.${key}`)}</dt>
                <dd className="font-semibold tabular-nums" data-testid={`purchase-${key}`}>
                  {f.money(cents)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {invoice.payments.length === 0 ? (
          creditNote ? null : (
            <p className="text-sm text-muted-foreground">{t('purchases:paid.none')}</p>
          )
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('purchases:paid.caption')}</caption>
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('purchases:paid.paidOn')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('purchases:paid.methodColumn')}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t('purchases:paid.amountColumn')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('purchases:paid.ledger')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {invoice.payments.map((p) => (
                  <tr key={p.id} data-testid="purchase-payment">
                    <td className="py-2 pr-4">{f.date(p.paidOn)}</td>
                    <td className="py-2 pr-4">{t(`invoices:paymentMethods.${p.method}`)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{f.money(p.amountCents)}</td>
                    <td className="py-2">
                      {p.transactionId ? (
                        <Link
                          to={`/transactions?period=custom&from=${p.paidOn}&to=${p.paidOn}&direction=expense`}
                          className="text-primary hover:underline"
                        >
                          {t('purchases:paid.openLedger')}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground">{t('purchases:paid.ledgerRemoved')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

interface PaidValues {
  paidOn: string;
  amount: string;
  method: PaymentMethod;
}

/** Date (today), amount (what is left), method; checked by ZPurchasePaymentInput, with an id made once. */
function MarkPaidDialog({ invoice, onDone }: { invoice: TPurchaseInvoice; onDone: () => void }) {
  const { t } = useTranslation(['purchases', 'invoices', 'buttons', 'common']);
  const lang = currentLanguage();
  const f = usePurchaseFormat(invoice);
  const pay = usePayPurchaseInvoice(useSignedInMe().activeOrganizationId, invoice.id);
  // One id for this dialog: a submit sent twice (a retry, a double click) records one payment.
  const [paymentId] = useState(() => crypto.randomUUID());
  const resolver = useMemo<Resolver<PaidValues, unknown, TPurchasePaymentInput>>(
    () => async (values) => {
      const parsed = ZPurchasePaymentInput.safeParse({
        id: paymentId,
        paidOn: values.paidOn,
        amountCents: parseAmountInput(values.amount, lang),
        method: values.method,
      });
      if (parsed.success) return { values: parsed.data, errors: {} };
      const errors: FieldErrors<PaidValues> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amountCents' ? 'amount' : String(issue.path[0] ?? 'root');
        set(errors, field, { type: 'validate', message: issue.message });
      }
      return { values: {}, errors };
    },
    [lang, paymentId],
  );
  const form = useForm<PaidValues, unknown, TPurchasePaymentInput>({
    resolver,
    defaultValues: {
      paidOn: todayIsoDate(),
      amount: centsToInput(invoice.remainingCents, lang),
      method: 'bank_transfer',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    if (input.amountCents > invoice.remainingCents) {
      form.setError('amount', { message: t('purchases:paid.amountInvalid') }, { shouldFocus: true });
      return;
    }
    try {
      await pay.mutateAsync(input);
      toast.success(t('purchases:paid.saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYMENT_EXCEEDS_DUE') {
        form.setError('amount', { message: error.message }, { shouldFocus: true });
      } else {
        toast.error(apiErrorMessage(error, t));
      }
    }
  });
  return (
    <DialogContent
      title={t('purchases:paid.dialogTitle', { number: invoice.number })}
      description={t('purchases:paid.dialogText')}
      closeLabel={t('buttons:close')}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="mark-paid-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('purchases:paid.date')}
            error={fieldText(errors.paidOn?.message)}
            required
            type="date"
            {...form.register('paidOn')}
          />
          <InputField
            label={t('purchases:paid.amount')}
            error={fieldText(errors.amount?.message)}
            hint={t('purchases:paid.remaining', { amount: f.money(invoice.remainingCents) })}
            required
            inputMode="decimal"
            autoComplete="off"
            controlClassName="text-right tabular-nums"
            {...form.register('amount', {
              onBlur: (e: { target: { value: string } }) =>
                form.setValue('amount', normalizeAmountText(e.target.value, lang)),
            })}
          />
        </div>
        <SelectField
          label={t('purchases:paid.method')}
          error={fieldText(errors.method?.message)}
          {...form.register('method')}
        >
          <ChoiceOptions
            values={PAYMENT_METHODS}
            label={(method) => t(`invoices:paymentMethods.${method}`)}
          />
        </SelectField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('purchases:paid.cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('purchases:paid.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
