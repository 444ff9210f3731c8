import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Plus } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import {
  DIRECTIONS,
  ZTransactionCategoryInput,
  type Direction,
  type TTransactionCategory,
} from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { CategoryRow, useCategoryError } from './category-row.tsx';
import { useSaveCategory } from './transactions-api.ts';

/**
 * Manage the income and expense categories: add, rename, delete (asked to confirm; a category in use cannot
 * be deleted, and the dialog says so).
 */
export function CategoriesDialog({
  orgId,
  categories,
  loading,
  canManage,
}: {
  orgId: string | null;
  categories: TTransactionCategory[];
  loading: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation(['transactions', 'buttons', 'common']);
  const language = currentLanguage();
  const save = useSaveCategory(orgId);
  const errorText = useCategoryError();
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<Direction>('expense');
  const [addError, setAddError] = useState<string | undefined>();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTransactionCategoryInput.safeParse({ name, direction });
    if (!parsed.success) {
      setAddError(fieldMessage(parsed.error.issues[0]!.message, language));
      return;
    }
    try {
      await save.mutateAsync({ id: null, values: parsed.data });
      toast.success(t('transactions:categories.added', { name: parsed.data.name }));
      setName('');
      setAddError(undefined);
    } catch (error) {
      setAddError(errorText(error));
    }
  };

  return (
    <DialogContent
      title={t('transactions:categories.title')}
      description={t('transactions:categories.description')}
      closeLabel={t('buttons:close')}
      className="max-w-2xl"
    >
      <div className="grid grid-cols-1 gap-6">
        {canManage ? (
          <form
            noValidate
            onSubmit={(e) => void add(e)}
            className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
          >
            <Field label={t('transactions:categories.name')} error={addError} required>
              {(props) => (
                <Input
                  {...props}
                  value={name}
                  maxLength={80}
                  onChange={(e) => {
                    setName(e.target.value);
                    setAddError(undefined);
                  }}
                />
              )}
            </Field>
            <Field label={t('transactions:categories.type')} required>
              {(props) => (
                <Select
                  {...props}
                  value={direction}
                  onChange={(e) => setDirection(e.target.value as Direction)}
                >
                  {DIRECTIONS.map((d) => (
                    <option key={d} value={d}>
                      {t(`transactions:direction.${d}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button type="submit" loading={save.isPending} className="sm:mt-7">
              <Plus aria-hidden="true" className="size-4" />
              {t('transactions:categories.add')}
            </Button>
          </form>
        ) : null}
        {loading ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('common:loading')} />
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            {DIRECTIONS.map((d) => (
              <section key={d} aria-labelledby={`categories-${d}`}>
                <h3 id={`categories-${d}`} className="mb-2 text-sm font-semibold text-foreground">
                  {t(`transactions:categories.group.${d}`)}
                </h3>
                <ul className="divide-y divide-border rounded-md border border-border">
                  {categories
                    .filter((c) => c.direction === d)
                    .map((c) => (
                      <CategoryRow key={c.id} orgId={orgId} category={c} canManage={canManage} />
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </DialogContent>
  );
}
