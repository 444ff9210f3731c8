import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TDocument } from '@shared/documents/contracts.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  ZTransactionInput,
  categoryLabel,
  type TTransactionInput,
} from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { normalizeAmountText } from '@web/features/transactions/amount.ts';
import type { TransactionFormValues } from '@web/features/transactions/transaction-form-values.ts';
import { useCategories } from '@web/features/transactions/transactions-api.ts';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useCreateExpense } from './documents-api.ts';
import { expenseDefaults } from './expense-values.ts';

/**
 * "Create expense" from a receipt or an invoice received: the ledger's expense form, filled from what was read,
 * checked with the ledger's contract and saved through POST /documents/:id/expense, which links the new entry to
 * the document. One column on phones, the amounts side by side from the small breakpoint.
 */
export function ExpenseDialog({ doc, onDone }: { doc: TDocument; onDone: () => void }) {
  const { t } = useTranslation(['documents', 'transactions', 'buttons', 'forms', 'common']);
  const language = currentLanguage();
  const orgId = useSignedInMe().activeOrganizationId;
  const categories = useCategories(orgId);
  const create = useCreateExpense(orgId, doc.id);
  const form = useForm<TransactionFormValues, unknown, TTransactionInput>({
    resolver: zodResolver(ZTransactionInput) as unknown as Resolver<
      TransactionFormValues,
      unknown,
      TTransactionInput
    >,
    defaultValues: expenseDefaults(doc, language),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const err = (message: string | undefined) =>
    message ? (fieldMessage(message, language) ?? message) : undefined;
  const expenseCategories = (categories.data ?? []).filter((c) => c.direction === 'expense');
  const optional = t('forms:optional');

  const normalize = (name: 'amount' | 'vatAmount') => {
    const value = form.getValues(name);
    const next = normalizeAmountText(value, language);
    if (next !== value) form.setValue(name, next, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(
    async () => {
      try {
        await create.mutateAsync({ ...form.getValues(), direction: 'expense', clientId: null });
        toast.success(t('documents:expense.created'));
        onDone();
      } catch (error) {
        const issues = serverFieldIssues(error);
        for (const issue of issues) {
          form.setError(issue.path as FieldPath<TransactionFormValues>, { message: issue.message });
        }
        toast.error(issues.length > 0 ? t('documents:expense.invalid') : apiErrorMessage(error, t));
      }
    },
    () => toast.error(t('documents:expense.invalid')),
  );

  const amountInput = (name: 'amount' | 'vatAmount', props: object) => (
    <div className="relative">
      <Input
        {...props}
        inputMode="decimal"
        autoComplete="off"
        className="pr-8 text-right tabular-nums"
        {...form.register(name, { onBlur: () => normalize(name) })}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        €
      </span>
    </div>
  );

  return (
    <DialogContent
      title={t('documents:expense.title')}
      description={t('documents:expense.description')}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      {categories.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            normalize('amount');
            normalize('vatAmount');
            void submit(e);
          }}
          className="grid grid-cols-1 gap-5"
          data-testid="expense-form"
        >
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label={t('transactions:form.amount')} error={err(errors.amount?.message)} required>
              {(props) => amountInput('amount', props)}
            </Field>
            <Field
              label={t('transactions:form.vatAmount')}
              hint={doc.suggestions?.vat.length ? t('documents:expense.vatHint') : undefined}
              error={err(errors.vatAmount?.message)}
              optionalText={optional}
            >
              {(props) => amountInput('vatAmount', props)}
            </Field>
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label={t('transactions:form.date')} error={err(errors.occurredOn?.message)} required>
              {(props) => <Input {...props} type="date" {...form.register('occurredOn')} />}
            </Field>
            <Field
              label={t('transactions:form.paymentMethod')}
              error={err(errors.paymentMethod?.message)}
              required
            >
              {(props) => (
                <Select {...props} {...form.register('paymentMethod')}>
                  {PAYMENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {PAYMENT_METHOD_LABELS[m][language]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field
            label={t('transactions:form.category')}
            hint={doc.suggestions?.categoryId ? t('documents:expense.categoryHint') : undefined}
            error={err(errors.categoryId?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Select {...props} {...form.register('categoryId')}>
                <option value="">{t('transactions:form.noCategory')}</option>
                {expenseCategories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryLabel(c, language)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('transactions:form.descriptionField')}
            error={err(errors.description?.message)}
            optionalText={optional}
          >
            {(props) => <Textarea {...props} rows={2} maxLength={500} {...form.register('description')} />}
          </Field>
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button type="submit" loading={create.isPending}>
              {t('documents:expense.save')}
            </Button>
          </div>
        </form>
      )}
    </DialogContent>
  );
}
