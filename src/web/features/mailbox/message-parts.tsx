import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CalendarDays,
  Download,
  ExternalLink,
  FileText,
  ImageOff,
  Link2,
  Paperclip,
  ShieldAlert,
  X,
} from 'lucide-react';
import type { TMailAttachment, TMailInvitation, TMessage } from '@shared/mailbox/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { ClientPicker } from '@web/ui/client-picker.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { toast } from '@web/ui/toast.ts';
import { linkify } from '@web/features/settings/linkify.ts';
import { attachmentUrl, useInlineImages, useLinkClient } from './mailbox-api.ts';
import { fileSize } from './mailbox-format.ts';
import { SaveToDocumentsButton } from './mail-documents.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { FRAME_SANDBOX, frameDocument, withInlineImages } from './message-frame.ts';
import { allowImagesFrom, imagesAllowedFrom } from './image-senders.ts';

/** Parts of the open message: security banner, body, attachments, invitations, client link, related documents. */

/** Spec §5/§9 analysis: a banner with the reasons when there is a risk; the mail is always shown below it. */
export function SecurityBanner({ message }: { message: TMessage }) {
  const { t } = useTranslation(['mailbox']);
  const analysis = message.securityAnalysis;
  if (!analysis || (analysis.recommendation === 'safe' && analysis.indicators.length === 0)) return null;
  const tone = analysis.recommendation === 'high' ? 'error' : 'warning';
  const text = (key: string, detail?: string) => {
    const k = key.startsWith('security.') ? key : `security.${key}`;
    return t(`mailbox:${k}`, { defaultValue: key, detail: detail ?? '' });
  };
  const auth = analysis.authentication;
  return (
    <Alert
      tone={tone}
      title={`${t(`mailbox:security.recommendation.${analysis.recommendation}`)} · ${t('mailbox:security.score', { score: analysis.riskScore })}`}
    >
      <div className="flex items-start gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="grid gap-1">
          {analysis.indicators.length > 0 ? (
            <ul className="list-disc pl-4">
              {analysis.indicators.map((i, n) => (
                <li key={`${i.key}-${n}`}>{text(i.key, i.detail)}</li>
              ))}
            </ul>
          ) : null}
          {auth.spf || auth.dkim || auth.dmarc ? (
            <p className="text-xs">
              {t('mailbox:security.authentication.title')}:{' '}
              {(['spf', 'dkim', 'dmarc'] as const)
                .map(
                  (k) =>
                    `${t(`mailbox:security.authentication.${k}`)} ${auth[k] ?? t('mailbox:security.authentication.none')}`,
                )
                .join(', ')}
            </p>
          ) : null}
        </div>
      </div>
    </Alert>
  );
}

