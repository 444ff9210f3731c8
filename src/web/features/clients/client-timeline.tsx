import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Archive,
  ArrowDownLeft,
  ArrowUpRight,
  CalendarClock,
  Files,
  FileText,
  Mail,
  Receipt,
  UserPlus,
} from 'lucide-react';
import type { TClient } from '@shared/clients/contracts.ts';
import type { TClientTimelineEntry } from '@shared/clients/timeline.ts';
import { eventPagePath } from '@shared/calendar/contracts.ts';
import { formatDate, formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { useRecordDocuments } from '@web/features/documents/documents-api.ts';
import { useDocumentPermissions } from '@web/features/documents/linked-documents.tsx';
import { withDocuments, type DocumentTimelineEntry } from '@web/features/documents/linked-records.ts';
import { useClientTimeline } from './clients-api.ts';
import { useClientPermissions } from './client-ui.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/**
 * The client's history: quotes and invoices, payments, events, mail, creation and archiving from the server's
 * timeline, and the documents (uploads linked to the client or filed with it) from the documents list, merged
 * here; newest first. A documents list that fails leaves the rest of the timeline as it is.
 */
export function Timeline({ client }: { client: TClient }) {
  const { t } = useTranslation(['clients', 'common', 'buttons', 'quotes', 'invoices', 'mail']);
  const { organizationId } = useClientPermissions();
  const timeline = useClientTimeline(organizationId, client.id);
  const documents = useRecordDocuments(organizationId, 'client', client.id, useDocumentPermissions().canView);
  const locale = localeOf(currentLanguage());

  return (
    <Card className="self-start">
      <CardHeader
        icon={<CalendarClock aria-hidden="true" className="size-5" />}
        title={t('clients:timeline.title')}
        description={t('clients:timeline.description')}
      />
      {timeline.isPending ? (
        <SkeletonRows avatar rows={3} label={t('common:loading')} />
      ) : timeline.isError ? (
        <div className="p-5">
          <Alert tone="error" title={t('clients:timeline.loadError')}>
            <p>{apiErrorMessage(timeline.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void timeline.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        </div>
      ) : (
        <CardContent>
          <ol className="relative grid gap-5 border-l border-border pl-6">
            {withDocuments(timeline.data.items, documents.items, timeline.data.hasMore).map((entry) => (
              <TimelineItem key={`${entry.kind}:${entry.id}`} entry={entry} locale={locale} />
            ))}
          </ol>
          {timeline.data.hasMore || documents.more ? (
            <p className="mt-4 text-xs text-muted-foreground">{t('clients:timeline.more')}</p>
          ) : null}
          {timeline.data.upcoming.length > 0 ? (
            <p className="mt-5 rounded-md bg-surface-muted px-3 py-2 text-xs text-muted-foreground">
              {t('clients:timeline.upcoming')}
            </p>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}

function TimelineItem({
  entry,
  locale,
}: {
  entry: TClientTimelineEntry | DocumentTimelineEntry;
  locale: string;
}) {
  const { t } = useTranslation(['clients', 'quotes', 'invoices', 'mail', 'documents']);
  let icon: ReactNode;
  let title: ReactNode;
  let detail: ReactNode = null;
  if (entry.kind === 'document') {
    icon = <Files className="size-3.5" />;
    title = (
      <Link
        to={`/documents/${encodeURIComponent(entry.id)}`}
        className="text-primary underline-offset-2 hover:underline"
      >
        {t('documents:linked.timeline', { title: entry.title })}
      </Link>
    );
    detail = t('documents:linked.timelineUploaded', { type: t(`documents:types.${entry.documentType}`) });
  } else if (entry.kind === 'transaction') {
    const income = entry.direction === 'income';
    icon = income ? <ArrowDownLeft className="size-3.5" /> : <ArrowUpRight className="size-3.5" />;
    title = (
      <>
        {income ? t('clients:timeline.income') : t('clients:timeline.expense')}{' '}
        <span className={income ? 'text-success' : 'text-danger'}>
          {income ? '+' : '−'}
          {formatEuroCents(entry.amountCents, locale)}
        </span>
      </>
    );
    detail = entry.description;
  } else if (entry.kind === 'quote' || entry.kind === 'invoice') {
    const quote = entry.kind === 'quote';
    icon = quote ? <FileText className="size-3.5" /> : <Receipt className="size-3.5" />;
    const label = quote
      ? t('clients:timeline.quote', { number: entry.number })
      : entry.documentType === 'TD04'
        ? t('clients:timeline.creditNote', { number: entry.number ?? '' })
        : entry.number
          ? t('clients:timeline.invoice', { number: entry.number })
          : t('clients:timeline.draftInvoice');
    title = (
      <Link
        to={quote ? `/quotes/${entry.id}` : `/invoices/${entry.id}`}
        className="text-primary underline-offset-2 hover:underline"
      >
        {label}
      </Link>
    );
    detail = `${t(quote ? `quotes:status.${entry.status}` : `invoices:status.${entry.status}`)} · ${formatEuroCents(entry.totalCents, locale)}`;
  } else if (entry.kind === 'event') {
    icon = <CalendarClock className="size-3.5" />;
    title = (
      <Link to={eventPagePath(entry.id)} className="text-primary underline-offset-2 hover:underline">
        {entry.title}
      </Link>
    );
    detail = [
      entry.startTime ?? t('clients:timeline.allDay'),
      entry.recurring ? t('clients:timeline.recurring') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  } else if (entry.kind === 'mail') {
    icon = <Mail className="size-3.5" />;
    title = t('clients:timeline.mail', { subject: entry.subject });
    detail = `${entry.recipientEmail} · ${t(`mail:status.${entry.status}`)}`;
  } else if (entry.kind === 'email') {
    icon = <Mail className="size-3.5" />;
    title = (
      <Link
        to={`/email?m=${encodeURIComponent(entry.id)}`}
        className="text-primary underline-offset-2 hover:underline"
      >
        {entry.direction === 'sent'
          ? t('clients:timeline.emailSent', { subject: entry.subject })
          : t('clients:timeline.emailReceived', { subject: entry.subject })}
      </Link>
    );
    detail = entry.from;
  } else if (entry.kind === 'created') {
    icon = <UserPlus className="size-3.5" />;
    title = t('clients:timeline.created');
  } else {
    icon = <Archive className="size-3.5" />;
    title = t('clients:timeline.archived');
  }
  const dayOnly =
    entry.kind === 'transaction' ||
    entry.kind === 'quote' ||
    entry.kind === 'invoice' ||
    entry.kind === 'event';
  const when = dayOnly ? formatDate(entry.date, locale) : formatDateTime(entry.date, locale);
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className="absolute top-0.5 -left-[2.1rem] flex size-6 items-center justify-center rounded-full border border-border bg-surface text-muted-foreground"
      >
        {icon}
      </span>
      <p className="text-sm font-medium text-foreground">{title}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      <p className="text-xs text-muted-foreground">
        <time dateTime={entry.date}>{when}</time>
      </p>
    </li>
  );
}
