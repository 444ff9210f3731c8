// Over 300 lines: the state, the send with its confirmation and the history are one exchange with the SDI.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Landmark, Send } from 'lucide-react';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import {
  allowsResend,
  type TSdiNotification,
  type TSdiState,
  type TSdiTransmission,
} from '@shared/invoicing/sdi.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { deliveryNote, MailDeliveryNote, toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Badge, StatusBadge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Facts } from '@web/ui/facts.tsx';
import { SelectField } from '@web/ui/form-fields.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { toast } from '@web/ui/toast.ts';
import { MissingList } from './einvoice-card.tsx';
import { missingKeysOf, type MissingEntry } from './einvoice-missing.ts';
import { sdiNotificationPath, useSdiState, useSendToSdi } from './sdi-api.ts';
import {
  SDI_PHASE_LABEL,
  SDI_PHASE_TEXT,
  SDI_PHASE_TONE,
  notificationLabelKey,
  notificationTone,
  sdiErrorKey,
  sdiPhase,
} from './sdi-texts.ts';

/** Settings → Mail accounts, where an account is marked PEC (the mailbox links there the same way). */
const MAIL_ACCOUNTS_SETTINGS = '/settings?tab=mail-accounts';

/** Why the server would not send the file: data missing for the e-invoice, or a file the schema refuses. */
type Refusal = { kind: 'missing'; items: MissingEntry[] } | { kind: 'schema'; messages: string[] };

function schemaMessages(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details
    .map((d) => (d && typeof d === 'object' && 'message' in d ? String(d.message) : null))
    .filter((m): m is string => !!m);
}

/**
 * The invoice's exchange with the SDI (issue 16): the true state of the latest file (while the SDI has not
 * answered, the PEC message's own delivery), "Send to SDI" from one of the user's PEC accounts after a
 * confirmation, and every file sent with the SDI's notifications. Read-only without manage_financial_data.
 */
