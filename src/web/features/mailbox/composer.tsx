// Over 300 lines: the composer's form, its checks and its send are one dialog; files, timing and the draft kept on the
// server (use-server-draft.ts) are their own modules.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Lock, Send } from 'lucide-react';
import { composeIssues, type ComposeIssue, type TComposeResult } from '@shared/mailbox/compose.ts';
import type { TMailAccountState } from '@shared/mailbox/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { CheckboxField } from '@web/ui/form-fields.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { draftBody, parseRecipients, type ComposeDraft } from './compose-draft.ts';
import { ComposeFiles, dropUploads, useComposeFiles } from './composer-files.tsx';
import {
  offerUndo,
  SendLaterFields,
  tomorrowMorning,
  UndoWindowSelect,
  useUndoSeconds,
  type SendAt,
} from './composer-timing.tsx';
import { useDiscardDraft, useSendMail } from './mailbox-api.ts';
import { DraftStatus } from './draft-status.tsx';
import { useServerDraft } from './use-server-draft.ts';
import { DocumentPicker } from './composer-documents.tsx';
import { TemplatePicker } from './composer-templates.tsx';
import { clearLocalDraft, hasContent, saveLocalDraft } from './local-draft.ts';
import { RecipientInput } from './recipient-input.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

type Errors = Partial<Record<ComposeIssue['path'] | 'files', string>>;

function errorsOf(issues: { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path as ComposeIssue['path'];
    errors[path] ??= fieldText(issue.message);
  }
  return errors;
}

/**
 * The composer (issue 16): from one of the user's accounts or the organization's sender, To, Cc and Bcc, the
 * subject and rich text. The spec §5 rules are checked here and again by the server; a failure keeps everything
 * written, and closing a message with content asks first. Ctrl+Enter (⌘+Enter) sends.
 */
