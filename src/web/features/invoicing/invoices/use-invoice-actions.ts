import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReminderType, TInvoice } from '@shared/invoicing/contracts.ts';
import { OPEN_INVOICE_STATUSES } from '@shared/invoicing/status.ts';
import { ApiError } from '@web/app/api.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { useConfirm } from '@web/ui/confirm-dialog.tsx';
import { toast } from '@web/ui/toast.ts';
import { missingKeysOf, type MissingEntry } from './einvoice-missing.ts';
import {
  downloadInvoiceFile,
  useConfirmPayment,
  useCreditNote,
  useDeleteInvoice,
  useDeletePayment,
  useIssueInvoice,
  useSendInvoice,
} from './invoices-api.ts';

export type InvoiceConfirmation =
  'issue' | 'send' | 'creditNote' | 'delete' | `reminder-${ReminderType}` | `payment-${string}`;

/** What the signed-in user may do with this invoice now. */
export function invoicePermissions(invoice: TInvoice, canManage: boolean) {
  const draft = invoice.status === 'draft';
  const isCredit = invoice.documentType === 'TD04';
  const open = OPEN_INVOICE_STATUSES.includes(invoice.status);
  return {
    canIssue: canManage && draft,
    canEdit: canManage && draft,
    canSend: canManage && !draft,
    canRemind: canManage && !isCredit && open,
    canPay:
      canManage && !isCredit && !draft && invoice.status !== 'cancelled' && invoice.outstandingCents > 0,
    canCredit: canManage && !isCredit && !draft && invoice.status !== 'cancelled',
    canManage,
  };
}

export type InvoicePermissions = ReturnType<typeof invoicePermissions>;

/**
 * The actions of the invoice detail: the mutations, what each one does on success or refusal (toast,
 * navigation, the missing e-invoice data), and which confirmation is open.
 */
export function useInvoiceActions(invoice: TInvoice) {
  const { t } = useTranslation(['invoices', 'common', 'mail']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const issue = useIssueInvoice(orgId, invoice.id);
  const send = useSendInvoice(orgId, invoice.id);
  const creditNote = useCreditNote(orgId, invoice.id);
  const remove = useDeleteInvoice(orgId);
  const deletePayment = useDeletePayment(orgId, invoice.id);
  const confirmPayment = useConfirmPayment(orgId, invoice.id);
  const confirm = useConfirm<InvoiceConfirmation>();
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [downloading, setDownloading] = useState<'pdf' | 'xml' | null>(null);
  const [xmlMissing, setXmlMissing] = useState<MissingEntry[] | null>(null);
  /** Why the server refused to issue (e-invoice data, issue date), shown in the issue dialog. */
  const [issueRefusal, setIssueRefusal] = useState<MissingEntry[] | null>(null);

  const fail = (error: unknown) => toast.error(invoicingErrorMessage(error, t));

  const showIssue = () => {
    setIssueRefusal(null);
    confirm.show('issue');
  };
  const doIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (saved) => {
        confirm.close();
        toast.success(t('invoices:toast.issued', { number: saved.number ?? '' }));
      },
      onError: (error) => {
        const refused =
          error instanceof ApiError &&
          (error.code === 'INVOICE_NOT_ISSUABLE' || error.code === 'VALIDATION_ERROR')
            ? missingKeysOf(error.details)
            : [];
        if (refused.length > 0) setIssueRefusal(refused);
        else fail(error);
      },
    });
  const doSend = (reminder: ReminderType | null) =>
    send.mutate(reminder, {
      onSuccess: (result) => {
        confirm.close();
        toastDelivery(
          t,
          result.activity,
          reminder
            ? t('invoices:toast.reminderSent', { email: result.activity.recipientEmail })
            : t('invoices:toast.sent', { email: result.activity.recipientEmail }),
        );
      },
      onError: fail,
    });
  const doCreditNote = () =>
    creditNote.mutate(undefined, {
      onSuccess: (note) => {
        confirm.close();
        toast.success(t('invoices:toast.creditNoteCreated'));
        void navigate(`/invoices/${note.id}`);
      },
      onError: fail,
    });
  const doDelete = () =>
    remove.mutate(invoice.id, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('invoices:toast.deleted'));
        void navigate('/invoices', { replace: true });
      },
      onError: fail,
    });
  const doConfirmPayment = (paymentId: string) =>
    confirmPayment.mutate(paymentId, {
      onSuccess: (result) => toastDelivery(t, result.activity, t('invoices:payments.confirmationSent')),
      onError: fail,
    });
  const doDeletePayment = (paymentId: string) =>
    deletePayment.mutate(paymentId, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('invoices:payments.deleted'));
      },
      onError: fail,
    });
  const download = async (kind: 'pdf' | 'xml') => {
    setDownloading(kind);
    if (kind === 'xml') setXmlMissing(null);
    try {
      await downloadInvoiceFile(invoice, kind);
    } catch (error) {
      if (kind === 'xml' && error instanceof ApiError && error.code === 'EINVOICE_DATA_MISSING') {
        setXmlMissing(missingKeysOf(error.details));
      } else {
        fail(error);
      }
    } finally {
      setDownloading(null);
    }
  };

  return {
    can: invoicePermissions(invoice, canManage),
    confirm,
    pending: {
      issue: issue.isPending,
      send: send.isPending,
      creditNote: creditNote.isPending,
      remove: remove.isPending,
      deletePayment: deletePayment.isPending,
      confirmPayment: confirmPayment.isPending,
    },
    payment: { open: paymentOpen, setOpen: setPaymentOpen },
    downloading,
    xmlMissing,
    issueRefusal,
    showIssue,
    doIssue,
    doSend,
    doCreditNote,
    doDelete,
    doConfirmPayment,
    doDeletePayment,
    download,
  };
}

export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
