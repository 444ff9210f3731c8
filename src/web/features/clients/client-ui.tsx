import { useTranslation } from 'react-i18next';
import { Building2, User } from 'lucide-react';
import { clientDisplayName, type TClient } from '@shared/clients/contracts.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';

/** What the signed-in role may do with clients (the server checks the same matrix). */
export function useClientPermissions() {
  const me = useSignedInMe();
  return {
    organizationId: me.activeOrganizationId,
    canManage: me.permissions.includes('manage_financial_data'),
    canExport: me.permissions.includes('export_financial_data'),
  };
}

export function clientName(client: Pick<TClient, 'companyName' | 'fullName'>, fallback: string) {
  return clientDisplayName(client) || fallback;
}

/** The round icon of a client: a building for companies, a person otherwise. */
export function ClientAvatar({ type, className }: { type: TClient['type']; className?: string }) {
  const Icon = type === 'person' ? User : Building2;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

export function ArchivedBadge() {
  const { t } = useTranslation('clients');
  return <Badge tone="warning">{t('clients:status.archived')}</Badge>;
}
