import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Clock, Send } from 'lucide-react';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { composeIssues, UNDO_SEND, type ComposeIssue, type TComposeResult } from '@shared/mailbox/compose.ts';
import type { TMailAccountState } from '@shared/mailbox/contracts.ts';
import { api, ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { toast } from '@web/ui/toast.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { parseRecipients, type ComposeDraft } from './compose-draft.ts';
import { useSendMail } from './mailbox-api.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

type Errors = Partial<Record<ComposeIssue['path'], string>>;

const UNDO_CHOICES = [0, 5, 10, 20, 30] as const;
const UNDO_KEY = 'mail.undoSeconds';

/** The user's "undo send" window, kept in this browser (default 10 s). */
function storedUndoSeconds(): number {
  const stored = Number(globalThis.localStorage?.getItem(UNDO_KEY));
  return (UNDO_CHOICES as readonly number[]).includes(stored) && localStorage.getItem(UNDO_KEY) !== null
    ? stored
    : UNDO_SEND.defaultSeconds;
}

/**
 * After a send that waits a few seconds: a toast with "Undo", which stops it (nothing has left the server) and
 * opens the composer again with what was written.
 */
function offerUndo(
  t: TFunction,
  result: TComposeResult,
  draft: ComposeDraft,
  onReopen: (draft: ComposeDraft) => void,
) {
  const leavesIn = result.delivery.sendAt ? new Date(result.delivery.sendAt).getTime() - Date.now() : 0;
  if (result.delivery.status !== 'queued' || leavesIn <= 500) return false;
  const id = toast(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>{t('mailbox:compose.sending')}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            toast.dismiss(shown.id);
            api<null>(`/api/v1/mail/outbox/${encodeURIComponent(result.delivery.outboxId)}/cancel`, {
              method: 'POST',
            })
              .then(() => {
                toast(t('mailbox:compose.undone'));
                onReopen(draft);
              })
              .catch((error: unknown) => toast.error(apiErrorMessage(error, t)));
          }}
        >
          {t('mailbox:compose.undo')}
        </Button>
      </span>
    ),
    { duration: leavesIn, icon: '✉️' },
  );
  return !!id;
}

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
  accounts,
  timeZone,
  onClose,
  onReopen,
}: {
  orgId: string | null;
  draft: ComposeDraft;
  accounts: TMailAccountState[];
  /** The organization's: a scheduled time is chosen in it. */
  timeZone: string;
  onClose: () => void;
  /** "Undo" after sending opens the composer again with what was written. */
  onReopen: (draft: ComposeDraft) => void;
}) {
  const { t } = useTranslation(['mailbox', 'mail', 'buttons', 'common']);
  const send = useSendMail(orgId);
  const bodyLabel = useId();
  const bodyError = useId();
  const [values, setValues] = useState(draft);
  const [text, setText] = useState('');
  const [showCopies, setShowCopies] = useState(draft.cc !== '' || draft.bcc !== '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [later, setLater] = useState<{ date: string; time: string } | null>(null);
  const [undoSeconds, setUndoSeconds] = useState(storedUndoSeconds);
  const set = (patch: Partial<ComposeDraft>) => setValues((v) => ({ ...v, ...patch }));
  const changed =
    values.to !== draft.to ||
    values.cc !== draft.cc ||
    values.bcc !== draft.bcc ||
    values.subject !== draft.subject ||
    values.html !== draft.html;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (send.isPending) return;
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
    };
    const issues: { path: string; message: string }[] = composeIssues(input);
    if (later && (!later.date || !later.time)) issues.push({ path: 'sendAt', message: 'compose.sendAtPast' });
    setErrors(errorsOf(issues));
    setFailure(null);
    if (issues.length > 0) return;
    send.mutate(input, {
      onSuccess: (result) => {
        if (result.delivery.status === 'scheduled') toast.success(t('mailbox:compose.scheduled'));
        else if (!offerUndo(t, result, values, onReopen)) {
          toastDelivery(
            t,
            { ...result.delivery, recipientEmail: input.to[0]! },
            t('mailbox:compose.sent', { email: input.to[0] }),
          );
        }
        onClose();
      },
      onError: (error) => {
        if (
          error instanceof ApiError &&
          error.code === 'INVALID_EMAIL_DATA' &&
          Array.isArray(error.details)
        ) {
          setErrors(errorsOf(error.details as { path: string; message: string }[]));
        }
        setFailure(apiErrorMessage(error, t));
      },
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };
  const requestClose = () => (changed && !send.isPending ? setConfirmDiscard(true) : onClose());

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
          className="grid gap-3"
          aria-busy={send.isPending}
        >
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
              <Input
                {...props}
                autoFocus={!values.to}
                type="text"
                inputMode="email"
                autoComplete="email"
                value={values.to}
                onChange={(e) => set({ to: e.target.value })}
              />
            )}
          </Field>
          {showCopies ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('mailbox:compose.cc')} error={errors.cc}>
                {(props) => (
                  <Input
                    {...props}
                    type="text"
                    inputMode="email"
                    value={values.cc}
                    onChange={(e) => set({ cc: e.target.value })}
                  />
                )}
              </Field>
              <Field label={t('mailbox:compose.bcc')} error={errors.bcc}>
                {(props) => (
                  <Input
                    {...props}
                    type="text"
                    inputMode="email"
                    value={values.bcc}
                    onChange={(e) => set({ bcc: e.target.value })}
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
              initialHtml={draft.html}
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
          {later ? (
            <fieldset className="grid gap-2 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium text-foreground">
                {t('mailbox:compose.sendLater')}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label={t('mailbox:compose.day')} error={errors.sendAt}>
                  {(props) => (
                    <Input
                      {...props}
                      type="date"
                      value={later.date}
                      onChange={(e) => setLater({ ...later, date: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={t('mailbox:compose.time')}
                  hint={t('mailbox:compose.timeZoneHint', { zone: timeZone })}
                >
                  {(props) => (
                    <Input
                      {...props}
                      type="time"
                      value={later.time}
                      onChange={(e) => setLater({ ...later, time: e.target.value })}
                    />
                  )}
                </Field>
              </div>
              <div>
                <Button type="button" variant="ghost" size="sm" onClick={() => setLater(null)}>
                  {t('mailbox:compose.sendNow')}
                </Button>
              </div>
            </fieldset>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:mr-auto">
              <span>{t('mailbox:compose.sendHint')}</span>
              {later ? null : (
                <label className="flex items-center gap-1">
                  {t('mailbox:compose.undoWindow')}
                  <select
                    className="rounded border border-input bg-surface px-1 py-0.5 text-xs text-foreground"
                    value={undoSeconds}
                    onChange={(e) => {
                      const seconds = Number(e.target.value);
                      setUndoSeconds(seconds);
                      localStorage.setItem(UNDO_KEY, String(seconds));
                    }}
                  >
                    {UNDO_CHOICES.map((s) => (
                      <option key={s} value={s}>
                        {t('mailbox:compose.seconds', { count: s })}
                      </option>
                    ))}
                  </select>
                </label>
              )}
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
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The default of "Send later": tomorrow at 9:00 in the organization's time zone. */
function tomorrowMorning(timeZone: string): { date: string; time: string } {
  return { date: addDays(isoDateIn(timeZone), 1), time: '09:00' };
}
