import { clientDisplayName } from '@shared/clients/contracts.ts';
import type { TemplateLanguage, TemplateValues } from '@shared/mail/templates.ts';
import { independentReads } from '../../db/database.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findProfile } from '../business-profiles/index.ts';
import { findClient } from '../clients/index.ts';
import { formatDateFor, formatMoneyFor, todayIn } from './dates-and-money.ts';
import { invoiceNotFound } from './document.ts';
import { findInvoice } from './invoices/repository.ts';
import { templateValues as invoiceValues } from './invoices/sending.ts';
import { findQuote, type QuoteRow } from './quotes/repository.ts';

/** A quote's own variables (the link is made only when the quote is sent). */
export function quoteTemplateValues(
  row: Pick<QuoteRow, 'number' | 'issueDate' | 'validUntil' | 'totalCents'>,
  lang: TemplateLanguage,
): TemplateValues {
  return {
    quote_number: row.number,
    issue_date: formatDateFor(row.issueDate, lang),
    expiry_date: formatDateFor(row.validUntil, lang),
    total_amount: formatMoneyFor(row.totalCents, lang),
  };
}

/**
 * The values of the template variables (email-client spec §9) the composer renders a template with: the
 * organization's business profile, and the chosen invoice (as its e-mails fill them), quote or client. An invoice
 * or a quote brings its own client; the client's name is left empty when unknown (the render writes "Valued
 * Customer").
 */
export async function templateValuesFor(
  deps: { db: Db },
  input: {
    orgId: string;
    language: TemplateLanguage;
    clientId?: string | undefined;
    invoiceId?: string | undefined;
    quoteId?: string | undefined;
  },
): Promise<TemplateValues> {
  const { orgId, language: lang } = input;
  if (input.invoiceId) {
    const row = await findInvoice(deps.db, orgId, input.invoiceId);
    if (!row) throw invoiceNotFound(input.invoiceId);
    const today = await todayIn(deps, { orgId });
    return (await invoiceValues(deps, orgId, row, today, lang)).values;
  }
  let clientId = input.clientId;
  let documentValues: TemplateValues = {};
  if (input.quoteId) {
    const row = await findQuote(deps.db, orgId, input.quoteId);
    if (!row) throw new AppError('NOT_FOUND');
    clientId = row.clientId;
    documentValues = quoteTemplateValues(row, lang);
  }
  const [profile, client] = await independentReads(deps.db, [
    () => findProfile(deps.db, orgId),
    async () => (clientId ? findClient(deps.db, orgId, clientId) : undefined),
  ]);
  if (clientId && !client) throw new AppError('NOT_FOUND');
  return {
    client_name: client ? clientDisplayName(client) : '',
    company_name: profile?.companyName ?? '',
    company_email: profile?.email ?? '',
    company_phone: profile?.phone ?? '',
    ...documentValues,
  };
}
