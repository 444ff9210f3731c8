import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { TClient } from '@shared/clients/contracts.ts';
import { Badge } from '@web/ui/badge.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { ArchivedBadge, ClientAvatar, clientName } from './client-ui.tsx';

function place(c: TClient) {
  return [
    c.city,
    c.province && c.country === 'IT' ? `(${c.province})` : null,
    c.country !== 'IT' ? c.country : null,
  ]
    .filter(Boolean)
    .join(' ');
}

function taxId(c: TClient) {
  return c.vatNumber ?? c.codiceFiscale ?? '';
}

/** A table on wide screens (sorted by name from its header), one card per client on phones. */
export function ClientTable({
  clients,
  sort,
  onSort,
}: {
  clients: TClient[];
  sort: string;
  onSort: (sort: string | undefined) => void;
}) {
  const { t } = useTranslation('clients');
  const columns: DataColumn<TClient>[] = [
    {
      id: 'name',
      header: t('clients:columns.name'),
      sortable: true,
      cell: (c) => (
        <div className="flex items-center gap-3">
          <ClientAvatar type={c.type} />
          <div className="min-w-0">
            <Link to={`/clients/${c.id}`} className="font-medium text-primary hover:underline">
              {clientName(c, t('clients:unnamed'))}
            </Link>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>{t(`clients:types.${c.type}`)}</span>
              {c.isPublicAdministration ? (
                <Badge tone="neutral" title={t('clients:fields.publicAdministration')}>
                  {t('clients:fields.publicAdministrationShort')}
                </Badge>
              ) : null}
              {c.archivedAt ? <ArchivedBadge /> : null}
            </div>
          </div>
        </div>
      ),
    },
    {
      id: 'contact',
      header: t('clients:columns.contact'),
      className: 'max-w-64 px-5 py-3',
      cell: (c) => (
        <>
          <div className="truncate text-foreground">{c.email ?? '—'}</div>
          {c.phone ? <div className="truncate text-xs text-muted-foreground">{c.phone}</div> : null}
        </>
      ),
    },
    {
      id: 'place',
      header: t('clients:columns.place'),
      className: 'px-5 py-3 text-muted-foreground',
      cell: (c) => place(c) || '—',
    },
    {
      id: 'taxId',
      header: t('clients:columns.taxId'),
      className: 'px-5 py-3 font-mono text-xs text-muted-foreground',
      cell: (c) => taxId(c) || '—',
    },
  ];
  return (
    <DataTable
      caption={t('clients:list.caption')}
      columns={columns}
      rows={clients}
      getRowId={(c) => c.id}
      sort={{ value: sort, onChange: onSort }}
      card={(c) => (
        <Link to={`/clients/${c.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted">
          <ClientAvatar type={c.type} className="mt-0.5" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-primary">{clientName(c, t('clients:unnamed'))}</span>
              {c.archivedAt ? <ArchivedBadge /> : null}
            </div>
            {c.email ? <div className="truncate text-sm text-foreground">{c.email}</div> : null}
            <div className="truncate text-xs text-muted-foreground">
              {[place(c), taxId(c)].filter(Boolean).join(' · ') || t(`clients:types.${c.type}`)}
            </div>
          </div>
          <ChevronRight aria-hidden="true" className="mt-2 size-4 shrink-0 text-muted-foreground" />
        </Link>
      )}
    />
  );
}
