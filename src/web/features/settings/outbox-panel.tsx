import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox, Paperclip } from 'lucide-react';
import type { TOutboxItem, TOutboxMessage } from '@shared/mail/outbox.ts';
import { formatDateTime, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { toast } from '@web/ui/toast.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { usePublicConfig } from '@web/features/auth/auth-api.ts';
import {
  MailDeliveryBadge,
  MailDeliveryNote,
  ProviderIssuesNotice,
} from '@web/features/mail/mail-delivery.tsx';
import { linkify, previewDocument } from './linkify.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';

const PAGE_SIZE = 10;

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Settings → Outbox: mail the product stored (no SMTP server) or sent, newest first. */
export function OutboxPanel() {
  const { t } = useTranslation(['settings', 'buttons', 'common', 'mail']);
  const me = useSignedInMe();
  const config = usePublicConfig();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const locale = localeOf(currentLanguage());
  const list = useQuery({
    queryKey: ['outbox', me.activeOrganizationId, page],
    queryFn: () => api<Page<TOutboxItem>>(`/api/v1/outbox?page=${page}&pageSize=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const columns: DataColumn<TOutboxItem>[] = [
    {
      id: 'subject',
      header: t('settings:outbox.columns.subject'),
      cell: (item) => (
        <button
          type="button"
          onClick={() => setOpenId(item.id)}
          className="text-left font-medium text-primary hover:underline"
        >
          {item.subject || t('settings:outbox.noSubject')}
        </button>
      ),
    },
    {
      id: 'to',
      header: t('settings:outbox.columns.to'),
      className: 'max-w-56 truncate px-5 py-3 text-muted-foreground',
      cell: (item) => item.toAddresses.join(', '),
    },
    {
      id: 'status',
      header: t('settings:outbox.columns.status'),
      cell: (item) => <MailDeliveryBadge status={item.status} />,
    },
    {
      id: 'created',
      header: t('settings:outbox.columns.created'),
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (item) => formatDateTime(item.createdAt, locale),
    },
  ];

  return (
    <Card>
      <CardHeader
        icon={<Inbox aria-hidden="true" className="size-5" />}
        title={t('settings:outbox.title')}
        description={t('settings:outbox.description')}
      />
      {config.data?.mailMode === 'outbox' ? (
        <div className="px-5 pb-2">
          <Alert tone="warning" title={t('settings:outbox.noSmtpTitle')}>
            {t('mail:note.stored')}
          </Alert>
        </div>
      ) : null}
      <ProviderIssuesNotice className="mx-5 mb-2" />
      {list.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : list.isError ? (
        <div className="p-5">
          <Alert tone="error" title={t('settings:outbox.loadError')}>
            {apiErrorMessage(list.error, t)}
          </Alert>
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<Inbox aria-hidden="true" />}
          title={t('settings:outbox.empty.title')}
          description={t('settings:outbox.empty.text')}
        />
      ) : (
        <>
          <DataTable
            caption={t('settings:outbox.title')}
            columns={columns}
            rows={list.data.items}
            getRowId={(item) => item.id}
            tableClassName="min-w-[40rem]"
          />
          <Pagination
            label={t('settings:outbox.pagination')}
            page={page}
            pages={pages}
            summary={t('settings:outbox.pageOf', {
              page: formatNumber(page, locale),
              pages: formatNumber(pages, locale),
              count: list.data.total,
              total: formatNumber(list.data.total, locale),
            })}
            onPage={(p) => setPage(Math.min(pages, Math.max(1, p)))}
          />
        </>
      )}
      <Dialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)}>
        {openId ? <OutboxMessageDialog id={openId} /> : null}
      </Dialog>
    </Card>
  );
}

function OutboxMessageDialog({ id }: { id: string }) {
  const { t } = useTranslation(['settings', 'buttons', 'common', 'mail']);
  const locale = localeOf(currentLanguage());
  const message = useQuery({
    queryKey: ['outbox-message', id],
    queryFn: () => api<TOutboxMessage>(`/api/v1/outbox/${encodeURIComponent(id)}`),
  });
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api<unknown>(`/api/v1/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    retry: false,
    onSuccess: async () => {
      toast(t('settings:outbox.retried'));
      await queryClient.invalidateQueries({ queryKey: ['outbox'] });
      await queryClient.invalidateQueries({ queryKey: ['outbox-message', id] });
    },
    onError: (error) => toast.error(apiErrorMessage(error, t)),
  });
  // Text first: the HTML preview is a sandboxed frame, opened on request.
  const [view, setView] = useState<'html' | 'text'>('text');
  const m = message.data;
  const showHtml = view === 'html' && !!m?.htmlBody;

  return (
    <DialogContent
      title={m?.subject || t('settings:outbox.message')}
      closeLabel={t('buttons:close')}
      className="max-w-3xl"
    >
      {message.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : message.isError ? (
        <Alert tone="error">{apiErrorMessage(message.error, t)}</Alert>
      ) : m ? (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t('settings:outbox.fields.from')}</dt>
            <dd className="break-all">{m.fromAddress}</dd>
            <dt className="text-muted-foreground">{t('settings:outbox.fields.to')}</dt>
            <dd className="break-all">{m.toAddresses.join(', ')}</dd>
            <dt className="text-muted-foreground">{t('settings:outbox.fields.status')}</dt>
            <dd>
              <MailDeliveryBadge status={m.status} />
            </dd>
            <dt className="text-muted-foreground">{t('settings:outbox.fields.created')}</dt>
            <dd>{formatDateTime(m.createdAt, locale)}</dd>
            {m.sentAt ? (
              <>
                <dt className="text-muted-foreground">{t('settings:outbox.fields.sent')}</dt>
                <dd>{formatDateTime(m.sentAt, locale)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('settings:outbox.fields.attempts')}</dt>
            <dd>{formatNumber(m.attempts, locale)}</dd>
          </dl>
          {m.status !== 'sent' ? <MailDeliveryNote delivery={m} /> : null}
          {m.status === 'failed' ? (
            <div>
              <Button variant="outline" size="sm" loading={retry.isPending} onClick={() => retry.mutate()}>
                {t('settings:outbox.retry')}
              </Button>
            </div>
          ) : null}
          {m.lastError && m.status !== 'failed' && m.status !== 'sent' ? (
            <Alert tone="warning" title={t('settings:outbox.fields.lastError')}>
              {m.lastError}
            </Alert>
          ) : null}
          {m.attachments.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('settings:outbox.fields.attachments')}>
              {m.attachments.map((a) => (
                <li
                  key={a.filename}
                  className="inline-flex items-center gap-1.5 rounded-md bg-surface-muted px-2.5 py-1 text-xs"
                >
                  <Paperclip aria-hidden="true" className="size-3.5" />
                  {a.filename}
                </li>
              ))}
            </ul>
          ) : null}
          {m.htmlBody ? (
            <div role="group" aria-label={t('settings:outbox.viewLabel')} className="flex gap-1">
              {(['text', 'html'] as const).map((v) => (
                <Button
                  key={v}
                  size="sm"
                  variant={view === v ? 'secondary' : 'ghost'}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {t(`settings:outbox.view.${v}`)}
                </Button>
              ))}
            </div>
          ) : null}
          {showHtml ? (
            <iframe
              title={t('settings:outbox.htmlPreview')}
              // No scripts, forms, navigation or same-origin access for the message's HTML; its links open
              // in a new tab, outside the frame.
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={previewDocument(m.htmlBody ?? '')}
              className="h-96 w-full rounded-md border border-border bg-white"
            />
          ) : (
            // Focusable, so a long message can be scrolled with the keyboard.
            <pre
              tabIndex={0}
              aria-label={t('settings:outbox.view.text')}
              className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-4 font-mono text-xs whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
            >
              {linkify(m.textBody).map((part, i) =>
                'href' in part ? (
                  <a
                    key={i}
                    href={part.href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="break-all text-primary underline underline-offset-2"
                  >
                    {part.text}
                  </a>
                ) : (
                  part.text
                ),
              )}
            </pre>
          )}
        </div>
      ) : null}
    </DialogContent>
  );
}
