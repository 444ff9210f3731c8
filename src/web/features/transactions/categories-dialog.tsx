import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import {
  DIRECTIONS,
  ZTransactionCategoryInput,
  categoryLabel,
  type Direction,
  type TTransactionCategory,
} from '@shared/transactions/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useDeleteCategory, useSaveCategory } from './transactions-api.ts';

/** The error text for a failed category save: a field message, the duplicate name, or the server's text. */
function useCategoryError() {
  const { t } = useTranslation(['transactions', 'common']);
  const language = currentLanguage();
  return (error: unknown): string => {
    if (error instanceof ApiError && error.code === 'ALREADY_EXISTS') {
      return fieldMessage('transactions.errors.categoryNameTaken', language)!;
    }
    const issue = serverFieldIssues(error)[0];
    if (issue) return fieldMessage(issue.message, language) ?? issue.message;
    return apiErrorMessage(error, t);
  };
}

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

function CategoryRow({
  orgId,
  category,
  canManage,
}: {
  orgId: string | null;
  category: TTransactionCategory;
  canManage: boolean;
}) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const language = currentLanguage();
  const label = categoryLabel(category, language);
  const save = useSaveCategory(orgId);
  const remove = useDeleteCategory(orgId);
  const errorText = useCategoryError();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [name, setName] = useState(label);
  const [error, setError] = useState<string | undefined>();

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTransactionCategoryInput.safeParse({ name, direction: category.direction });
    if (!parsed.success) {
      setError(fieldMessage(parsed.error.issues[0]!.message, language));
      return;
    }
    if (parsed.data.name === label) {
      setMode('view');
      return;
    }
    try {
      await save.mutateAsync({ id: category.id, values: parsed.data });
      toast.success(t('transactions:categories.renamed'));
      setMode('view');
      setError(undefined);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(category.id);
      toast.success(t('transactions:categories.deleted', { name: label }));
    } catch (err) {
      setMode('view');
      setError(
        err instanceof ApiError && err.code === 'IN_USE'
          ? t('transactions:categories.inUse')
          : errorText(err),
      );
    }
  };

  if (mode === 'edit') {
    return (
      <li className="px-3 py-2">
        <form noValidate onSubmit={(e) => void rename(e)} className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Input
              aria-label={t('transactions:categories.renameLabel', { name: label })}
              aria-invalid={error ? true : undefined}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  e.stopPropagation();
                  setMode('view');
                  setName(label);
                  setError(undefined);
                }
              }}
              className="h-9"
            />
            {error ? <p className="mt-1 text-sm font-medium text-danger">{error}</p> : null}
          </div>
          <Button type="submit" size="icon-sm" loading={save.isPending} aria-label={t('buttons:save')}>
            {save.isPending ? null : <Check aria-hidden="true" className="size-4" />}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('buttons:cancel')}
            onClick={() => {
              setMode('view');
              setName(label);
              setError(undefined);
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </form>
      </li>
    );
  }

  return (
    <li className="px-3 py-2">
      <div className="flex min-h-8 items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm text-foreground">{label}</span>
        {category.isDefault ? <Badge>{t('transactions:categories.default')}</Badge> : null}
        {canManage && mode === 'view' ? (
          <>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('transactions:categories.rename', { name: label })}
              onClick={() => {
                setName(label);
                setError(undefined);
                setMode('edit');
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('transactions:categories.delete', { name: label })}
              onClick={() => {
                setError(undefined);
                setMode('confirm');
              }}
            >
              <Trash2 aria-hidden="true" className="size-4 text-danger" />
            </Button>
          </>
        ) : null}
      </div>
      {mode === 'confirm' ? (
        <div
          role="group"
          aria-label={t('transactions:categories.confirmDelete', { name: label })}
          className="mt-2 flex flex-wrap items-center gap-2 text-sm"
        >
          <span className="text-foreground">
            {t('transactions:categories.confirmDelete', { name: label })}
          </span>
          <Button
            size="sm"
            variant="danger"
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
            autoFocus
          >
            {t('transactions:categories.confirmYes')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMode('view')}>
            {t('buttons:cancel')}
          </Button>
        </div>
      ) : null}
      {error && mode === 'view' ? (
        <Alert tone="error" className="mt-2 py-2">
          {error}
        </Alert>
      ) : null}
    </li>
  );
}
