import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  AlertTriangle,
  ChevronDown,
  ChevronRight,
  Download,
  FileSpreadsheet,
  FileText,
  Hourglass,
  Plus,
  Receipt,
  Wallet,
} from 'lucide-react';
import { INVOICE_STATUSES, type TInvoiceListItem } from '@shared/invoicing/contracts.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { ClientPicker } from '@web/features/invoicing/client-picker.tsx';
import { useClientName } from '@web/features/invoicing/invoicing-api.ts';
import {
  InvoiceStatusBadge,
  invoicingErrorMessage,
  useInvoicingPermissions,
} from '@web/features/invoicing/invoicing-ui.tsx';
import { nextSearch, rangeIsValid, readInvoiceParams } from '@web/features/invoicing/list-params.ts';
import { SearchField, useNumberFormat } from '@web/features/invoicing/list-ui.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import {
  downloadInvoiceExport,
  INVOICES_PAGE_SIZE,
  useInvoiceList,
  useInvoiceTotals,
} from './invoices-api.ts';

type Changes = Record<
  'q' | 'status' | 'type' | 'clientId' | 'from' | 'to' | 'page',
  string | number | undefined
>;

/** /invoices: totals of the filter, filters in the URL, pages of 10, CSV/XLSX export. */
export function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'navigation', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.invoices'));
  const { orgId, canManage, canExport } = useInvoicingPermissions();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readInvoiceParams(search), [search]);
  const validRange = rangeIsValid(params.from, params.to);
  const list = useInvoiceList(validRange ? orgId : null, params);
  const totals = useInvoiceTotals(validRange ? orgId : null, params);
  const clientName = useClientName(orgId, params.clientId ?? null);
  const number = useNumberFormat();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const update = (changes: Partial<Changes>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICES_PAGE_SIZE)) : 1;
  const page = params.page ?? 1;
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  const filtered = !!(
    params.q ||
    params.status ||
    params.documentType ||
    params.clientId ||
    params.from ||
    params.to
  );

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(format);
    const toastId = toast.loading(t('invoices:export.preparing'));
    try {
      const { fileName } = await downloadInvoiceExport(format, params);
      toast.success(t('invoices:export.done', { file: fileName }), { id: toastId });
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t), { id: toastId });
    } finally {
      setExporting(null);
    }
  }

  const newInvoice = canManage ? (
    <Link to="/invoices/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('invoices:actions.new')}
    </Link>
  ) : null;

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.invoices')}
        description={t('invoices:list.description')}
        actions={
          <>
            {canExport ? (
              <Menu>
                <MenuTrigger asChild>
                  <Button variant="outline" loading={exporting !== null} disabled={!validRange}>
                    {exporting ? null : <Download aria-hidden="true" className="size-4" />}
                    {t('invoices:export.button')}
                    <ChevronDown aria-hidden="true" className="size-4" />
                  </Button>
                </MenuTrigger>
                <MenuContent>
                  <MenuItem onSelect={() => void exportAs('csv')}>
                    <FileText aria-hidden="true" />
                    {t('invoices:export.csv')}
                  </MenuItem>
                  <MenuItem onSelect={() => void exportAs('xlsx')}>
                    <FileSpreadsheet aria-hidden="true" />
                    {t('invoices:export.xlsx')}
                  </MenuItem>
                </MenuContent>
              </Menu>
            ) : null}
            {newInvoice}
          </>
        }
      />

      <section
        aria-label={t('invoices:totals.listLabel')}
        className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
      >
        <TotalCard
          label={t('invoices:totals.issued')}
          value={totals.data?.issuedCents}
          icon={<Receipt aria-hidden="true" className="size-5" />}
          testId="invoice-total-issued"
          failed={totals.isError}
        />
        <TotalCard
          label={t('invoices:totals.collected')}
          value={totals.data?.collectedCents}
          icon={<Wallet aria-hidden="true" className="size-5" />}
          tone="success"
          testId="invoice-total-collected"
          failed={totals.isError}
        />
        <TotalCard
          label={t('invoices:totals.outstanding')}
          value={totals.data?.outstandingCents}
          icon={<Hourglass aria-hidden="true" className="size-5" />}
          tone="warning"
          testId="invoice-total-outstanding"
          failed={totals.isError}
        />
        <TotalCard
          label={t('invoices:totals.overdue')}
          value={totals.data?.overdueCents}
          icon={<AlertTriangle aria-hidden="true" className="size-5" />}
          tone="danger"
          testId="invoice-total-overdue"
          failed={totals.isError}
        />
      </section>

      <Card>
        <div
          role="search"
          aria-label={t('invoices:list.filters')}
          className="grid grid-cols-2 gap-3 border-b border-border p-4 lg:grid-cols-4 lg:items-end 2xl:grid-cols-8"
        >
          <SearchField
            label={t('invoices:list.searchLabel')}
            placeholder={t('invoices:list.searchPlaceholder')}
            value={params.q}
            onSearch={(q) => update({ q })}
            className="col-span-2"
          />
          <Field label={t('invoices:list.client')} className="col-span-2">
            {(props) => (
              <ClientPicker
                orgId={orgId}
                controlProps={props}
                placeholder={t('invoices:list.allClients')}
                value={params.clientId ? { id: params.clientId, name: clientName.data ?? '…' } : null}
                onChange={(client) => update({ clientId: client?.id })}
              />
            )}
          </Field>
          <Field label={t('invoices:list.status')}>
            {(props) => (
              <Select
                {...props}
                value={params.status ?? ''}
                onChange={(e) => update({ status: e.target.value })}
              >
                <option value="">{t('invoices:list.allStatuses')}</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`invoices:status.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('invoices:list.type')}>
            {(props) => (
              <Select
                {...props}
                value={params.documentType ?? ''}
                onChange={(e) => update({ type: e.target.value })}
              >
                <option value="">{t('invoices:list.allTypes')}</option>
                <option value="TD01">{t('invoices:types.TD01')}</option>
                <option value="TD04">{t('invoices:types.TD04')}</option>
              </Select>
            )}
          </Field>
          <Field label={t('invoices:list.from')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={params.from ?? ''}
                onChange={(e) => update({ from: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('invoices:list.to')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={params.to ?? ''}
                onChange={(e) => update({ to: e.target.value })}
              />
            )}
          </Field>
        </div>

        <PagedListBody
          query={list}
          filtered={filtered}
          invalid={validRange ? undefined : <Alert tone="error">{t('invoices:list.rangeInvalid')}</Alert>}
          countText={(count) => t('invoices:list.count', { count })}
          loadErrorTitle={t('invoices:list.loadError')}
          errorMessage={(error) => invoicingErrorMessage(error, t)}
          empty={
            <EmptyState
              icon={<FileText aria-hidden="true" />}
              title={t('invoices:empty.title')}
              description={canManage ? t('invoices:empty.text') : t('invoices:empty.textReadOnly')}
              action={newInvoice}
            />
          }
          noResults={{
            title: t('invoices:noResults.title'),
            text: t('invoices:noResults.text'),
            resetLabel: t('invoices:noResults.reset'),
            onReset: () => setSearch(new URLSearchParams(), { replace: true }),
          }}
        >
          {(items, total) => (
            <>
              <InvoiceTable invoices={items} />
              <InvoiceCards invoices={items} />
              <Pagination
                label={t('invoices:list.pagination')}
                page={page}
                pages={pages}
                summary={t('invoices:list.pageOf', {
                  page: number(page),
                  pages: number(pages),
                  count: total,
                  total: number(total),
                })}
                onPage={(p) => update({ page: p })}
              />
            </>
          )}
        </PagedListBody>
      </Card>
    </div>
  );
}

function TotalCard({
  label,
  value,
  icon,
  tone = 'primary',
  testId,
  failed = false,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  testId: string;
  failed?: boolean;
}) {
  const { t } = useTranslation('common');
  const locale = localeOf(currentLanguage());
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center gap-2.5">
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-md sm:size-9',
            tone === 'success' && 'bg-success-soft text-success-soft-foreground',
            tone === 'warning' && 'bg-warning-soft text-warning-soft-foreground',
            tone === 'danger' && 'bg-danger-soft text-danger-soft-foreground',
            tone === 'primary' && 'bg-primary-soft text-primary-soft-foreground',
          )}
        >
          {icon}
        </span>
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      </div>
      <p
        data-testid={testId}
        className="mt-2.5 truncate text-lg font-semibold tracking-tight text-foreground tabular-nums sm:text-2xl"
      >
        {failed ? (
          '—'
        ) : value === undefined ? (
          <Spinner label={t('loading')} />
        ) : (
          formatEuroCents(value, locale)
        )}
      </p>
    </Card>
  );
}

function useRowFormat() {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  return {
    date: (iso: string) => formatDate(iso, locale),
    euro: (cents: number) => formatEuroCents(cents, locale),
    number: (i: TInvoiceListItem) => i.number ?? t('invoices:list.noNumber'),
  };
}

function TypeBadge({ type }: { type: TInvoiceListItem['documentType'] }) {
  const { t } = useTranslation(['invoices']);
  return type === 'TD04' ? <Badge tone="warning">{t('invoices:types.TD04')}</Badge> : null;
}

function InvoiceTable({ invoices }: { invoices: TInvoiceListItem[] }) {
  const { t } = useTranslation(['invoices']);
  const f = useRowFormat();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="invoices-table">
        <caption className="sr-only">{t('invoices:list.caption')}</caption>
        <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('invoices:columns.number')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('invoices:columns.client')}
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {t('invoices:columns.issueDate')}
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {t('invoices:columns.dueDate')}
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              {t('invoices:columns.total')}
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              {t('invoices:columns.outstanding')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('invoices:columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {invoices.map((i) => (
            <tr key={i.id} className="hover:bg-surface-muted" data-testid="invoice-row">
              <td className="px-5 py-3 whitespace-nowrap">
                <span className="flex items-center gap-2">
                  <Link
                    to={`/invoices/${i.id}`}
                    className={cn('font-medium text-primary hover:underline', !i.number && 'italic')}
                  >
                    {f.number(i)}
                  </Link>
                  <TypeBadge type={i.documentType} />
                </span>
              </td>
              <td className="max-w-60 truncate px-5 py-3 text-foreground">{i.client.name}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{f.date(i.issueDate)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{f.date(i.dueDate)}</td>
              <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                {f.euro(i.totalCents)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {i.status === 'draft' || i.documentType === 'TD04' ? '—' : f.euro(i.outstandingCents)}
              </td>
              <td className="px-5 py-3">
                <InvoiceStatusBadge status={i.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceCards({ invoices }: { invoices: TInvoiceListItem[] }) {
  const { t } = useTranslation(['invoices']);
  const f = useRowFormat();
  return (
    <ul className="divide-y divide-border md:hidden">
      {invoices.map((i) => (
        <li key={i.id}>
          <Link to={`/invoices/${i.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={cn('font-medium text-primary', !i.number && 'italic')}>{f.number(i)}</span>
                <TypeBadge type={i.documentType} />
                <InvoiceStatusBadge status={i.status} />
              </div>
              <div className="truncate text-sm text-foreground">{i.client.name}</div>
              <div className="text-xs text-muted-foreground">
                {t('invoices:list.cardDates', { issue: f.date(i.issueDate), due: f.date(i.dueDate) })}
              </div>
            </div>
            <div className="shrink-0 text-right">
              <div className="text-sm font-semibold tabular-nums">{f.euro(i.totalCents)}</div>
              {i.status !== 'draft' && i.documentType === 'TD01' && i.outstandingCents > 0 ? (
                <div className="text-xs text-muted-foreground tabular-nums">
                  {t('invoices:list.outstandingShort', { amount: f.euro(i.outstandingCents) })}
                </div>
              ) : null}
            </div>
            <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
