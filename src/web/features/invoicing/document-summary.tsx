import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentTotals } from '@shared/invoicing/document.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Facts } from '@web/ui/facts.tsx';
import { DocumentLines } from './document-view.tsx';
import { TotalsPanel } from './totals-panel.tsx';

export type Fact = [string, ReactNode];

/** What an invoice and a quote share, as the detail summary shows it. */
export interface SummarizedDocument {
  client: { id: string; name: string; email: string | null };
  issueDate: string;
  language: 'it' | 'en';
  pdfTemplate: string;
  totals: DocumentTotals;
  notes: string | null;
  terms: string | null;
}

/** The facts every document has, by name, for the screen to put in its order among its own. */
export function useCommonFacts(document: SummarizedDocument) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  return {
    client: [
      t('invoices:editor.client'),
      <Link key="c" to={`/clients/${document.client.id}`}>
        {document.client.name}
      </Link>,
    ] satisfies Fact,
    email: [t('invoices:fields.email'), document.client.email] satisfies Fact,
    issueDate: [t('invoices:editor.issueDate'), formatDate(document.issueDate, locale)] satisfies Fact,
    language: [
      t('invoices:fields.documentLanguage'),
      t(`invoices:languages.${document.language}`),
    ] satisfies Fact,
    template: [
      t('invoices:editor.pdfTemplate'),
      t(`invoices:templates.${document.pdfTemplate}`),
    ] satisfies Fact,
  };
}

/**
 * The summary of a stored invoice or quote: its facts, lines and totals in one card, and its notes and terms in
 * another when it has any. The screen chooses the title and the facts.
 */
export function DocumentSummary({
  title,
  facts,
  document,
}: {
  title: string;
  facts: Fact[];
  document: SummarizedDocument;
}) {
  const { t } = useTranslation(['invoices']);
  return (
    <>
      <Card>
        <CardHeader title={title} />
        <CardContent>
          <Facts items={facts} />
        </CardContent>
        <div className="border-t border-border">
          <DocumentLines totals={document.totals} />
        </div>
        <CardContent className="border-t border-border">
          <div className="ml-auto max-w-md">
            <TotalsPanel totals={document.totals} documentLanguage={document.language} />
          </div>
        </CardContent>
      </Card>
      {document.notes || document.terms ? (
        <Card>
          <CardHeader title={t('invoices:editor.notesTitle')} />
          <CardContent>
            <Facts
              className="grid gap-4 text-sm"
              items={[
                [
                  t('invoices:fields.notes'),
                  document.notes && <span className="whitespace-pre-wrap">{document.notes}</span>,
                ],
                [
                  t('invoices:fields.terms'),
                  document.terms && <span className="whitespace-pre-wrap">{document.terms}</span>,
                ],
              ]}
            />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