export function Composer({
  orgId,
  draft,
  draftKey,
  restoredAt,
  accounts,
  timeZone,
  onClose,
  onReopen,
}: {
  orgId: string | null;
  draft: ComposeDraft;
  /** Where the message being written is kept in this browser (local-draft.ts). */
  draftKey: string;
  /** It was written before and kept in this browser: said at the top. */
  restoredAt: string | null;
  accounts: TMailAccountState[];
  /** The organization's: a scheduled time is chosen in it. */
  timeZone: string;
  onClose: () => void;
  /** "Undo" after sending opens the composer again with what was written. */
  onReopen: (draft: ComposeDraft) => void;
}) {
  const { t } = useTranslation(['mailbox', 'mail', 'buttons', 'common']);
  const send = useSendMail(orgId);
  const canReadDocuments = useSignedInMe().permissions.includes('view_financial_data');
  const bodyLabel = useId();
  const bodyError = useId();
  const [values, setValues] = useState(draft);
  // Its draft on the server: the id is made here, once, so every save changes the same draft.
  const [draftId] = useState(() => draft.draftId ?? crypto.randomUUID());
  /** A send is on its way (waiting for the draft's last save, then for the server). */
  const sending = useRef(false);
  const discardDraft = useDiscardDraft(orgId);
  const [text, setText] = useState('');
  // A chosen template replaces the body: the editor starts again from its HTML.
  const [bodyVersion, setBodyVersion] = useState(0);
  const [showCopies, setShowCopies] = useState(draft.cc !== '' || draft.bcc !== '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [later, setLater] = useState<SendAt | null>(null);
  const [undoSeconds, setUndoSeconds] = useUndoSeconds();
  const [dragging, setDragging] = useState(false);
  const attached = useComposeFiles(draft.attachments, (message) =>
    setErrors((e) => ({ ...e, files: message })),
  );
  const files = attached.files;
  const onDrop = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(false);
    attached.add(e.dataTransfer.files);
  };
  const set = (patch: Partial<ComposeDraft>) => setValues((v) => ({ ...v, ...patch }));
  // Kept in this browser as it changes, so closing the tab loses nothing (removed when sent or discarded).
  const kept = files.filter((f) => f.state === 'ready' && (f.uploadId || f.forwardId || f.document));
  const keptJson = JSON.stringify(
    kept.map(({ filename, contentType, size, uploadId, forwardId, document }) => ({
      filename,
      contentType,
      size,
      uploadId,
      forwardId,
      document,
    })),
  );
  // A message restored from this browser counts as written: closing it asks first, as any other would.
  const changed =
    restoredAt !== null ||
    values.to !== draft.to ||
    values.cc !== draft.cc ||
    values.bcc !== draft.bcc ||
    values.subject !== draft.subject ||
    values.html !== draft.html ||
    files.length !== draft.attachments.length;
  const fromServer = (draft.serverRevision ?? 0) > 0;
  // Worth keeping on the server once it holds something; from then on every change is saved, emptied too.
  const [worthKeeping, setWorthKeeping] = useState(fromServer);
  const hasSomething = changed && hasContent({ ...values, attachments: kept });
  useEffect(() => {
    if (hasSomething) setWorthKeeping(true);
  }, [hasSomething]);
  const server = useServerDraft({
    draftId,
    initialRevision: draft.serverRevision ?? 0,
    initiallySaved: fromServer && restoredAt === null,
    // Saved once something was written (a draft opened from the Drafts folder is already the server's).
    body: worthKeeping || hasSomething ? draftBody(values, kept) : null,
  });
  useEffect(() => {
    const timer = setTimeout(
      () =>
        saveLocalDraft(draftKey, {
          ...values,
          attachments: JSON.parse(keptJson) as ComposeDraft['attachments'],
          draftId,
          serverRevision: server.revision,
        }),
      500,
    );
    return () => clearTimeout(timer);
  }, [draftKey, values, keptJson, draftId, server.revision]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending || sending.current) return;
    const input = {
      accountId: values.accountId,
      to: parseRecipients(values.to),
      cc: parseRecipients(values.cc),
      bcc: parseRecipients(values.bcc),
      subject: values.subject,
      html: values.html,
      text,
      inReplyToId: values.inReplyToId,
      sendAt: later,
      undoSeconds,
      attachments: files
        .filter((f) => f.uploadId)
        .map((f) => ({ uploadId: f.uploadId!, filename: f.filename, contentType: f.contentType })),
      forwardAttachmentIds: files.filter((f) => f.forwardId).map((f) => f.forwardId!),
      documents: files.filter((f) => f.document).map((f) => f.document!),
      confidential: !!values.confidential,
    };
    const issues: { path: string; message: string }[] = composeIssues(input);
    if (later && (!later.date || !later.time)) issues.push({ path: 'sendAt', message: 'compose.sendAtPast' });
    if (files.some((f) => f.state === 'uploading'))
      issues.push({ path: 'files', message: t('mailbox:compose.stillUploading') });
    else if (files.some((f) => f.state === 'failed'))
      issues.push({ path: 'files', message: t('mailbox:compose.failedFiles') });
    setErrors(errorsOf(issues));
    setFailure(null);
    if (issues.length > 0) return;
    // No save of the draft may land after the send removed it: the one on its way ends first.
    sending.current = true;
    void server.hold().then(() => send.mutate({ ...input, draftId }, sendHandlers(input.to[0]!)));
  };
  const sendHandlers = (firstRecipient: string) => ({
    onSuccess: (result: TComposeResult) => {
      server.finish();
      clearLocalDraft(draftKey);
      if (result.delivery.status === 'scheduled') toast.success(t('mailbox:compose.scheduled'));
      else if (
        !offerUndo(
          t,
          result,
          { ...values, draftId: undefined, serverRevision: undefined, attachments: [] },
          onReopen,
        )
      ) {
        toastDelivery(
          t,
          { ...result.delivery, recipientEmail: firstRecipient },
          t('mailbox:compose.sent', { email: firstRecipient }),
        );
      }
      onClose();
    },
    onError: (error: Error) => {
      sending.current = false;
      server.release();
      if (error instanceof ApiError && error.code === 'INVALID_EMAIL_DATA' && Array.isArray(error.details)) {
        setErrors(errorsOf(error.details as { path: string; message: string }[]));
      }
      setFailure(apiErrorMessage(error, t));
    },
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };
  /** Discard: gone from this browser and from the server (its copy in Drafts, its files). */
  const close = () => {
    server.finish();
    clearLocalDraft(draftKey);
    dropUploads(files);
    // A save on its way lands first, then the discard removes it.
    void server.hold().then(() => {
      server.finish();
      if (server.saved() || fromServer) discardDraft.mutate(draftId);
    });
    onClose();
  };
  /** "Save draft": saved now and closed; kept in this browser only when the server could not take it. */
  const keepAndClose = async () => {
    if (await server.flush()) clearLocalDraft(draftKey);
    server.finish();
    onClose();
  };
  const requestClose = () => {
    if (send.isPending) return;
    // A draft opened from Drafts and left as it was stays there.
    if (fromServer && !changed) void keepAndClose();
    else if (changed) setConfirmDiscard(true);
    else close();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent
        title={values.inReplyToId ? t('mailbox:compose.replyTitle') : t('mailbox:compose.title')}
        closeLabel={t('buttons:close')}
        className="max-w-3xl"
      >
        <form
          noValidate
          onSubmit={submit}
          onKeyDown={onKeyDown}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          className={cn(
            'grid gap-3 rounded-md',
            dragging && 'outline-2 outline-offset-4 outline-primary outline-dashed',
          )}
          aria-busy={send.isPending}
        >
          {restoredAt ? (
            <Alert tone="info">
              {t('mailbox:compose.restored', {
                date: formatDateTime(restoredAt, localeOf(currentLanguage()), 'medium'),
              })}
            </Alert>
          ) : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Field label={t('mailbox:compose.from')}>
            {(props) => (
              <Select
                {...props}
                value={values.accountId ?? ''}
                onChange={(e) => set({ accountId: e.target.value || null })}
              >
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.displayName ? `${a.displayName} <${a.emailAddress}>` : a.emailAddress}
                  </option>
                ))}
                <option value="">{t('mailbox:compose.organizationSender')}</option>
              </Select>
            )}
          </Field>
          <Field
            label={t('mailbox:compose.to')}
            error={errors.to}
            required
            hint={t('mailbox:compose.recipientsHint')}
          >
            {(props) => (
              <RecipientInput
                orgId={orgId}
                controlProps={props}
                autoFocus={!values.to}
                value={values.to}
                onChange={(to) => set({ to })}
              />
            )}
          </Field>
          {showCopies ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('mailbox:compose.cc')} error={errors.cc}>
                {(props) => (
                  <RecipientInput
                    orgId={orgId}
                    controlProps={props}
                    value={values.cc}
                    onChange={(cc) => set({ cc })}
                  />
                )}
              </Field>
              <Field label={t('mailbox:compose.bcc')} error={errors.bcc}>
                {(props) => (
                  <RecipientInput
                    orgId={orgId}
                    controlProps={props}
                    value={values.bcc}
                    onChange={(bcc) => set({ bcc })}
                  />
                )}
              </Field>
            </div>
          ) : (
            <div>
              <Button type="button" variant="ghost" size="sm" onClick={() => setShowCopies(true)}>
                {t('mailbox:compose.addCopies')}
              </Button>
            </div>
          )}
          <TemplatePicker
            orgId={orgId}
            context={draft.templateContext}
            hasContent={
              !!values.subject.trim() || !!text.trim() || /\S/.test(values.html.replace(/<[^>]*>/g, ''))
            }
            onApply={(rendered) => {
              set({ subject: rendered.subject, html: rendered.html });
              setText(rendered.text);
              setBodyVersion((v) => v + 1);
            }}
          />
          <Field label={t('mailbox:compose.subject')} error={errors.subject} required>
            {(props) => (
              <Input
                {...props}
                autoFocus={!!values.to && !values.subject}
                value={values.subject}
                onChange={(e) => set({ subject: e.target.value })}
              />
            )}
          </Field>
          <div className="grid gap-1.5">
            <span id={bodyLabel} className="text-sm font-medium text-foreground">
              {t('mailbox:compose.body')}
              <span aria-hidden="true" className="ml-0.5 text-danger">
                *
              </span>
            </span>
            <RichTextEditor
              key={bodyVersion}
              initialHtml={bodyVersion ? values.html : draft.html}
              labelledBy={bodyLabel}
              invalid={!!errors.content}
              describedBy={errors.content ? bodyError : undefined}
              onChange={(html, plain) => {
                set({ html });
                setText(plain);
              }}
            />
            {errors.content ? (
              <p id={bodyError} className="text-sm font-medium text-danger">
                {errors.content}
              </p>
            ) : null}
          </div>
          <ComposeFiles
            files={files}
            error={errors.files}
            onAdd={attached.add}
            onRemove={attached.remove}
            documentPicker={
              canReadDocuments ? <DocumentPicker orgId={orgId} onPick={attached.addDocument} /> : null
            }
          />
          <CheckboxField
            label={
              <span className="inline-flex items-center gap-1.5">
                <Lock aria-hidden="true" className="size-3.5" />
                {t('mailbox:compose.confidential')}
              </span>
            }
            hint={t('mailbox:compose.confidentialHint')}
            checked={!!values.confidential}
            onChange={(e) => set({ confidential: e.target.checked })}
          />
          {later ? (
            <SendLaterFields value={later} timeZone={timeZone} error={errors.sendAt} onChange={setLater} />
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:mr-auto">
              <DraftStatus state={server.state} />
              <span>{t('mailbox:compose.sendHint')}</span>
              {later ? null : <UndoWindowSelect value={undoSeconds} onChange={setUndoSeconds} />}
            </div>
            {later ? null : (
              <Button type="button" variant="outline" onClick={() => setLater(tomorrowMorning(timeZone))}>
                <Clock aria-hidden="true" className="size-4" />
                {t('mailbox:compose.sendLater')}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={requestClose}>
              {t('buttons:cancel')}
            </Button>
            {worthKeeping ? (
              <Button type="button" variant="outline" onClick={() => void keepAndClose()}>
                {t('mailbox:compose.draft.keep')}
              </Button>
            ) : null}
            <Button type="submit" loading={send.isPending}>
              {later ? (
                <Clock aria-hidden="true" className="size-4" />
              ) : (
                <Send aria-hidden="true" className="size-4" />
              )}
              {later ? t('mailbox:compose.schedule') : t('mailbox:compose.send')}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={confirmDiscard}
          onOpenChange={setConfirmDiscard}
          title={t('mailbox:compose.discardTitle')}
          description={t('mailbox:compose.discardText')}
          confirmLabel={t('mailbox:compose.discard')}
          danger
          onConfirm={() => {
            setConfirmDiscard(false);
            close();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
