import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { LogOut } from 'lucide-react';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { meQueryKey, refreshSession } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { leaveOrganization } from './team-api.ts';
import { useTeamAccess } from './team-ui.tsx';

/**
 * Leaving the organization (any member; the last super admin appoints another one first). Afterwards nothing of
 * the organization stays cached and the shell picks what comes next: the only other organization, the choice
 * among several, or onboarding.
 */
export function LeaveCard({ onlySuperAdmin }: { onlySuperAdmin: boolean }) {
  const { t } = useTranslation(['team', 'buttons']);
  const access = useTeamAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const organization = access.organizationName;
  const leave = useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async () => {
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'public-config',
      });
      await refreshSession(queryClient);
      toast.success(t('team:leave.done', { organization }));
      navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(apiErrorMessage(error, t));
    },
  });

  return (
    <Card className="border-danger/30">
      <CardHeader
        icon={<LogOut aria-hidden="true" className="size-5" />}
        title={t('team:leave.title')}
        description={
          onlySuperAdmin ? t('team:leave.lastSuperAdmin') : t('team:leave.description', { organization })
        }
        action={
          <Button
            variant="outline"
            className="w-full text-danger hover:text-danger sm:w-auto"
            disabled={onlySuperAdmin}
            onClick={() => setConfirming(true)}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('team:leave.button')}
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => (leave.isPending ? null : setConfirming(next))}
        title={t('team:leave.confirmTitle', { organization })}
        description={t('team:leave.confirmText')}
        confirmLabel={t('team:leave.confirm')}
        danger
        loading={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </Card>
  );
}