export function SdiPanel({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices', 'common']);
  const { orgId, canManage } = useInvoicingPermissions();
  const sdi = useSdiState(orgId, invoice.id);
  return (
    <Card data-testid="sdi-panel">
      <CardHeader
        icon={<Landmark aria-hidden="true" className="size-5" />}
        title={t('invoices:sdi.title')}
        description={t('invoices:sdi.description')}
      />
      {sdi.isPending ? (
        <SkeletonRows rows={2} aside={false} label={t('invoices:sdi.loading')} />
      ) : sdi.isError ? (
        <LoadError title={t('invoices:sdi.loadError')} onRetry={() => void sdi.refetch()}>
          {apiErrorMessage(sdi.error, t)}
        </LoadError>
      ) : (
        <SdiContent invoice={invoice} state={sdi.data} canManage={canManage} orgId={orgId} />
      )}
    </Card>
  );
}

function SdiContent({
  invoice,
  state,
  canManage,
  orgId,
}: {
  invoice: TInvoice;
  state: TSdiState;
  canManage: boolean;
  orgId: string | null;
}) {
  const { t } = useTranslation(['invoices', 'mail', 'common']);
  const locale = localeOf(currentLanguage());
  const send = useSendToSdi(orgId, invoice.id);
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const latest = state.transmissions[0];
  const phase = sdiPhase(latest);
  const explain = SDI_PHASE_TEXT[phase];
  // The account chosen, else the one the latest file left from, else the first.
  const account =
    state.pecAccounts.find((a) => a.id === picked) ??
    state.pecAccounts.find((a) => a.emailAddress === latest?.accountAddress) ??
    state.pecAccounts[0];
  const sendable = canManage && state.canSend && !!account;
  const needsPec =
    canManage &&
    state.pecAccounts.length === 0 &&
    (!latest || allowsResend(latest.status, latest.delivery?.status, latest.sentAt));
  const actionLabel =
    phase === 'failed'
      ? t('invoices:sdi.retry')
      : phase === 'rejected'
        ? t('invoices:sdi.sendCorrected')
        : t('invoices:sdi.send');

  const doSend = () => {
    setRefusal(null);
    send.mutate(account?.id, {
      onSuccess: (next) => {
        setConfirming(false);
        const sent = next.transmissions[0];
        if (sent?.delivery) {
          toastDelivery(
            t,
            { ...sent.delivery, recipientEmail: sent.sentTo },
            t('invoices:sdi.toastSent', { sendTo: sent.sentTo }),
          );
        }
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError && error.code === 'EINVOICE_DATA_MISSING') {
          setRefusal({ kind: 'missing', items: missingKeysOf(error.details) });
        } else if (error instanceof ApiError && error.code === 'EINVOICE_SCHEMA_INVALID') {
          setRefusal({ kind: 'schema', messages: schemaMessages(error.details) });
        } else {
          toast.error(invoicingErrorMessage(error, t));
        }
      },
    });
  };

  return (
    <CardContent className="grid gap-5">
      <div className="grid gap-2" data-testid="sdi-status" data-phase={phase} aria-live="polite">
        <div>
          <StatusBadge status={phase} tones={SDI_PHASE_TONE} label={t(SDI_PHASE_LABEL[phase])} />
        </div>
        {phase === 'failed' && latest?.delivery ? (
          <div className="grid gap-0.5 text-sm">
            <p className="font-medium text-foreground">
              {deliveryNote(t, latest.delivery, { viaAccount: true })}
            </p>
            {latest.delivery.lastError ? (
              <p className="text-xs break-words text-muted-foreground">
                {t('mail:note.serverSaid', { text: latest.delivery.lastError })}
              </p>
            ) : null}
          </div>
        ) : explain ? (
          <p className="text-sm text-muted-foreground">{t(explain)}</p>
        ) : null}
        {phase === 'sending' && latest?.delivery ? (
          <MailDeliveryNote delivery={latest.delivery} viaAccount />
        ) : null}
      </div>

      {latest ? (
        <Facts
          className="grid gap-3 text-sm"
          items={[
            [t('invoices:sdi.facts.file'), <span className="break-all">{latest.fileName}</span>],
            [t('invoices:sdi.facts.sentTo'), latest.sentTo],
            [t('invoices:sdi.facts.from'), latest.accountAddress],
            [t('invoices:sdi.facts.sentAt'), formatDateTime(latest.createdAt, locale)],
            [t('invoices:sdi.facts.sdiIdentifier'), latest.sdiIdentifier],
          ]}
        />
      ) : null}

      {canManage && refusal?.kind === 'missing' ? (
        <MissingList
          tone="error"
          title={t('invoices:sdi.missingTitle')}
          items={refusal.items}
          invoice={invoice}
          testId="sdi-refused"
          compact
        />
      ) : canManage && refusal?.kind === 'schema' ? (
        <Alert tone="error" title={t('invoices:sdi.schemaTitle')}>
          <ul className="grid list-disc gap-1 pl-5 text-xs break-words" data-testid="sdi-schema-errors">
            {refusal.messages.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {sendable ? (
        <div className="grid gap-3">
          {state.pecAccounts.length > 1 ? (
            <SelectField
              label={t('invoices:sdi.fromAccount')}
              value={account.id}
              onChange={(e) => setPicked(e.target.value)}
            >
              {state.pecAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.emailAddress}
                </option>
              ))}
            </SelectField>
          ) : null}
          <div>
            <Button
              variant={phase === 'failed' ? 'outline' : 'primary'}
              loading={send.isPending && !confirming}
              onClick={() => (phase === 'failed' ? doSend() : setConfirming(true))}
            >
              <Send aria-hidden="true" className="size-4" />
              {actionLabel}
            </Button>
          </div>
        </div>
      ) : needsPec ? (
        <Alert tone="info" title={t('invoices:sdi.noPec.title')}>
          <p>{t('invoices:sdi.noPec.text')}</p>
          <Link
            to={MAIL_ACCOUNTS_SETTINGS}
            className="mt-1 inline-block font-medium underline underline-offset-2"
          >
            {t('invoices:sdi.noPec.link')}
          </Link>
        </Alert>
      ) : null}

      {state.transmissions.length > 0 ? (
        <SdiHistory invoiceId={invoice.id} transmissions={state.transmissions} locale={locale} />
      ) : null}

      {account ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('invoices:sdi.confirmTitle')}
          description={t('invoices:sdi.confirmText', {
            sendTo: state.sendTo,
            account: account.emailAddress,
          })}
          confirmLabel={actionLabel}
          loading={send.isPending}
          onConfirm={doSend}
        />
      ) : null}
    </CardContent>
  );
}

