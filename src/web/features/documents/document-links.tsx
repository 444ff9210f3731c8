import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link2, Plus, X } from 'lucide-react';
import type { TDocument, TDocumentLink } from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { toast } from '@web/ui/toast.ts';
import { useAddLink, useRemoveLink } from './documents-api.ts';
import { LinkDialog } from './link-dialog.tsx';

/** The page of a linked record. */
export function linkPath(link: Pick<TDocumentLink, 'recordType' | 'recordId'>): string {
  const id = encodeURIComponent(link.recordId);
  switch (link.recordType) {
    case 'client':
      return `/clients/${id}`;
    case 'supplier':
      return `/suppliers/${id}`;
    case 'invoice':
      return `/invoices/${id}`;
    case 'quote':
      return `/quotes/${id}`;
    case 'transaction':
      return '/transactions';
    case 'event':
      return `/calendar/events/${id}`;
    case 'inventory_item':
      return `/inventory/${id}`;
    case 'purchase_invoice':
      return `/purchase-invoices/${id}`;
  }
}

/** The records the document belongs to, as chips to their pages; add one, remove one. */
export function DocumentLinks({ doc, canManage }: { doc: TDocument; canManage: boolean }) {
  const { t } = useTranslation(['documents']);
  const orgId = useSignedInMe().activeOrganizationId;
  const add = useAddLink(orgId, doc.id);
  const remove = useRemoveLink(orgId, doc.id);
  const [adding, setAdding] = useState(false);

  return (
    <Card>
      <CardHeader
        title={t('documents:links.title')}
        action={
          canManage ? (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {t('documents:links.add')}
            </Button>
          ) : null
        }
      />
      <div className="px-5 py-4">
        {doc.links.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('documents:links.empty')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="document-links">
            {doc.links.map((link) => {
              const text = `${t(`documents:links.types.${link.recordType}`)}: ${link.label ?? t('documents:links.gone')}`;
              return (
                <li
                  key={link.id}
                  className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-muted py-1 pr-1 pl-3 text-sm"
                >
                  <Link2 aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                  {link.label === null ? (
                    <span className="truncate text-muted-foreground">{text}</span>
                  ) : (
                    <Link
                      to={linkPath(link)}
                      className="truncate text-foreground hover:text-primary hover:underline"
                    >
                      {text}
                    </Link>
                  )}
                  {canManage ? (
                    <button
                      type="button"
                      aria-label={t('documents:links.remove', { record: text })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(link.id, {
                          onSuccess: () => toast.success(t('documents:links.removed')),
                          onError: (error) => toast.error(apiErrorMessage(error, t)),
                        })
                      }
                      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-border hover:text-foreground"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <LinkDialog open={adding} onOpenChange={setAdding} onLink={(link) => add.mutateAsync(link)} />
    </Card>
  );
}
