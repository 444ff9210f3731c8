import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import type { TAuditLogEntry } from '@shared/security/audit-contracts.ts';
import { isAuditAction } from '@shared/security/audit.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { actionText, detailRows, detailSummary, personText, SEVERITY_TONE } from './audit-text.ts';

/** Date and time with seconds, in the organization's zone (the one the day filters use). */
function useTimeFormat(timeZone: string) {
  const locale = localeOf(currentLanguage());
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return (iso: string) => format.format(new Date(iso));
}

function SeverityBadge({ severity }: { severity: TAuditLogEntry['severity'] }) {
  const { t } = useTranslation('audit');
  return <Badge tone={SEVERITY_TONE[severity]}>{t(`audit:severity.${severity}`)}</Badge>;
}

function ToggleDetails({
  open,
  controls,
  label,
  onToggle,
}: {
  open: boolean;
  controls: string;
  label: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation('audit');
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? t('audit:entry.hideDetails') : t('audit:entry.showDetails')}: ${label}`}
      onClick={onToggle}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
    </button>
  );
}

function EntryDetails({ entry, id }: { entry: TAuditLogEntry; id: string }) {
  const { t } = useTranslation('audit');
  const rows = detailRows(entry.details);
  return (
    <dl id={id} className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[minmax(8rem,auto)_1fr]">
      <dt className="text-muted-foreground">{t('audit:entry.scope')}</dt>
      <dd>{entry.organizationLevel ? t('audit:entry.scopeOrganization') : t('audit:entry.scopeUser')}</dd>
      {entry.user?.email ? (
        <>
          <dt className="text-muted-foreground">{t('audit:columns.user')}</dt>
          <dd className="break-all">{entry.user.email}</dd>
        </>
      ) : null}
      {entry.targetUser?.email ? (
        <>
          <dt className="text-muted-foreground">{t('audit:columns.target')}</dt>
          <dd className="break-all">{entry.targetUser.email}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{t('audit:entry.userAgent')}</dt>
      <dd className="break-all">{entry.userAgent || t('audit:entry.none')}</dd>
      {rows.length === 0 ? (
        <>
          <dt className="text-muted-foreground">{t('audit:columns.details')}</dt>
          <dd>{t('audit:entry.noDetails')}</dd>
        </>
      ) : (
        rows.map(([key, value]) => (
          <Fragment key={key}>
            <dt className="text-muted-foreground">{t(`audit:detailKeys.${key}`, { defaultValue: key })}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </Fragment>
        ))
      )}
    </dl>
  );
}

/**
 * The entries: a table on wider screens, one card per entry on phones; each can be expanded to show every
 * detail, the user agent and whether it is an organization or a personal (account) event.
 */
export function AuditEntries({
  items,
  timeZone,
  busy,
}: {
  items: TAuditLogEntry[];
  timeZone: string;
  busy: boolean;
}) {
  const { t } = useTranslation(['audit', 'common']);
  const formatTime = useTimeFormat(timeZone);
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const label = (e: TAuditLogEntry) =>
    t('audit:entry.detailsOf', { action: actionText(e.action, t), time: formatTime(e.createdAt) });
  const detailsId = (e: TAuditLogEntry, where: 'card' | 'row') => `${baseId}-${where}-${e.id}`;

  const columns: DataColumn<TAuditLogEntry>[] = [
    {
      id: 'time',
      header: t('audit:columns.time'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap text-muted-foreground',
      cell: (e) => <time dateTime={e.createdAt}>{formatTime(e.createdAt)}</time>,
    },
    {
      id: 'user',
      header: t('audit:columns.user'),
      headerClassName: 'px-4 py-2.5',
      className: 'max-w-48 px-4 py-3',
      cell: (e) => (
        <span className="block truncate" title={e.user?.email ?? undefined}>
          {personText(e.user, t)}
        </span>
      ),
    },
    {
      id: 'action',
      header: t('audit:columns.action'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 font-medium text-foreground',
      cell: (e) => (
        <span data-action={isAuditAction(e.action) ? e.action : undefined}>{actionText(e.action, t)}</span>
      ),
    },
    {
      id: 'severity',
      header: t('audit:columns.severity'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3',
      cell: (e) => <SeverityBadge severity={e.severity} />,
    },
    {
      id: 'target',
      header: t('audit:columns.target'),
      headerClassName: 'px-4 py-2.5',
      className: 'max-w-44 px-4 py-3',
      cell: (e) => (
        <span className="block truncate" title={e.targetUser?.email ?? undefined}>
          {personText(e.targetUser, t)}
        </span>
      ),
    },
    {
      id: 'ip',
      header: t('audit:columns.ip'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 font-mono text-xs whitespace-nowrap text-muted-foreground',
      cell: (e) => e.ipAddress || t('audit:entry.none'),
    },
    {
      id: 'details',
      header: t('audit:columns.details'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-2',
      cell: (e) => (
        <div className="flex items-start justify-between gap-2">
          <span className="line-clamp-2 pt-1.5 text-xs break-words text-muted-foreground">
            {detailSummary(e, t)}
          </span>
          <ToggleDetails
            open={open.has(e.id)}
            controls={detailsId(e, 'row')}
            label={label(e)}
            onToggle={() => toggle(e.id)}
          />
        </div>
      ),
    },
  ];

  return (
    <DataTable
      caption={t('audit:title')}
      columns={columns}
      rows={items}
      getRowId={(e) => e.id}
      busy={busy}
      tableClassName="min-w-[56rem]"
      rowTestId="audit-row"
      rowProps={() => ({ className: 'align-top hover:bg-surface-muted' })}
      expanded={(e) => (open.has(e.id) ? <EntryDetails entry={e} id={detailsId(e, 'row')} /> : null)}
      cardTestId="audit-entry"
      cardProps={() => ({ className: 'px-4 py-3' })}
      card={(e) => (
        <>
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm font-medium text-foreground">{actionText(e.action, t)}</p>
                <SeverityBadge severity={e.severity} />
              </div>
              <p className="mt-0.5 text-xs text-muted-foreground">
                <time dateTime={e.createdAt}>{formatTime(e.createdAt)}</time>
                {e.ipAddress ? ` · ${e.ipAddress}` : ''}
              </p>
              <p className="mt-1 text-sm break-words text-foreground">
                {personText(e.user, t)}
                {e.targetUser ? ` → ${personText(e.targetUser, t)}` : ''}
              </p>
              {detailSummary(e, t) ? (
                <p className="mt-0.5 text-xs break-words text-muted-foreground">{detailSummary(e, t)}</p>
              ) : null}
            </div>
            <ToggleDetails
              open={open.has(e.id)}
              controls={detailsId(e, 'card')}
              label={label(e)}
              onToggle={() => toggle(e.id)}
            />
          </div>
          {open.has(e.id) ? (
            <div className="mt-3 rounded-md bg-surface-muted p-3">
              <EntryDetails entry={e} id={detailsId(e, 'card')} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
