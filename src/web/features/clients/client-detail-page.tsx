import { lazy, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import { Archive, ArchiveRestore, ArrowLeft, Mail, Pencil, Trash2, UserX } from 'lucide-react';
import type { TClient } from '@shared/clients/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { WriteEmailLink } from '@web/features/mailbox/write-email-link.tsx';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { useArchiveClient, useClient, useDeleteClient, useSendStatement } from './clients-api.ts';
import { ClientFacts } from './client-facts.tsx';
import { Timeline } from './client-timeline.tsx';
import { ArchivedBadge, clientName, useClientPermissions } from './client-ui.tsx';
import { AlsoSupplierLink } from './also-supplier-link.tsx';
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
            <AlsoSupplierLink clientId={client.id} />
          </span>
        }
        actions={
          <>
            {canManage ? (
              <Link to={`/clients/${client.id}?edit=1`} className={buttonClasses('primary')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('clients:actions.edit')}
              </Link>
            ) : null}
            <WriteEmailLink request={{ clientId: client.id }} hasAddress={!!client.email} />
            {canManage ? (
              <>
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
            ) : null}
          </>
        }
      />
      {archived ? (
        <Alert tone="warning" className="mb-6" title={t('clients:detail.archivedTitle')}>
          {t('clients:detail.archivedText', { date: formatDate(client.archivedAt!, locale) })}
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <ClientFacts client={client} />
          <LinkedDocuments recordType="client" recordId={client.id} />
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
