import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { set, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { ZPaymentInput, type TInvoice, type TPaymentInput } from '@shared/invoicing/contracts.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/transactions/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { ApiError } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { centsToInput, normalizeAmountText, parseAmountInput } from '@web/features/transactions/amount.ts';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { useRecordPayment } from './invoices-api.ts';

interface PaymentValues {
  paidOn: string;
  amount: string;
  method: PaymentMethod;
  note: string;
}

/** Record a payment: date (today), amount (what is still to be collected), method; checked by ZPaymentInput. */
export function PaymentDialog({ invoice, onDone }: { invoice: TInvoice; onDone: () => void }) {
  const { t } = useTranslation(['invoices', 'buttons', 'forms']);
  const lang = currentLanguage();
  const { orgId } = useInvoicingPermissions();
  const record = useRecordPayment(orgId, invoice.id);
  const resolver = useMemo<Resolver<PaymentValues, unknown, TPaymentInput>>(
    () => async (values) => {
      const parsed = ZPaymentInput.safeParse({
        paidOn: values.paidOn,
        amountCents: parseAmountInput(values.amount, lang),
        method: values.method,
        note: values.note,
      });
      if (parsed.success) return { values: parsed.data, errors: {} };
      const errors: FieldErrors<PaymentValues> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amountCents' ? 'amount' : String(issue.path[0] ?? 'root');
        set(errors, field, { type: 'validate', message: issue.message });
      }
      return { values: {}, errors };
    },
    [lang],
  );
  const form = useForm<PaymentValues, unknown, TPaymentInput>({
    resolver,
    defaultValues: {
      paidOn: todayIsoDate(),
      amount: centsToInput(invoice.outstandingCents, lang),
      method: invoice.paymentMethod,
      note: '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (input) => {
    try {
      await record.mutateAsync(input);
      toast.success(t('invoices:payments.recorded'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYMENT_EXCEEDS_DUE') {
        form.setError('amount', { message: error.message }, { shouldFocus: true });
      } else {
        toast.error(invoicingErrorMessage(error, t));
      }
    }
  });

  return (
    <DialogContent
      title={t('invoices:payments.dialogTitle')}
      description={t('invoices:payments.dialogText', { number: invoice.number ?? '' })}
      closeLabel={t('buttons:close')}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="payment-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('invoices:payments.date')}
            error={fieldText(errors.paidOn?.message)}
            required
            type="date"
            {...form.register('paidOn')}
          />
          <InputField
            label={t('invoices:payments.amount')}
            error={fieldText(errors.amount?.message)}
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
          label={t('invoices:payments.method')}
          error={fieldText(errors.method?.message)}
          {...form.register('method')}
        >
          <ChoiceOptions
            values={PAYMENT_METHODS}
            label={(method) => t(`invoices:paymentMethods.${method}`)}
          />
        </SelectField>
        <InputField
          label={t('invoices:payments.note')}
          error={fieldText(errors.note?.message)}
          optionalText={t('forms:optional')}
          maxLength={500}
          {...form.register('note')}
        />
        <p className="text-xs text-muted-foreground">{t('invoices:payments.ledgerHint')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('invoices:payments.record')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
