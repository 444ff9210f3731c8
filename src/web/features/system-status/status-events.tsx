import { useTranslation } from 'react-i18next';
import { AlertTriangle, LifeBuoy } from 'lucide-react';
import type { TIncident, TRecovery } from '@shared/health/system-status.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { Badge, StatusBadge, type BadgeTone } from '@web/ui/badge.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { STATE_TONES } from './status-text.ts';

const OUTCOME_TONES: Record<TRecovery['outcome'], BadgeTone> = {
  done: 'success',
  scheduled: 'primary',
  failed: 'danger',
  noted: 'neutral',
};

/** Recent incidents: a subsystem out of its healthy state, from when to when (or still going on). */
export function IncidentList({ incidents, locale }: { incidents: TIncident[]; locale: string }) {
  const { t } = useTranslation('system-status');
  return (
    <Card>
      <CardHeader
        icon={<AlertTriangle aria-hidden="true" className="size-5" />}
        title={t('system-status:incidents.title')}
        description={t('system-status:incidents.description')}
      />
      {incidents.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted-foreground">{t('system-status:incidents.empty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {incidents.map((incident) => (
            <li
              key={incident.id}
              className="flex flex-col gap-1 px-5 py-3 text-sm"
              data-incident={incident.subsystem}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-foreground">
                  {t(`system-status:subsystems.${incident.subsystem}`)}
                </span>
                <StatusBadge
                  status={incident.status}
                  tones={STATE_TONES}
                  label={t(`system-status:states.${incident.status}`)}
                />
                {incident.endedAt ? null : (
                  <Badge tone="danger">{t('system-status:incidents.ongoing')}</Badge>
                )}
              </div>
              <p className="text-muted-foreground">{t(`system-status:reasons.${incident.code}`)}</p>
              <p className="text-xs text-muted-foreground">
                {incident.endedAt
                  ? t('system-status:incidents.between', {
                      start: formatDateTime(incident.startedAt, locale, 'short'),
                      end: formatDateTime(incident.endedAt, locale, 'short'),
                    })
                  : t('system-status:incidents.since', {
                      start: formatDateTime(incident.startedAt, locale, 'short'),
                    })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Recovery steps taken (spec §4: immediate, delayed, fallback, emergency fallback) and how each went. */
export function RecoveryList({ recoveries, locale }: { recoveries: TRecovery[]; locale: string }) {
  const { t } = useTranslation('system-status');
  return (
    <Card>
      <CardHeader
        icon={<LifeBuoy aria-hidden="true" className="size-5" />}
        title={t('system-status:recoveries.title')}
        description={t('system-status:recoveries.description')}
      />
      {recoveries.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted-foreground">{t('system-status:recoveries.empty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {recoveries.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 px-5 py-3 text-sm" data-recovery={r.errorType}>
              <span className="font-medium text-foreground">
                {t(`system-status:errorTypes.${r.errorType}`)}
              </span>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={r.level === 'emergency' ? 'danger' : 'neutral'}>
                  {t(`system-status:levels.${r.level}`)}
                </Badge>
                <StatusBadge
                  status={r.outcome}
                  tones={OUTCOME_TONES}
                  label={t(`system-status:outcomes.${r.outcome}`)}
                />
                {r.proactive ? <Badge tone="primary">{t('system-status:recoveries.proactive')}</Badge> : null}
              </div>
              <p className="text-xs text-muted-foreground">{formatDateTime(r.at, locale, 'short')}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
