import type { TNotification } from '@shared/realtime/messages.ts';
import { NotificationIcon } from './notification-icon.tsx';

/** The toast shown when a notification arrives (4 s, 6 s for a report). */
export function NotificationToast({ notification }: { notification: TNotification }) {
  return (
    <div className="flex items-start gap-3">
      <NotificationIcon type={notification.type} />
      <div className="min-w-0">
        <p className="font-semibold">{notification.title}</p>
        <p className="mt-0.5 text-muted-foreground">{notification.message}</p>
      </div>
    </div>
  );
}
