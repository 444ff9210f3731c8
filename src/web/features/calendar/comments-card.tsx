import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Lock, MessagesSquare, Reply, Trash2 } from 'lucide-react';
import type { TComment } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { useComments, useDeleteComment } from './calendar-api.ts';
import {
  calendarErrorMessage,
  fetchFailedMessage,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';
import { CommentForm } from './comment-form.tsx';
import { threadsOf } from './comment-threads.ts';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/**
 * The event's comments: general by default (or a note, question, update), public to the organization or
 * private to the author, replies under their comment; failures read the spec's messages.
 */
export function CommentsCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['calendar', 'common', 'buttons']);
  const { orgId, userId, canManage } = useCalendarPermissions();
  const list = useComments(orgId, eventId);
  const remove = useDeleteComment(orgId, eventId);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TComment | null>(null);
  const threads = threadsOf(list.data?.items ?? []);

  return (
    <Card>
      <CardHeader
        icon={<MessagesSquare aria-hidden="true" className="size-5" />}
        title={t('calendar:comments.title')}
        description={t('calendar:comments.description')}
      />
      {list.isPending ? (
        <SkeletonRows aside={false} rows={2} label={t('common:loading')} />
      ) : list.isError ? (
        <div className="p-5">
          <Alert tone="error">
            <p>{fetchFailedMessage('calendar.errors.fetchCommentsFailed', list.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        </div>
      ) : (
        <CardContent className="grid gap-5">
          {threads.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('calendar:comments.empty')}</p>
          ) : (
            <ol className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="comments-list">
              {threads.map(({ comment, replies }) => (
                <li key={comment.id} className="grid grid-cols-[minmax(0,1fr)] gap-2">
                  <CommentView
                    comment={comment}
                    canDelete={canManage || comment.authorId === userId}
                    onDelete={() => setDeleting(comment)}
                    onReply={() => setReplyTo(replyTo === comment.id ? null : comment.id)}
                  />
                  {replies.length > 0 || replyTo === comment.id ? (
                    <ol className="ml-4 grid gap-2 border-l-2 border-border pl-4 sm:ml-6">
                      {replies.map((reply) => (
                        <li key={reply.id}>
                          <CommentView
                            comment={reply}
                            canDelete={canManage || reply.authorId === userId}
                            onDelete={() => setDeleting(reply)}
                          />
                        </li>
                      ))}
                      {replyTo === comment.id ? (
                        <li>
                          <CommentForm
                            eventId={eventId}
                            parent={comment}
                            onDone={() => setReplyTo(null)}
                            onCancel={() => setReplyTo(null)}
                          />
                        </li>
                      ) : null}
                    </ol>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <div className="border-t border-border pt-4">
            <CommentForm eventId={eventId} />
          </div>
        </CardContent>
      )}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : setDeleting(null))}
          title={t('calendar:comments.deleteTitle')}
          description={t('calendar:comments.deleteText')}
          confirmLabel={t('calendar:comments.delete')}
          danger
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t('calendar:comments.deleted'));
                setDeleting(null);
              },
              onError: (error) => toast.error(calendarErrorMessage(error, t)),
            })
          }
        />
      ) : null}
    </Card>
  );
}

function CommentView({
  comment,
  canDelete,
  onDelete,
  onReply,
}: {
  comment: TComment;
  canDelete: boolean;
  onDelete: () => void;
  onReply?: () => void;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const author = comment.authorName ?? comment.authorEmail ?? t('calendar:comments.someone');
  return (
    <article className="grid gap-1 rounded-md bg-surface-muted px-3 py-2.5 text-sm" data-testid="comment">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-foreground">{author}</span>
        <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(comment.createdAt, locale)}
        </time>
        {comment.commentType !== 'general' ? (
          <Badge tone="primary">{t(`calendar:comments.types.${comment.commentType}`)}</Badge>
        ) : null}
        {comment.isPublic ? null : (
          <Badge tone="warning" className="gap-1">
            <Lock aria-hidden="true" className="size-3" />
            {t('calendar:comments.private')}
          </Badge>
        )}
      </header>
      <p className="break-words whitespace-pre-wrap text-foreground">{comment.commentText}</p>
      <div className="flex gap-1">
        {onReply ? (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2 h-7"
            onClick={onReply}
            aria-label={t('calendar:comments.replyTo', { author })}
          >
            <Reply aria-hidden="true" className="size-3.5" />
            {t('calendar:comments.reply')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 text-danger"
            onClick={onDelete}
            aria-label={t('calendar:comments.deleteOf', { author })}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
            {t('calendar:comments.delete')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
