import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TInvoiceListItem, TQuoteListItem } from '@shared/invoicing/contracts.ts';
import type { TDocumentAttachment } from '@shared/mailbox/compose.ts';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { invoicingKey } from '@web/features/invoicing/invoicing-api.ts';

type Found = {
  kind: 'invoice' | 'quote';
  id: string;
  number: string;
  client: string;
  /** Issued invoices have a FatturaPA file; drafts and quotes only a PDF. */
  xml: boolean;
};

/** The organization's invoices and quotes matching the text, five of each, newest first. */
function useDocuments(orgId: string | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicingKey(orgId), 'compose-documents', q],
    queryFn: async ({ signal }): Promise<Found[]> => {
      const params = new URLSearchParams({ pageSize: '5' });
      if (q.trim()) params.set('q', q.trim());
      const [invoices, quotes] = await Promise.all([
        api<{ items: TInvoiceListItem[] }>(`/api/v1/invoices?${params}`, { signal }),
        api<{ items: TQuoteListItem[] }>(`/api/v1/quotes?${params}`, { signal }),
      ]);
      return [
        ...invoices.items
          .filter((i) => i.number)
          .map((i) => ({
            kind: 'invoice' as const,
            id: i.id,
            number: i.number!,
            client: i.client.name,
            xml: i.status !== 'draft',
          })),
        ...quotes.items.map((q) => ({
          kind: 'quote' as const,
          id: q.id,
          number: q.number,
          client: q.client.name,
          xml: false,
        })),
      ];
    },
    enabled: !!orgId && enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * "Attach a document" in the composer (issue 16): an invoice's PDF or FatturaPA XML, or a quote's PDF, searched
 * by number or client; the server makes the file when the message is sent.
 */
export function DocumentPicker({
  orgId,
  onPick,
}: {
  orgId: string | null;
  onPick: (document: TDocumentAttachment, label: string) => void;
}) {
  const { t } = useTranslation(['mailbox', 'buttons']);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useDocuments(orgId, q, open);

  const pick = (d: Found, format: 'pdf' | 'xml') => {
    const name = t(d.kind === 'invoice' ? 'mailbox:documents.invoice' : 'mailbox:documents.quote', {
      number: d.number,
    });
    onPick({ kind: d.kind, id: d.id, format }, `${name}.${format}`);
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FileText aria-hidden="true" className="size-4" />
        {t('mailbox:documents.attach')}
      </Button>
      <DialogContent
        title={t('mailbox:documents.title')}
        description={t('mailbox:documents.description')}
        closeLabel={t('buttons:close')}
      >
        <div className="grid gap-3">
          <Input
            type="search"
            aria-label={t('mailbox:documents.search')}
            placeholder={t('mailbox:documents.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
          {found.isPending ? (
            <Spinner label={t('mailbox:documents.loading')} />
          ) : found.isError ? (
            <p role="alert" className="text-sm text-danger">
              {apiErrorMessage(found.error, t)}
            </p>
          ) : found.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('mailbox:documents.none')}</p>
          ) : (
            <ul className="grid gap-1" aria-label={t('mailbox:documents.results')}>
              {found.data.map((d) => {
                const name = t(
                  d.kind === 'invoice' ? 'mailbox:documents.invoice' : 'mailbox:documents.quote',
                  {
                    number: d.number,
                  },
                );
                return (
                  <li
                    key={`${d.kind}-${d.id}`}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2 text-sm"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="font-medium text-foreground">{name}</span>{' '}
                      <span className="text-muted-foreground">{d.client}</span>
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={t('mailbox:documents.attachPdf', { name })}
                      onClick={() => pick(d, 'pdf')}
                    >
                      PDF
                    </Button>
                    {d.xml ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        aria-label={t('mailbox:documents.attachXml', { name })}
                        onClick={() => pick(d, 'xml')}
                      >
                        XML
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
