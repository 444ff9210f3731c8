import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Download, ScrollText, SearchX } from 'lucide-react';
import { AUDIT_EXPORT_LIMIT } from '@shared/security/audit-contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import {
  AUDIT_PAGE_SIZE,
  NO_FILTERS,
  auditKey,
  downloadAuditCsv,
  useAuditLog,
  useAuditUsers,
  type AuditFilters,
} from './audit-api.ts';
import { AuditEntries } from './audit-entries.tsx';
import { AuditFilterBar, isFiltered, rangeInvalid } from './audit-filters.tsx';

/**
 * Settings → Audit log (view_audit_logs): the security events of the organization and of its members'
 * accounts, filtered by user, action, severity and days, newest first, with the CSV export
 * (export_audit_logs; the server asks for a recent step-up, the dialog opens by itself).
 */
export function AuditLogPanel() {
  const { t } = useTranslation('common');
  // The namespace loads here, not by suspending the whole settings page.
  return (
    <Suspense fallback={<BlockSpinner label={t('common:loading')} />}>
      <AuditLog />
    </Suspense>
  );
}

function AuditLog() {
  const { t } = useTranslation(['audit', 'buttons', 'common']);
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const queryClient = useQueryClient();
  const locale = localeOf(currentLanguage());
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const invalid = rangeInvalid(filters);
  const list = useAuditLog(invalid ? null : orgId, filters, page);
  const users = useAuditUsers(orgId);
  const canExport = me.permissions.includes('export_audit_logs');

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  // A page past the end (the log shrank under the filters) goes back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages]);

  const update = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const doExport = async () => {
    setExporting(true);
    try {
      const { fileName } = await downloadAuditCsv(filters, t('audit:export.fallbackName'));
      toast.success(t('audit:export.done', { fileName }));
      // The export is itself an entry of the log.
      await queryClient.invalidateQueries({ queryKey: auditKey(orgId) });
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const limit = formatNumber(AUDIT_EXPORT_LIMIT, locale);

  return (
    <Card>
      <CardHeader
        icon={<ScrollText aria-hidden="true" className="size-5" />}
        title={t('audit:title')}
        description={t('audit:description')}
        action={
          canExport ? (
            <Button
              variant="outline"
              onClick={doExport}
              loading={exporting}
              disabled={invalid}
              className="w-full sm:w-auto"
            >
              {exporting ? null : <Download aria-hidden="true" className="size-4" />}
              {t('audit:export.button')}
            </Button>
          ) : null
        }
      />
      <AuditFilterBar filters={filters} users={users.data?.items ?? []} onChange={update} />
      {list.data ? (
        <div className="flex flex-col gap-1 border-b border-border px-5 py-2.5 text-xs text-muted-foreground">
          <p>{t('audit:timeZoneNote', { timeZone: list.data.timeZone })}</p>
          {canExport ? (
            <p>
              {total > AUDIT_EXPORT_LIMIT
                ? t('audit:export.tooMany', { total: formatNumber(total, locale), limit })
                : t('audit:export.limit', { limit })}
            </p>
          ) : null}
        </div>
      ) : null}

      {invalid ? (
        <div className="p-5">
          <Alert tone="warning">{t('audit:filters.rangeInvalid')}</Alert>
        </div>
      ) : list.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : list.isError ? (
        <LoadError title={t('audit:loadError')} onRetry={() => void list.refetch()}>
          <p>{apiErrorMessage(list.error, t)}</p>
        </LoadError>
      ) : list.data.items.length === 0 ? (
        isFiltered(filters) ? (
          <EmptyState
            headingLevel="h3"
            icon={<SearchX aria-hidden="true" />}
            title={t('audit:empty.filteredTitle')}
            description={t('audit:empty.filteredText')}
            action={
              <Button variant="outline" onClick={() => update(NO_FILTERS)}>
                {t('audit:filters.reset')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            headingLevel="h3"
            icon={<ScrollText aria-hidden="true" />}
            title={t('audit:empty.title')}
            description={t('audit:empty.text')}
          />
        )
      ) : (
        <>
          <AuditEntries
            items={list.data.items}
            timeZone={list.data.timeZone}
            busy={list.isPlaceholderData && list.isFetching}
          />
          <Pagination
            label={t('audit:pagination')}
            page={page}
            pages={pages}
            summary={t('audit:pageOf', {
              page: formatNumber(page, locale),
              pages: formatNumber(pages, locale),
              count: total,
            })}
            onPage={(p) => setPage(Math.min(pages, Math.max(1, p)))}
            announce
          />
        </>
      )}
    </Card>
  );
}
