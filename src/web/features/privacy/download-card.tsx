import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Download, ShieldCheck } from 'lucide-react';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cancelledStepUp } from './privacy-api.ts';

/**
 * An export: what it holds, the download button (the step-up dialog opens on its own when needed) and the
 * outcome: a toast with the saved file name, or the error inline next to the button.
 */
export function DownloadCard({
  icon,
  title,
  description,
  children,
  buttonLabel,
  savedText,
  download,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  buttonLabel: string;
  savedText: (fileName: string) => string;
  download: () => Promise<{ fileName: string }>;
}) {
  const { t } = useTranslation(['privacy', 'common']);
  const run = useMutation({
    mutationFn: download,
    onSuccess: ({ fileName }) => toast.success(savedText(fileName), { duration: 4000 }),
  });
  const failed = run.isError && !cancelledStepUp(run.error);
  return (
    <Card>
      <CardHeader icon={icon} title={title} description={description} />
      <CardContent className="flex flex-col gap-4">
        {children}
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('privacy:stepUpNote')}
        </p>
        {failed ? <Alert tone="error">{apiErrorMessage(run.error, t)}</Alert> : null}
        <div>
          <Button onClick={() => run.mutate()} loading={run.isPending} className="w-full sm:w-auto">
            {run.isPending ? null : <Download aria-hidden="true" className="size-4" />}
            {buttonLabel}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
