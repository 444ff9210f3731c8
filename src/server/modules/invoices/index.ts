// What other modules may use of modules/invoices (docs/ARCHITECTURE.md, Layers and imports).
export { type InvoiceDraftInput, createInvoiceDraft } from './service.ts';
