import { lazy, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import {
  Archive,
  ArchiveRestore,
  ArrowDownLeft,
  ArrowLeft,
  ArrowUpRight,
  CalendarClock,
  FileText,
  Mail,
  Pencil,
  Receipt,
  Trash2,
  UserPlus,
  UserX,
} from 'lucide-react';
import type { TClient } from '@shared/clients/contracts.ts';
import { countryName } from '@shared/clients/countries.ts';
import type { TClientTimelineEntry } from '@shared/clients/timeline.ts';
import { eventPagePath } from '@shared/calendar/contracts.ts';
import { formatDate, formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import {
  useArchiveClient,
  useClient,
  useClientTimeline,
  useDeleteClient,
  useSendStatement,
} from './clients-api.ts';
import { ArchivedBadge, clientName, useClientPermissions } from './client-ui.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

const named = <K extends string, P extends object>(
  load: () => Promise<Record<K, (props: P) => ReactNode>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));

const ClientFormPage = named(() => import('./client-form-page.tsx'), 'ClientFormPage');
const ClientImportPage = named(() => import('./client-import-page.tsx'), 'ClientImportPage');

/**
 * /clients/:id. Besides a client's id the segment can be "new" (the create form) or "import" (the import
 * wizard); "?edit=1" opens the edit form of the client.
 */
export function ClientRoutePage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  if (id === 'new') return <ClientFormPage />;
  if (id === 'import') return <ClientImportPage />;
  return <ClientDetail id={id!} edit={search.get('edit') === '1'} />;
}

function ClientDetail({ id, edit }: { id: string; edit: boolean }) {
  const { t } = useTranslation(['clients', 'common', 'navigation']);
  const { organizationId } = useClientPermissions();
  const client = useClient(organizationId, id);
  useDocumentTitle(
    client.data ? clientName(client.data, t('clients:unnamed')) : t('navigation:routes.clients'),
  );

  if (client.isPending) {
    return (
      <Card>
        <SkeletonRows avatar rows={4} label={t('common:loading')} />
      </Card>
    );
  }
  if (client.isError) {
    const missing = client.error instanceof ApiError && client.error.status === 404;
    return missing ? (
      <Card>
        <EmptyState
          headingLevel="h1"
          icon={<UserX aria-hidden="true" />}
          title={t('clients:detail.notFound.title')}
          description={t('clients:detail.notFound.text')}
          action={
            <Link to="/clients" className={buttonClasses('primary')}>
              {t('clients:detail.backToList')}
            </Link>
          }
        />
      </Card>
    ) : (
      <div>
        <PageHeader title={t('navigation:routes.clients')} />
        <Alert tone="error" title={t('clients:detail.loadError')}>
          {apiErrorMessage(client.error, t)}
        </Alert>
      </div>
    );
  }
  if (edit) return <ClientFormPage client={client.data} />;
  return <ClientView client={client.data} />;
}

