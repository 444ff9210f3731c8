import { useTranslation } from 'react-i18next';
import type { ReminderType, TInvoice } from '@shared/invoicing/contracts.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { MissingList, XmlNotAttached } from './einvoice-card.tsx';
import type { MissingEntry } from './einvoice-missing.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import type { InvoiceActions } from './use-invoice-actions.ts';

/**
 * The confirmations of the invoice detail (issue, send, reminder, credit note, delete, delete a payment) and the
 * payment dialog.
 */
export function InvoiceDialogs({
  invoice,
  actions,
  issueProblems,
}: {
  invoice: TInvoice;
  actions: InvoiceActions;
  /** The e-invoice data the server reports missing: issuing waits for them. */
  issueProblems: MissingEntry[];
}) {
  const { t } = useTranslation(['invoices']);
  const { confirm } = actions;
  const email = invoice.client.email;
  const reminderPending = confirm.open?.startsWith('reminder-')
    ? (confirm.open.slice('reminder-'.length) as ReminderType)
    : null;
  const paymentPending = confirm.open?.startsWith('payment-') ? confirm.open.slice('payment-'.length) : null;
  return (
    <>
      <ConfirmDialog
        {...confirm.props('issue')}
        title={t('invoices:confirm.issueTitle')}
        description={t('invoices:confirm.issueText')}
        confirmLabel={t('invoices:actions.issue')}
        loading={actions.pending.issue}
        disabled={!actions.issueRefusal && issueProblems.length > 0}
        onConfirm={actions.doIssue}
      >
        {actions.issueRefusal ? (
          <MissingList
            tone="error"
            title={t('invoices:confirm.issueRefused')}
            items={actions.issueRefusal}
            invoice={invoice}
            testId="issue-refused"
            compact
          />
        ) : issueProblems.length > 0 ? (
          <MissingList
            tone="warning"
            title={t('invoices:confirm.issueBlocked')}
            items={issueProblems}
            invoice={invoice}
            testId="issue-blocked"
            compact
          />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...confirm.props('send')}
        title={t('invoices:confirm.sendTitle')}
        description={
          email
            ? invoice.mailAttachments.includes('xml')
              ? t('invoices:confirm.sendTextPdfXml', { email })
              : t('invoices:confirm.sendTextPdfOnly', { email })
            : t('invoices:confirm.sendNoEmail')
        }
        confirmLabel={t('invoices:actions.send')}
        loading={actions.pending.send}
        onConfirm={() => actions.doSend(null)}
      >
        {email && !invoice.mailAttachments.includes('xml') ? <XmlNotAttached invoice={invoice} /> : null}
      </ConfirmDialog>
      {reminderPending ? (
        <ConfirmDialog
          {...confirm.props(`reminder-${reminderPending}`)}
          title={t('invoices:confirm.reminderTitle', { type: t(`invoices:reminders.${reminderPending}`) })}
          description={t(`invoices:reminders.${reminderPending}Text`, { email: email ?? '—' })}
          confirmLabel={t('invoices:confirm.reminderSend')}
          danger={reminderPending === 'final'}
          loading={actions.pending.send}
          onConfirm={() => actions.doSend(reminderPending)}
        />
      ) : null}
      <ConfirmDialog
        {...confirm.props('creditNote')}
        title={t('invoices:confirm.creditNoteTitle')}
        description={t('invoices:confirm.creditNoteText', { number: invoice.number ?? '' })}
        confirmLabel={t('invoices:actions.creditNote')}
        loading={actions.pending.creditNote}
        onConfirm={actions.doCreditNote}
      />
      <ConfirmDialog
        {...confirm.props('delete')}
        title={t('invoices:confirm.deleteTitle')}
        description={t('invoices:confirm.deleteText')}
        confirmLabel={t('invoices:actions.delete')}
        danger
        loading={actions.pending.remove}
        onConfirm={actions.doDelete}
      />
      {paymentPending ? (
        <ConfirmDialog
          {...confirm.props(`payment-${paymentPending}`)}
          title={t('invoices:payments.deleteTitle')}
          description={t('invoices:payments.deleteText')}
          confirmLabel={t('invoices:payments.deleteConfirm')}
          danger
          loading={actions.pending.deletePayment}
          onConfirm={() => actions.doDeletePayment(paymentPending)}
        />
      ) : null}
      <Dialog open={actions.payment.open} onOpenChange={actions.payment.setOpen}>
        {actions.payment.open ? (
          <PaymentDialog invoice={invoice} onDone={() => actions.payment.setOpen(false)} />
        ) : null}
      </Dialog>
    </>
  );
}