/** Every file sent, newest first, each with the SDI's notifications in the order they arrived. */
function SdiHistory({
  invoiceId,
  transmissions,
  locale,
}: {
  invoiceId: string;
  transmissions: TSdiTransmission[];
  locale: string;
}) {
  const { t } = useTranslation(['invoices', 'mail']);
  return (
    <section aria-labelledby="sdi-history-title" className="grid gap-3 border-t border-border pt-4">
      <h3 id="sdi-history-title" className="text-sm font-semibold text-foreground">
        {t('invoices:sdi.history')}
      </h3>
      <ol className="grid gap-4" data-testid="sdi-history">
        {transmissions.map((tr) => {
          const phase = sdiPhase(tr);
          return (
            <li key={tr.id} className="grid gap-2 text-sm" data-testid="sdi-transmission" data-phase={phase}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-medium break-all text-foreground">{tr.fileName}</span>
                <StatusBadge status={phase} tones={SDI_PHASE_TONE} label={t(SDI_PHASE_LABEL[phase])} />
              </div>
              <p className="text-xs break-words text-muted-foreground">
                {t('invoices:sdi.sentOn', {
                  date: formatDateTime(tr.createdAt, locale),
                  address: tr.sentTo,
                })}
              </p>
              {tr.notifications.length > 0 ? (
                <ol className="grid gap-2 border-l-2 border-border pl-3">
                  {tr.notifications.map((n) => (
                    <SdiNotificationItem key={n.id} invoiceId={invoiceId} n={n} locale={locale} />
                  ))}
                </ol>
              ) : phase === 'failed' && tr.delivery ? (
                <p className="text-xs text-muted-foreground">
                  {deliveryNote(t, tr.delivery, { viaAccount: true })}
                </p>
              ) : phase === 'sent' ? (
                <p className="text-xs text-muted-foreground">{t('invoices:sdi.noAnswer')}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function SdiNotificationItem({
  invoiceId,
  n,
  locale,
}: {
  invoiceId: string;
  n: TSdiNotification;
  locale: string;
}) {
  const { t } = useTranslation(['invoices']);
  return (
    <li className="grid gap-1" data-testid="sdi-notification" data-type={n.type}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={notificationTone(n)}>{t(notificationLabelKey(n))}</Badge>
        <time dateTime={n.receivedAt} className="text-xs text-muted-foreground">
          {formatDateTime(n.receivedAt, locale)}
        </time>
      </div>
      {n.description ? <p className="text-xs break-words text-muted-foreground">{n.description}</p> : null}
      {n.errors.length > 0 ? (
        <ul className="grid gap-1.5" aria-label={t('invoices:sdi.errorsTitle')}>
          {n.errors.map((e, i) => {
            const key = sdiErrorKey(e.code);
            const ours = key ? t(key) : null;
            // The SDI's own words too, when they say more than ours.
            const theirs =
              ours && e.description.trim().toLowerCase() !== ours.toLowerCase() ? e.description : null;
            return (
              <li key={`${e.code}-${i}`} className="text-xs break-words" data-code={e.code}>
                <span className="font-semibold text-foreground">{e.code}</span>{' '}
                <span className="text-foreground">{ours ?? e.description}</span>
                {theirs ? (
                  <span className="block text-muted-foreground">
                    {t('invoices:sdi.sdiSaid', { text: theirs })}
                  </span>
                ) : null}
                {e.suggestion ? (
                  <span className="block text-muted-foreground">
                    {t('invoices:sdi.suggestion', { text: e.suggestion })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <a
        href={sdiNotificationPath(invoiceId, n.id)}
        download={n.fileName}
        aria-label={t('invoices:sdi.download', { file: n.fileName })}
        className="inline-flex w-fit max-w-full items-center gap-1.5 rounded-sm text-xs font-medium break-all text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Download aria-hidden="true" className="size-3.5 shrink-0" />
        {n.fileName}
      </a>
    </li>
  );
}
