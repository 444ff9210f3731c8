import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, QuoteStatus } from '@shared/invoicing/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import i18n from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { StatusBadge, type BadgeTone } from '@web/ui/badge.tsx';

/** What the signed-in role may do with quotes and invoices (the server checks the same matrix). */
export function useInvoicingPermissions() {
  const me = useSignedInMe();
  return {
    orgId: me.activeOrganizationId,
    canView: me.permissions.includes('view_financial_data'),
    canManage: me.permissions.includes('manage_financial_data'),
    canExport: me.permissions.includes('export_financial_data'),
  };
}

/**
 * The text of a failed request. The server words the invoicing refusals itself in the request's language, with
 * their values filled in ("Invoice 12/2026 is already paid"), so those are shown as sent; codes the interface
 * translates go through apiErrorMessage.
 */
export function invoicingErrorMessage(error: unknown, t: TFunction): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message &&
    !i18n.exists(`common:apiErrors.${error.code}`)
  ) {
    return error.message;
  }
  return apiErrorMessage(error, t);
}

const QUOTE_TONES: Record<QuoteStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'primary',
  accepted: 'success',
  rejected: 'danger',
  expired: 'warning',
  converted: 'success',
};

const INVOICE_TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  issued: 'primary',
  sent: 'primary',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  cancelled: 'neutral',
};

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  const { t } = useTranslation('quotes');
  return (
    <StatusBadge
      status={status}
      tones={QUOTE_TONES}
      label={t(`quotes:status.${status}`)}
      className={className}
    />
  );
}

export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  const { t } = useTranslation('invoices');
  return (
    <StatusBadge
      status={status}
      tones={INVOICE_TONES}
      label={t(`invoices:status.${status}`)}
      className={className}
    />
  );
}
