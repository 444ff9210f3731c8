import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TBackupPage,
  TBackupPreview,
  TBackupRestoreResult,
  TBackupSource,
  TBackupSummary,
} from '@shared/backups/contracts.ts';
import { api, apiDownload } from '@web/app/api.ts';

export const BACKUPS_PAGE_SIZE = 10;
const BASE = '/api/v1/settings/backups';

export const backupsKey = (orgId: string | null) => ['settings-backups', orgId] as const;

export function useBackups(orgId: string | null, page: number) {
  return useQuery({
    queryKey: [...backupsKey(orgId), page],
    queryFn: ({ signal }) =>
      api<TBackupPage>(`${BASE}?page=${page}&pageSize=${BACKUPS_PAGE_SIZE}`, { signal }),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
  });
}

export const createBackup = () => api<TBackupSummary>(BASE, { method: 'POST' });

export const downloadBackup = (id: string, fallbackName: string) =>
  apiDownload(`${BASE}/${encodeURIComponent(id)}/download`, { fallbackName });

export const previewRestore = (source: TBackupSource) =>
  api<TBackupPreview>(`${BASE}/preview`, { method: 'POST', body: source });

/** The server asks for a recent step-up first: the dialog opens by itself and the request goes again. */
export const applyRestore = (source: TBackupSource) =>
  api<TBackupRestoreResult>(`${BASE}/restore`, { method: 'POST', body: source });
