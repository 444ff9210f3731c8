import { useTranslation } from 'react-i18next';
import { internalLink } from '@shared/notifications/rules.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import { apiDownload } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { toast } from '@web/ui/toast.ts';
import { NotificationIcon } from './notification-icon.tsx';

/** A report's file, offered by the report-ready toast (the API path of a scheduled report's last file). */
const REPORT_FILE = /^\/api\/v1\/reports\/schedules\/[0-9a-f-]{36}\/file$/;

/** The toast shown when a notification arrives (4 s, 6 s for a report, which offers its file and its page). */
export function NotificationToast({ notification }: { notification: TNotification }) {
  const { t } = useTranslation(['reports']);
  const file = notification.type === 'report' ? notification.data?.action : undefined;
  const page = notification.type === 'report' ? internalLink(notification.data?.url) : null;
  return (
    <div className="flex items-start gap-3">
      <NotificationIcon type={notification.type} />
      <div className="min-w-0">
        <p className="font-semibold">{notification.title}</p>
        <p className="mt-0.5 text-muted-foreground">{notification.message}</p>
        {file && REPORT_FILE.test(file) ? (
          <p className="mt-1 flex gap-3">
            <button
              type="button"
              className="font-medium text-primary underline-offset-2 hover:underline"
              onClick={() =>
                void apiDownload(file, { fallbackName: 'report' }).catch((error: unknown) =>
                  toast.error(apiErrorMessage(error, t)),
                )
              }
            >
              {t('reports:schedules.ready.download')}
            </button>
            {page ? (
              <a className="font-medium text-primary underline-offset-2 hover:underline" href={page}>
                {t('reports:schedules.ready.open')}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
