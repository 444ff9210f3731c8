import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { canTransitionQuote, effectiveQuoteStatus } from '@shared/invoicing/status.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { useConfirm } from '@web/ui/confirm-dialog.tsx';
import { toast } from '@web/ui/toast.ts';
import { QUOTE_EDITABLE } from './quote-editor-page.tsx';
import {
  downloadQuotePdf,
  useConvertQuote,
  useDeleteQuote,
  useQuoteStatus,
  useSendQuote,
} from './quotes-api.ts';

export type QuoteConfirmation = 'send' | 'accept' | 'reject' | 'convert' | 'delete';

/**
 * The actions of the quote detail: its status as of today (a sent quote past its date is expired), what the
 * user may do, the mutations with their toasts and navigation, and which confirmation is open.
 */
export function useQuoteActions(quote: TQuote) {
  const { t } = useTranslation(['quotes', 'invoices', 'common', 'mail']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const status = effectiveQuoteStatus(quote.status, quote.validUntil, todayIsoDate());
  const send = useSendQuote(orgId, quote.id);
  const changeStatus = useQuoteStatus(orgId, quote.id);
  const convert = useConvertQuote(orgId, quote.id);
  const remove = useDeleteQuote(orgId);
  const confirm = useConfirm<QuoteConfirmation>();
  const [downloading, setDownloading] = useState(false);

  const canSend = canManage && (status === 'draft' || status === 'sent' || status === 'expired');
  const canAccept = canManage && canTransitionQuote(status, 'accepted');
  const canReject = canManage && canTransitionQuote(status, 'rejected');
  const canConvert = canManage && canTransitionQuote(status, 'converted');
  const canEdit = canManage && QUOTE_EDITABLE.includes(status);
  const canDelete = canManage && status === 'draft';

  const fail = (error: unknown) => toast.error(invoicingErrorMessage(error, t));

  const doSend = () =>
    send.mutate(undefined, {
      onSuccess: (result) => {
        confirm.close();
        toastDelivery(t, result.activity, t('quotes:toast.sent', { email: result.activity.recipientEmail }));
      },
      onError: fail,
    });
  const doStatus = (next: 'accepted' | 'rejected') =>
    changeStatus.mutate(next, {
      onSuccess: () => {
        confirm.close();
        toast.success(t(`quotes:toast.${next}`));
      },
      onError: fail,
    });
  const doConvert = () =>
    convert.mutate(undefined, {
      onSuccess: (invoice) => {
        confirm.close();
        toast.success(t('quotes:toast.converted'));
        void navigate(`/invoices/${invoice.id}`);
      },
      onError: fail,
    });
  const doDelete = () =>
    remove.mutate(quote.id, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('quotes:toast.deleted', { number: quote.number }));
        void navigate('/quotes', { replace: true });
      },
      onError: fail,
    });
  const doPdf = async () => {
    setDownloading(true);
    try {
      await downloadQuotePdf(quote);
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  };

  return {
    status,
    can: { canSend, canAccept, canReject, canConvert, canEdit, canDelete },
    confirm,
    pending: {
      send: send.isPending,
      status: changeStatus.isPending,
      convert: convert.isPending,
      remove: remove.isPending,
    },
    downloading,
    doSend,
    doStatus,
    doConvert,
    doDelete,
    doPdf,
  };
}

export type QuoteActions = ReturnType<typeof useQuoteActions>;
