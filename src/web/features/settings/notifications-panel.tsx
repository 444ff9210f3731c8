import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { BellRing } from 'lucide-react';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { liveStatusText } from '@web/features/notifications/live-connection.ts';

/** The live channel's state and a test notification pushed back by the server. */
export function NotificationsPanel() {
  const { t } = useTranslation(['settings', 'notifications', 'common']);
  const { status } = useNotifications();
  const statusText = liveStatusText(status);
  const send = useMutation({
    mutationFn: () => api<{ id: string }>('/api/v1/notifications/test', { method: 'POST', body: {} }),
    onSuccess: () => toast.success(t('settings:notifications.sent')),
    onError: (error) => toast.error(apiErrorMessage(error, t)),
  });
  return (
    <Card className="max-w-2xl">
      <CardHeader
        icon={<BellRing aria-hidden="true" className="size-5" />}
        title={t('settings:notifications.title')}
        description={t('settings:notifications.description')}
      />
      <CardContent className="flex flex-col gap-5">
        <p className="flex items-center gap-2 text-sm">
          <span
            aria-hidden="true"
            className={cn('size-2.5 rounded-full', status.connected ? 'bg-success' : 'bg-muted-foreground')}
          />
          <span className="text-foreground">{t(statusText.key, statusText.values)}</span>
        </p>
        <div>
          <Button onClick={() => send.mutate()} loading={send.isPending}>
            {t('settings:notifications.sendTest')}
          </Button>
          <p className="mt-2 text-xs text-muted-foreground">{t('settings:notifications.sendTestHint')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
