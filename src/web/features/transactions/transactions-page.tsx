import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  ArrowDownLeft,
  ArrowUpRight,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Download,
  FileSpreadsheet,
  FileText,
  FileUp,
  Pencil,
  Plus,
  Receipt,
  Scale,
  Search,
  Tags,
  Trash2,
  X,
} from 'lucide-react';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import {
  DIRECTIONS,
  PAYMENT_METHOD_LABELS,
  categoryLabel,
  type ExportFormat,
  type TTransaction,
  type TTransactionCategory,
} from '@shared/transactions/contracts.ts';
import { ChartBoundary, ChartErrorPanel } from '@web/app/error-screens.tsx';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { CategoriesDialog } from './categories-dialog.tsx';
import {
  PERIODS,
  apiQuery,
  filtersFromParams,
  paramsFromFilters,
  rangeIsValid,
  rangeOf,
  type LedgerFilters,
} from './filters.ts';
import { ImportWizard } from './import-wizard.tsx';
import { TransactionDialog } from './transaction-dialog.tsx';
import {
  downloadExport,
  useCategories,
  useDeleteTransaction,
  useMonthly,
  useTransactions,
} from './transactions-api.ts';

const MonthlyChart = lazy(() => import('./monthly-chart.tsx'));
const PAGE_SIZE = 10;

/**
 * /transactions: the ledger. Filters (period presets or a custom range, direction, category, text) live in
 * the URL; the totals and the monthly chart cover the whole filtered range; the table pages by 10. Writing,
 * importing and exporting are shown only to roles that may do them.
 */
