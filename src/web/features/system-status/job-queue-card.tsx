import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import type { TJobQueue } from '@shared/health/system-status.ts';
import { formatNumber } from '@shared/format/format.ts';
import { Card, CardHeader } from '@web/ui/card.tsx';

const ROWS = ['outbox', 'documentReadings', 'reportRuns', 'mailSync'] as const;

/** The organization's background work, waiting and failed (admins only: the server sends it to them alone). */
export function JobQueueCard({ queue, locale }: { queue: TJobQueue; locale: string }) {
  const { t } = useTranslation('system-status');
  return (
    <Card>
      <CardHeader
        icon={<ListChecks aria-hidden="true" className="size-5" />}
        title={t('system-status:queue.title')}
        description={t('system-status:queue.description')}
      />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="px-5 py-2 font-medium">
                {t('system-status:queue.kind')}
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium">
                {t('system-status:queue.pending')}
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium">
                {t('system-status:queue.failed')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {ROWS.map((row) => (
              <tr key={row} data-queue={row}>
                <th scope="row" className="px-5 py-2.5 text-left font-normal text-foreground">
                  {t(`system-status:queue.rows.${row}`)}
                </th>
                <td className="px-5 py-2.5 text-right tabular-nums">
                  {formatNumber(queue[row].pending, locale)}
                </td>
                <td
                  className={
                    queue[row].failed > 0
                      ? 'px-5 py-2.5 text-right font-semibold text-danger tabular-nums'
                      : 'px-5 py-2.5 text-right tabular-nums'
                  }
                >
                  {formatNumber(queue[row].failed, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
