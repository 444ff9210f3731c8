import { useTranslation } from 'react-i18next';
import { Bell, BellOff, Mail, MessageSquare, MoreHorizontal, PhoneCall, Send, XCircle } from 'lucide-react';
import type { TInvitation } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { Button } from '@web/ui/button.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { RsvpStatusBadge, useLocale } from './calendar-ui.tsx';

/**
 * The invitations of an event: invitee, answer, when, guests and notes in a table on wider screens (one card per
 * invitation on phones), with answer / resend / reminders / cancel for those who manage the event.
 */
export function InvitationList({
  items,
  canManage,
  onAction,
  onToggleReminders,
}: {
  items: TInvitation[];
  canManage: boolean;
  onAction: (kind: 'answer' | 'resend' | 'cancel', invitation: TInvitation) => void;
  onToggleReminders: (invitation: TInvitation) => void;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const name = (i: TInvitation) => i.inviteeName ?? i.inviteeEmail;

  const actions = (i: TInvitation) =>
    canManage ? (
      <Menu>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('calendar:invitations.actionsFor', { name: name(i) })}
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuItem onSelect={() => onAction('answer', i)}>
            <PhoneCall aria-hidden="true" />
            {t('calendar:invitations.recordAnswer')}
          </MenuItem>
          <MenuItem onSelect={() => onAction('resend', i)}>
            <Send aria-hidden="true" />
            {t('calendar:invitations.resend')}
          </MenuItem>
          <MenuItem onSelect={() => onToggleReminders(i)}>
            {i.sendReminders ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {i.sendReminders
              ? t('calendar:invitations.stopReminders')
              : t('calendar:invitations.startReminders')}
          </MenuItem>
          <MenuItem onSelect={() => onAction('cancel', i)} className="text-danger">
            <XCircle aria-hidden="true" />
            {t('calendar:invitations.cancel')}
          </MenuItem>
        </MenuContent>
      </Menu>
    ) : null;

  const notes = (i: TInvitation) => {
    const rows: [string, string][] = [];
    if (i.rsvpResponseMessage) rows.push([t('calendar:invitations.messageLabel'), i.rsvpResponseMessage]);
    if (i.dietaryRestrictions) rows.push([t('calendar:invitations.dietary'), i.dietaryRestrictions]);
    if (i.specialRequests) rows.push([t('calendar:invitations.special'), i.specialRequests]);
    if (rows.length === 0) return <span className="text-muted-foreground">—</span>;
    return (
      <dl className="grid gap-1">
        {rows.map(([label, text]) => (
          <div key={label} className="min-w-0">
            <dt className="inline text-muted-foreground">{label}: </dt>
            <dd className="inline break-words whitespace-pre-wrap text-foreground">{text}</dd>
          </div>
        ))}
      </dl>
    );
  };

  const invitee = (i: TInvitation) => (
    <div className="min-w-0">
      <p className="truncate font-medium text-foreground">{name(i)}</p>
      {i.inviteeName ? <p className="truncate text-xs text-muted-foreground">{i.inviteeEmail}</p> : null}
      {i.inviteePhone ? <p className="truncate text-xs text-muted-foreground">{i.inviteePhone}</p> : null}
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          {i.invitationMethod === 'sms' ? (
            <MessageSquare aria-hidden="true" className="size-3" />
          ) : (
            <Mail aria-hidden="true" className="size-3" />
          )}
          {t(`calendar:methods.${i.invitationMethod}`)}
        </span>
        <span>{i.language.toUpperCase()}</span>
        {i.sendReminders ? null : <span>{t('calendar:invitations.noReminders')}</span>}
      </p>
    </div>
  );

  const responded = (i: TInvitation) =>
    i.rsvpRespondedAt ? (
      <time dateTime={i.rsvpRespondedAt}>{formatDateTime(i.rsvpRespondedAt, locale)}</time>
    ) : (
      <span className="text-muted-foreground">—</span>
    );

  const columns: DataColumn<TInvitation>[] = [
    {
      id: 'invitee',
      header: t('calendar:invitations.invitee'),
      className: 'max-w-56 px-5 py-3',
      cell: invitee,
    },
    {
      id: 'status',
      header: t('calendar:invitations.status'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3',
      cell: (i) => (
        <>
          <RsvpStatusBadge status={i.rsvpStatus} />
          {i.checkedInAt ? (
            <p className="mt-1 text-xs text-success">{t('calendar:attendees.checkedInShort')}</p>
          ) : null}
        </>
      ),
    },
    {
      id: 'respondedAt',
      header: t('calendar:invitations.respondedAt'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap',
      cell: responded,
    },
    {
      id: 'guests',
      header: t('calendar:invitations.guests'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 tabular-nums',
      cell: (i) =>
        i.rsvpStatus === 'accepted' ? i.guestCount : <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'notes',
      header: t('calendar:invitations.notes'),
      headerClassName: 'px-3 py-2.5',
      className: 'max-w-80 min-w-48 px-3 py-3 text-xs',
      cell: notes,
    },
    {
      id: 'actions',
      header: t('calendar:invitations.actions'),
      headerHidden: true,
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-2 text-right',
      cell: actions,
    },
  ];

  return (
    <DataTable
      caption={t('calendar:invitations.title')}
      columns={columns}
      rows={items}
      getRowId={(i) => i.id}
      hiddenColumns={canManage ? undefined : ['actions']}
      testId="invitations-table"
      rowTestId="invitation-row"
      rowProps={(i) => ({ 'data-status': i.rsvpStatus, className: 'align-top' })}
      cardTestId="invitation-row"
      cardProps={(i) => ({
        'data-status': i.rsvpStatus,
        className: 'grid grid-cols-[minmax(0,1fr)] gap-2 px-4 py-3 text-sm',
      })}
      card={(i) => (
        <>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">{invitee(i)}</div>
            <RsvpStatusBadge status={i.rsvpStatus} />
            {actions(i)}
          </div>
          {i.rsvpRespondedAt ? (
            <p className="text-xs text-muted-foreground">
              {t('calendar:invitations.respondedOn', { date: formatDateTime(i.rsvpRespondedAt, locale) })}
              {i.rsvpStatus === 'accepted' ? ` · ${t('calendar:people', { count: i.guestCount })}` : ''}
            </p>
          ) : null}
          <div className="text-xs">{notes(i)}</div>
        </>
      )}
    />
  );
}
