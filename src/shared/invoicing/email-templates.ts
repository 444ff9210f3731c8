/**
 * The system e-mail templates of quotes and invoices (core-app spec §9, email-client spec §9), in Italian and
 * English. An organization may override subject and text per language (email_templates table); the system
 * templates themselves cannot be deleted. Variables are written {{name}}; unknown ones are left as typed.
 */
export const EMAIL_TEMPLATE_KEYS = [
  'quote_send',
  'invoice_send',
  'payment_reminder',
  'payment_confirmation',
  'overdue_notice',
  'final_notice',
  'statement',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

/** Template variables (email-client spec §9), plus the quote's link and the final notice's deadline. */
export const TEMPLATE_VARIABLES = [
  'client_name',
  'company_name',
  'company_email',
  'company_phone',
  'invoice_number',
  'invoice_date',
  'due_date',
  'total_amount',
  'payment_amount',
  'payment_date',
  'payment_method',
  'days_overdue',
  'quote_number',
  'issue_date',
  'expiry_date',
  'quote_link',
  'final_deadline',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/** Spec: "Valued Customer" when the client has no name. */
export const FALLBACK_CLIENT_NAME = { en: 'Valued Customer', it: 'Gentile Cliente' } as const;

export type EmailTemplateText = { subject: string; text: string };

const SIGNATURE = {
  it: '\n\nCordiali saluti,\n{{company_name}}\n{{company_email}} · {{company_phone}}',
  en: '\n\nKind regards,\n{{company_name}}\n{{company_email}} · {{company_phone}}',
};

export const SYSTEM_EMAIL_TEMPLATES: Record<EmailTemplateKey, Record<'it' | 'en', EmailTemplateText>> = {
  quote_send: {
    it: {
      subject: 'Preventivo {{quote_number}} da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo in allegato il preventivo {{quote_number}} del {{issue_date}}, ' +
        'per un totale di {{total_amount}}, valido fino al {{expiry_date}}.\n\n' +
        'Può consultarlo, scaricarlo e accettarlo o rifiutarlo online da questo link:\n{{quote_link}}' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Quote {{quote_number}} from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find attached quote {{quote_number}} of {{issue_date}}, ' +
        'for a total of {{total_amount}}, valid until {{expiry_date}}.\n\n' +
        'You can view, download and accept or reject it online at this link:\n{{quote_link}}' +
        SIGNATURE.en,
    },
  },
  invoice_send: {
    it: {
      subject: 'Fattura {{invoice_number}} da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo in allegato la fattura {{invoice_number}} del {{invoice_date}} ' +
        'di {{total_amount}}, con scadenza il {{due_date}}.\n\n' +
        "La copia di cortesia in PDF è allegata; l'originale è la fattura elettronica trasmessa tramite SdI." +
        SIGNATURE.it,
    },
    en: {
      subject: 'Invoice {{invoice_number}} from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find attached invoice {{invoice_number}} of {{invoice_date}} ' +
        'for {{total_amount}}, due on {{due_date}}.\n\n' +
        'The PDF is a courtesy copy; the original is the e-invoice transmitted through the Italian SdI.' +
        SIGNATURE.en,
    },
  },
  payment_reminder: {
    it: {
      subject: 'Promemoria: fattura {{invoice_number}} in scadenza il {{due_date}}',
      text:
        'Gentile {{client_name}},\n\nle ricordiamo gentilmente che la fattura {{invoice_number}} del ' +
        '{{invoice_date}}, di {{total_amount}}, scade il {{due_date}}.\n\n' +
        'Se ha già provveduto al pagamento, non tenga conto di questo messaggio.' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Reminder: invoice {{invoice_number}} due on {{due_date}}',
      text:
        'Dear {{client_name}},\n\nthis is a friendly reminder that invoice {{invoice_number}} of ' +
        '{{invoice_date}}, for {{total_amount}}, is due on {{due_date}}.\n\n' +
        'If you have already paid, please disregard this message.' +
        SIGNATURE.en,
    },
  },
  payment_confirmation: {
    it: {
      subject: 'Pagamento ricevuto: fattura {{invoice_number}}',
      text:
        'Gentile {{client_name}},\n\nconfermiamo di aver ricevuto il pagamento di {{payment_amount}} ' +
        'del {{payment_date}} ({{payment_method}}) per la fattura {{invoice_number}}. Grazie!' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Payment received: invoice {{invoice_number}}',
      text:
        'Dear {{client_name}},\n\nwe confirm that we received your payment of {{payment_amount}} ' +
        'on {{payment_date}} ({{payment_method}}) for invoice {{invoice_number}}. Thank you!' +
        SIGNATURE.en,
    },
  },
  overdue_notice: {
    it: {
      subject: 'Fattura {{invoice_number}} scaduta da {{days_overdue}} giorni',
      text:
        'Gentile {{client_name}},\n\nla fattura {{invoice_number}} del {{invoice_date}}, di {{total_amount}}, ' +
        'è scaduta il {{due_date}} ({{days_overdue}} giorni fa) e risulta ancora da saldare.\n\n' +
        'La preghiamo di provvedere al pagamento al più presto o di contattarci in caso di domande.' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Invoice {{invoice_number}} is {{days_overdue}} days overdue',
      text:
        'Dear {{client_name}},\n\ninvoice {{invoice_number}} of {{invoice_date}}, for {{total_amount}}, ' +
        'was due on {{due_date}} ({{days_overdue}} days ago) and is still unpaid.\n\n' +
        'Please arrange payment as soon as possible, or contact us if you have any questions.' +
        SIGNATURE.en,
    },
  },
  final_notice: {
    it: {
      subject: 'Ultimo avviso: fattura {{invoice_number}}',
      text:
        'Gentile {{client_name}},\n\nnonostante i precedenti solleciti, la fattura {{invoice_number}} del ' +
        '{{invoice_date}}, di {{total_amount}}, scaduta il {{due_date}}, risulta ancora da saldare.\n\n' +
        'In assenza del pagamento entro 7 giorni lavorativi ({{final_deadline}}) saremo costretti ad avviare ' +
        'le azioni legali per il recupero del credito.' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Final notice: invoice {{invoice_number}}',
      text:
        'Dear {{client_name}},\n\ndespite our previous reminders, invoice {{invoice_number}} of ' +
        '{{invoice_date}}, for {{total_amount}}, due on {{due_date}}, is still unpaid.\n\n' +
        'If payment is not received within 7 business days ({{final_deadline}}) we will have to take legal ' +
        'action to recover the debt.' +
        SIGNATURE.en,
    },
  },
  statement: {
    it: {
      subject: 'Estratto conto da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo il riepilogo delle fatture aperte, per un totale di ' +
        '{{total_amount}}.' +
        SIGNATURE.it,
    },
    en: {
      subject: 'Statement from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find the summary of your open invoices, for a total of ' +
        '{{total_amount}}.' +
        SIGNATURE.en,
    },
  },
};

export function isEmailTemplateKey(value: string): value is EmailTemplateKey {
  return (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(value);
}

/** Fills {{variables}}; a variable without a value becomes empty, an unknown name stays as typed. */
export function renderTemplate(template: EmailTemplateText, values: TemplateValues): EmailTemplateText {
  const fill = (s: string) =>
    s.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      (TEMPLATE_VARIABLES as readonly string[]).includes(name)
        ? (values[name as TemplateVariable] ?? '')
        : match,
    );
  // An empty phone or e-mail leaves a dangling separator in the signature: tidy it.
  const tidy = (s: string) => s.replace(/ · \n|\n · |^ · | · $/gm, '\n').replace(/\n{3,}/g, '\n\n');
  return { subject: fill(template.subject).trim(), text: tidy(fill(template.text)).trim() };
}

/** What an invoice e-mail carries. */
export type InvoiceAttachmentKind = 'pdf' | 'xml';

/**
 * The files the invoice e-mail attaches: always the PDF, and the FatturaPA XML only when nothing it needs is
 * missing (`missing` as TInvoice.eInvoiceMissing). The send and the send dialog both read this.
 */
export function invoiceMailAttachments(missing: readonly string[]): InvoiceAttachmentKind[] {
  return missing.length === 0 ? ['pdf', 'xml'] : ['pdf'];
}
