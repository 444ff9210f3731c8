import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import type { MailErrorCode } from '@shared/mail/delivery.ts';
import type { TOutboxStatus } from '@shared/mail/outbox.ts';
import { useQuery } from '@tanstack/react-query';
import type { TOrganizationMailMode } from '@shared/mail/sender-settings.ts';
import { api } from '@web/app/api.ts';
import { useMe } from '@web/app/session.ts';
import { usePublicConfig } from '@web/features/auth/auth-api.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';

/** What every screen that shows a message's fate needs: its outbox state and, when it failed, why. */
export interface MailDelivery {
  status: TOutboxStatus;
  errorCode: MailErrorCode | null;
  lastError: string | null;
  /** Scheduled or queued: when it is sent. */
  sendAt?: string | null;
}

export const DELIVERY_TONE: Record<TOutboxStatus, 'neutral' | 'primary' | 'success' | 'danger' | 'warning'> =
  {
    stored: 'warning',
    scheduled: 'primary',
    queued: 'neutral',
    sending: 'primary',
    sent: 'success',
    failed: 'danger',
  };

/** Still waiting for the mail server: the screen showing it should look again shortly. */
export function isPendingDelivery(status: TOutboxStatus): boolean {
  return status === 'queued' || status === 'sending';
}

/** The state as a badge: "Sent" only when the mail server accepted the message. */
export function MailDeliveryBadge({ status }: { status: TOutboxStatus }) {
  const { t } = useTranslation(['mail']);
  return (
    <Badge tone={DELIVERY_TONE[status]} data-testid="mail-delivery" data-status={status}>
      {t(`mail:status.${status}`)}
    </Badge>
  );
}

/** Why a message is not sent (yet): no mail server (and how to configure one), waiting, or the failure. */
/**
 * Why a failure happened, in words: mail sent through a connected account (`viaAccount`) names that account's
 * settings instead of the installation's SMTP_URL when the server refused the login.
 */
function reasonOf(t: TFunction, code: MailErrorCode | null, viaAccount?: boolean): string {
  if (viaAccount && code === 'AUTH_ERROR') return t('mail:accountAuthError');
  return t(`mail:errors.${code ?? 'UNKNOWN_ERROR'}`);
}

export function deliveryNote(
  t: TFunction,
  delivery: MailDelivery,
  options: { timeZone?: string; viaAccount?: boolean } = {},
): string | null {
  switch (delivery.status) {
    case 'stored':
      return t('mail:note.stored');
    case 'scheduled':
      return t('mail:note.scheduled', {
        date: delivery.sendAt
          ? formatDateTime(delivery.sendAt, localeOf(currentLanguage()), 'full', options.timeZone)
          : '',
      });
    case 'queued':
    case 'sending':
      if (delivery.errorCode === 'QUOTA_EXCEEDED' && delivery.sendAt)
        return t('mail:note.heldForLimit', {
          date: formatDateTime(delivery.sendAt, localeOf(currentLanguage()), 'full', options.timeZone),
        });
      return delivery.errorCode
        ? t('mail:note.retrying', { reason: reasonOf(t, delivery.errorCode, options.viaAccount) })
        : t('mail:note.queued');
    case 'failed':
      return t('mail:note.failed', {
        reason: reasonOf(t, delivery.errorCode, options.viaAccount),
      });
    default:
      return null;
  }
}

export function MailDeliveryNote({
  delivery,
  timeZone,
  viaAccount,
}: {
  delivery: MailDelivery;
  timeZone?: string;
  viaAccount?: boolean;
}) {
  const { t } = useTranslation(['mail']);
  const note = deliveryNote(t, delivery, { timeZone, viaAccount });
  if (!note) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="mail-delivery-note">
      {note}
      {delivery.status === 'failed' && delivery.lastError ? (
        <span className="mt-0.5 block break-words">
          {t('mail:note.serverSaid', { text: delivery.lastError })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * One toast per send, saying what really happened: sent (success), queued (info), kept in the outbox because
 * no mail server is configured (a warning that says how to configure one) or failed (an error with the reason).
 * `sentText` is the screen's own success sentence, used only when the server accepted the message.
 */
export function toastDelivery(
  t: TFunction,
  delivery: MailDelivery & { recipientEmail: string },
  sentText: string,
) {
  const email = delivery.recipientEmail;
  const id = `mail-delivery-${email}`;
  switch (delivery.status) {
    case 'sent':
      toast.success(sentText, { id });
      return;
    case 'failed':
      toast.error(
        t('mail:toast.failed', { email, reason: t(`mail:errors.${delivery.errorCode ?? 'UNKNOWN_ERROR'}`) }),
        { id },
      );
      return;
    case 'stored':
      toast(t('mail:toast.stored', { email }), { id, icon: '⚠️', duration: 8000 });
      return;
    default:
      toast(t('mail:toast.queued', { email }), { id, icon: '✉️' });
  }
}

/**
 * For sends whose answer does not carry the message's state (invitations): the message was written to the
 * outbox and nothing more is known. Without a mail server it only waits there; with one it is queued. Neither is
 * "sent", so the screen's success sentence is never shown for them.
 */
export function writtenMailStatus(mailMode: 'outbox' | 'smtp' | undefined): 'stored' | 'queued' {
  return mailMode === 'outbox' ? 'stored' : 'queued';
}

/**
 * Whether the active organization's own mail is sent by a server (its own, set in Settings → Email sending, or the
 * installation's) or kept in the app; for a signed-in screen. Without an organization: the installation's.
 */
export function useOrganizationMailMode(): 'outbox' | 'smtp' | undefined {
  const me = useMe();
  const orgId = me.data?.activeOrganizationId ?? null;
  const config = usePublicConfig();
  const organization = useMailSending(orgId);
  return orgId ? organization.data?.mailMode : config.data?.mailMode;
}

/** GET /mail/sending: the organization's mail mode and whether its provider is failing; `watch` keeps it fresh. */
function useMailSending(orgId: string | null, watch = false) {
  return useQuery({
    queryKey: ['mail-sending', orgId],
    queryFn: ({ signal }) => api<TOrganizationMailMode>('/api/v1/mail/sending', { signal }),
    enabled: !!orgId,
    staleTime: watch ? 15_000 : 60_000,
    refetchInterval: watch ? 30_000 : false,
  });
}

/**
 * Spec §8: "Email provider experiencing issues. Emails will be queued for delivery.", shown while mail the user
 * can see waits because its server is failing (checked every 30 s on the screens that show it).
 */
export function ProviderIssuesNotice({ className }: { className?: string }) {
  const { t } = useTranslation(['mail']);
  const me = useMe();
  const sending = useMailSending(me.data?.activeOrganizationId ?? null, true);
  if (!sending.data?.providerIssues) return null;
  return (
    <Alert tone="warning" className={className}>
      {t('mail:providerIssues')}
    </Alert>
  );
}

export function useMailWrittenToast() {
  const { t } = useTranslation(['mail']);
  const mailMode = useOrganizationMailMode();
  return (recipientEmail: string, sentText: string) => {
    const status = writtenMailStatus(mailMode);
    toastDelivery(t, { status, errorCode: null, lastError: null, recipientEmail }, sentText);
  };
}
