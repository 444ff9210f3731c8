import { AlertTriangle, CalendarClock, CheckCircle2, FileBarChart, Info, XCircle } from 'lucide-react';
import type { TNotification } from '@shared/realtime/messages.ts';
import { cn } from '@web/ui/cn.ts';

const ICONS = {
  info: { Icon: Info, tone: 'bg-primary-soft text-primary-soft-foreground' },
  success: { Icon: CheckCircle2, tone: 'bg-success-soft text-success-soft-foreground' },
  warning: { Icon: AlertTriangle, tone: 'bg-warning-soft text-warning-soft-foreground' },
  error: { Icon: XCircle, tone: 'bg-danger-soft text-danger-soft-foreground' },
  report: { Icon: FileBarChart, tone: 'bg-primary-soft text-primary-soft-foreground' },
  schedule: { Icon: CalendarClock, tone: 'bg-primary-soft text-primary-soft-foreground' },
} as const;

export function NotificationIcon({ type, className }: { type: TNotification['type']; className?: string }) {
  const { Icon, tone } = ICONS[type] ?? ICONS.info;
  return (
    <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone, className)}>
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
