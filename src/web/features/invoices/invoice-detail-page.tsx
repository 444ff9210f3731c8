import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import {
  ArrowLeft,
  BellRing,
  ChevronDown,
  CircleDollarSign,
  Download,
  FileCode2,
  FileMinus2,
  Landmark,
  Link2,
  Pencil,
  Send,
  Stamp,
  Trash2,
  Wallet,
} from 'lucide-react';
import { REMINDER_TYPES, type ReminderType, type TInvoice } from '@shared/invoicing/contracts.ts';
import { OPEN_INVOICE_STATUSES } from '@shared/invoicing/status.ts';
import { formatDate, formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import i18n, { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import {
  ConfirmDialog,
  DocumentLines,
  EmailActivityCard,
  Facts,
  useConfirm,
} from '@web/features/invoicing/document-view.tsx';
import { downloadFile } from '@web/features/invoicing/invoicing-api.ts';
import {
  InvoiceStatusBadge,
  invoicingErrorMessage,
  useInvoicingPermissions,
} from '@web/features/invoicing/invoicing-ui.tsx';
import { TotalsPanel } from '@web/features/invoicing/totals-panel.tsx';
import { missingItem, missingKeysOf, type MissingEntry } from './einvoice-missing.ts';
import { InvoiceLoadError } from './invoice-editor-page.tsx';
import {
  useCreditNote,
  useDeleteInvoice,
  useConfirmPayment,
  useDeletePayment,
  useInvoice,
  useIssueInvoice,
  useSendInvoice,
} from './invoices-api.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/** The heading of an invoice: its number, or "Draft invoice" / "Draft credit note". */
function useInvoiceTitle(invoice: TInvoice | undefined) {
  const { t } = useTranslation(['invoices', 'navigation']);
  if (!invoice) return t('navigation:routes.invoice');
  const credit = invoice.documentType === 'TD04';
  if (!invoice.number)
    return credit ? t('invoices:detail.draftCreditNoteTitle') : t('invoices:detail.draftTitle');
  return credit
    ? t('invoices:detail.creditNoteTitle', { number: invoice.number })
    : t('invoices:detail.title', { number: invoice.number });
}

/** /invoices/:id */
export function InvoiceDetailPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const { id } = useParams();
  const { orgId } = useInvoicingPermissions();
  const invoice = useInvoice(orgId, id);
  useDocumentTitle(useInvoiceTitle(invoice.data));

  if (invoice.isPending) {
    return (
      <Card>
        <SkeletonRows rows={5} label={t('common:loading')} />
      </Card>
    );
  }
  if (invoice.isError) return <InvoiceLoadError error={invoice.error} />;
  return <InvoiceView invoice={invoice.data} />;
}

type Confirmation =
  'issue' | 'send' | 'creditNote' | 'delete' | `reminder-${ReminderType}` | `payment-${string}`;

function InvoiceView({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices', 'buttons', 'common', 'mail']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const locale = localeOf(currentLanguage());
  const title = useInvoiceTitle(invoice);
  const issue = useIssueInvoice(orgId, invoice.id);
  const send = useSendInvoice(orgId, invoice.id);
  const creditNote = useCreditNote(orgId, invoice.id);
  const remove = useDeleteInvoice(orgId);
  const deletePayment = useDeletePayment(orgId, invoice.id);
  const confirmPayment = useConfirmPayment(orgId, invoice.id);
  const confirm = useConfirm<Confirmation>();
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [downloading, setDownloading] = useState<'pdf' | 'xml' | null>(null);
  const [xmlMissing, setXmlMissing] = useState<MissingEntry[] | null>(null);
  /** Why the server refused to issue (e-invoice data, issue date), shown in the issue dialog. */
  const [issueRefusal, setIssueRefusal] = useState<MissingEntry[] | null>(null);

  const draft = invoice.status === 'draft';
  const isCredit = invoice.documentType === 'TD04';
  const open = OPEN_INVOICE_STATUSES.includes(invoice.status);
  const canIssue = canManage && draft;
  const canEdit = canManage && draft;
  const canSend = canManage && !draft;
  const canRemind = canManage && !isCredit && open;
  const canPay =
    canManage && !isCredit && !draft && invoice.status !== 'cancelled' && invoice.outstandingCents > 0;
  const canCredit = canManage && !isCredit && !draft && invoice.status !== 'cancelled';
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const fail = (error: unknown) => toast.error(invoicingErrorMessage(error, t));

  const issueProblems: MissingEntry[] = invoice.eInvoiceProblems.map((p) => ({ ...p, message: null }));
  const showIssue = () => {
    setIssueRefusal(null);
    confirm.show('issue');
  };
  const doIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (saved) => {
        confirm.close();
        toast.success(t('invoices:toast.issued', { number: saved.number ?? '' }));
      },
      onError: (error) => {
        const refused =
          error instanceof ApiError &&
          (error.code === 'INVOICE_NOT_ISSUABLE' || error.code === 'VALIDATION_ERROR')
            ? missingKeysOf(error.details)
            : [];
        if (refused.length > 0) setIssueRefusal(refused);
        else fail(error);
      },
    });
  const doSend = (reminder: ReminderType | null) =>
    send.mutate(reminder, {
      onSuccess: (result) => {
        confirm.close();
        toastDelivery(
          t,
          result.activity,
          reminder
            ? t('invoices:toast.reminderSent', { email: result.activity.recipientEmail })
            : t('invoices:toast.sent', { email: result.activity.recipientEmail }),
        );
      },
      onError: fail,
    });
  const doCreditNote = () =>
    creditNote.mutate(undefined, {
      onSuccess: (note) => {
        confirm.close();
        toast.success(t('invoices:toast.creditNoteCreated'));
        void navigate(`/invoices/${note.id}`);
      },
      onError: fail,
    });
  const doDelete = () =>
    remove.mutate(invoice.id, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('invoices:toast.deleted'));
        void navigate('/invoices', { replace: true });
      },
      onError: fail,
    });
  const doConfirmPayment = (paymentId: string) =>
    confirmPayment.mutate(paymentId, {
      onSuccess: (result) => toastDelivery(t, result.activity, t('invoices:payments.confirmationSent')),
      onError: fail,
    });
  const doDeletePayment = (paymentId: string) =>
    deletePayment.mutate(paymentId, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('invoices:payments.deleted'));
      },
      onError: fail,
    });
  const download = async (kind: 'pdf' | 'xml') => {
    setDownloading(kind);
    if (kind === 'xml') setXmlMissing(null);
    try {
      await downloadFile(
        `/api/v1/invoices/${encodeURIComponent(invoice.id)}/${kind}`,
        `${invoice.number ?? 'invoice'}.${kind}`,
      );
    } catch (error) {
      if (kind === 'xml' && error instanceof ApiError && error.code === 'EINVOICE_DATA_MISSING') {
        setXmlMissing(missingKeysOf(error.details));
      } else {
        fail(error);
      }
    } finally {
      setDownloading(null);
    }
  };

  const reminderPending = confirm.open?.startsWith('reminder-')
    ? (confirm.open.slice('reminder-'.length) as ReminderType)
    : null;
  const paymentPending = confirm.open?.startsWith('payment-') ? confirm.open.slice('payment-'.length) : null;
  const email = invoice.client.email;

  return (
    <div>
      <Link
        to="/invoices"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('invoices:detail.backToList')}
      </Link>
      <PageHeader
        className="sm:flex-col sm:items-start"
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} />
            {isCredit ? <Badge tone="warning">{t('invoices:types.TD04')}</Badge> : null}
            <span>{invoice.client.name}</span>
          </span>
        }
        actions={
          <>
            {canIssue ? (
              <Button onClick={showIssue}>
                <Stamp aria-hidden="true" className="size-4" />
                {t('invoices:actions.issue')}
              </Button>
            ) : null}
            {canPay ? (
              <Button onClick={() => setPaymentOpen(true)}>
                <Wallet aria-hidden="true" className="size-4" />
                {t('invoices:actions.recordPayment')}
              </Button>
            ) : null}
            {canSend ? (
              <Button variant="outline" onClick={() => confirm.show('send')}>
                <Send aria-hidden="true" className="size-4" />
                {invoice.sentAt ? t('invoices:actions.sendAgain') : t('invoices:actions.send')}
              </Button>
            ) : null}
            {canRemind ? (
              <Menu>
                <MenuTrigger asChild>
                  <Button variant="outline">
                    <BellRing aria-hidden="true" className="size-4" />
                    {t('invoices:actions.reminder')}
                    <ChevronDown aria-hidden="true" className="size-4" />
                  </Button>
                </MenuTrigger>
                <MenuContent>
                  {REMINDER_TYPES.map((type) => (
                    <MenuItem key={type} onSelect={() => confirm.show(`reminder-${type}`)}>
                      {t(`invoices:reminders.${type}`)}
                    </MenuItem>
                  ))}
                </MenuContent>
              </Menu>
            ) : null}
            {canEdit ? (
              <Link to={`/invoices/${invoice.id}/edit`} className={buttonClasses('outline')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('invoices:actions.edit')}
              </Link>
            ) : null}
            <Button variant="outline" onClick={() => void download('pdf')} loading={downloading === 'pdf'}>
              {downloading === 'pdf' ? null : <Download aria-hidden="true" className="size-4" />}
              {t('invoices:actions.pdf')}
            </Button>
            {!draft ? (
              <Button variant="outline" onClick={() => void download('xml')} loading={downloading === 'xml'}>
                {downloading === 'xml' ? null : <FileCode2 aria-hidden="true" className="size-4" />}
                {t('invoices:actions.xml')}
              </Button>
            ) : null}
            {canCredit ? (
              <Button variant="outline" onClick={() => confirm.show('creditNote')}>
                <FileMinus2 aria-hidden="true" className="size-4" />
                {t('invoices:actions.creditNote')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button variant="outline" className="text-danger" onClick={() => confirm.show('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('invoices:actions.delete')}
              </Button>
            ) : null}
          </>
        }
      />

      {xmlMissing ? (
        <MissingList
          tone="error"
          title={t('invoices:einvoice.refusedTitle')}
          items={xmlMissing}
          invoice={invoice}
          testId="einvoice-refused"
        />
      ) : issueProblems.length > 0 ? (
        <MissingList
          tone="warning"
          title={draft ? t('invoices:einvoice.beforeIssueTitle') : t('invoices:einvoice.warningTitle')}
          items={issueProblems}
          invoice={invoice}
          testId="einvoice-missing"
        />
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader title={t('invoices:detail.document')} />
            <CardContent>
              <Facts
                items={[
                  [
                    t('invoices:editor.client'),
                    <Link key="c" to={`/clients/${invoice.client.id}`}>
                      {invoice.client.name}
                    </Link>,
                  ],
                  [t('invoices:fields.email'), invoice.client.email],
                  [t('invoices:fields.type'), t(`invoices:types.${invoice.documentType}`)],
                  [t('invoices:editor.issueDate'), formatDate(invoice.issueDate, locale)],
                  [t('invoices:fields.dueDate'), isCredit ? null : formatDate(invoice.dueDate, locale)],
                  [t('invoices:fields.paymentMethod'), t(`invoices:paymentMethods.${invoice.paymentMethod}`)],
                  [t('invoices:fields.documentLanguage'), t(`invoices:languages.${invoice.language}`)],
                  [t('invoices:editor.pdfTemplate'), t(`invoices:templates.${invoice.pdfTemplate}`)],
                  [
                    t('invoices:fields.issuedAt'),
                    invoice.issuedAt ? formatDateTime(invoice.issuedAt, locale) : null,
                  ],
                  ...referenceFacts(invoice, t, locale),
                ]}
              />
            </CardContent>
            <div className="border-t border-border">
              <DocumentLines totals={invoice.totals} />
            </div>
            <CardContent className="border-t border-border">
              <div className="ml-auto max-w-md">
                <TotalsPanel totals={invoice.totals} documentLanguage={invoice.language} />
              </div>
            </CardContent>
          </Card>
          {invoice.notes || invoice.terms ? (
            <Card>
              <CardHeader title={t('invoices:editor.notesTitle')} />
              <CardContent>
                <Facts
                  className="grid gap-4 text-sm"
                  items={[
                    [
                      t('invoices:fields.notes'),
                      invoice.notes && <span className="whitespace-pre-wrap">{invoice.notes}</span>,
                    ],
                    [
                      t('invoices:fields.terms'),
                      invoice.terms && <span className="whitespace-pre-wrap">{invoice.terms}</span>,
                    ],
                  ]}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>

        <div className="grid min-w-0 content-start gap-6">
          {isCredit ? null : (
            <Card>
              <CardHeader
                icon={<CircleDollarSign aria-hidden="true" className="size-5" />}
                title={t('invoices:payments.title')}
              />
              <CardContent className="grid gap-4">
                <dl className="grid gap-1.5 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">{t('invoices:totals.amountDue')}</dt>
                    <dd className="tabular-nums">{euro(invoice.totals.amountDueCents)}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">{t('invoices:payments.paid')}</dt>
                    <dd className="tabular-nums" data-testid="invoice-paid">
                      {euro(invoice.paidCents)}
                    </dd>
                  </div>
                  {invoice.creditedCents > 0 ? (
                    <div className="flex justify-between gap-3">
                      <dt className="text-muted-foreground">{t('invoices:payments.credited')}</dt>
                      <dd className="tabular-nums">{euro(invoice.creditedCents)}</dd>
                    </div>
                  ) : null}
                  <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
                    <dt>{t('invoices:payments.outstanding')}</dt>
                    <dd className="tabular-nums" data-testid="invoice-outstanding">
                      {euro(invoice.outstandingCents)}
                    </dd>
                  </div>
                </dl>
                {invoice.payments.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {draft ? t('invoices:payments.afterIssue') : t('invoices:payments.none')}
                  </p>
                ) : (
                  <ul
                    className="divide-y divide-border rounded-md border border-border"
                    data-testid="payments-list"
                  >
                    {invoice.payments.map((p) => (
                      <li key={p.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                        <div className="min-w-0 flex-1">
                          <p className="font-medium text-foreground tabular-nums">{euro(p.amountCents)}</p>
                          <p className="truncate text-xs text-muted-foreground">
                            {[formatDate(p.paidOn, locale), t(`invoices:paymentMethods.${p.method}`), p.note]
                              .filter(Boolean)
                              .join(' · ')}
                          </p>
                        </div>
                        {canManage ? (
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t('invoices:payments.sendConfirmation', {
                              amount: euro(p.amountCents),
                              date: formatDate(p.paidOn, locale),
                            })}
                            title={t('invoices:payments.sendConfirmationShort')}
                            disabled={confirmPayment.isPending}
                            onClick={() => doConfirmPayment(p.id)}
                          >
                            <Send aria-hidden="true" className="size-4" />
                          </Button>
                        ) : null}
                        {canManage ? (
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="text-danger"
                            aria-label={t('invoices:payments.delete', {
                              amount: euro(p.amountCents),
                              date: formatDate(p.paidOn, locale),
                            })}
                            onClick={() => confirm.show(`payment-${p.id}`)}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
                {canPay ? (
                  <Button variant="outline" onClick={() => setPaymentOpen(true)}>
                    <Wallet aria-hidden="true" className="size-4" />
                    {t('invoices:actions.recordPayment')}
                  </Button>
                ) : null}
              </CardContent>
            </Card>
          )}

          {invoice.relatedInvoice || invoice.creditNotes.length > 0 || invoice.fromQuoteId ? (
            <Card>
              <CardHeader
                icon={<Link2 aria-hidden="true" className="size-5" />}
                title={t('invoices:related.title')}
              />
              <CardContent>
                <ul className="grid gap-2 text-sm">
                  {invoice.relatedInvoice ? (
                    <li>
                      {t('invoices:related.corrects')}{' '}
                      <Link
                        to={`/invoices/${invoice.relatedInvoice.id}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {invoice.relatedInvoice.number ?? t('invoices:detail.draftNumber')}
                      </Link>
                    </li>
                  ) : null}
                  {invoice.creditNotes.map((note) => (
                    <li key={note.id}>
                      {t('invoices:related.creditNote')}{' '}
                      <Link to={`/invoices/${note.id}`} className="font-medium text-primary hover:underline">
                        {note.number ?? t('invoices:detail.draftNumber')}
                      </Link>{' '}
                      <span className="text-muted-foreground tabular-nums">({euro(note.totalCents)})</span>
                    </li>
                  ))}
                  {invoice.fromQuoteId ? (
                    <li>
                      <Link
                        to={`/quotes/${invoice.fromQuoteId}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {t('invoices:related.fromQuote')}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </CardContent>
            </Card>
          ) : null}

          <EmailActivityCard activity={invoice.activity} />
          {!isCredit && invoice.reminderCount > 0 ? (
            <p className="-mt-3 px-1 text-xs text-muted-foreground">
              {t('invoices:reminders.count', {
                count: invoice.reminderCount,
                date: invoice.lastReminderAt ? formatDateTime(invoice.lastReminderAt, locale) : '—',
              })}
            </p>
          ) : null}

          <Card>
            <CardHeader
              icon={<Landmark aria-hidden="true" className="size-5" />}
              title={t('invoices:sdi.title')}
            />
            <CardContent className="grid gap-2 text-sm text-muted-foreground">
              <p>{t('invoices:sdi.text')}</p>
              <p>{t('invoices:sdi.howTo')}</p>
            </CardContent>
          </Card>
        </div>
      </div>

      <ConfirmDialog
        {...confirm.props('issue')}
        title={t('invoices:confirm.issueTitle')}
        description={t('invoices:confirm.issueText')}
        confirmLabel={t('invoices:actions.issue')}
        loading={issue.isPending}
        disabled={!issueRefusal && issueProblems.length > 0}
        onConfirm={doIssue}
      >
        {issueRefusal ? (
          <MissingList
            tone="error"
            title={t('invoices:confirm.issueRefused')}
            items={issueRefusal}
            invoice={invoice}
            testId="issue-refused"
            compact
          />
        ) : issueProblems.length > 0 ? (
          <MissingList
            tone="warning"
            title={t('invoices:confirm.issueBlocked')}
            items={issueProblems}
            invoice={invoice}
            testId="issue-blocked"
            compact
          />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        {...confirm.props('send')}
        title={t('invoices:confirm.sendTitle')}
        description={
          email
            ? invoice.mailAttachments.includes('xml')
              ? t('invoices:confirm.sendTextPdfXml', { email })
              : t('invoices:confirm.sendTextPdfOnly', { email })
            : t('invoices:confirm.sendNoEmail')
        }
        confirmLabel={t('invoices:actions.send')}
        loading={send.isPending}
        onConfirm={() => doSend(null)}
      >
        {email && !invoice.mailAttachments.includes('xml') ? (
          <Alert tone="warning" title={t('invoices:confirm.sendNoXmlTitle')}>
            <ul className="grid list-disc gap-1 pl-5" data-testid="send-xml-missing">
              {invoice.eInvoiceMissing.map((key) => {
                const item = missingItem(key, {
                  id: invoice.id,
                  clientId: invoice.client.id,
                  isDraft: false,
                });
                return <li key={key}>{i18n.exists(item.labelKey) ? t(item.labelKey) : key}</li>;
              })}
            </ul>
          </Alert>
        ) : null}
      </ConfirmDialog>
      {reminderPending ? (
        <ConfirmDialog
          {...confirm.props(`reminder-${reminderPending}`)}
          title={t('invoices:confirm.reminderTitle', { type: t(`invoices:reminders.${reminderPending}`) })}
          description={t(`invoices:reminders.${reminderPending}Text`, { email: email ?? '—' })}
          confirmLabel={t('invoices:confirm.reminderSend')}
          danger={reminderPending === 'final'}
          loading={send.isPending}
          onConfirm={() => doSend(reminderPending)}
        />
      ) : null}
      <ConfirmDialog
        {...confirm.props('creditNote')}
        title={t('invoices:confirm.creditNoteTitle')}
        description={t('invoices:confirm.creditNoteText', { number: invoice.number ?? '' })}
        confirmLabel={t('invoices:actions.creditNote')}
        loading={creditNote.isPending}
        onConfirm={doCreditNote}
      />
      <ConfirmDialog
        {...confirm.props('delete')}
        title={t('invoices:confirm.deleteTitle')}
        description={t('invoices:confirm.deleteText')}
        confirmLabel={t('invoices:actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={doDelete}
      />
      {paymentPending ? (
        <ConfirmDialog
          {...confirm.props(`payment-${paymentPending}`)}
          title={t('invoices:payments.deleteTitle')}
          description={t('invoices:payments.deleteText')}
          confirmLabel={t('invoices:payments.deleteConfirm')}
          danger
          loading={deletePayment.isPending}
          onConfirm={() => doDeletePayment(paymentPending)}
        />
      ) : null}
      <Dialog open={paymentOpen} onOpenChange={setPaymentOpen}>
        {paymentOpen ? <PaymentDialog invoice={invoice} onDone={() => setPaymentOpen(false)} /> : null}
      </Dialog>
    </div>
  );
}

/** The e-invoice references as facts: order or contract with CIG/CUP, intent, instalments, delivery notes. */
function referenceFacts(
  invoice: TInvoice,
  t: ReturnType<typeof useTranslation>['t'],
  locale: ReturnType<typeof localeOf>,
): [string, string | null][] {
  const refs = invoice.references;
  const facts: [string, string | null][] = [];
  const purchase = refs.purchase;
  if (purchase) {
    facts.push([
      t(`invoices:references.purchaseKinds.${purchase.kind}`),
      [purchase.documentId, purchase.date ? formatDate(purchase.date, locale) : null]
        .filter(Boolean)
        .join(' · '),
    ]);
    facts.push([t('invoices:references.cig'), purchase.cig]);
    facts.push([t('invoices:references.cup'), purchase.cup]);
  }
  if (refs.intentDeclaration) {
    facts.push([
      t('invoices:references.intentTitle'),
      `${refs.intentDeclaration.protocol} · ${formatDate(refs.intentDeclaration.date, locale)}`,
    ]);
  }
  refs.instalments.forEach((instalment, i) =>
    facts.push([
      t('invoices:references.instalmentDue', { n: i + 1 }),
      `${formatDate(instalment.dueDate, locale)} · ${formatEuroCents(instalment.amountCents, locale)}`,
    ]),
  );
  if (refs.deferred) facts.push([t('invoices:references.deferred'), t('invoices:references.deferredShort')]);
  refs.deliveryNotes.forEach((note, i) =>
    facts.push([
      t('invoices:references.ddtNumber', { n: i + 1 }),
      `${note.number} · ${formatDate(note.date, locale)}`,
    ]),
  );
  return facts;
}

/** What the e-invoice still needs, each item in words with a link to where it is fixed. */
function MissingList({
  tone,
  title,
  items,
  invoice,
  testId,
  compact = false,
}: {
  tone: 'warning' | 'error';
  title: string;
  items: MissingEntry[];
  invoice: TInvoice;
  testId: string;
  /** Inside a dialog: no page margin and no hint about the XML. */
  compact?: boolean;
}) {
  const { t } = useTranslation(['invoices']);
  const target = { id: invoice.id, clientId: invoice.client.id, isDraft: invoice.status === 'draft' };
  return (
    <Alert tone={tone} title={title} className={compact ? undefined : 'mb-6'}>
      <ul className="grid list-disc gap-1.5 pl-5" data-testid={testId}>
        {items.map(({ key, path, params, message }) => {
          const item = missingItem(key, target);
          const text = i18n.exists(item.labelKey) ? t(item.labelKey, params ?? {}) : (message ?? key);
          return (
            <li key={`${key}|${path}`} data-key={key} data-path={path}>
              {text}
              {item.fix ? (
                <>
                  {' · '}
                  <Link to={item.fix.to} className="font-medium underline underline-offset-2">
                    {t(item.fix.labelKey)}
                  </Link>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {compact ? null : <p className="mt-2 text-xs">{t('invoices:einvoice.hint')}</p>}
    </Alert>
  );
}
