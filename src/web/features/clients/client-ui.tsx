import { useTranslation } from 'react-i18next';
import { Building2, User } from 'lucide-react';
import { clientDisplayName, type TClient } from '@shared/clients/contracts.ts';
import { clientMessage } from '@shared/clients/messages.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { currentLanguage } from '@web/app/i18n.ts';
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

/** A field message: a translation key of the shared contracts becomes its text; any other text stays. */
export function fieldText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const lang = currentLanguage();
  return fieldMessage(message, lang) ?? clientMessage(message, lang);
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

/** Placeholder bars while a list loads. */
export function SkeletonRows({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div className="divide-y divide-border" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-5 py-4" aria-hidden="true">
          <div className="size-9 shrink-0 animate-pulse rounded-full bg-surface-muted" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="h-3.5 w-2/5 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-3/5 animate-pulse rounded bg-surface-muted" />
          </div>
          <div className="hidden h-3 w-24 animate-pulse rounded bg-surface-muted sm:block" />
        </div>
      ))}
    </div>
  );
}
