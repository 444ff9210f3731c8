// What app.ts and other modules may use of modules/purchases (docs/ARCHITECTURE.md, Layers and imports): invoices
// received from suppliers.
export { purchaseRoutes } from './routes.ts';
export { receiveMailedInvoices } from './service.ts';
