import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { BACKUP_CODES_PER_SET } from '@shared/security/account-contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { BackupCodesView } from './backup-codes-view.tsx';
import { isStepUpCancelled } from './step-up-cancelled.ts';
import { useDisableTwoFactor, useRegenerateBackupCodes, useTwoFactorStatus } from './security-api.ts';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

/** Backup codes left at which the card suggests a new set. */
const LOW_BACKUP_CODES = 2;

type Open = 'setup' | 'disable' | 'regenerate' | null;

/** Settings → Security: two-factor authentication (TOTP) with its backup codes. */
export function TwoFactorCard() {
  const { t } = useTranslation(['security', 'buttons', 'common']);
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [open, setOpen] = useState<Open>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const s = status.data;

  const badge = !s ? null : s.enabled ? (
    <Badge tone="success">{t('security:twoFactor.status.on')}</Badge>
  ) : s.pending ? (
    <Badge tone="warning">{t('security:twoFactor.status.pending')}</Badge>
  ) : (
    <Badge>{t('security:twoFactor.status.off')}</Badge>
  );

  return (
    <Card data-testid="two-factor-card">
      <CardHeader
        icon={<ShieldCheck aria-hidden="true" className="size-5" />}
        title={t('security:twoFactor.title')}
        description={t('security:twoFactor.description')}
        action={badge}
      />
      <CardContent>
        {status.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('common:loading')} />
          </div>
        ) : status.isError ? (
          <Alert tone="error" title={t('security:twoFactor.loadError')}>
            <p>{apiErrorMessage(status.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void status.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        ) : s?.enabled ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">{t('security:twoFactor.onText')}</p>
            <div className="flex items-start gap-3 rounded-md border border-border p-3">
              <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-foreground">{t('security:twoFactor.backupTitle')}</p>
                <p className="text-muted-foreground" data-testid="backup-codes-remaining">
                  {t('security:twoFactor.backupRemaining', {
                    count: s.backupCodesRemaining ?? 0,
                    total: BACKUP_CODES_PER_SET,
                  })}
                </p>
                {(s.backupCodesRemaining ?? 0) <= LOW_BACKUP_CODES ? (
                  <p className="mt-1 font-medium text-warning-soft-foreground">
                    {t('security:twoFactor.backupLow')}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setOpen('regenerate')}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {t('security:twoFactor.regenerate')}
              </Button>
              <Button variant="outline" onClick={() => setOpen('disable')}>
                <ShieldOff aria-hidden="true" className="size-4" />
                {t('security:twoFactor.disable')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">
              {s?.pending ? t('security:twoFactor.pendingText') : t('security:twoFactor.offText')}
            </p>
            <div>
              <Button onClick={() => setOpen('setup')}>
                <ShieldCheck aria-hidden="true" className="size-4" />
                {s?.pending ? t('security:twoFactor.restart') : t('security:twoFactor.enable')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>

      <Dialog open={open === 'setup'} onOpenChange={(next) => !next && setOpen(null)}>
        {open === 'setup' ? <TwoFactorSetupDialog onClose={() => setOpen(null)} /> : null}
      </Dialog>

      <ConfirmDialog
        open={open === 'disable'}
        onOpenChange={(next) => setOpen(next ? 'disable' : null)}
        title={t('security:twoFactor.disableConfirm.title')}
        description={t('security:twoFactor.disableConfirm.text')}
        confirmLabel={t('security:twoFactor.disableConfirm.confirm')}
        danger
        loading={disable.isPending}
        onConfirm={() =>
          disable.mutate(undefined, {
            onSuccess: () => {
              setOpen(null);
              toast.success(t('security:twoFactor.toast.disabled'));
            },
            onError: (error) => {
              if (!isStepUpCancelled(error)) toast.error(apiErrorMessage(error, t));
            },
          })
        }
      />

      <ConfirmDialog
        open={open === 'regenerate'}
        onOpenChange={(next) => setOpen(next ? 'regenerate' : null)}
        title={t('security:twoFactor.regenerateConfirm.title')}
        description={t('security:twoFactor.regenerateConfirm.text')}
        confirmLabel={t('security:twoFactor.regenerateConfirm.confirm')}
        loading={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: ({ backupCodes }) => {
              setOpen(null);
              setFreshCodes(backupCodes);
              toast.success(t('security:twoFactor.toast.regenerated'));
            },
            onError: (error) => {
              if (!isStepUpCancelled(error)) toast.error(apiErrorMessage(error, t));
            },
          })
        }
      />

      <Dialog open={freshCodes !== null} onOpenChange={(next) => !next && setFreshCodes(null)}>
        {freshCodes ? (
          <DialogContent
            title={t('security:backupCodes.title')}
            closeLabel={t('buttons:close')}
            className="max-w-xl"
          >
            <BackupCodesView codes={freshCodes} onDone={() => setFreshCodes(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