/** Sanitized HTML in a sandboxed frame (no scripts, no same origin), or plain text with its links clickable. */
export function MessageBody({ message }: { message: TMessage }) {
  const { t } = useTranslation(['mailbox']);
  const userId = useSignedInMe().user.id;
  const sender = message.from?.address ?? null;
  const [showImages, setShowImages] = useState(() => imagesAllowedFrom(userId, sender));
  const inline = useInlineImages(message.html);
  if (message.html) {
    return (
      <div className="grid gap-2">
        {message.hasRemoteImages && !showImages ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface-muted px-3 py-2 text-sm">
            <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="flex-1">{t('mailbox:body.imagesBlocked')}</span>
            <Button variant="outline" size="sm" onClick={() => setShowImages(true)}>
              {t('mailbox:body.showImages')}
            </Button>
            {sender ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  allowImagesFrom(userId, sender);
                  setShowImages(true);
                }}
              >
                {t('mailbox:body.alwaysShowImages', { sender })}
              </Button>
            ) : null}
          </div>
        ) : null}
        {/* The frame waits for the inline images (a few small files) so it is drawn once, complete. */}
        {!inline.ready ? (
          <div className="flex h-[60vh] min-h-80 w-full items-center justify-center rounded-md border border-border bg-white">
            <Spinner label={t('mailbox:body.loadingImages')} />
          </div>
        ) : (
          <iframe
            title={t('mailbox:body.frameTitle', { subject: message.subject || t('mailbox:noSubject') })}
            sandbox={FRAME_SANDBOX}
            referrerPolicy="no-referrer"
            srcDoc={frameDocument(withInlineImages(message.html, inline.dataUrls), {
              origin: window.location.origin,
              showImages,
              title: message.subject,
            })}
            className="h-[60vh] min-h-80 w-full rounded-md border border-border bg-white"
            data-testid="mail-frame"
          />
        )}
      </div>
    );
  }
  return (
    <div className="rounded-md border border-border bg-surface p-4 text-sm leading-relaxed whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
      {linkify(message.text ?? '').map((part, i) =>
        'href' in part ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}

/**
 * An empty, hidden frame with the message frame's sandbox, kept for as long as the mailbox is open. Chromium
 * draws sandboxed frames in a renderer process of their own, started with the first such frame and ended with
 * the last: without this one, every HTML message would wait for a new process (200 ms and more on a busy
 * machine) instead of about 50 ms for its document.
 */
export function SandboxWarmer() {
  return (
    <iframe
      hidden
      aria-hidden="true"
      tabIndex={-1}
      sandbox={FRAME_SANDBOX}
      srcDoc={WARMER_DOCUMENT}
      title=""
    />
  );
}
const WARMER_DOCUMENT = `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'">`;

const PREVIEWABLE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/i;

export function Attachments({ attachments }: { attachments: TMailAttachment[] }) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby="mail-attachments-heading" className="grid gap-2">
      <h3
        id="mail-attachments-heading"
        className="flex items-center gap-1.5 text-sm font-semibold text-foreground"
      >
        <Paperclip aria-hidden="true" className="size-4" />
        {t('mailbox:attachments.title', { count: attachments.length })}
      </h3>
      {/* As many columns as fit the pane (it is narrow beside the list): a name never shrinks to nothing. */}
      <ul className="grid min-w-0 grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] gap-2">
        {attachments.map((a) => (
          <li
            key={a.id}
            className="flex min-w-0 items-center gap-2 rounded-md border border-border p-2 text-sm"
          >
            <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-foreground" title={a.filename}>
                {a.filename}
              </span>
              <span className="text-xs text-muted-foreground">{fileSize(a.size, locale)}</span>
            </span>
            {PREVIEWABLE.test(a.contentType) ? (
              <a
                href={attachmentUrl(a.id, true)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
                aria-label={t('mailbox:attachments.preview', { name: a.filename })}
                title={t('mailbox:attachments.preview', { name: a.filename })}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            ) : null}
            <SaveToDocumentsButton attachment={a} />
            <a
              href={attachmentUrl(a.id)}
              download={a.filename}
              className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
              aria-label={t('mailbox:attachments.download', { name: a.filename })}
              title={t('mailbox:attachments.download', { name: a.filename })}
            >
              <Download aria-hidden="true" className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InvitationCard({ invitation }: { invitation: TMailInvitation }) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  const cancelled = invitation.method?.toUpperCase() === 'CANCEL';
  return (
    <div
      className="flex gap-3 rounded-md border border-border bg-surface-muted p-3 text-sm"
      data-testid="mail-invitation"
    >
      <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-0.5">
        <p className="font-semibold text-foreground">
          {cancelled ? t('mailbox:invitation.cancelled') : t('mailbox:invitation.title')}:{' '}
          {invitation.summary}
        </p>
        {invitation.start ? (
          <p>
            {formatDateTime(invitation.start, locale, 'full')}
            {invitation.end ? ` – ${formatDateTime(invitation.end, locale, 'short')}` : ''}
          </p>
        ) : null}
        {invitation.location ? (
          <p>{t('mailbox:invitation.location', { location: invitation.location })}</p>
        ) : null}
        {invitation.organizer ? (
          <p className="text-muted-foreground">
            {t('mailbox:invitation.organizer', { organizer: invitation.organizer })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The linked client as a chip (a link to it), with link to another client and unlink; related documents. */
export function BusinessLinks({ orgId, message }: { orgId: string | null; message: TMessage }) {
  const { t } = useTranslation(['mailbox', 'buttons', 'common']);
  const link = useLinkClient(orgId);
  const [picking, setPicking] = useState(false);
  const save = (clientId: string | null) =>
    link.mutate(
      { id: message.id, clientId },
      {
        onSuccess: () => {
          toast.success(clientId ? t('mailbox:client.linked') : t('mailbox:client.unlinked'));
          setPicking(false);
        },
        onError: (error) => toast.error(`${t('mailbox:errors.update')}: ${apiErrorMessage(error, t)}`),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {message.client ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-1 pl-3 text-primary-soft-foreground">
          <Link to={`/clients/${message.client.id}`} className="font-medium hover:underline">
            {t('mailbox:client.chip', { name: message.client.name })}
          </Link>
          <button
            type="button"
            className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary/10"
            aria-label={t('mailbox:client.unlink', { name: message.client.name })}
            title={t('mailbox:client.unlink', { name: message.client.name })}
            disabled={link.isPending}
            onClick={() => save(null)}
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </span>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => setPicking(true)}>
        <Link2 aria-hidden="true" className="size-4" />
        {message.client ? t('mailbox:client.change') : t('mailbox:client.link')}
      </Button>
      {message.relatedDocuments.map((doc) => (
        <Link
          key={`${doc.type}-${doc.id}`}
          to={doc.type === 'invoice' ? `/invoices/${doc.id}` : `/quotes/${doc.id}`}
          className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-0.5 text-foreground hover:bg-surface-muted"
        >
          <FileText aria-hidden="true" className="size-3.5" />
          {t(`mailbox:related.${doc.type}`, { number: doc.number })}
        </Link>
      ))}
      <Dialog open={picking} onOpenChange={setPicking}>
        {picking ? (
          <DialogContent title={t('mailbox:client.pickTitle')} closeLabel={t('buttons:close')}>
            <Field label={t('mailbox:client.pickLabel')}>
              {(props) => (
                <ClientPicker
                  orgId={orgId}
                  value={null}
                  controlProps={props}
                  disabled={link.isPending}
                  onChange={(picked) => picked && save(picked.id)}
                />
              )}
            </Field>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
