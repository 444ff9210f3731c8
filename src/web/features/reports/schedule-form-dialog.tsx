import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_FORMATS, type ReportFormat, type VatPeriodicityValue } from '@shared/reports/contracts.ts';
import { REVENUE_GROUPINGS, type RevenueGrouping } from '@shared/reports/revenue-contracts.ts';
import {
  REPORT_KINDS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_LANGUAGES,
  type ReportKind,
  type ScheduleFrequency,
  type TSchedule,
  type TScheduleInput,
} from '@shared/reports/schedules.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { InlineCheckbox, SelectField } from '@web/ui/form-fields.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useSaveSchedule, useScheduleRecipients } from './report-schedules-api.ts';

/** Monday … Sunday in the reader's language (1 January 2024 was a Monday). */
export function weekdayName(day: number, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** The hint under the report for the kinds whose period is not simply the week or month just ended. */
const COVERS: Partial<Record<ReportKind, 'vat-settlement' | 'receivables' | 'cash-flow'>> = {
  'vat-settlement': 'vat-settlement',
  receivables: 'receivables',
  'cash-flow': 'cash-flow',
};

/** Creates a schedule (`schedule` null) or edits one: report, format, frequency and day, recipients, language. */
export function ScheduleFormDialog({
  orgId,
  locale,
  schedule,
  open,
  onOpenChange,
}: {
  orgId: string | null;
  locale: string;
  schedule: TSchedule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['reports', 'buttons']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={schedule ? t('reports:schedules.edit') : t('reports:schedules.new')}
        closeLabel={t('buttons:close')}
      >
        {open ? (
          <ScheduleForm
            orgId={orgId}
            locale={locale}
            schedule={schedule}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  orgId,
  locale,
  schedule,
  onDone,
}: {
  orgId: string | null;
  locale: string;
  schedule: TSchedule | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['reports', 'buttons']);
  const members = useScheduleRecipients(orgId, true);
  const save = useSaveSchedule(orgId);
  const [kind, setKind] = useState<ReportKind>(schedule?.report.kind ?? 'sales-register');
  const [periodicity, setPeriodicity] = useState<VatPeriodicityValue | ''>(
    schedule?.report.kind === 'vat-settlement' ? (schedule.report.params.periodicity ?? '') : '',
  );
  const [by, setBy] = useState<RevenueGrouping>(
    schedule?.report.kind === 'revenue' ? schedule.report.params.by : 'client',
  );
  const [format, setFormat] = useState<ReportFormat>(schedule?.format ?? 'pdf');
  const [frequency, setFrequency] = useState<ScheduleFrequency>(schedule?.frequency ?? 'monthly');
  const [day, setDay] = useState(schedule?.day ?? 1);
  const [recipients, setRecipients] = useState<string[]>(schedule?.recipients.map((r) => r.userId) ?? []);
  const [language, setLanguage] = useState<'it' | 'en'>(schedule?.language ?? currentLanguage());

  const days = frequency === 'weekly' ? 7 : 28;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const report: TScheduleInput['report'] =
      kind === 'vat-settlement'
        ? { kind, params: periodicity ? { periodicity } : {} }
        : kind === 'revenue'
          ? { kind, params: { by } }
          : { kind, params: {} };
    const input: TScheduleInput = {
      report,
      format,
      frequency,
      day: Math.min(day, days),
      recipients,
      language,
      active: schedule?.active ?? true,
    };
    save.mutate(
      { id: schedule?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(t('reports:schedules.saved'));
          onDone();
        },
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );
  };
  const toggle = (userId: string, on: boolean) =>
    setRecipients((list) => (on ? [...list, userId] : list.filter((id) => id !== userId)));

  return (
    <form onSubmit={submit} className="grid gap-4">
      <SelectField
        label={t('reports:schedules.fields.report')}
        value={kind}
        onChange={(e) => setKind(e.target.value as ReportKind)}
        hint={t(`reports:schedules.covers.${COVERS[kind] ?? frequency}`)}
      >
        {REPORT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`reports:schedules.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'vat-settlement' ? (
        <SelectField
          label={t('reports:schedules.fields.periodicity')}
          value={periodicity}
          onChange={(e) => setPeriodicity(e.target.value as VatPeriodicityValue | '')}
        >
          <option value="">{t('reports:schedules.fields.periodicityDefault')}</option>
          <option value="monthly">{t('reports:vat.monthly')}</option>
          <option value="quarterly">{t('reports:vat.quarterly')}</option>
        </SelectField>
      ) : null}
      {kind === 'revenue' ? (
        <SelectField
          label={t('reports:revenue.grouping')}
          value={by}
          onChange={(e) => setBy(e.target.value as RevenueGrouping)}
        >
          {REVENUE_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {t(`reports:revenue.columns.${g}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('reports:schedules.fields.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as ReportFormat)}
        >
          {REPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`reports:export.${f}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('reports:schedules.fields.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as 'it' | 'en')}
        >
          {SCHEDULE_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`reports:schedules.languages.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('reports:schedules.fields.frequency')}
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as ScheduleFrequency)}
        >
          {SCHEDULE_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`reports:schedules.frequency.${f}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={
            frequency === 'weekly'
              ? t('reports:schedules.fields.weekday')
              : t('reports:schedules.fields.monthDay')
          }
          value={Math.min(day, days)}
          onChange={(e) => setDay(Number(e.target.value))}
        >
          {Array.from({ length: days }, (_, i) => i + 1).map((d) => (
            <option key={d} value={d}>
              {frequency === 'weekly' ? weekdayName(d, locale) : d}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">
          {t('reports:schedules.fields.recipients')}
        </legend>
        {members.isPending ? (
          <BlockSpinner label={t('reports:schedules.fields.recipients')} />
        ) : members.isError ? (
          <p className="text-sm text-danger">{apiErrorMessage(members.error, t)}</p>
        ) : members.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reports:schedules.noMembers')}</p>
        ) : (
          members.data.items.map((m) => (
            <InlineCheckbox
              key={m.userId}
              checked={recipients.includes(m.userId)}
              onChange={(e) => toggle(m.userId, e.target.checked)}
              label={
                <span className="min-w-0">
                  <span className="font-medium">{m.name}</span>{' '}
                  <span className="break-all text-muted-foreground">{m.email}</span>
                </span>
              }
            />
          ))
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" type="button">
            {t('reports:schedules.actions.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending} disabled={recipients.length === 0}>
          {schedule ? t('reports:schedules.actions.save') : t('reports:schedules.actions.create')}
        </Button>
      </div>
    </form>
  );
}
