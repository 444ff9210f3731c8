import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { missingItem, missingText, type MissingEntry } from './einvoice-missing.ts';

/** What the e-invoice still needs, each item in words with a link to where it is fixed. */
export function MissingList({
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
          const text = missingText(item, params) ?? message ?? key;
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

/** In the send dialog: the e-invoice data still missing, which keep the XML out of the e-mail. */
export function XmlNotAttached({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices']);
  return (
    <Alert tone="warning" title={t('invoices:confirm.sendNoXmlTitle')}>
      <ul className="grid list-disc gap-1 pl-5" data-testid="send-xml-missing">
        {invoice.eInvoiceMissing.map((key) => {
          const item = missingItem(key, {
            id: invoice.id,
            clientId: invoice.client.id,
            isDraft: false,
          });
          return <li key={key}>{missingText(item) ?? key}</li>;
        })}
      </ul>
    </Alert>
  );
}
