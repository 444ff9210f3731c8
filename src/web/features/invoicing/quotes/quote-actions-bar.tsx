import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Download, FileOutput, Pencil, Send, Trash2, XCircle } from 'lucide-react';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { WriteEmailLink } from '@web/features/mailbox/write-email-link.tsx';
import type { QuoteActions } from './use-quote-actions.ts';

/** The buttons above a quote: convert (or its invoice), send, the client's answer, edit, PDF, delete. */
export function QuoteActionsBar({ quote, actions }: { quote: TQuote; actions: QuoteActions }) {
  const { t } = useTranslation(['quotes']);
  const { can, status } = actions;
  return (
    <>
      {can.canConvert ? (
        <Button onClick={() => actions.confirm.show('convert')}>
          <FileOutput aria-hidden="true" className="size-4" />
          {t('quotes:actions.convert')}
        </Button>
      ) : null}
      {quote.convertedInvoiceId ? (
        <Link to={`/invoices/${quote.convertedInvoiceId}`} className={buttonClasses('primary')}>
          <FileOutput aria-hidden="true" className="size-4" />
          {t('quotes:actions.openInvoice')}
        </Link>
      ) : null}
      {can.canSend ? (
        <Button
          variant={status === 'draft' ? 'primary' : 'outline'}
          onClick={() => actions.confirm.show('send')}
        >
          <Send aria-hidden="true" className="size-4" />
          {status === 'draft' ? t('quotes:actions.send') : t('quotes:actions.sendAgain')}
        </Button>
      ) : null}
      <WriteEmailLink
        request={{ clientId: quote.client.id, document: { kind: 'quote', id: quote.id } }}
        hasAddress={!!quote.client.email}
      />
      {can.canAccept ? (
        <Button variant="outline" onClick={() => actions.confirm.show('accept')}>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t('quotes:actions.markAccepted')}
        </Button>
      ) : null}
      {can.canReject ? (
        <Button variant="outline" onClick={() => actions.confirm.show('reject')}>
          <XCircle aria-hidden="true" className="size-4" />
          {t('quotes:actions.markRejected')}
        </Button>
      ) : null}
      {can.canEdit ? (
        <Link to={`/quotes/${quote.id}/edit`} className={buttonClasses('outline')}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('quotes:actions.edit')}
        </Link>
      ) : null}
      <Button variant="outline" onClick={() => void actions.doPdf()} loading={actions.downloading}>
        {actions.downloading ? null : <Download aria-hidden="true" className="size-4" />}
        {t('quotes:actions.pdf')}
      </Button>
      {can.canDelete ? (
        <Button variant="outline" className="text-danger" onClick={() => actions.confirm.show('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('quotes:actions.delete')}
        </Button>
      ) : null}
    </>
  );
}
