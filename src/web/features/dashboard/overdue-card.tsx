import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, BellRing } from 'lucide-react';
import { REMINDER_TYPES, type ReminderType } from '@shared/invoicing/contracts.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import type { TDashboard } from '@shared/reports/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { ChoiceOptions, SelectField } from '@web/ui/form-fields.tsx';
import { toast } from '@web/ui/toast.ts';
import { useSendReminder } from '@web/features/invoicing/invoices/invoices-api.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { Empty, ROW } from './dashboard-lists.tsx';

type Overdue = TDashboard['overdueInvoices'][number];

/**
 * Overdue invoices, the longest late first; each opens the invoice. Members who manage financial data send a
 * reminder from here (a viewer sees the list, no action); the toast says what really happened to the mail.
 */
export function OverdueCard({ data, locale }: { data: TDashboard; locale: string }) {
  const { t } = useTranslation(['dashboard', 'invoices', 'mail']);
  const me = useSignedInMe();
  const canRemind = me.permissions.includes('manage_financial_data');
  const [chosen, setChosen] = useState<Overdue | null>(null);
  const [type, setType] = useState<ReminderType>('overdue');
  const send = useSendReminder(me.activeOrganizationId);
  // mutateAsync: the toast must show even if the card re-renders away while the figures refresh.
  const remind = async () => {
    if (!chosen) return;
    try {
      const result = await send.mutateAsync({ id: chosen.id, type });
      setChosen(null);
      toastDelivery(
        t,
        result.activity,
        t('invoices:toast.reminderSent', { email: result.activity.recipientEmail }),
      );
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };
  return (
    <Card data-testid="overdue-card">
      <CardHeader
        as="h3"
        icon={<AlertTriangle aria-hidden="true" className="size-5" />}
        title={t('overdue.title')}
        description={t('overdue.description')}
      />
      {data.overdueInvoices.length === 0 ? (
        <Empty>{t('overdue.empty')}</Empty>
      ) : (
        <ul className="divide-y divide-border">
          {data.overdueInvoices.map((invoice) => (
            <li key={invoice.id} className="flex items-center" data-testid="overdue-invoice">
              <Link to={`/invoices/${invoice.id}`} className={cn(ROW, 'min-w-0 flex-1')}>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">
                    {t('overdue.invoice', { number: invoice.number, client: invoice.clientName })}
                  </span>
                  <span className="block text-xs text-danger">
                    {t('overdue.late', {
                      count: invoice.daysLate,
                      date: formatDate(invoice.dueDate, locale),
                    })}
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {formatEuroCents(invoice.outstandingCents, locale)}
                </span>
              </Link>
              {canRemind ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mr-3 shrink-0"
                  aria-label={t('overdue.remindInvoice', { number: invoice.number })}
                  title={t('overdue.remind')}
                  onClick={() => {
                    setType(invoice.daysLate > 60 ? 'final' : 'overdue');
                    setChosen(invoice);
                  }}
                >
                  <BellRing aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {chosen ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? null : setChosen(null))}
          title={t('overdue.confirmTitle', { number: chosen.number })}
          description={t('overdue.confirmText', {
            client: chosen.clientName,
            amount: formatEuroCents(chosen.outstandingCents, locale),
          })}
          confirmLabel={t('invoices:confirm.reminderSend')}
          danger={type === 'final'}
          loading={send.isPending}
          onConfirm={() => void remind()}
        >
          <SelectField
            label={t('overdue.reminderType')}
            value={type}
            onChange={(e) => setType(e.target.value as ReminderType)}
          >
            <ChoiceOptions values={REMINDER_TYPES} label={(r) => t(`invoices:reminders.${r}`)} />
          </SelectField>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
