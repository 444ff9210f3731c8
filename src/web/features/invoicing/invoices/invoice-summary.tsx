import { useTranslation } from 'react-i18next';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { formatDate, formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { DocumentSummary, useCommonFacts } from '@web/features/invoicing/document-summary.tsx';

/** The invoice's facts (type, dates, payment, e-invoice references), lines, totals, notes and terms. */
export function InvoiceSummary({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  const common = useCommonFacts(invoice);
  const isCredit = invoice.documentType === 'TD04';
  return (
    <DocumentSummary
      title={t('invoices:detail.document')}
      document={invoice}
      facts={[
        common.client,
        common.email,
        [t('invoices:fields.type'), t(`invoices:types.${invoice.documentType}`)],
        common.issueDate,
        [t('invoices:fields.dueDate'), isCredit ? null : formatDate(invoice.dueDate, locale)],
        [t('invoices:fields.paymentMethod'), t(`invoices:paymentMethods.${invoice.paymentMethod}`)],
        common.language,
        common.template,
        [t('invoices:fields.issuedAt'), invoice.issuedAt ? formatDateTime(invoice.issuedAt, locale) : null],
        ...referenceFacts(invoice, t, locale),
      ]}
    />
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
