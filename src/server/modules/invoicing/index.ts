// What app.ts, the demo seed and other modules may use of modules/invoicing (docs/ARCHITECTURE.md, Layers and
// imports): invoices, credit notes, quotes, their PDF and FatturaPA XML, and the invoicing settings.
export { formatMoneyFor, todayIn } from './dates-and-money.ts';
export { nextDocumentNumber } from './repository.ts';
export { DEFAULT_INVOICING_SETTINGS, getInvoicingSettings, saveInvoicingSettings } from './settings.ts';
export { invoicingRoutes } from './settings-routes.ts';
export { startInvoiceJobs } from './invoices/jobs.ts';
export { outstandingSql, settledAfterTable } from './invoices/outstanding-repository.ts';
export { recordPaymentRow } from './invoices/payments.ts';
export { invoiceRoutes } from './invoices/routes.ts';
export {
  type InvoiceDraftInput,
  createInvoiceDraft,
  createInvoiceDraftRow,
  issueInvoiceRow,
} from './invoices/service.ts';
export { registerFontFamily } from './pdf/fonts.ts';
export { startQuoteJobs } from './quotes/jobs.ts';
export { quoteRoutes } from './quotes/routes.ts';
export { changeQuoteStatus, createQuote } from './quotes/service.ts';
export { sdiRoutes } from './sdi/routes.ts';
export { applySdiMail } from './sdi/service.ts';
export { readReceivedFatturaPa } from './fatturapa/received.ts';
export type { ReceivedFile } from './fatturapa/read-xml.ts';
export { documentFiles } from './document-files.ts';
export { templateValuesFor } from './template-values.ts';
