import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { recipientText } from '@shared/mailbox/drafts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useClient } from '@web/features/clients/clients-api.ts';
import { useInvoice } from '@web/features/invoicing/invoices/invoices-api.ts';
import { useQuote } from '@web/features/invoicing/quotes/quotes-api.ts';
import { toast } from '@web/ui/toast.ts';
import type { ComposeDraft } from './compose-draft.ts';
import { composeRequestOf, withoutCompose, type ComposeRequest } from './mailbox-url.ts';

/**
 * A message written from a client, an invoice or a quote (issue 16): the mailbox's composer opened by a link
 * (mailbox-url.ts `composeHref`), To filled with the client's name and address and, from a document, its subject
 * ("Fattura 12/2026") and its PDF attached as a document of the app (made by the server when the message is sent).
 */

type Person = { name: string; email: string | null };

export type PrefillSource = {
  request: ComposeRequest;
  /** The client of `request.clientId`, when it was found. */
  client: Person | null;
  /** The invoice or quote of the request, when it was found and the user may read it. */
  document: {
    kind: 'invoice' | 'quote';
    id: string;
    /** Null for an invoice not issued yet. */
    number: string | null;
    creditNote: boolean;
    client: Person;
  } | null;
};

export type DocumentLabelKey =
  | 'mailbox:documents.invoice'
  | 'mailbox:documents.invoiceDraft'
  | 'mailbox:documents.creditNote'
  | 'mailbox:documents.quote';

/** The document's name as a subject and a file name: "Fattura 12/2026", "Nota di credito 3/2026", "Preventivo …". */
export function documentLabelKey(document: NonNullable<PrefillSource['document']>): DocumentLabelKey {
  if (document.kind === 'quote') return 'mailbox:documents.quote';
  if (document.number === null) return 'mailbox:documents.invoiceDraft';
  return document.creditNote ? 'mailbox:documents.creditNote' : 'mailbox:documents.invoice';
}

/**
 * The new message `base` (the account, its signature) filled from the source: To is the address of the link, else
 * the client's (the request's client, else the document's), with the client's name; a document gives the subject
 * and its PDF. What was not found is left as it was.
 */
export function prefilledDraft(
  base: ComposeDraft,
  source: PrefillSource,
  label: (key: DocumentLabelKey, values: { number: string }) => string,
): ComposeDraft {
  const who = source.client ?? source.document?.client ?? null;
  const address = source.request.recipient || who?.email?.trim() || '';
  const to = address ? recipientText({ name: who?.name ?? null, address }) : base.to;
  const document = source.document;
  const templateContext = {
    ...(source.request.clientId ? { clientId: source.request.clientId } : {}),
    ...(document ? { [document.kind === 'invoice' ? 'invoiceId' : 'quoteId']: document.id } : {}),
  };
  if (!document) return { ...base, to, templateContext };
  const name = label(documentLabelKey(document), { number: document.number ?? '' });
  return {
    ...base,
    to,
    templateContext,
    subject: name,
    attachments: [
      ...base.attachments,
      {
        filename: `${name}.pdf`,
        contentType: 'application/pdf',
        size: 0,
        document: { kind: document.kind, id: document.id, format: 'pdf' },
      },
    ],
  };
}

/**
 * The mailbox's side: when the URL asks for a message (`?compose=new…`) and the client and document are loaded
 * (from the cache when the user comes from their page), `open` gets the filling to apply to the new message, once;
 * then the request leaves the URL, replaced, so Back does not open it again. `ready`: the mailbox knows its accounts.
 * A client or document that cannot be read is said in a toast, and the composer opens with the rest.
 */
export function useComposeFromUrl(
  orgId: string | null,
  ready: boolean,
  open: (prefill: (base: ComposeDraft) => ComposeDraft) => void,
) {
  const { t } = useTranslation(['mailbox', 'common']);
  const [params, setParams] = useSearchParams();
  const request = composeRequestOf(params);
  const key = request ? JSON.stringify(request) : null;
  // Without the right to read documents, the message is written without one (the server would refuse it).
  const canReadDocuments = useSignedInMe().permissions.includes('view_financial_data');
  const wanted = canReadDocuments ? (request?.document ?? null) : null;
  const client = useClient(orgId, request?.clientId ?? undefined);
  const invoice = useInvoice(orgId, wanted?.kind === 'invoice' ? wanted.id : undefined);
  const quote = useQuote(orgId, wanted?.kind === 'quote' ? wanted.id : undefined);
  const documentQuery = wanted?.kind === 'invoice' ? invoice : wanted?.kind === 'quote' ? quote : null;
  const loading =
    !ready ||
    (!!request?.clientId && client.isPending) ||
    (!!documentQuery && !!orgId && documentQuery.isPending);

  const opened = useRef<string | null>(null);
  const latest = useRef({ open, setParams });
  latest.current = { open, setParams };
  useEffect(() => {
    if (!request || !key || loading || opened.current === key) return;
    opened.current = key;
    const failed = [client, documentQuery].find((q) => q?.isError);
    if (failed) toast.error(apiErrorMessage(failed.error, t));
    const found = invoice.data ?? quote.data;
    const source: PrefillSource = {
      request,
      client: client.data ? { name: clientDisplayName(client.data), email: client.data.email ?? null } : null,
      document:
        wanted && found && found.id === wanted.id
          ? {
              kind: wanted.kind,
              id: wanted.id,
              number: found.number,
              creditNote: 'documentType' in found && found.documentType === 'TD04',
              client: found.client,
            }
          : null,
    };
    latest.current.open((base) => prefilledDraft(base, source, (k, values) => t(k, values)));
    latest.current.setParams((p) => withoutCompose(p), { replace: true });
    // Runs when the request's data is in; the queries' objects change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, loading]);
}
