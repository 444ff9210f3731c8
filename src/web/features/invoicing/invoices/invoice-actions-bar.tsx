import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BellRing,
  ChevronDown,
  Download,
  FileCode2,
  FileMinus2,
  Pencil,
  Send,
  Stamp,
  Trash2,
  Wallet,
} from 'lucide-react';
import { REMINDER_TYPES, type TInvoice } from '@shared/invoicing/contracts.ts';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { WriteEmailLink } from '@web/features/mailbox/write-email-link.tsx';
import type { InvoiceActions } from './use-invoice-actions.ts';

/** The buttons above an invoice: the main action first (issue, or record a payment), then the others. */
export function InvoiceActionsBar({ invoice, actions }: { invoice: TInvoice; actions: InvoiceActions }) {
  const { t } = useTranslation(['invoices']);
  const { can } = actions;
  return (
    <>
      {can.canIssue ? (
        <Button onClick={actions.showIssue}>
          <Stamp aria-hidden="true" className="size-4" />
          {t('invoices:actions.issue')}
        </Button>
      ) : null}
      {can.canPay ? (
        <Button onClick={() => actions.payment.setOpen(true)}>
          <Wallet aria-hidden="true" className="size-4" />
          {t('invoices:actions.recordPayment')}
        </Button>
      ) : null}
      {can.canSend ? (
        <Button variant="outline" onClick={() => actions.confirm.show('send')}>
          <Send aria-hidden="true" className="size-4" />
          {invoice.sentAt ? t('invoices:actions.sendAgain') : t('invoices:actions.send')}
        </Button>
      ) : null}
      <WriteEmailLink
        request={{ clientId: invoice.client.id, document: { kind: 'invoice', id: invoice.id } }}
        hasAddress={!!invoice.client.email}
      />
      {can.canRemind ? (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="outline">
              <BellRing aria-hidden="true" className="size-4" />
              {t('invoices:actions.reminder')}
              <ChevronDown aria-hidden="true" className="size-4" />
            </Button>
          </MenuTrigger>
          <MenuContent>
            {REMINDER_TYPES.map((type) => (
              <MenuItem key={type} onSelect={() => actions.confirm.show(`reminder-${type}`)}>
                {t(`invoices:reminders.${type}`)}
              </MenuItem>
            ))}
          </MenuContent>
        </Menu>
      ) : null}
      {can.canEdit ? (
        <Link to={`/invoices/${invoice.id}/edit`} className={buttonClasses('outline')}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('invoices:actions.edit')}
        </Link>
      ) : null}
      <Button
        variant="outline"
        onClick={() => void actions.download('pdf')}
        loading={actions.downloading === 'pdf'}
      >
        {actions.downloading === 'pdf' ? null : <Download aria-hidden="true" className="size-4" />}
        {t('invoices:actions.pdf')}
      </Button>
      {invoice.status !== 'draft' ? (
        <Button
          variant="outline"
          onClick={() => void actions.download('xml')}
          loading={actions.downloading === 'xml'}
        >
          {actions.downloading === 'xml' ? null : <FileCode2 aria-hidden="true" className="size-4" />}
          {t('invoices:actions.xml')}
        </Button>
      ) : null}
      {can.canCredit ? (
        <Button variant="outline" onClick={() => actions.confirm.show('creditNote')}>
          <FileMinus2 aria-hidden="true" className="size-4" />
          {t('invoices:actions.creditNote')}
        </Button>
      ) : null}
      {can.canEdit ? (
        <Button variant="outline" className="text-danger" onClick={() => actions.confirm.show('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('invoices:actions.delete')}
        </Button>
      ) : null}
    </>
  );
}