export function TransactionsPage() {
  const { t } = useTranslation(['transactions', 'navigation', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.transactions'));
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const canManage = me.permissions.includes('manage_financial_data');
  const canExport = me.permissions.includes('export_financial_data');
  const language = currentLanguage();
  const locale = localeOf(language);

  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const today = useMemo(() => new Date(), []);
  const valid = rangeIsValid(filters);
  const listQuery = apiQuery(filters, today, { page: String(filters.page), pageSize: String(PAGE_SIZE) });
  const rangeQuery = apiQuery(filters, today);
  const list = useTransactions(orgId, listQuery, valid);
  const monthly = useMonthly(orgId, rangeQuery, valid);
  const categories = useCategories(orgId);
  const remove = useDeleteTransaction(orgId);

  const [editing, setEditing] = useState<TTransaction | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTransaction | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const update = (patch: Partial<LedgerFilters>) =>
    setParams(paramsFromFilters({ ...filters, page: 1, ...patch }), { replace: true });
  const filtered =
    filters.period !== 'thisYear' || !!filters.direction || !!filters.categoryId || !!filters.q.trim();

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // A page past the end (after deletions, or an old link) goes back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, pages, filters.page]);

  const categoryList = categories.data ?? [];
  const range = rangeOf(filters, today);
  const rangeText =
    range.from && range.to
      ? t('transactions:totals.range', {
          from: formatDate(range.from, locale),
          to: formatDate(range.to, locale),
        })
      : range.from
        ? t('transactions:totals.since', { from: formatDate(range.from, locale) })
        : range.to
          ? t('transactions:totals.until', { to: formatDate(range.to, locale) })
          : t('transactions:totals.allTime');

  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadExport(rangeQuery, format);
      toast.success(t('transactions:export.done'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('transactions:toast.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.transactions')}
        description={t('transactions:description')}
        actions={
          canManage ? (
            <>
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <FileUp aria-hidden="true" className="size-4" />
                {t('transactions:import.button')}
              </Button>
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                {t('transactions:add')}
              </Button>
            </>
          ) : null
        }
      />

      <div className="grid grid-cols-1 gap-6">
        <FiltersBar filters={filters} categories={categoryList} onChange={update} filtered={filtered} />

        {!valid ? (
          <Alert tone="error">{t('transactions:filters.rangeInvalid')}</Alert>
        ) : (
          <>
            <section
              aria-label={t('transactions:totals.label')}
              className="grid grid-cols-1 gap-4 sm:grid-cols-3"
            >
              <TotalCard
                label={t('transactions:totals.income')}
                value={list.data?.totals.incomeCents}
                tone="income"
                icon={<ArrowDownLeft aria-hidden="true" className="size-5" />}
                note={rangeText}
                testId="total-income"
              />
              <TotalCard
                label={t('transactions:totals.expense')}
                value={list.data?.totals.expenseCents}
                tone="expense"
                icon={<ArrowUpRight aria-hidden="true" className="size-5" />}
                note={rangeText}
                testId="total-expense"
              />
              <TotalCard
                label={t('transactions:totals.balance')}
                value={list.data?.totals.balanceCents}
                tone={(list.data?.totals.balanceCents ?? 0) < 0 ? 'expense' : 'balance'}
                icon={<Scale aria-hidden="true" className="size-5" />}
                note={rangeText}
                testId="total-balance"
              />
            </section>

            {monthly.isError ? (
              <ChartErrorPanel onRetry={() => void monthly.refetch()} />
            ) : monthly.data && monthly.data.months.length > 0 ? (
              <Card>
                <CardHeader title={t('transactions:chart.title')} description={rangeText} />
                <CardContent>
                  <ChartBoundary>
                    <Suspense
                      fallback={
                        <div className="flex h-56 items-center justify-center">
                          <Spinner label={t('common:loading')} />
                        </div>
                      }
                    >
                      <MonthlyChart months={monthly.data.months} />
                    </Suspense>
                  </ChartBoundary>
                </CardContent>
              </Card>
            ) : null}

            <Card>
              <CardHeader
                action={
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => setCategoriesOpen(true)}>
                      <Tags aria-hidden="true" className="size-4" />
                      {t('transactions:categories.button')}
                    </Button>
                    {canExport ? (
                      <Menu>
                        <MenuTrigger asChild>
                          <Button variant="outline" size="sm" loading={exporting !== null} disabled={!valid}>
                            {exporting ? null : <Download aria-hidden="true" className="size-4" />}
                            {t('transactions:export.button')}
                            <ChevronDown aria-hidden="true" className="size-4" />
                          </Button>
                        </MenuTrigger>
                        <MenuContent>
                          <MenuItem onSelect={() => void doExport('csv')}>
                            <FileText aria-hidden="true" />
                            {t('transactions:export.csv')}
                          </MenuItem>
                          <MenuItem onSelect={() => void doExport('xlsx')}>
                            <FileSpreadsheet aria-hidden="true" />
                            {t('transactions:export.xlsx')}
                          </MenuItem>
                        </MenuContent>
                      </Menu>
                    ) : null}
                  </div>
                }
                title={t('transactions:list.title')}
                description={
                  list.data
                    ? t('transactions:list.count', {
                        count: list.data.total,
                        formatted: formatNumber(list.data.total, locale),
                      })
                    : undefined
                }
              />
              {list.isPending ? (
                <div className="flex justify-center py-12">
                  <Spinner label={t('common:loading')} />
                </div>
              ) : list.isError ? (
                <div className="p-5">
                  <Alert tone="error" title={t('transactions:list.loadError')}>
                    {apiErrorMessage(list.error, t)}
                  </Alert>
                  <Button variant="outline" className="mt-3" onClick={() => void list.refetch()}>
                    {t('buttons:retry')}
                  </Button>
                </div>
              ) : list.data.items.length === 0 ? (
                filtered ? (
                  <EmptyState
                    headingLevel="h3"
                    icon={<Search aria-hidden="true" />}
                    title={t('transactions:empty.filteredTitle')}
                    description={t('transactions:empty.filteredText')}
                    action={
                      <Button
                        variant="outline"
                        onClick={() => setParams(new URLSearchParams(), { replace: true })}
                      >
                        {t('transactions:filters.reset')}
                      </Button>
                    }
                  />
                ) : (
                  <EmptyState
                    headingLevel="h3"
                    icon={<Receipt aria-hidden="true" />}
                    title={t('transactions:empty.title')}
                    description={canManage ? t('transactions:empty.text') : t('transactions:empty.readOnly')}
                    action={
                      canManage ? (
                        <>
                          <Button onClick={() => setEditing('new')}>
                            <Plus aria-hidden="true" className="size-4" />
                            {t('transactions:add')}
                          </Button>
                          <Button variant="outline" onClick={() => setImportOpen(true)}>
                            <FileUp aria-hidden="true" className="size-4" />
                            {t('transactions:import.button')}
                          </Button>
                        </>
                      ) : null
                    }
                  />
                )
              ) : (
                <>
                  <LedgerTable
                    items={list.data.items}
                    categories={categoryList}
                    canManage={canManage}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                    busy={list.isPlaceholderData}
                  />
                  <nav
                    aria-label={t('transactions:pagination.label')}
                    className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm"
                  >
                    <p className="text-muted-foreground">
                      {t('transactions:pagination.pageOf', {
                        page: formatNumber(Math.min(filters.page, pages), locale),
                        pages: formatNumber(pages, locale),
                      })}
                    </p>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setParams(paramsFromFilters({ ...filters, page: filters.page - 1 }))}
                        disabled={filters.page <= 1}
                      >
                        <ChevronLeft aria-hidden="true" className="size-4" />
                        {t('buttons:previous')}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setParams(paramsFromFilters({ ...filters, page: filters.page + 1 }))}
                        disabled={filters.page >= pages}
                      >
                        {t('buttons:next')}
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </nav>
                </>
              )}
            </Card>
          </>
        )}
      </div>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <TransactionDialog
            key={editing === 'new' ? 'new' : editing.id}
            orgId={orgId}
            entry={editing === 'new' ? null : editing}
            categories={categoryList}
            onManageCategories={() => setCategoriesOpen(true)}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <Dialog open={categoriesOpen} onOpenChange={setCategoriesOpen}>
        {categoriesOpen ? (
          <CategoriesDialog
            orgId={orgId}
            categories={categoryList}
            loading={categories.isPending}
            canManage={canManage}
          />
        ) : null}
      </Dialog>

      <Dialog open={importOpen} onOpenChange={setImportOpen}>
        {importOpen ? <ImportWizard /> : null}
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting ? (
          <DialogContent
            title={t('transactions:delete.title')}
            description={t('transactions:delete.text', {
              date: formatDate(deleting.occurredOn, locale),
              amount: formatEuroCents(deleting.amountCents, locale),
              description: deleting.description || t('transactions:noDescription'),
            })}
            closeLabel={t('buttons:close')}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">{t('buttons:cancel')}</Button>
              </DialogClose>
              <Button variant="danger" loading={remove.isPending} onClick={() => void confirmDelete()}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('transactions:delete.confirm')}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function TotalCard({
  label,
  value,
  tone,
  icon,
  note,
  testId,
}: {
  label: string;
  value: number | undefined;
  tone: 'income' | 'expense' | 'balance';
  icon: ReactNode;
  note: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const locale = localeOf(currentLanguage());
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-md',
            tone === 'income'
              ? 'bg-success-soft text-success-soft-foreground'
              : tone === 'expense'
                ? 'bg-danger-soft text-danger-soft-foreground'
                : 'bg-primary-soft text-primary-soft-foreground',
          )}
        >
          {icon}
        </span>
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      </div>
      <p
        data-testid={testId}
        className={cn(
          'mt-3 text-2xl font-semibold tracking-tight tabular-nums',
          tone === 'income' ? 'text-success' : tone === 'expense' ? 'text-danger' : 'text-foreground',
        )}
      >
        {value === undefined ? <Spinner label={t('loading')} /> : formatEuroCents(value, locale)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </Card>
  );
}

