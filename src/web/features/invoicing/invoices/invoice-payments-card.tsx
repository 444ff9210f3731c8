import { useTranslation } from 'react-i18next';
import { CircleDollarSign, Send, Trash2, Wallet } from 'lucide-react';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import type { InvoiceActions } from './use-invoice-actions.ts';

/**
 * What is due, paid, credited and outstanding, the payments one by one (confirm by e-mail, delete), and the way
 * to record one.
 */
export function InvoicePaymentsCard({ invoice, actions }: { invoice: TInvoice; actions: InvoiceActions }) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const { can } = actions;
  const draft = invoice.status === 'draft';
  return (
    <Card>
      <CardHeader
        icon={<CircleDollarSign aria-hidden="true" className="size-5" />}
        title={t('invoices:payments.title')}
      />
      <CardContent className="grid gap-4">
        <dl className="grid gap-1.5 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('invoices:totals.amountDue')}</dt>
            <dd className="tabular-nums">{euro(invoice.totals.amountDueCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('invoices:payments.paid')}</dt>
            <dd className="tabular-nums" data-testid="invoice-paid">
              {euro(invoice.paidCents)}
            </dd>
          </div>
          {invoice.creditedCents > 0 ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t('invoices:payments.credited')}</dt>
              <dd className="tabular-nums">{euro(invoice.creditedCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
            <dt>{t('invoices:payments.outstanding')}</dt>
            <dd className="tabular-nums" data-testid="invoice-outstanding">
              {euro(invoice.outstandingCents)}
            </dd>
          </div>
        </dl>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {draft ? t('invoices:payments.afterIssue') : t('invoices:payments.none')}
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" data-testid="payments-list">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-foreground tabular-nums">{euro(p.amountCents)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {[formatDate(p.paidOn, locale), t(`invoices:paymentMethods.${p.method}`), p.note]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                {can.canManage ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('invoices:payments.sendConfirmation', {
                      amount: euro(p.amountCents),
                      date: formatDate(p.paidOn, locale),
                    })}
                    title={t('invoices:payments.sendConfirmationShort')}
                    disabled={actions.pending.confirmPayment}
                    onClick={() => actions.doConfirmPayment(p.id)}
                  >
                    <Send aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
                {can.canManage ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-danger"
                    aria-label={t('invoices:payments.delete', {
                      amount: euro(p.amountCents),
                      date: formatDate(p.paidOn, locale),
                    })}
                    onClick={() => actions.confirm.show(`payment-${p.id}`)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {can.canPay ? (
          <Button variant="outline" onClick={() => actions.payment.setOpen(true)}>
            <Wallet aria-hidden="true" className="size-4" />
            {t('invoices:actions.recordPayment')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