function ClientView({ client }: { client: TClient }) {
  const { t } = useTranslation(['clients', 'buttons', 'common', 'mail']);
  const navigate = useNavigate();
  const { organizationId, canManage } = useClientPermissions();
  const archive = useArchiveClient(organizationId);
  const remove = useDeleteClient(organizationId);
  const statement = useSendStatement(organizationId);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [inUse, setInUse] = useState(false);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const name = clientName(client, t('clients:unnamed'));
  const archived = !!client.archivedAt;

  const toggleArchive = () =>
    archive.mutate(
      { id: client.id, archived: !archived },
      {
        onSuccess: (saved) => {
          setConfirmOpen(false);
          toast.success(
            saved.archivedAt ? t('clients:detail.archivedToast') : t('clients:detail.restoredToast'),
          );
        },
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );

  const sendStatement = () =>
    statement.mutate(client.id, {
      onSuccess: (result) =>
        toastDelivery(t, result.activity, t('clients:detail.statementSent', { email: client.email })),
      onError: (error) => toast.error(apiErrorMessage(error, t)),
    });

  const confirmDelete = () =>
    remove.mutate(client.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast.success(t('clients:detail.deletedToast', { name }));
        void navigate('/clients', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'IN_USE') setInUse(true);
        else toast.error(apiErrorMessage(error, t));
      },
    });

  // "20121 Milano (MI)": the sigla for Italy, the region as written elsewhere.
  const province = client.province && client.country === 'IT' ? `(${client.province})` : client.province;

  return (
    <div>
      <Link
        to="/clients"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('clients:detail.backToList')}
      </Link>
      <PageHeader
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="primary">{t(`clients:types.${client.type}`)}</Badge>
            {client.isPublicAdministration ? (
              <Badge tone="neutral">{t('clients:fields.publicAdministration')}</Badge>
            ) : null}
            {archived ? <ArchivedBadge /> : null}
          </span>
        }
        actions={
          canManage ? (
            <>
              <Link to={`/clients/${client.id}?edit=1`} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('clients:actions.edit')}
              </Link>
              {client.email ? (
                <Button variant="outline" onClick={sendStatement} loading={statement.isPending}>
                  <Mail aria-hidden="true" className="size-4" />
                  {t('clients:actions.sendStatement')}
                </Button>
              ) : null}
              <Button variant="outline" onClick={toggleArchive} loading={archive.isPending}>
                {archived ? (
                  <ArchiveRestore aria-hidden="true" className="size-4" />
                ) : (
                  <Archive aria-hidden="true" className="size-4" />
                )}
                {archived ? t('clients:actions.restore') : t('clients:actions.archive')}
              </Button>
              <Button
                variant="outline"
                className="text-danger"
                onClick={() => {
                  setInUse(false);
                  setConfirmOpen(true);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('clients:actions.delete')}
              </Button>
            </>
          ) : null
        }
      />
      {archived ? (
        <Alert tone="warning" className="mb-6" title={t('clients:detail.archivedTitle')}>
          {t('clients:detail.archivedText', { date: formatDate(client.archivedAt!, locale) })}
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader title={t('clients:detail.sections.identity')} />
            <CardContent>
              <Facts
                items={[
                  [client.type === 'company' ? t('clients:fields.companyName') : null, client.companyName],
                  [
                    client.type === 'company'
                      ? t('clients:fields.contactPerson')
                      : t('clients:fields.fullName'),
                    client.fullName,
                  ],
                  [
                    t('clients:fields.email'),
                    client.email && <a href={`mailto:${client.email}`}>{client.email}</a>,
                  ],
                  [
                    t('clients:fields.phone'),
                    client.phone && <a href={`tel:${client.phone}`}>{client.phone}</a>,
                  ],
                  [t('clients:fields.address'), client.address],
                  [
                    t('clients:fields.city'),
                    [client.postalCode, client.city, province].filter(Boolean).join(' ') || null,
                  ],
                  [t('clients:fields.country'), countryName(client.country, lang)],
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={t('clients:detail.sections.tax')} />
            <CardContent>
              <Facts
                items={[
                  [
                    client.country === 'IT' ? t('clients:fields.vatNumberIt') : t('clients:fields.vatNumber'),
                    client.vatNumber,
                  ],
                  [t('clients:fields.codiceFiscale'), client.codiceFiscale],
                  client.isPublicAdministration
                    ? [t('clients:fields.paOfficeCode'), client.paOfficeCode]
                    : [t('clients:fields.sdiCode'), client.sdiCode],
                  [t('clients:fields.pec'), client.pec],
                  [t('clients:fields.preferredLanguage'), t(`clients:languages.${client.preferredLanguage}`)],
                  [
                    t('clients:fields.paymentTermsDays'),
                    client.paymentTermsDays === 0
                      ? t('clients:detail.immediatePayment')
                      : t('clients:detail.days', { count: client.paymentTermsDays }),
                  ],
                ]}
              />
            </CardContent>
          </Card>
          {client.notes ? (
            <Card>
              <CardHeader title={t('clients:fields.notes')} />
              <CardContent>
                <p className="text-sm whitespace-pre-wrap text-foreground">{client.notes}</p>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <Timeline client={client} />
      </div>

      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent
          title={inUse ? t('clients:delete.inUseTitle') : t('clients:delete.title')}
          description={inUse ? undefined : t('clients:delete.text', { name })}
          closeLabel={t('buttons:close')}
        >
          {inUse ? (
            <div className="grid gap-4">
              <Alert tone="warning">{t('clients:delete.inUseText')}</Alert>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => setConfirmOpen(false)}>
                  {t('buttons:close')}
                </Button>
                {!archived ? (
                  <Button onClick={toggleArchive} loading={archive.isPending}>
                    <Archive aria-hidden="true" className="size-4" />
                    {t('clients:delete.archiveInstead')}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirmOpen(false)}>
                {t('buttons:cancel')}
              </Button>
              <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('clients:delete.confirm')}
              </Button>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** A definition list that leaves out empty facts and shows a dash when all are empty. */
function Facts({ items }: { items: [string | null, ReactNode][] }) {
  const shown = items.filter(
    ([label, value]) => label && value !== null && value !== undefined && value !== '',
  );
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-foreground [&_a]:text-primary [&_a]:hover:underline">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ client }: { client: TClient }) {
  const { t } = useTranslation(['clients', 'common', 'buttons', 'quotes', 'invoices', 'mail']);
  const { organizationId } = useClientPermissions();
  const timeline = useClientTimeline(organizationId, client.id);
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
            {timeline.data.items.map((entry) => (
              <TimelineItem key={entry.id} entry={entry} locale={locale} />
            ))}
          </ol>
          {timeline.data.hasMore ? (
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

function TimelineItem({ entry, locale }: { entry: TClientTimelineEntry; locale: string }) {
  const { t } = useTranslation(['clients', 'quotes', 'invoices', 'mail']);
  let icon: ReactNode;
  let title: ReactNode;
  let detail: ReactNode = null;
  if (entry.kind === 'transaction') {
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
