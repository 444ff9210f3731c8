import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Check, Copy, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { formatDateTime } from '@shared/format/format.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useCreateFeed, useFeedStatus, useRevokeFeed } from './calendar-api.ts';
import { calendarErrorMessage, useCalendarPermissions, useLocale } from './calendar-ui.tsx';

const APPS = ['google', 'outlook', 'apple'] as const;

/** The address calendar apps open directly (webcal: is http(s) for a subscription). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/**
 * The user's private iCalendar subscription: create it, copy it (shown once), replace it with a new one (the
 * old one stops working) or revoke it, with how to add it to Google Calendar, Outlook and Apple Calendar.
 */
export function SubscriptionDialog() {
  const { t } = useTranslation(['calendar', 'buttons', 'common']);
  const locale = useLocale();
  const { orgId } = useCalendarPermissions();
  const status = useFeedStatus(orgId, true);
  const create = useCreateFeed(orgId);
  const revoke = useRevokeFeed(orgId);
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [copied, setCopied] = useState(false);
  const urlId = useId();

  const doCreate = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        setConfirm(null);
        setCopied(false);
        toast.success(t('calendar:feed.created'));
      },
      onError: (error) => toast.error(calendarErrorMessage(error, t)),
    });
  const doRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirm(null);
        toast.success(t('calendar:feed.revoked'));
      },
      onError: (error) => toast.error(calendarErrorMessage(error, t)),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('calendar:feed.copied'));
    } catch {
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      toast(t('calendar:feed.copyManually'));
    }
  };

  const active = status.data?.active ?? false;

  return (
    <DialogContent
      title={t('calendar:feed.title')}
      description={t('calendar:feed.description')}
      closeLabel={t('buttons:close')}
      className="max-w-2xl"
    >
      <div className="grid gap-5" data-testid="calendar-feed">
        {status.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : status.isError ? (
          <Alert tone="error">{calendarErrorMessage(status.error, t)}</Alert>
        ) : (
          <section className="grid gap-3" aria-labelledby={`${urlId}-status`}>
            <h3 id={`${urlId}-status`} className="text-sm font-semibold text-foreground">
              {t('calendar:feed.yourUrl')}
            </h3>
            {url ? (
              <div className="grid gap-2">
                <label htmlFor={urlId} className="text-sm text-muted-foreground">
                  {t('calendar:feed.urlLabel')}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id={urlId}
                    readOnly
                    value={url}
                    onFocus={(e) => e.currentTarget.select()}
                    className="font-mono text-xs"
                    data-testid="calendar-feed-url"
                  />
                  <Button onClick={() => void copy()} className="sm:w-auto">
                    {copied ? (
                      <Check aria-hidden="true" className="size-4" />
                    ) : (
                      <Copy aria-hidden="true" className="size-4" />
                    )}
                    {copied ? t('calendar:feed.copiedShort') : t('calendar:feed.copy')}
                  </Button>
                </div>
                <Alert tone="warning">{t('calendar:feed.shownOnce')}</Alert>
                <a href={webcalUrl(url)} className={buttonClasses('outline', 'sm', 'justify-self-start')}>
                  <Link2 aria-hidden="true" className="size-4" />
                  {t('calendar:feed.openInApp')}
                </a>
              </div>
            ) : active ? (
              <p className="text-sm text-foreground">
                {t('calendar:feed.activeSince', {
                  date: formatDateTime(status.data!.createdAt!, locale),
                })}{' '}
                {status.data!.lastUsedAt
                  ? t('calendar:feed.lastUsed', { date: formatDateTime(status.data!.lastUsedAt, locale) })
                  : t('calendar:feed.neverUsed')}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{t('calendar:feed.none')}</p>
            )}

            {confirm ? (
              <Alert
                tone="warning"
                title={confirm === 'rotate' ? t('calendar:feed.rotateTitle') : t('calendar:feed.revokeTitle')}
              >
                <p>{confirm === 'rotate' ? t('calendar:feed.rotateText') : t('calendar:feed.revokeText')}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setConfirm(null)}>
                    {t('buttons:cancel')}
                  </Button>
                  {confirm === 'rotate' ? (
                    <Button size="sm" loading={create.isPending} onClick={doCreate}>
                      {t('calendar:feed.rotate')}
                    </Button>
                  ) : (
                    <Button size="sm" variant="danger" loading={revoke.isPending} onClick={doRevoke}>
                      {t('calendar:feed.revoke')}
                    </Button>
                  )}
                </div>
              </Alert>
            ) : (
              <div className="flex flex-wrap gap-2">
                {active || url ? (
                  <>
                    <Button variant="outline" onClick={() => setConfirm('rotate')}>
                      <RefreshCw aria-hidden="true" className="size-4" />
                      {t('calendar:feed.rotate')}
                    </Button>
                    <Button variant="outline" className="text-danger" onClick={() => setConfirm('revoke')}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('calendar:feed.revoke')}
                    </Button>
                  </>
                ) : (
                  <Button loading={create.isPending} onClick={doCreate}>
                    <Link2 aria-hidden="true" className="size-4" />
                    {t('calendar:feed.create')}
                  </Button>
                )}
              </div>
            )}
            <p className="text-xs text-muted-foreground">{t('calendar:feed.privacy')}</p>
          </section>
        )}

        <section className="grid gap-3" aria-labelledby={`${urlId}-how`}>
          <h3 id={`${urlId}-how`} className="text-sm font-semibold text-foreground">
            {t('calendar:feed.howTitle')}
          </h3>
          <div className="grid gap-3 md:grid-cols-3">
            {APPS.map((app) => (
              <div key={app} className="rounded-md border border-border p-3">
                <h4 className="text-sm font-medium text-foreground">{t(`calendar:feed.apps.${app}.name`)}</h4>
                <p className="mt-1 text-xs text-muted-foreground">{t(`calendar:feed.apps.${app}.steps`)}</p>
              </div>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{t('calendar:feed.refreshNote')}</p>
        </section>
      </div>
    </DialogContent>
  );
}
