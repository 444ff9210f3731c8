import type { ComponentType } from 'react';
import type { RouteName } from '@shared/navigation/routes.ts';

/**
 * The code of each signed-in screen this release builds, as a lazy chunk by route name: the router renders them
 * (every other protected route shows the "not available yet" state) and `prefetchRoute` loads one early, on
 * hover or when the browser is idle, so a click shows the page at once.
 */
export const PAGE_LOADERS: Partial<Record<RouteName, () => Promise<ComponentType>>> = {
  dashboard: () => import('@web/features/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
  settings: () => import('@web/features/settings/settings-page.tsx').then((m) => m.SettingsPage),
  voice: () => import('@web/features/voice/voice-page.tsx').then((m) => m.VoicePage),
  inventory: () => import('@web/features/inventory/inventory-page.tsx').then((m) => m.InventoryPage),
  inventoryItem: () => import('@web/features/inventory/item-page.tsx').then((m) => m.InventoryItemPage),
  scan: () => import('@web/features/scan/scan-page.tsx').then((m) => m.ScanPage),
  transactions: () =>
    import('@web/features/transactions/transactions-page.tsx').then((m) => m.TransactionsPage),
  clients: () => import('@web/features/clients/clients-page.tsx').then((m) => m.ClientsPage),
  clientDetail: () => import('@web/features/clients/client-detail-page.tsx').then((m) => m.ClientRoutePage),
  supplier: () => import('@web/features/clients/supplier-page.tsx').then((m) => m.SupplierPage),
  purchaseInvoices: () =>
    import('@web/features/purchases/purchase-invoices-page.tsx').then((m) => m.PurchaseInvoicesPage),
  purchaseInvoice: () =>
    import('@web/features/purchases/purchase-invoice-page.tsx').then((m) => m.PurchaseInvoicePage),
  quotes: () => import('@web/features/invoicing/quotes/quotes-page.tsx').then((m) => m.QuotesPage),
  quoteNew: () => import('@web/features/invoicing/quotes/quote-editor-page.tsx').then((m) => m.QuoteNewPage),
  quote: () => import('@web/features/invoicing/quotes/quote-detail-page.tsx').then((m) => m.QuoteDetailPage),
  quoteEdit: () =>
    import('@web/features/invoicing/quotes/quote-editor-page.tsx').then((m) => m.QuoteEditPage),
  invoices: () => import('@web/features/invoicing/invoices/invoices-page.tsx').then((m) => m.InvoicesPage),
  invoiceNew: () =>
    import('@web/features/invoicing/invoices/invoice-editor-page.tsx').then((m) => m.InvoiceNewPage),
  invoice: () =>
    import('@web/features/invoicing/invoices/invoice-detail-page.tsx').then((m) => m.InvoiceDetailPage),
  invoiceEdit: () =>
    import('@web/features/invoicing/invoices/invoice-editor-page.tsx').then((m) => m.InvoiceEditPage),
  calendar: () => import('@web/features/calendar/calendar-page.tsx').then((m) => m.CalendarPage),
  calendarEvent: () => import('@web/features/calendar/event-page.tsx').then((m) => m.EventPage),
  calendarPage: () => import('@web/features/calendar/calendar-page.tsx').then((m) => m.CalendarPageRedirect),
  organization: () => import('@web/features/team/team-page.tsx').then((m) => m.OrganizationPage),
  apiReference: () =>
    import('@web/features/api-reference/api-reference-page.tsx').then((m) => m.ApiReferencePage),
  reports: () => import('@web/features/reports/reports-page.tsx').then((m) => m.ReportsPage),
  analytics: () => import('@web/features/analytics/analytics-page.tsx').then((m) => m.AnalyticsPage),
  email: () => import('@web/features/mailbox/mailbox-page.tsx').then((m) => m.MailboxPage),
  documents: () => import('@web/features/documents/documents-page.tsx').then((m) => m.DocumentsPage),
  document: () => import('@web/features/documents/document-page.tsx').then((m) => m.DocumentPage),
  systemStatus: () =>
    import('@web/features/system-status/system-status-page.tsx').then((m) => m.SystemStatusPage),
};

/** The screens whose code has arrived, by route name (loadPage fills it). */
const loadedPages = new Map<RouteName, ComponentType>();

/**
 * Loads a screen's code and remembers the component, so the router can render it at once once it is here
 * (`loadedPage`); every early load (hover, idle, boot) goes through this.
 */
export async function loadPage(name: RouteName): Promise<ComponentType | undefined> {
  const load = PAGE_LOADERS[name];
  if (!load) return undefined;
  const page = await load();
  loadedPages.set(name, page);
  return page;
}

/** The screen's component if its code is already here, else undefined. */
export function loadedPage(name: RouteName): ComponentType | undefined {
  return loadedPages.get(name);
}
