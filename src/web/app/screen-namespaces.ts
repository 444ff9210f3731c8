import type { RouteName } from '@shared/navigation/routes.ts';

/** The translation files every page reads, loaded when i18next starts. */
export const DEFAULT_NAMESPACES = ['common', 'buttons'];

/** The translation files the signed-in shell (menu, bell, voice button) reads beyond the default ones. */
export const SHELL_NAMESPACES = ['navigation', 'notifications', 'voice'];

/** The translation files a screen reads beyond the default ones. */
export const SCREEN_NAMESPACES: Partial<Record<RouteName, string[]>> = {
  dashboard: ['dashboard', 'invoices', 'mail'],
  clients: ['clients'],
  // Record pages show the documents linked to them (issue 17).
  clientDetail: ['clients', 'documents'],
  // A supplier lists its received invoices with their labels (purchases, invoices).
  supplier: ['clients', 'purchases', 'invoices'],
  calendar: ['calendar'],
  calendarEvent: ['calendar', 'documents'],
  invoices: ['invoices'],
  invoice: ['invoices', 'documents'],
  // Received invoices name document types and Natura as the invoices do (their labels, not copies).
  purchaseInvoices: ['purchases', 'invoices'],
  purchaseInvoice: ['purchases', 'invoices', 'documents'],
  quotes: ['quotes', 'invoices'],
  quote: ['quotes', 'invoices', 'documents'],
  transactions: ['transactions', 'documents'],
  inventory: ['inventory'],
  inventoryItem: ['inventory', 'documents'],
  analytics: ['analytics', 'reports'],
  reports: ['reports', 'invoices'],
  settings: ['settings'],
  email: ['mailbox', 'fields'],
  documents: ['documents'],
  // The expense made from a receipt uses the ledger's form and its labels.
  document: ['documents', 'transactions', 'forms'],
  systemStatus: ['system-status'],
};
