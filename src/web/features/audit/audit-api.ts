import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditSeverity } from '@shared/security/audit.ts';
import type { TAuditLogPage, TAuditUserList } from '@shared/security/audit-contracts.ts';
import { api, apiDownload } from '@web/app/api.ts';

/** The filter bar's values; '' means "any". Days are YYYY-MM-DD of the organization's time zone. */
export interface AuditFilters {
  userId: string;
  action: string;
  severity: '' | AuditSeverity;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { userId: '', action: '', severity: '', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 20;

export const auditKey = (orgId: string | null) => ['audit-log', orgId] as const;

export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export function useAuditLog(orgId: string | null, filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...auditKey(orgId), 'list', filters, page],
    queryFn: ({ signal }) => {
      const params = filterParams(filters);
      params.set('page', String(page));
      params.set('pageSize', String(AUDIT_PAGE_SIZE));
      return api<TAuditLogPage>(`/api/v1/security/audit-logs?${params}`, { signal });
    },
    enabled: !!orgId,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useAuditUsers(orgId: string | null) {
  return useQuery({
    queryKey: [...auditKey(orgId), 'users'],
    queryFn: ({ signal }) => api<TAuditUserList>('/api/v1/security/audit-logs/users', { signal }),
    enabled: !!orgId,
    staleTime: 5 * 60_000,
  });
}

/** The CSV of the filtered entries; the step-up dialog opens by itself when the server asks for it. */
export function downloadAuditCsv(filters: AuditFilters, fallbackName: string) {
  const query = filterParams(filters).toString();
  return apiDownload(`/api/v1/security/audit-logs/export${query ? `?${query}` : ''}`, { fallbackName });
}
