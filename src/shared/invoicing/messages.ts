import type { FieldKey } from '../i18n/catalogue.ts';

/**
 * Quote and invoice field messages are keys of the catalogue (fields.json, section `invoicing`): the zod
 * contracts carry the keys; the server answers with the text, the web shows the same text.
 */
export type InvoicingMessageKey = Extract<FieldKey, `invoicing.${string}`>;
