import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Pencil, Users, UserX } from 'lucide-react';
import { countryName } from '@shared/clients/countries.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TSupplierDetail } from '@shared/suppliers/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Facts } from '@web/ui/facts.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { moneyText } from '@web/features/purchases/purchase-codes.ts';
import { AlsoClientBadge } from './supplier-list.tsx';
import { SupplierEditDialog } from './supplier-edit-dialog.tsx';
import { SupplierInvoices } from './supplier-invoices.tsx';
import { useSupplier } from './suppliers-api.ts';
import { contactsViewPath } from './contacts-view.ts';

/**
 * /suppliers/:id: a supplier as the client page shows a client (facts, cards): registry data, what was bought and
 * what is owed, its open instalments and received invoices, and the client record when the contact is both.
 */
export function SupplierPage() {
  const { id } = useParams();
  const { t } = useTranslation(['clients', 'common']);
  const orgId = useSignedInMe().activeOrganizationId;
  const supplier = useSupplier(orgId, id);
  useDocumentTitle(supplier.data?.name ?? t('clients:suppliers.list.title'));

  if (supplier.isPending) {
    return (
      <Card>
        <SkeletonRows avatar rows={4} label={t('common:loading')} />
      </Card>
    );
  }
  if (supplier.isError) {
    const missing = supplier.error instanceof ApiError && supplier.error.status === 404;
    return missing ? (
      <Card>
        <EmptyState
          headingLevel="h1"
          icon={<UserX aria-hidden="true" />}
          title={t('clients:suppliers.detail.notFound.title')}
          description={t('clients:suppliers.detail.notFound.text')}
          action={
            <Link to={contactsViewPath('suppliers')} className={buttonClasses('primary')}>
              {t('clients:suppliers.detail.backToList')}
            </Link>
          }
        />
      </Card>
    ) : (
      <div>
        <PageHeader title={t('clients:suppliers.list.title')} />
        <Alert tone="error" title={t('clients:suppliers.detail.loadError')}>
          {apiErrorMessage(supplier.error, t)}
        </Alert>
      </div>
    );
  }
  return <SupplierView supplier={supplier.data} orgId={orgId} />;
}

function SupplierView({ supplier: s, orgId }: { supplier: TSupplierDetail; orgId: string | null }) {
  const { t } = useTranslation(['clients', 'purchases']);
  const me = useSignedInMe();
  const canManage = me.permissions.includes('manage_financial_data');
  const [editing, setEditing] = useState(false);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const money = (cents: number) => moneyText(cents, 'EUR', locale);
  const town = [s.postalCode, s.city].filter(Boolean).join(' ');
  const place = s.province ? `${town} (${s.province})`.trim() : town;

  return (
    <div>
      <Link
        to={contactsViewPath('suppliers')}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('clients:suppliers.detail.backToList')}
      </Link>
      <PageHeader
        title={s.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="neutral">{t('clients:suppliers.detail.badge')}</Badge>
            <AlsoClientBadge clientId={s.clientId} />
          </span>
        }
        actions={
          canManage ? (
            <Button onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('clients:suppliers.edit.action')}
            </Button>
          ) : null
        }
      />
      {s.clientId ? (
        <Alert tone="info" className="mb-6" title={t('clients:suppliers.detail.alsoClientTitle')}>
          <p>{t('clients:suppliers.detail.alsoClientText')}</p>
          <Link
            to={`/clients/${s.clientId}`}
            className="mt-2 inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
          >
            <Users aria-hidden="true" className="size-4" />
            {t('clients:suppliers.detail.openClient')}
          </Link>
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader title={t('clients:suppliers.detail.sections.identity')} />
            <CardContent>
              <Facts
                className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2"
                items={[
                  [t('clients:suppliers.detail.fields.name'), s.name],
                  [t('clients:suppliers.detail.fields.vatNumber'), s.vatNumber],
                  [t('clients:suppliers.detail.fields.taxCode'), s.taxCode],
                  [t('clients:suppliers.detail.fields.address'), s.address],
                  [t('clients:suppliers.detail.fields.city'), place || null],
                  [
                    t('clients:suppliers.detail.fields.country'),
                    s.country ? countryName(s.country, lang) : null,
                  ],
                ]}
              />
            </CardContent>
          </Card>
          <SupplierInvoices orgId={orgId} supplier={s} />
          <LinkedDocuments recordType="supplier" recordId={s.id} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader
              title={t('clients:suppliers.detail.sections.totals')}
              description={t('clients:suppliers.detail.totalsHint')}
            />
            <CardContent>
              <Facts
                className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm"
                items={[
                  [t('clients:suppliers.detail.totals.invoices'), String(s.invoiceCount)],
                  [t('clients:suppliers.detail.totals.purchased'), money(s.purchasedCents)],
                  [t('clients:suppliers.detail.totals.open'), money(s.openCents)],
                  [
                    t('clients:suppliers.detail.totals.lastInvoice'),
                    s.lastInvoiceDate ? formatDate(s.lastInvoiceDate, locale) : null,
                  ],
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={t('clients:suppliers.detail.sections.payables')} />
            {s.payables.length === 0 ? (
              <CardContent>
                <p className="text-sm text-muted-foreground">{t('clients:suppliers.detail.payablesEmpty')}</p>
              </CardContent>
            ) : (
              <ul
                aria-label={t('clients:suppliers.detail.payablesCaption')}
                className="divide-y divide-border"
              >
                {s.payables.map((p) => (
                  <li
                    key={`${p.invoiceId}-${p.dueDate}`}
                    className="flex items-center justify-between gap-3 px-5 py-3 text-sm"
                  >
                    <div className="min-w-0">
                      <Link
                        to={`/purchase-invoices/${p.invoiceId}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {t('clients:suppliers.detail.payable.invoice')} {p.number}
                      </Link>
                      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <span>
                          {t('clients:suppliers.detail.payable.due')} {formatDate(p.dueDate, locale)}
                        </span>
                        {p.overdue ? (
                          <Badge tone="danger">{t('clients:suppliers.detail.payable.overdue')}</Badge>
                        ) : null}
                      </div>
                    </div>
                    <span className="shrink-0 font-medium tabular-nums">{money(p.openCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
      <SupplierEditDialog supplier={s} orgId={orgId} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
