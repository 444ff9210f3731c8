import type { Locale } from '@shared/errors/error-codes.ts';
import type { ReportFormat } from '@shared/reports/contracts.ts';
import type { ReportKind, TScheduleReport } from '@shared/reports/schedules.ts';
import {
  receivablesFile,
  salesRegisterFile,
  vatSettlementFile,
  type ReportContext,
  type ReportFile,
} from './export.ts';
import { cashFlow } from './cash-flow.ts';
import { inventoryReportAll } from './inventory-report.ts';
import { cashFlowFile, profitAndLossFile } from './pnl-cash-flow-export.ts';
import { profitAndLoss } from './profit-and-loss.ts';
import { inventoryFile, revenueFile } from './revenue-export.ts';
import { revenueAll } from './revenue.ts';
import { receivables, salesRegisterEntries, vatSettlement, type ReportDeps } from './service.ts';

type KindInput<K extends ReportKind> = {
  orgId: string;
  params: Extract<TScheduleReport, { kind: K }>['params'];
  /** The week or month just ended (schedules.ts `reportedPeriod`). */
  period: { from: string; to: string };
  format: ReportFormat;
  locale: Locale;
  context: ReportContext;
};

/**
 * What a scheduled run of each report kind computes and writes: one entry per kind of `REPORT_KINDS`
 * (src/shared/reports/schedules.ts). A new report is one more entry here.
 */
export const SCHEDULE_KINDS: {
  [K in ReportKind]: (deps: ReportDeps, input: KindInput<K>) => Promise<ReportFile>;
} = {
  // The settlement of the year the period just ended belongs to (December's run in January is last year's).
  'vat-settlement': async (deps, i) => {
    const query = { year: Number(i.period.to.slice(0, 4)), periodicity: i.params.periodicity };
    return vatSettlementFile(
      await vatSettlement(deps, { orgId: i.orgId, query }),
      i.format,
      i.locale,
      i.context,
    );
  },
  'sales-register': async (deps, i) => {
    const entries = await salesRegisterEntries(deps, { orgId: i.orgId, ...i.period });
    return salesRegisterFile(i.period, entries, i.format, i.locale, i.context);
  },
  // Receivables are a picture of today: the period is not theirs.
  receivables: async (deps, i) =>
    receivablesFile(await receivables(deps, { orgId: i.orgId }), i.format, i.locale, i.context),
  // The range reports cover the week or month just ended (the cash flow adds its forecast from today).
  'profit-and-loss': async (deps, i) =>
    profitAndLossFile(
      await profitAndLoss(deps, { orgId: i.orgId, query: i.period }),
      i.format,
      i.locale,
      i.context,
    ),
  'cash-flow': async (deps, i) =>
    cashFlowFile(await cashFlow(deps, { orgId: i.orgId, query: i.period }), i.format, i.locale, i.context),
  revenue: async (deps, i) =>
    revenueFile(
      await revenueAll(deps, { orgId: i.orgId, query: { ...i.period, by: i.params.by } }),
      i.format,
      i.locale,
      i.context,
    ),
  inventory: async (deps, i) =>
    inventoryFile(
      await inventoryReportAll(deps, { orgId: i.orgId, ...i.period }),
      i.format,
      i.locale,
      i.context,
    ),
};

/** Runs the kind's entry with its own parameters' type. */
export function scheduledReportFile(
  deps: ReportDeps,
  report: TScheduleReport,
  input: Omit<KindInput<ReportKind>, 'params'>,
): Promise<ReportFile> {
  const run = SCHEDULE_KINDS[report.kind] as (
    deps: ReportDeps,
    input: KindInput<ReportKind>,
  ) => Promise<ReportFile>;
  return run(deps, { ...input, params: report.params });
}
