import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { QrCode, Undo2, UserCheck, UsersRound } from 'lucide-react';
import type { TAttendee } from '@shared/calendar/contracts.ts';
import { errorMessage } from '@shared/errors/error-codes.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { ApiError } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { useAttendees, useCheckIn, useUndoCheckIn } from './calendar-api.ts';
import {
  calendarErrorMessage,
  fetchFailedMessage,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';
import { CheckInScanDialog } from './check-in-scanner.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { LoadError } from '@web/ui/load-error.tsx';

/** Attendees (guests who accepted) in the order they came in, checked in from the list or by scanning. */
export function AttendeesCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['calendar', 'common', 'buttons']);
  const locale = useLocale();
  const { orgId, canManage } = useCalendarPermissions();
  const list = useAttendees(orgId, eventId);
  const checkIn = useCheckIn(orgId, eventId);
  const undo = useUndoCheckIn(orgId, eventId);
  const [scanning, setScanning] = useState(false);
  const [pending, setPending] = useState<string | null>(null);

  const items = [...(list.data?.items ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const checkedIn = items.filter((a) => a.attendanceStatus === 'checked_in');
  const name = (a: TAttendee) => a.name ?? a.email ?? '—';

  const failed = (error: unknown) =>
    toast.error(
      error instanceof ApiError && error.status > 0
        ? calendarErrorMessage(error, t)
        : `${errorMessage('CHECK_IN_FAILED', currentLanguage())}: ${calendarErrorMessage(error, t)}`,
    );

  const doCheckIn = (a: TAttendee) => {
    if (!a.invitationId) return;
    setPending(a.id);
    checkIn.mutate(
      { invitationId: a.invitationId },
      {
        onSuccess: () => toast.success(t('calendar:checkIn.done', { name: name(a) })),
        onError: failed,
        onSettled: () => setPending(null),
      },
    );
  };
  const doUndo = (a: TAttendee) => {
    setPending(a.id);
    undo.mutate(a.id, {
      onSuccess: () => toast.success(t('calendar:attendees.undone', { name: name(a) })),
      onError: failed,
      onSettled: () => setPending(null),
    });
  };

  return (
    <Card>
      <CardHeader
        icon={<UsersRound aria-hidden="true" className="size-5" />}
        title={t('calendar:attendees.title')}
        description={
          items.length > 0
            ? t('calendar:attendees.progress', {
                checked: checkedIn.length,
                count: items.length,
                guests: checkedIn.reduce((sum, a) => sum + a.guestCount, 0),
              })
            : t('calendar:attendees.description')
        }
        action={
          canManage && items.length > 0 ? (
            <Button variant="outline" onClick={() => setScanning(true)} className="w-full sm:w-auto">
              <QrCode aria-hidden="true" className="size-4" />
              {t('calendar:checkIn.open')}
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <SkeletonRows aside={false} rows={3} label={t('common:loading')} />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          <p>{fetchFailedMessage('calendar.errors.fetchAttendeesFailed', list.error, t)}</p>
        </LoadError>
      ) : items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<UserCheck aria-hidden="true" />}
          title={t('calendar:attendees.empty')}
          description={t('calendar:attendees.emptyText')}
        />
      ) : (
        <ol className="divide-y divide-border" data-testid="attendees-list">
          {items.map((a) => {
            const isIn = a.attendanceStatus === 'checked_in';
            return (
              <li
                key={a.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 text-sm sm:px-5"
                data-testid="attendee-row"
                data-status={a.attendanceStatus}
              >
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate font-medium text-foreground">{name(a)}</p>
                  {a.name && a.email ? (
                    <p className="truncate text-xs text-muted-foreground">{a.email}</p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">
                    {t('calendar:people', { count: a.guestCount })}
                  </p>
                </div>
                {isIn ? (
                  <Badge tone="success" className="whitespace-nowrap">
                    {t('calendar:attendees.checkedInAt', { date: formatDateTime(a.checkedInAt!, locale) })}
                  </Badge>
                ) : (
                  <Badge tone="neutral">{t('calendar:attendees.expected')}</Badge>
                )}
                {canManage ? (
                  isIn ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={pending === a.id}
                      onClick={() => doUndo(a)}
                      aria-label={t('calendar:attendees.undoFor', { name: name(a) })}
                    >
                      <Undo2 aria-hidden="true" className="size-4" />
                      {t('calendar:attendees.undo')}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      loading={pending === a.id}
                      disabled={!a.invitationId}
                      onClick={() => doCheckIn(a)}
                      aria-label={t('calendar:attendees.checkInFor', { name: name(a) })}
                    >
                      <UserCheck aria-hidden="true" className="size-4" />
                      {t('calendar:attendees.checkIn')}
                    </Button>
                  )
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <Dialog open={scanning} onOpenChange={setScanning}>
        {scanning ? <CheckInScanDialog eventId={eventId} /> : null}
      </Dialog>
    </Card>
  );
}
