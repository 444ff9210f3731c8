import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Building2, ChevronsUpDown } from 'lucide-react';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { meQueryKey, type Me } from '@web/app/session.ts';
import { Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '@web/ui/menu.tsx';

/** Makes another organization active; every cached query of the previous one is dropped. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn: (organizationId: string) =>
      api<Me>('/api/v1/organizations/active', { method: 'PUT', body: { organizationId } }),
    onSuccess: (me) => {
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'public-config',
      });
      queryClient.setQueryData(meQueryKey, me);
    },
    onError: (error) => {
      toast.error(apiErrorMessage(error, t));
    },
  });
}

/** Shown in the top bar when the user belongs to several organizations. */
export function OrganizationSwitcher({ me }: { me: Me }) {
  const { t } = useTranslation(['organization', 'common']);
  const switchOrg = useSwitchOrganization();
  const active = me.organizations.find((o) => o.id === me.activeOrganizationId);
  return (
    <Menu>
      <MenuTrigger
        aria-label={t('organization:switcher.label', { name: active?.name ?? '' })}
        className="flex h-10 max-w-56 items-center gap-2 rounded-md border border-border px-2.5 text-sm font-medium text-foreground hover:bg-surface-muted"
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="hidden truncate md:inline">{active?.name ?? t('organization:switcher.none')}</span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </MenuTrigger>
      <MenuContent align="start" className="w-64">
        <MenuLabel>{t('organization:switcher.title')}</MenuLabel>
        <MenuRadioGroup
          value={me.activeOrganizationId ?? ''}
          onValueChange={(id) => {
            if (id !== me.activeOrganizationId) switchOrg.mutate(id);
          }}
        >
          {me.organizations.map((org) => (
            <MenuRadioItem key={org.id} value={org.id}>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{org.name}</span>
                <span className="text-xs text-muted-foreground">{t(`common:roles.${org.role}`)}</span>
              </span>
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
