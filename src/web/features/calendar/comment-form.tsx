import { fieldText } from '@web/app/field-text.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_FIELD_MAX,
  COMMENT_TYPES,
  ZCommentInput,
  type CommentType,
  type TComment,
} from '@shared/calendar/contracts.ts';
import { errorMessage } from '@shared/errors/error-codes.ts';
import { ApiError } from '@web/app/api.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Select, Textarea } from '@web/ui/input.tsx';
import { useAddComment } from './calendar-api.ts';
import { calendarErrorMessage, useCalendarPermissions } from './calendar-ui.tsx';

/** A new comment or, with a parent, a reply: its type, visibility and text. */
export function CommentForm({
  eventId,
  parent,
  onDone,
  onCancel,
}: {
  eventId: string;
  parent?: TComment;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['calendar', 'buttons']);
  const { orgId } = useCalendarPermissions();
  const add = useAddComment(orgId, eventId);
  const id = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<CommentType>('general');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = parent
    ? t('calendar:comments.replyTo', { author: parent.authorName ?? parent.authorEmail ?? '' })
    : t('calendar:comments.add');

  const submit = () => {
    const parsed = ZCommentInput.safeParse({
      commentText: text,
      commentType: type,
      isPublic: !isPrivate,
      parentCommentId: parent?.id ?? null,
    });
    if (!parsed.success) {
      setError(fieldText(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setType('general');
        setPrivate(false);
        onDone?.();
      },
      onError: (e) => {
        const issue = serverFieldIssues(e)[0];
        // Spec §8: "Failed to add comment" (the server's COMMENT_ADD_FAILED, with the reason it gives).
        setError(
          e instanceof ApiError && e.code === 'COMMENT_ADD_FAILED'
            ? calendarErrorMessage(e, t)
            : issue
              ? (fieldText(issue.message) ?? issue.message)
              : `${errorMessage('COMMENT_ADD_FAILED', currentLanguage())}: ${calendarErrorMessage(e, t)}`,
        );
      },
    });
  };

  return (
    <form
      noValidate
      className="grid gap-2"
      data-testid={parent ? 'reply-form' : 'comment-form'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <Textarea
        id={id}
        rows={parent ? 2 : 3}
        className={parent ? 'min-h-16' : undefined}
        maxLength={CALENDAR_FIELD_MAX.commentText}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus={!!parent}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-type`} className="text-sm text-muted-foreground">
            {t('calendar:comments.type')}
          </label>
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as CommentType)}
            className="h-9 w-36"
          >
            {COMMENT_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`calendar:comments.types.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex items-center gap-2 text-sm text-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={isPrivate}
            onChange={(e) => setPrivate(e.target.checked)}
          />
          {t('calendar:comments.privateLabel')}
        </label>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              {t('buttons:cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" loading={add.isPending}>
            {parent ? t('calendar:comments.sendReply') : t('calendar:comments.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
