import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Receipt, Sparkles } from 'lucide-react';
import type { TDocument, TDocumentUpdate } from '@shared/documents/contracts.ts';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { toast } from '@web/ui/toast.ts';
import { useUpdateDocument } from './documents-api.ts';

/** Below this the reader is unsure: the value shows a "check it" mark. */
const SURE = 0.6;

/** Whether a document offers "Create expense": a receipt, or any document whose total was read. */
export function offersExpense(doc: TDocument): boolean {
  return doc.documentType === 'receipt' || !!doc.suggestions?.totalCents;
}

/** An expense is already linked (made here or linked by hand). */
export function hasExpense(doc: TDocument): boolean {
  return doc.links.some((link) => link.recordType === 'transaction');
}

/**
 * What the reader found in the text, each with a one-click "Use" where the document has a place for it (type,
 * date, title, correspondent); the amounts go to "Create expense".
 */
export function SuggestionsPanel({
  doc,
  canManage,
  onCreateExpense,
}: {
  doc: TDocument;
  canManage: boolean;
  onCreateExpense: () => void;
}) {
  const { t } = useTranslation(['documents']);
  const orgId = useSignedInMe().activeOrganizationId;
  const update = useUpdateDocument(orgId, doc.id);
  const locale = localeOf(currentLanguage());
  const s = doc.suggestions;

  const apply = (patch: TDocumentUpdate) =>
    update.mutate(patch, {
      onSuccess: () => toast.success(t('documents:suggestions.applied')),
      onError: (error) => toast.error(apiErrorMessage(error, t)),
    });
  const applyButton = (field: string, patch: TDocumentUpdate, already: boolean) =>
    canManage ? (
      already ? (
        <span className="inline-flex items-center gap-1 text-xs text-success">
          <Check aria-hidden="true" className="size-3.5" />
          {t('documents:suggestions.inUse')}
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          aria-label={t('documents:suggestions.applyField', { field })}
          onClick={() => apply(patch)}
        >
          {t('documents:suggestions.apply')}
        </Button>
      )
    ) : null;

  const rows: ReactNode[] = [];
  const row = (key: string, label: string, value: ReactNode, action?: ReactNode, unsure = false) =>
    rows.push(
      <div key={key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
        <dt className="w-full text-xs text-muted-foreground sm:w-32 sm:shrink-0">{label}</dt>
        <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 text-sm text-foreground">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 break-words">{value}</span>
            {unsure ? <Badge tone="warning">{t('documents:suggestions.unsure')}</Badge> : null}
          </span>
          {action ? <span className="shrink-0">{action}</span> : null}
        </dd>
      </div>,
    );

  if (s) {
    if (s.documentType)
      row(
        'type',
        t('documents:suggestions.type'),
        t(`documents:types.${s.documentType}`),
        applyButton(
          t('documents:suggestions.type'),
          { documentType: s.documentType },
          doc.documentType === s.documentType,
        ),
      );
    if (s.documentDate)
      row(
        'date',
        t('documents:suggestions.date'),
        `${formatDate(s.documentDate.value, locale)}${s.time ? ` ${s.time.value}` : ''}`,
        applyButton(
          t('documents:suggestions.date'),
          { documentDate: s.documentDate.value },
          doc.documentDate === s.documentDate.value,
        ),
        s.documentDate.confidence < SURE,
      );
    if (s.totalCents)
      row(
        'total',
        t('documents:suggestions.total'),
        <strong className="tabular-nums">{formatEuroCents(s.totalCents.value, locale)}</strong>,
        undefined,
        s.totalCents.confidence < SURE,
      );
    if (s.vat.length > 0)
      row(
        'vat',
        t('documents:suggestions.vat'),
        <span className="grid gap-0.5">
          {s.vat.map((v) => (
            <span key={v.ratePercent} className="tabular-nums">
              {t('documents:suggestions.vatLine', {
                rate: formatNumber(v.ratePercent, locale),
                vat: formatEuroCents(v.vatCents, locale),
              })}
              {v.taxableCents !== null
                ? ` · ${t('documents:suggestions.taxable', { amount: formatEuroCents(v.taxableCents, locale) })}`
                : ''}
            </span>
          ))}
        </span>,
      );
    if (s.issuerName)
      row(
        'issuer',
        t('documents:suggestions.issuer'),
        s.issuerName.value,
        applyButton(
          t('documents:suggestions.issuerAsTitle'),
          { title: s.issuerName.value },
          doc.title === s.issuerName.value,
        ),
        s.issuerName.confidence < SURE,
      );
    if (s.vatNumbers.length > 0)
      row('vatNumbers', t('documents:suggestions.vatNumber'), s.vatNumbers.join(', '));
    if (s.taxCodes.length > 0) row('taxCodes', t('documents:suggestions.taxCode'), s.taxCodes.join(', '));
    if (s.documentNumber) {
      const numberTitle = `${t(`documents:types.${s.documentType ?? doc.documentType}`)} ${s.documentNumber.value}${
        s.issuerName ? ` – ${s.issuerName.value}` : ''
      }`;
      row(
        'number',
        t('documents:suggestions.number'),
        s.documentNumber.value,
        applyButton(
          t('documents:suggestions.numberAsTitle'),
          { title: numberTitle },
          doc.title === numberTitle,
        ),
        s.documentNumber.confidence < SURE,
      );
    }
    if (s.paymentMethod)
      row(
        'payment',
        t('documents:suggestions.payment'),
        t(`documents:suggestions.paymentMethods.${s.paymentMethod.value}`),
        undefined,
        s.paymentMethod.confidence < SURE,
      );
    if (s.ibans.length > 0) row('ibans', t('documents:suggestions.iban'), s.ibans.join(', '));
    if (s.emails.length > 0) row('emails', t('documents:suggestions.email'), s.emails.join(', '));
    for (const c of s.correspondents)
      row(
        `c-${c.kind}-${c.id}`,
        t(`documents:correspondent.${c.kind}`),
        <span>
          {c.name}{' '}
          <span className="text-xs text-muted-foreground">
            ({t(`documents:suggestions.matchedBy.${c.matchedBy}`)})
          </span>
        </span>,
        applyButton(
          c.name,
          { correspondent: { kind: c.kind, id: c.id } },
          doc.correspondent?.id === c.id && doc.correspondent.kind === c.kind,
        ),
      );
  }

  const expense = canManage && offersExpense(doc);
  if (rows.length === 0 && !expense) return null;

  return (
    <Card>
      <CardHeader
        icon={<Sparkles aria-hidden="true" className="size-5" />}
        title={t('documents:suggestions.title')}
        description={
          rows.length > 0 ? t('documents:suggestions.description') : t('documents:suggestions.none')
        }
      />
      {rows.length > 0 ? <dl className="divide-y divide-border px-5">{rows}</dl> : null}
      {expense ? (
        <div className="grid gap-2 border-t border-border px-5 py-4">
          {hasExpense(doc) ? (
            <p className="text-sm text-muted-foreground">{t('documents:expense.already')}</p>
          ) : null}
          <Button
            onClick={onCreateExpense}
            variant={hasExpense(doc) ? 'outline' : 'primary'}
            className="w-full sm:w-auto sm:justify-self-start"
            data-testid="create-expense"
          >
            <Receipt aria-hidden="true" className="size-4" />
            {t('documents:expense.button')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
