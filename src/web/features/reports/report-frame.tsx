import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '@shared/reports/periods.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { ReportActions } from './report-actions.tsx';

/**
 * The chrome every report of /reports shares: title and description, the period picker (or the report's own
 * controls, as the VAT settlement's year), export and print, then exactly one state — the period is not valid,
 * loading, the error with Retry, the report's empty state, or the report. `toolbar` stands above the states
 * (a choice of view that stays while the figures load). The comparison with the previous period is each report's:
 * its figures carry it.
 */
export function ReportFrame<T>({
  title,
  description,
  period,
  controls,
  exportPath,
  toolbar,
  invalid,
  report,
  empty,
  children,
}: {
  title: string;
  description: string;
  /** A range report's period (useReportRange). */
  period?: { range: DateRange; onChange: (range: Partial<DateRange>) => void };
  /** Other controls, before the actions. */
  controls?: ReactNode;
  /** The export URL with its query, without `format`. */
  exportPath: string;
  toolbar?: ReactNode;
  /** The message shown instead of the report when the period in the address is not valid. */
  invalid?: string | false;
  report: UseQueryResult<T>;
  /** The empty state when the answer has nothing to show, else null. */
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const emptyState = report.isSuccess && empty ? empty(report.data) : null;
  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        action={
          <div className="flex flex-wrap items-end gap-3">
            {period ? <PeriodPicker range={period.range} onChange={period.onChange} /> : null}
            {controls}
            <ReportActions exportPath={exportPath} />
          </div>
        }
      />
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
        {toolbar}
        {invalid ? (
          <Alert tone="error">{invalid}</Alert>
        ) : report.isPending ? (
          <BlockSpinner label={t('common:loading')} />
        ) : report.isError ? (
          <LoadError title={t('reports:loadError')} onRetry={() => void report.refetch()}>
            {apiErrorMessage(report.error, t)}
          </LoadError>
        ) : (
          (emptyState ?? children(report.data))
        )}
      </CardContent>
    </Card>
  );
}
