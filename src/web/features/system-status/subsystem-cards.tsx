import { useTranslation } from 'react-i18next';
import { Database, HardDrive, Mail, Radio, Timer } from 'lucide-react';
import type { MonitoredSubsystem, TSubsystems } from '@shared/health/system-status.ts';
import { Card } from '@web/ui/card.tsx';
import { StatusBadge } from '@web/ui/badge.tsx';
import { STATE_TONES, subsystemSentence } from './status-text.ts';

const ICONS: Record<MonitoredSubsystem, typeof Database> = {
  database: Database,
  storage: HardDrive,
  mail: Mail,
  redis: Radio,
  jobs: Timer,
};

/** One card per subsystem the monitor checks: its state and why. */
export function SubsystemCards({ subsystems }: { subsystems: TSubsystems }) {
  const { t } = useTranslation('system-status');
  const names = (['database', 'storage', 'mail', 'redis', 'jobs'] as const).filter((n) => subsystems[n]);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('system-status:subsystems.label')}>
      {names.map((name) => {
        const status = subsystems[name]!;
        const Icon = ICONS[name];
        return (
          <li key={name} data-subsystem={name}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <div className="flex items-start gap-3">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="text-base font-semibold text-foreground">
                    {t(`system-status:subsystems.${name}`)}
                  </h3>
                  <StatusBadge
                    className="mt-1"
                    status={status.status}
                    tones={STATE_TONES}
                    label={t(`system-status:states.${status.status}`)}
                  />
                </div>
              </div>
              <p className="text-sm text-muted-foreground">{subsystemSentence(t, status)}</p>
              {status.code === 'ok' &&
              (status.latencyMs !== undefined || status.usedPercent !== undefined) ? (
                <p className="text-xs text-muted-foreground">
                  {[
                    status.latencyMs !== undefined
                      ? t('system-status:latency', { latency: status.latencyMs })
                      : null,
                    status.usedPercent !== undefined
                      ? t('system-status:diskUsed', { percent: status.usedPercent })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
