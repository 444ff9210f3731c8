import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  AlertTriangle,
  ChevronDown,
  Download,
  FileSpreadsheet,
  FileText,
  Hourglass,
  Plus,
  Receipt,
  Wallet,
} from 'lucide-react';
import { INVOICE_STATUSES } from '@shared/invoicing/contracts.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Select } from '@web/ui/input.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { DocumentList } from '@web/features/invoicing/document-list.tsx';
import { InvoiceCard, useInvoiceColumns } from './invoice-list-rows.tsx';
import { ClientPicker } from '@web/ui/client-picker.tsx';
import { useClientName } from '@web/features/invoicing/invoicing-api.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { nextSearch, rangeIsValid, readInvoiceParams } from '@web/features/invoicing/list-params.ts';
import {
  downloadInvoiceExport,
  INVOICES_PAGE_SIZE,
  useInvoiceList,
  useInvoiceTotals,
} from './invoices-api.ts';

type Changes = Record<
  | 'q'
  | 'status'
  | 'type'
  | 'clientId'
  | 'from'
  | 'to'
  | 'dueFrom'
  | 'dueTo'
  | 'open'
  | 'openOn'
  | 'phase'
  | 'page',
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
  const columns = useInvoiceColumns();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const update = (changes: Partial<Changes>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const filtered = !!(
    params.q ||
    params.status ||
    params.documentType ||
    params.clientId ||
    params.phase ||
    params.from ||
    params.to ||
    params.dueFrom ||
    params.dueTo ||
    params.open ||
    params.openOn
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

      <DueFilterNote
        dueFrom={params.dueFrom}
        dueTo={params.dueTo}
        open={params.open}
        openOn={params.openOn}
        onClear={() => update({ dueFrom: undefined, dueTo: undefined, open: undefined, openOn: undefined })}
      />

      <DocumentList
        ns="invoices"
        query={list}
        params={params}
        pageSize={INVOICES_PAGE_SIZE}
        filtered={filtered}
        onChange={update}
        onReset={() => setSearch(new URLSearchParams(), { replace: true })}
        filtersClassName="grid grid-cols-2 gap-3 border-b border-border p-4 lg:grid-cols-4 lg:items-end 2xl:grid-cols-8"
        filters={
          <>
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
                  onChange={(e) => update({ status: e.target.value, phase: undefined })}
                >
                  <option value="">
                    {params.phase ? t('invoices:list.allIssued') : t('invoices:list.allStatuses')}
                  </option>
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
          </>
        }
        emptyIcon={<FileText aria-hidden="true" />}
        canManage={canManage}
        newAction={newInvoice}
        columns={columns}
        testId="invoices-table"
        rowTestId="invoice-row"
        card={(i) => <InvoiceCard invoice={i} />}
      />
    </div>
  );
}

/**
 * The filters a report's drill-down sets that have no field of their own (a cash-flow forecast week, a
 * receivables bucket on a day): what they keep, and a way out.
 */
function DueFilterNote({
  dueFrom,
  dueTo,
  open,
  openOn,
  onClear,
}: {
  dueFrom?: string;
  dueTo?: string;
  open?: true;
  openOn?: string;
  onClear: () => void;
}) {
  const { t } = useTranslation('invoices');
  const locale = localeOf(currentLanguage());
  if (!dueFrom && !dueTo && !open && !openOn) return null;
  const parts = [
    dueFrom || dueTo
      ? t('list.dueBetween', {
          from: dueFrom ? formatDate(dueFrom, locale) : '…',
          to: dueTo ? formatDate(dueTo, locale) : '…',
        })
      : null,
    open ? t('list.openOnly') : null,
    openOn ? t('list.openOn', { date: formatDate(openOn, locale) }) : null,
  ].filter(Boolean);
  return (
    <p
      data-testid="invoice-due-filter"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-surface-muted px-4 py-2 text-sm text-foreground"
    >
      <span>{parts.join(' · ')}</span>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('list.dueFilterClear')}
      </Button>
    </p>
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
