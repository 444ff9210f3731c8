import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/ui/toast.ts';
import { ArrowLeft } from 'lucide-react';
import {
  ZClientInput,
  type TClient,
  type TClientFormValues,
  type TClientInput,
} from '@shared/clients/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { emptyValues, toFormValues } from './client-form-values.ts';
import {
  AddressSection,
  ContactsSection,
  IdentitySection,
  NotesSection,
  PreferencesSection,
} from './client-form-sections.tsx';
import { TaxSection } from './client-form-tax-section.tsx';
import { isQueuedOffline } from '@web/features/offline/offline-queue.ts';
import { clientFieldIssues, useSaveClient } from './clients-api.ts';
import { clientName, useClientPermissions } from './client-ui.tsx';

/**
 * /clients/new and /clients/:id?edit=1: the client form, grouped as Italian invoicing software groups it
 * (anagrafica, contatti, indirizzo, dati fiscali e fatturazione elettronica, preferenze, note). Checked with the
 * same zod contract as the server; the server's field errors (duplicates included) land on their field.
 */
export function ClientFormPage({ client }: { client?: TClient }) {
  const { t } = useTranslation(['clients', 'buttons', 'forms', 'common']);
  const navigate = useNavigate();
  const { organizationId, canManage } = useClientPermissions();
  const save = useSaveClient(organizationId);
  const title = client
    ? t('clients:form.editTitle', { name: clientName(client, t('clients:unnamed')) })
    : t('clients:form.newTitle');
  useDocumentTitle(title);

  const form = useForm<TClientFormValues, unknown, TClientInput>({
    resolver: zodResolver(ZClientInput),
    defaultValues: client ? toFormValues(client) : emptyValues(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const type = form.watch('type');
  const country = (form.watch('country') || 'IT').toUpperCase();
  const isPa = !!form.watch('isPublicAdministration');
  const backTo = client ? `/clients/${client.id}` : '/clients';

  const submit = form.handleSubmit(
    async (values) => {
      // A person has no company name: a value typed before switching type is dropped.
      const body: TClientInput = values.type === 'person' ? { ...values, companyName: null } : values;
      try {
        const saved = await save.mutateAsync({ id: client?.id, values: body });
        toast.success(client ? t('clients:form.updated') : t('clients:form.created'));
        void navigate(`/clients/${saved.id}`);
      } catch (error) {
        if (isQueuedOffline(error)) {
          toast(t('common:offline.clientQueued'));
          void navigate('/clients');
          return;
        }
        const issues = clientFieldIssues(error);
        for (const issue of issues) {
          form.setError(
            issue.path as FieldPath<TClientFormValues>,
            { message: issue.message },
            { shouldFocus: true },
          );
        }
        toast.error(apiErrorMessage(error, t));
      }
    },
    () => toast.error(t('clients:form.invalid')),
  );

  if (!canManage) {
    return (
      <div>
        <PageHeader title={title} />
        <Alert tone="info">{t('clients:form.readOnly')}</Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to={backTo}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {client ? t('clients:form.backToClient') : t('clients:form.backToList')}
      </Link>
      <PageHeader title={title} description={t('clients:form.description')} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Card>
          <fieldset disabled={save.isPending} className="min-w-0">
            <legend className="sr-only">{title}</legend>
            <CardContent className="grid gap-8 py-6">
              <IdentitySection form={form} type={type} />
              <ContactsSection form={form} />
              <AddressSection form={form} country={country} />
              <TaxSection form={form} country={country} isPa={isPa} />
              <PreferencesSection form={form} />
              <NotesSection form={form} />
            </CardContent>
            <div className="flex flex-col-reverse gap-3 border-t border-border px-5 py-4 sm:flex-row sm:justify-end">
              <Link to={backTo} className={buttonClasses('outline')}>
                {t('buttons:cancel')}
              </Link>
              <Button type="submit" loading={save.isPending}>
                {client ? t('buttons:save') : t('clients:form.create')}
              </Button>
            </div>
          </fieldset>
        </Card>
      </form>
    </div>
  );
}
