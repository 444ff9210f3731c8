import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { cn } from '@web/ui/cn.ts';
import { PageHeader } from '@web/ui/page-header.tsx';
import { CashFlowReport } from './cash-flow-report.tsx';
import { ProfitAndLossReport } from './profit-and-loss-report.tsx';
import { PurchaseRegisterReport } from './purchase-register-report.tsx';
import { InventoryReport } from './inventory-report.tsx';
import { ReceivablesReport } from './receivables-report.tsx';
import { RevenueReport } from './revenue-report.tsx';
import { SalesRegisterReport } from './sales-register-report.tsx';
import { ScheduledReports } from './scheduled-reports.tsx';
import { VatSettlementReport } from './vat-settlement-report.tsx';

const REPORTS = [
  'vat',
  'register',
  'purchases',
  'receivables',
  'pnl',
  'cashflow',
  'clients',
  'items',
  'inventory',
  'scheduled',
] as const;
type ReportName = (typeof REPORTS)[number];

/** /reports: the accountant's reports, one at a time, the choice in the address (`?report=`). */
export function ReportsPage() {
  const { t } = useTranslation(['reports', 'navigation']);
  useDocumentTitle(t('navigation:routes.reports'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('report');
  const current: ReportName = REPORTS.find((r) => r === asked) ?? 'vat';
  const choose = (report: ReportName) => setParams(report === 'vat' ? {} : { report }, { replace: false });

  return (
    <div>
      <PageHeader title={t('reports:title')} description={t('reports:description')} />
      <nav aria-label={t('reports:nav')} className="mb-5 flex flex-wrap gap-2 print:hidden">
        {REPORTS.map((report) => (
          <button
            key={report}
            type="button"
            aria-current={report === current ? 'page' : undefined}
            onClick={() => choose(report)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
              report === current
                ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                : 'border-border bg-surface text-foreground hover:bg-surface-muted',
            )}
          >
            {t(`reports:names.${report}`)}
          </button>
        ))}
      </nav>
      {current === 'vat' ? (
        <VatSettlementReport />
      ) : current === 'register' ? (
        <SalesRegisterReport />
      ) : current === 'purchases' ? (
        <PurchaseRegisterReport />
      ) : current === 'scheduled' ? (
        <ScheduledReports />
      ) : current === 'pnl' ? (
        <ProfitAndLossReport />
      ) : current === 'cashflow' ? (
        <CashFlowReport />
      ) : current === 'clients' || current === 'items' ? (
        <RevenueReport key={current} mode={current} />
      ) : current === 'inventory' ? (
        <InventoryReport />
      ) : (
        <ReceivablesReport />
      )}
    </div>
  );
}
