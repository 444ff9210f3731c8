import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import {
  ZTransactionCategoryInput,
  categoryLabel,
  type TTransactionCategory,
} from '@shared/transactions/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Input } from '@web/ui/input.tsx';
import { useDeleteCategory, useSaveCategory } from './transactions-api.ts';

/** The error text for a failed category save: a field message, the duplicate name, or the server's text. */
export function useCategoryError() {
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

/** One category: its name, renamed in place, and delete with a confirmation (refused while in use). */
export function CategoryRow({
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
