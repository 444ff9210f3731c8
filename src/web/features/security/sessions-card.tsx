import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { HelpCircle, LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import type { TAccountSession, TDeviceType } from '@shared/security/account-contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './security-api.ts';
import { lastActiveText, sessionName } from './session-text.ts';
import { isStepUpCancelled } from './step-up-cancelled.ts';

const DEVICE_ICONS: Record<TDeviceType, typeof Monitor> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: HelpCircle,
};

/** Settings → Security: the user's sessions, with revoke one and revoke all the others. */
export function SessionsCard() {
  const { t } = useTranslation(['security', 'buttons', 'common']);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<TAccountSession | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const locale = localeOf(currentLanguage());
  const now = Date.now();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;

  const failed = (error: unknown) => {
    if (!isStepUpCancelled(error)) toast.error(apiErrorMessage(error, t));
  };

  return (
    <Card>
      <CardHeader
        icon={<MonitorSmartphone aria-hidden="true" className="size-5" />}
        title={t('security:sessions.title')}
        description={t('security:sessions.description')}
        action={
          others > 0 ? (
            <Button variant="outline" size="sm" onClick={() => setConfirmOthers(true)}>
              <LogOut aria-hidden="true" className="size-4" />
              {t('security:sessions.revokeOthers')}
            </Button>
          ) : null
        }
      />
      {sessions.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('common:loading')} />
        </div>
      ) : sessions.isError ? (
        <div className="p-5">
          <Alert tone="error" title={t('security:sessions.loadError')}>
            <p>{apiErrorMessage(sessions.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void sessions.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-border" aria-label={t('security:sessions.listLabel')}>
            {items.map((session) => {
              const Icon = DEVICE_ICONS[session.deviceType];
              const name = sessionName(session, t);
              return (
                <li
                  key={session.id}
                  data-testid="session-row"
                  data-current={session.current || undefined}
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4"
                >
                  <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-muted text-muted-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </div>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
                      <span className="break-words">{name}</span>
                      <span className="sr-only">({t(`security:sessions.device.${session.deviceType}`)})</span>
                      {session.current ? (
                        <Badge tone="primary">{t('security:sessions.current')}</Badge>
                      ) : null}
                    </p>
                    <p className="mt-0.5 text-sm text-muted-foreground">
                      {session.ipAddress
                        ? t('security:sessions.ip', { ip: session.ipAddress })
                        : t('security:sessions.ipUnknown')}
                      {' · '}
                      <time
                        dateTime={session.lastActiveAt}
                        title={formatDateTime(session.lastActiveAt, locale)}
                      >
                        {t('security:sessions.lastActive', {
                          when: lastActiveText(session.lastActiveAt, now, locale, t),
                        })}
                      </time>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t('security:sessions.signedIn', { date: formatDateTime(session.createdAt, locale) })}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      aria-label={t('security:sessions.revokeLabel', { name })}
                      onClick={() => setTarget(session)}
                    >
                      {t('security:sessions.revoke')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others === 0 ? (
            <p className="border-t border-border px-5 py-3 text-sm text-muted-foreground">
              {t('security:sessions.onlyThis')}
            </p>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(next) => !next && setTarget(null)}
        title={t('security:sessions.revokeConfirm.title')}
        description={
          target ? t('security:sessions.revokeConfirm.text', { name: sessionName(target, t) }) : null
        }
        confirmLabel={t('security:sessions.revokeConfirm.confirm')}
        danger
        loading={revoke.isPending}
        onConfirm={() =>
          target &&
          revoke.mutate(target.id, {
            onSuccess: () => {
              setTarget(null);
              toast.success(t('security:sessions.toast.revoked'));
            },
            onError: failed,
          })
        }
      />

      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('security:sessions.revokeOthersConfirm.title')}
        description={t('security:sessions.revokeOthersConfirm.text', { count: others })}
        confirmLabel={t('security:sessions.revokeOthersConfirm.confirm')}
        danger
        loading={revokeOthers.isPending}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: ({ revoked }) => {
              setConfirmOthers(false);
              toast.success(t('security:sessions.toast.revokedOthers', { count: revoked }));
            },
            onError: failed,
          })
        }
      />
    </Card>
  );
}
