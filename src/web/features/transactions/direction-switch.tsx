import { useTranslation } from 'react-i18next';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { Direction, TTransactionInput } from '@shared/transactions/contracts.ts';
import { cn } from '@web/ui/cn.ts';

import type { TransactionFormValues } from './transaction-form-values.ts';

/** Income or expense as two radio buttons; the arrow keys switch between them. */
export function DirectionSwitch({
  form,
  onChange,
}: {
  form: UseFormReturn<TransactionFormValues, unknown, TTransactionInput>;
  onChange: (direction: Direction) => void;
}) {
  const { t } = useTranslation('transactions');
  return (
    <fieldset className="grid grid-cols-1 gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-foreground">
        {t('transactions:form.direction')}
      </legend>
      <Controller
        control={form.control}
        name="direction"
        render={({ field }) => (
          <div
            role="radiogroup"
            aria-label={t('transactions:form.direction')}
            className="grid grid-cols-2 gap-2"
          >
            {(['income', 'expense'] as const).map((d) => {
              const checked = field.value === d;
              const Icon = d === 'income' ? ArrowDownLeft : ArrowUpRight;
              return (
                <button
                  key={d}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  tabIndex={checked ? 0 : -1}
                  onClick={() => onChange(d)}
                  onKeyDown={(e) => {
                    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
                      e.preventDefault();
                      const other = d === 'income' ? 'expense' : 'income';
                      onChange(other);
                      (
                        e.currentTarget.parentElement?.querySelector(
                          `[data-direction=${other}]`,
                        ) as HTMLElement | null
                      )?.focus();
                    }
                  }}
                  data-direction={d}
                  className={cn(
                    'inline-flex h-10 items-center justify-center gap-2 rounded-md border text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    checked
                      ? d === 'income'
                        ? 'border-success bg-success-soft text-success-soft-foreground'
                        : 'border-danger bg-danger-soft text-danger-soft-foreground'
                      : 'border-input bg-surface text-foreground hover:bg-surface-muted',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`transactions:direction.${d}`)}
                </button>
              );
            })}
          </div>
        )}
      />
    </fieldset>
  );
}
