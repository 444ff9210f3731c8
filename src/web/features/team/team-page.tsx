import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { ApiError } from '@web/app/api.ts';
import { meQueryKey } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Button } from '@web/ui/button.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { LeaveCard } from './leave-card.tsx';
import { MembersCard } from './members-card.tsx';
import { useTeam } from './team-api.ts';
import { isOnlySuperAdmin } from './team-rules.ts';
import { useTeamAccess } from './team-ui.tsx';

/**
 * /organization (super_admin and admin, by the route table): members and roles, pending invitations, the
 * invite dialog and leaving the organization.
 */
export function OrganizationPage() {
  const { t } = useTranslation(['team', 'navigation']);
  useDocumentTitle(t('navigation:routes.organization'));
  const access = useTeamAccess();
  const team = useTeam(access.orgId);
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);

  // Refused now (the role changed or the member was removed since the page opened): reload the session so
  // the shell shows what this member may see.
  useEffect(() => {
    const error = team.error;
    if (error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'ORGANIZATION_REQUIRED')) {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  }, [team.error, queryClient]);

  const members = team.data?.members ?? [];
  const self = members.find((m) => m.isYou);
  const onlySuperAdmin = !!self && isOnlySuperAdmin(self, members);
  const inviteButton = access.canManage ? (
    <Button onClick={() => setInviting(true)} className="w-full sm:w-auto">
      <UserPlus aria-hidden="true" className="size-4" />
      {t('team:invite.open')}
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader
        title={t('team:page.title')}
        description={t('team:page.description', { organization: access.organizationName })}
        actions={inviteButton}
      />
      <div className="flex flex-col gap-6">
        <MembersCard />
        {access.canManage ? <InvitationsCard /> : null}
        <LeaveCard onlySuperAdmin={onlySuperAdmin} />
      </div>
      <Dialog open={inviting} onOpenChange={setInviting}>
        {inviting ? <InviteMemberDialog onDone={() => setInviting(false)} /> : null}
      </Dialog>
    </div>
  );
}
