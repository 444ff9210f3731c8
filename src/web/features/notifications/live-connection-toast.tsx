import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import type { LiveAnnouncement } from './live-connection.ts';

/** One toast for the live connection: each announcement replaces the one before. */
const TOAST_ID = 'live-connection';

function Reconnecting({ attempt }: { attempt: number }) {
  const { t } = useTranslation('notifications');
  return (
    <div>
      <p className="font-medium">{t('live.connectionError')}</p>
      <p className="text-muted-foreground">{t('live.reconnecting', { attempt })}</p>
    </div>
  );
}

function Text({ k }: { k: 'live.reconnected' | 'live.gaveUp' }) {
  const { t } = useTranslation('notifications');
  return <>{t(k)}</>;
}

/**
 * The spec's connection messages (email-client.md §8) as the connection changes: "Connection error occurred" with
 * "Reconnecting... (n)" while attempts run, "Reconnected successfully" once back, "Unable to reconnect. Please
 * refresh the page." after the fifth failed attempt (kept until the connection is back or the page reloads).
 */
export function announceLiveConnection(announcement: LiveAnnouncement) {
  switch (announcement.kind) {
    case 'reconnecting':
      toast.loading(() => <Reconnecting attempt={announcement.attempt} />, { id: TOAST_ID });
      return;
    case 'reconnected':
      toast.success(() => <Text k="live.reconnected" />, { id: TOAST_ID, duration: 3000 });
      return;
    case 'gave_up':
      toast.error(() => <Text k="live.gaveUp" />, { id: TOAST_ID, duration: Infinity });
      return;
  }
}

/** The page leaves this connection (another organization): its messages go too. */
export function dismissLiveConnection() {
  toast.dismiss(TOAST_ID);
}
