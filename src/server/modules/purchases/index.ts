// What app.ts and other modules may use of modules/purchases (docs/ARCHITECTURE.md, Layers and imports): invoices
// received from suppliers.
export { purchaseRoutes } from './routes.ts';
export { supplierRoutes } from './suppliers-routes.ts';
export {
  importPurchaseInvoiceFile,
  readUploadedFatturaPa,
  receiveMailedInvoices,
  type PurchaseDeps,
  type PurchaseImportResult,
} from './service.ts';