function FiltersBar({
  filters,
  categories,
  onChange,
  filtered,
}: {
  filters: LedgerFilters;
  categories: TTransactionCategory[];
  onChange: (patch: Partial<LedgerFilters>) => void;
  filtered: boolean;
}) {
  const { t } = useTranslation(['transactions']);
  const language = currentLanguage();
  const [text, setText] = useState(filters.q);
  // The URL is the truth: a change there (back button, reset) shows in the box.
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => onChange({ q: text }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <Card>
      <form
        role="search"
        aria-label={t('transactions:filters.label')}
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text });
        }}
        className="grid grid-cols-2 gap-3 p-4 sm:gap-4 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1.4fr)] lg:items-end"
      >
        <Field label={t('transactions:filters.period')}>
          {(props) => (
            <Select
              {...props}
              value={filters.period}
              onChange={(e) => onChange({ period: e.target.value as LedgerFilters['period'] })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`transactions:filters.periods.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.direction')}>
          {(props) => (
            <Select
              {...props}
              value={filters.direction}
              onChange={(e) => {
                const direction = e.target.value as LedgerFilters['direction'];
                const category = categories.find((c) => c.id === filters.categoryId);
                onChange({
                  direction,
                  categoryId:
                    category && direction && category.direction !== direction ? '' : filters.categoryId,
                });
              }}
            >
              <option value="">{t('transactions:filters.allDirections')}</option>
              {DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`transactions:direction.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.category')} className="col-span-2 sm:col-span-1">
          {(props) => (
            <Select
              {...props}
              value={filters.categoryId}
              onChange={(e) => onChange({ categoryId: e.target.value })}
            >
              <option value="">{t('transactions:filters.allCategories')}</option>
              {DIRECTIONS.filter((d) => !filters.direction || d === filters.direction).map((d) => (
                <optgroup key={d} label={t(`transactions:categories.group.${d}`)}>
                  {categories
                    .filter((c) => c.direction === d)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {categoryLabel(c, language)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.search')} className="col-span-2 sm:col-span-1">
          {(props) => (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                {...props}
                type="search"
                value={text}
                maxLength={100}
                placeholder={t('transactions:filters.searchPlaceholder')}
                onChange={(e) => setText(e.target.value)}
                className="pl-9"
              />
            </div>
          )}
        </Field>
        {filters.period === 'custom' ? (
          <div className="col-span-2 grid grid-cols-2 gap-3 sm:gap-4">
            <Field label={t('transactions:filters.from')}>
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={filters.from}
                  onChange={(e) => onChange({ from: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('transactions:filters.to')}>
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={filters.to}
                  onChange={(e) => onChange({ to: e.target.value })}
                />
              )}
            </Field>
          </div>
        ) : null}
        {filtered ? (
          <div
            className={cn(
              'flex items-end',
              filters.period === 'custom' ? 'col-span-2' : 'col-span-2 lg:col-span-4',
            )}
          >
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText('');
                onChange({ period: 'thisYear', from: '', to: '', direction: '', categoryId: '', q: '' });
              }}
            >
              <X aria-hidden="true" className="size-4" />
              {t('transactions:filters.reset')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

function Amount({ entry }: { entry: TTransaction }) {
  const locale = localeOf(currentLanguage());
  const income = entry.direction === 'income';
  return (
    <span
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        income ? 'text-success' : 'text-foreground',
      )}
    >
      {income ? '+' : '−'}
      {formatEuroCents(entry.amountCents, locale)}
    </span>
  );
}

function LedgerTable({
  items,
  categories,
  canManage,
  onEdit,
  onDelete,
  busy,
}: {
  items: TTransaction[];
  categories: TTransactionCategory[];
  canManage: boolean;
  onEdit: (entry: TTransaction) => void;
  onDelete: (entry: TTransaction) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['transactions']);
  const language = currentLanguage();
  const locale = localeOf(language);
  const category = (entry: TTransaction) => {
    const known = categories.find((c) => c.id === entry.categoryId);
    return known ? categoryLabel(known, language) : (entry.categoryName ?? t('transactions:noCategory'));
  };
  const describe = (entry: TTransaction) =>
    t('transactions:list.entryLabel', {
      date: formatDate(entry.occurredOn, locale),
      amount: formatEuroCents(entry.amountCents, locale),
    });
  const actions = (entry: TTransaction) =>
    canManage ? (
      <div className="flex justify-end gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('transactions:list.edit', { entry: describe(entry) })}
          onClick={() => onEdit(entry)}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('transactions:list.delete', { entry: describe(entry) })}
          onClick={() => onDelete(entry)}
        >
          <Trash2 aria-hidden="true" className="size-4 text-danger" />
        </Button>
      </div>
    ) : null;

  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
      {/* Phones: one block per entry. */}
      <ul className="divide-y divide-border md:hidden" aria-label={t('transactions:list.title')}>
        {items.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3 px-4 py-3" data-testid="transaction-row">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-foreground">
                {entry.description || t('transactions:noDescription')}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {formatDate(entry.occurredOn, locale)} · {category(entry)}
                {entry.clientName ? ` · ${entry.clientName}` : ''}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <Amount entry={entry} />
              {actions(entry)}
            </div>
          </li>
        ))}
      </ul>
      {/* Wider screens: the table. */}
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full min-w-[44rem] table-fixed text-left text-sm">
          <caption className="sr-only">{t('transactions:list.title')}</caption>
          <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="w-32 px-5 py-2.5 font-medium">
                {t('transactions:columns.date')}
              </th>
              <th scope="col" className="px-5 py-2.5 font-medium">
                {t('transactions:columns.description')}
              </th>
              <th scope="col" className="w-44 px-5 py-2.5 font-medium xl:w-52">
                {t('transactions:columns.category')}
              </th>
              <th scope="col" className="hidden w-60 px-5 py-2.5 font-medium 2xl:table-cell">
                {t('transactions:columns.method')}
              </th>
              <th scope="col" className="w-36 px-5 py-2.5 text-right font-medium">
                {t('transactions:columns.amount')}
              </th>
              {canManage ? (
                <th scope="col" className="w-24 px-5 py-2.5 text-right font-medium">
                  <span className="sr-only">{t('transactions:columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((entry) => (
              <tr key={entry.id} className="hover:bg-surface-muted" data-testid="transaction-row">
                <td className="px-5 py-3 whitespace-nowrap text-muted-foreground">
                  {formatDate(entry.occurredOn, locale)}
                </td>
                <td className="px-5 py-3">
                  <span
                    className="block truncate font-medium text-foreground"
                    title={entry.description ?? undefined}
                  >
                    {entry.description || t('transactions:noDescription')}
                  </span>
                  {entry.clientName || entry.imported ? (
                    <span className="mt-0.5 flex items-center gap-2 text-xs text-muted-foreground">
                      {entry.clientName ? <span className="min-w-0 truncate">{entry.clientName}</span> : null}
                      {entry.imported ? <Badge>{t('transactions:list.imported')}</Badge> : null}
                    </span>
                  ) : null}
                </td>
                <td className="truncate px-5 py-3 text-muted-foreground">{category(entry)}</td>
                <td className="hidden truncate px-5 py-3 text-muted-foreground 2xl:table-cell">
                  {PAYMENT_METHOD_LABELS[entry.paymentMethod][language]}
                </td>
                <td className="px-5 py-3 text-right">
                  <Amount entry={entry} />
                </td>
                {canManage ? <td className="px-5 py-3">{actions(entry)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
