import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents, formatPercent } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TVatSettlement, VatPeriodicityValue } from '@shared/reports/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Field } from '@web/ui/field.tsx';
import { Select } from '@web/ui/input.tsx';
import { browserToday } from './report-dates.ts';
import { ReportFrame } from './report-frame.tsx';
import { useVatSettlement } from './reports-api.ts';
import { VatLinesCard } from './vat-lines-card.tsx';
import { vatPeriodLabel } from './vat-period-label.ts';
import { ReportStat } from './report-stat.tsx';
import { VatSettlementTable } from './vat-settlement-table.tsx';

const YEARS_BACK = 5;

/** The period a year opens on: today's for the current year, else the last one. */
function defaultPeriod(year: number, periodicity: VatPeriodicityValue, today: string) {
  const last = periodicity === 'monthly' ? 12 : 4;
  if (Number(today.slice(0, 4)) !== year) return last;
  const month = Number(today.slice(5, 7));
  return periodicity === 'monthly' ? month : Math.ceil(month / 3);
}

/** The periodic VAT settlement of a year, monthly or quarterly; year and periodicity live in the address. */
export function VatSettlementReport() {
  const { t } = useTranslation(['reports', 'common', 'buttons']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const today = browserToday();
  const currentYear = Number(today.slice(0, 4));
  const [params, setParams] = useSearchParams();
  const yearParam = Number(params.get('year'));
  const year =
    Number.isInteger(yearParam) && yearParam >= currentYear - YEARS_BACK && yearParam <= currentYear
      ? yearParam
      : currentYear;
  const raw = params.get('periodicity');
  // Without a choice in the address, the business's own periodicity (the server answers with it).
  const chosen: VatPeriodicityValue | undefined = raw === 'quarterly' || raw === 'monthly' ? raw : undefined;
  const [selected, setSelected] = useState<number | null>(null);
  const report = useVatSettlement(me.activeOrganizationId, year, chosen);
  const periodicity: VatPeriodicityValue = report.data?.periodicity ?? chosen ?? 'monthly';
  const update = (next: { year?: number; periodicity?: VatPeriodicityValue }) => {
    setSelected(null);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.year !== undefined) p.set('year', String(next.year));
        if (next.periodicity) p.set('periodicity', next.periodicity);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <ReportFrame
      title={t('reports:vat.title')}
      description={t('reports:vat.description')}
      controls={
        <>
          <Field label={t('reports:vat.year')} className="w-32">
            {(control) => (
              <Select
                {...control}
                data-testid="vat-year"
                value={year}
                onChange={(e) => update({ year: Number(e.target.value) })}
              >
                {Array.from({ length: YEARS_BACK + 1 }, (_, i) => currentYear - i).map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('reports:vat.periodicity')} className="w-60">
            {(control) => (
              <Select
                {...control}
                data-testid="vat-periodicity"
                value={periodicity}
                onChange={(e) =>
                  update({ periodicity: e.target.value === 'quarterly' ? 'quarterly' : 'monthly' })
                }
              >
                <option value="monthly">{t('reports:vat.monthly')}</option>
                <option value="quarterly">{t('reports:vat.quarterly')}</option>
              </Select>
            )}
          </Field>
        </>
      }
      exportPath={`/api/v1/reports/vat-settlement/export?year=${year}${chosen ? `&periodicity=${chosen}` : ''}`}
      report={report}
    >
      {(data) => (
        <VatSettlementView
          report={data}
          locale={locale}
          today={today}
          selected={selected ?? defaultPeriod(year, periodicity, today)}
          onSelect={setSelected}
        />
      )}
    </ReportFrame>
  );
}

function VatSettlementView({
  report,
  locale,
  today,
  selected,
  onSelect,
}: {
  report: TVatSettlement;
  locale: string;
  today: string;
  selected: number;
  onSelect: (period: number) => void;
}) {
  const { t } = useTranslation('reports');
  const euro = (cents: number) => formatEuroCents(cents, locale);
  if (report.forfettarioStanding) {
    const standing = report.forfettarioStanding;
    return (
      <div className="grid gap-4" data-testid="forfettario-standing">
        <Alert tone="info" title={t('vat.forfettario.title')}>
          {t('vat.forfettario.noVat')}
        </Alert>
        <p className="text-sm text-foreground">
          {t('vat.forfettario.revenue', {
            revenue: euro(standing.revenueCents),
            limit: euro(standing.limitCents),
            share: formatPercent(standing.revenueCents / standing.limitCents, locale),
          })}
        </p>
        <div
          role="progressbar"
          aria-label={t('vat.forfettario.progress')}
          aria-valuemin={0}
          aria-valuemax={standing.limitCents}
          aria-valuenow={Math.min(standing.revenueCents, standing.limitCents)}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={standing.overLimit ? 'h-full bg-danger' : 'h-full bg-primary'}
            style={{ width: `${Math.min(100, (standing.revenueCents / standing.limitCents) * 100)}%` }}
          />
        </div>
        {standing.overLimit ? (
          <Alert tone="warning">
            {t(standing.immediateExit ? 'vat.forfettario.immediateExit' : 'vat.forfettario.overLimit')}
          </Alert>
        ) : null}
      </div>
    );
  }
  const next = report.periods.find((p) => p.dueDate >= today && p.paymentCents > 0);
  const period = report.periods.find((p) => p.period === selected) ?? report.periods.at(-1)!;
  const reverseChargePurchases = report.periods.reduce(
    (sum, p) => sum + p.purchaseReverseChargeTaxableCents,
    0,
  );
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('vat.purchasesBasis')}</p>
      {reverseChargePurchases !== 0 ? (
        <Alert tone="warning" title={t('vat.reverseChargePurchases.title')}>
          {t('vat.reverseChargePurchases.body', { amount: euro(reverseChargePurchases) })}
        </Alert>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <ReportStat
          testId="vat-sales-vat"
          label={t('vat.stats.salesVat', { year: report.year })}
          value={euro(report.totals.vp4)}
          previous={{
            text: t('vat.stats.previousYear', {
              year: report.previous.year,
              amount: euro(report.previous.vp4),
            }),
            current: report.totals.vp4,
            previous: report.previous.vp4,
            lowerIsBetter: true,
          }}
        />
        <ReportStat
          label={t('vat.stats.payments', { year: report.year })}
          value={euro(report.totals.paymentCents)}
        />
        <ReportStat
          label={t('vat.stats.next')}
          value={next ? euro(next.paymentCents) : t('vat.stats.nothingDue')}
          note={
            next
              ? t('vat.stats.nextNote', {
                  period: vatPeriodLabel(t, locale, report.year, report.periodicity, next.period),
                  date: formatDate(next.dueDate, locale),
                  code: next.taxCode,
                }) + (next.to >= today ? ` · ${t('vat.stats.soFar')}` : '')
              : undefined
          }
        />
        {report.advance ? (
          <ReportStat
            testId="vat-advance"
            label={t('vat.advance.label', { year: report.year })}
            value={report.advance.amountCents > 0 ? euro(report.advance.amountCents) : t('vat.advance.none')}
            note={t(report.advance.amountCents > 0 ? 'vat.advance.note' : 'vat.advance.noneNote', {
              basis: euro(report.advance.basisCents),
              period: vatPeriodLabel(
                t,
                locale,
                report.year - 1,
                report.periodicity,
                report.periodicity === 'monthly' ? 12 : 4,
              ),
              date: formatDate(report.advance.dueDate, locale),
              code: report.advance.taxCode,
            })}
          />
        ) : null}
      </dl>
      <VatSettlementTable
        report={report}
        locale={locale}
        today={today}
        selected={period.period}
        onSelect={onSelect}
      />
      <VatLinesCard report={report} period={period} locale={locale} />
    </>
  );
}
