import { ClientPicker, type PickedClient } from '@web/ui/client-picker.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/ui/toast.ts';
import { Settings2 } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  ZTransactionInput,
  categoryLabel,
  type Direction,
  type TTransaction,
  type TTransactionCategory,
  type TTransactionFormValues,
  type TTransactionInput,
} from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { normalizeAmountText } from './amount.ts';
import { DirectionSwitch } from './direction-switch.tsx';
import { initialValues, type TransactionFormValues } from './transaction-form-values.ts';
import { useSaveTransaction } from './transactions-api.ts';

/**
 * Add or edit an entry: date, direction, amount and VAT in the interface language's format, category of that
 * direction (with a way to manage the list), client, payment method, description. Checked with the same
 * contract as the server; the server's field errors land on their fields.
 */
export function TransactionDialog({
  orgId,
  entry,
  categories,
  onManageCategories,
  onDone,
}: {
  orgId: string | null;
  entry: TTransaction | null;
  categories: TTransactionCategory[];
  onManageCategories: () => void;
  onDone: (saved: TTransaction) => void;
}) {
  const { t } = useTranslation(['transactions', 'buttons', 'forms']);
  const language = currentLanguage();
  const save = useSaveTransaction(orgId);
  const [client, setClient] = useState<PickedClient | null>(
    entry?.clientId ? { id: entry.clientId, name: entry.clientName ?? '—' } : null,
  );
  const form = useForm<TransactionFormValues, unknown, TTransactionInput>({
    resolver: zodResolver(ZTransactionInput) as unknown as Resolver<
      TransactionFormValues,
      unknown,
      TTransactionInput
    >,
    defaultValues: initialValues(entry, language),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const err = (message: string | undefined) =>
    message ? (fieldMessage(message, language) ?? message) : undefined;
  const direction = form.watch('direction');
  const ofDirection = categories.filter((c) => c.direction === direction);
  const optional = t('forms:optional');

  const setDirection = (next: Direction) => {
    form.setValue('direction', next);
    const chosen = categories.find((c) => c.id === form.getValues('categoryId'));
    if (chosen && chosen.direction !== next) form.setValue('categoryId', '');
  };

  const submit = form.handleSubmit(
    async () => {
      const values: TTransactionFormValues = { ...form.getValues(), clientId: client?.id ?? null };
      try {
        const saved = await save.mutateAsync({ id: entry?.id ?? null, values });
        toast.success(entry ? t('transactions:toast.updated') : t('transactions:toast.created'));
        onDone(saved);
      } catch (error) {
        const issues = serverFieldIssues(error);
        for (const issue of issues) {
          form.setError(issue.path as FieldPath<TransactionFormValues>, { message: issue.message });
        }
        toast.error(issues.length > 0 ? t('transactions:form.invalid') : apiErrorMessage(error, t));
      }
    },
    () => toast.error(t('transactions:form.invalid')),
  );

  const normalize = (name: 'amount' | 'vatAmount') => {
    const value = form.getValues(name);
    const next = normalizeAmountText(value, language);
    if (next !== value) form.setValue(name, next, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <DialogContent
      title={entry ? t('transactions:form.editTitle') : t('transactions:form.addTitle')}
      description={t('transactions:form.description')}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      <form
        noValidate
        onSubmit={(e) => {
          normalize('amount');
          normalize('vatAmount');
          void submit(e);
        }}
        className="grid grid-cols-1 gap-5"
      >
        <DirectionSwitch form={form} onChange={setDirection} />

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label={t('transactions:form.date')} error={err(errors.occurredOn?.message)} required>
            {(props) => <Input {...props} type="date" {...form.register('occurredOn')} />}
          </Field>
          <Field
            label={t('transactions:form.amount')}
            hint={t('transactions:form.amountHint')}
            error={err(errors.amount?.message)}
            required
          >
            {(props) => (
              <div className="relative">
                <Input
                  {...props}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pr-8 text-right tabular-nums"
                  {...form.register('amount', { onBlur: () => normalize('amount') })}
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                >
                  €
                </span>
              </div>
            )}
          </Field>
        </div>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field
            label={t('transactions:form.vatAmount')}
            hint={t('transactions:form.vatHint')}
            error={err(errors.vatAmount?.message)}
            optionalText={optional}
          >
            {(props) => (
              <div className="relative">
                <Input
                  {...props}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pr-8 text-right tabular-nums"
                  {...form.register('vatAmount', { onBlur: () => normalize('vatAmount') })}
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                >
                  €
                </span>
              </div>
            )}
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
          error={err(errors.categoryId?.message)}
          optionalText={optional}
        >
          {(props) => (
            <div className="flex gap-2">
              <div className="min-w-0 flex-1">
                <Select {...props} {...form.register('categoryId')}>
                  <option value="">{t('transactions:form.noCategory')}</option>
                  {ofDirection.map((c) => (
                    <option key={c.id} value={c.id}>
                      {categoryLabel(c, language)}
                    </option>
                  ))}
                </Select>
              </div>
              <Button
                variant="outline"
                size="icon"
                onClick={onManageCategories}
                aria-label={t('transactions:categories.manage')}
                title={t('transactions:categories.manage')}
              >
                <Settings2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )}
        </Field>

        <Field
          label={t('transactions:form.client')}
          error={err(errors.clientId?.message)}
          optionalText={optional}
        >
          {(props) => (
            <ClientPicker
              orgId={orgId}
              value={client}
              onChange={(next) => {
                setClient(next);
                form.clearErrors('clientId');
              }}
              controlProps={props}
            />
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
          <Button type="submit" loading={save.isPending}>
            {t('buttons:save')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
