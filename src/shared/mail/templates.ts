import { escapeHtml } from '../text/escape-html.ts';

/**
 * The one template system of the app's e-mail (email-client spec §3 "Email template", §5 "Template rules", §9):
 * the system templates keyed by id, in Italian and English (the document e-mails that quotes, invoices and
 * reminders send, and the general ones the composer offers), the variables, the one render function and the
 * compatibility warnings of an HTML body.
 *
 * An organization may keep its own version of a system template per language; a user may write own templates
 * (email_templates table, modules/email-templates). System templates cannot be deleted. Variables are written
 * {{name}}; unknown ones are left as typed.
 */

/** The document e-mails, sent by quotes, invoices, reminders and statements with these keys. */
export const DOCUMENT_TEMPLATE_KEYS = [
  'quote_send',
  'invoice_send',
  'payment_reminder',
  'payment_confirmation',
  'overdue_notice',
  'final_notice',
  'statement',
] as const;
export type DocumentTemplateKey = (typeof DOCUMENT_TEMPLATE_KEYS)[number];

/** Every system template: the document ones, then the general ones of the composer (spec §9). */
export const SYSTEM_TEMPLATE_KEYS = [...DOCUMENT_TEMPLATE_KEYS, 'professional', 'newsletter'] as const;
export type SystemTemplateKey = (typeof SYSTEM_TEMPLATE_KEYS)[number];

export const TEMPLATE_CATEGORIES = [
  'quote',
  'invoice',
  'reminder',
  'payment',
  'professional',
  'newsletter',
  'custom',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_LANGUAGES = ['it', 'en'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

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

/** Spec §5: "Valued Customer" when the client has no name. */
// Italian: "Cliente", since the templates already open with "Gentile {{client_name}}".
export const FALLBACK_CLIENT_NAME = { en: 'Valued Customer', it: 'Cliente' } as const;

/** What is rendered: a subject, a text and, where the template has one, an HTML version. */
export type TemplateContent = { subject: string; text: string; html?: string | null };
export type SystemTemplateText = TemplateContent & { name: string; description: string };
export type SystemTemplate = { category: TemplateCategory } & Record<TemplateLanguage, SystemTemplateText>;

const SIGNATURE = {
  it: '\n\nCordiali saluti,\n{{company_name}}\n{{company_email}} · {{company_phone}}',
  en: '\n\nKind regards,\n{{company_name}}\n{{company_email}} · {{company_phone}}',
};

export const SYSTEM_TEMPLATES: Record<SystemTemplateKey, SystemTemplate> = {
  quote_send: {
    category: 'quote',
    it: {
      name: 'Invio del preventivo',
      description: 'Invia il preventivo con il link per accettarlo online',
      subject: 'Preventivo {{quote_number}} da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo in allegato il preventivo {{quote_number}} del {{issue_date}}, ' +
        'per un totale di {{total_amount}}, valido fino al {{expiry_date}}.\n\n' +
        'Può consultarlo, scaricarlo e accettarlo o rifiutarlo online da questo link:\n{{quote_link}}' +
        SIGNATURE.it,
    },
    en: {
      name: 'Quote e-mail',
      description: 'Sends the quote with the link to accept it online',
      subject: 'Quote {{quote_number}} from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find attached quote {{quote_number}} of {{issue_date}}, ' +
        'for a total of {{total_amount}}, valid until {{expiry_date}}.\n\n' +
        'You can view, download and accept or reject it online at this link:\n{{quote_link}}' +
        SIGNATURE.en,
    },
  },
  invoice_send: {
    category: 'invoice',
    it: {
      name: 'Invio della fattura',
      description: "Invia la fattura con il PDF e l'XML della fattura elettronica",
      subject: 'Fattura {{invoice_number}} da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo in allegato la fattura {{invoice_number}} del {{invoice_date}} ' +
        'di {{total_amount}}, con scadenza il {{due_date}}.\n\n' +
        "La copia di cortesia in PDF è allegata; l'originale è la fattura elettronica trasmessa tramite SdI." +
        SIGNATURE.it,
    },
    en: {
      name: 'Invoice e-mail',
      description: 'Sends the invoice with its PDF and the e-invoice XML',
      subject: 'Invoice {{invoice_number}} from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find attached invoice {{invoice_number}} of {{invoice_date}} ' +
        'for {{total_amount}}, due on {{due_date}}.\n\n' +
        'The PDF is a courtesy copy; the original is the e-invoice transmitted through the Italian SdI.' +
        SIGNATURE.en,
    },
  },
  payment_reminder: {
    category: 'reminder',
    it: {
      name: 'Promemoria di pagamento',
      description: 'Ricorda al cliente una fattura prima della scadenza',
      subject: 'Promemoria: fattura {{invoice_number}} in scadenza il {{due_date}}',
      text:
        'Gentile {{client_name}},\n\nle ricordiamo gentilmente che la fattura {{invoice_number}} del ' +
        '{{invoice_date}}, di {{total_amount}}, scade il {{due_date}}.\n\n' +
        'Se ha già provveduto al pagamento, non tenga conto di questo messaggio.' +
        SIGNATURE.it,
    },
    en: {
      name: 'Payment reminder',
      description: 'Reminds the client of an invoice before it falls due',
      subject: 'Reminder: invoice {{invoice_number}} due on {{due_date}}',
      text:
        'Dear {{client_name}},\n\nthis is a friendly reminder that invoice {{invoice_number}} of ' +
        '{{invoice_date}}, for {{total_amount}}, is due on {{due_date}}.\n\n' +
        'If you have already paid, please disregard this message.' +
        SIGNATURE.en,
    },
  },
  payment_confirmation: {
    category: 'payment',
    it: {
      name: 'Conferma di pagamento',
      description: 'Ringrazia il cliente quando si registra un pagamento',
      subject: 'Pagamento ricevuto: fattura {{invoice_number}}',
      text:
        'Gentile {{client_name}},\n\nconfermiamo di aver ricevuto il pagamento di {{payment_amount}} ' +
        'del {{payment_date}} ({{payment_method}}) per la fattura {{invoice_number}}. Grazie!' +
        SIGNATURE.it,
    },
    en: {
      name: 'Payment confirmation',
      description: 'Thanks the client when a payment is recorded',
      subject: 'Payment received: invoice {{invoice_number}}',
      text:
        'Dear {{client_name}},\n\nwe confirm that we received your payment of {{payment_amount}} ' +
        'on {{payment_date}} ({{payment_method}}) for invoice {{invoice_number}}. Thank you!' +
        SIGNATURE.en,
    },
  },
  overdue_notice: {
    category: 'reminder',
    it: {
      name: 'Sollecito di pagamento',
      description: 'Chiede il pagamento di una fattura scaduta',
      subject: 'Fattura {{invoice_number}} scaduta da {{days_overdue}} giorni',
      text:
        'Gentile {{client_name}},\n\nla fattura {{invoice_number}} del {{invoice_date}}, di {{total_amount}}, ' +
        'è scaduta il {{due_date}} ({{days_overdue}} giorni fa) e risulta ancora da saldare.\n\n' +
        'La preghiamo di provvedere al pagamento al più presto o di contattarci in caso di domande.' +
        SIGNATURE.it,
    },
    en: {
      name: 'Overdue notice',
      description: 'Asks for payment of an invoice past its due date',
      subject: 'Invoice {{invoice_number}} is {{days_overdue}} days overdue',
      text:
        'Dear {{client_name}},\n\ninvoice {{invoice_number}} of {{invoice_date}}, for {{total_amount}}, ' +
        'was due on {{due_date}} ({{days_overdue}} days ago) and is still unpaid.\n\n' +
        'Please arrange payment as soon as possible, or contact us if you have any questions.' +
        SIGNATURE.en,
    },
  },
  final_notice: {
    category: 'reminder',
    it: {
      name: 'Ultimo avviso',
      description: 'Avvisa delle azioni legali dopo 7 giorni lavorativi',
      subject: 'Ultimo avviso: fattura {{invoice_number}}',
      text:
        'Gentile {{client_name}},\n\nnonostante i precedenti solleciti, la fattura {{invoice_number}} del ' +
        '{{invoice_date}}, di {{total_amount}}, scaduta il {{due_date}}, risulta ancora da saldare.\n\n' +
        'In assenza del pagamento entro 7 giorni lavorativi ({{final_deadline}}) saremo costretti ad avviare ' +
        'le azioni legali per il recupero del credito.' +
        SIGNATURE.it,
    },
    en: {
      name: 'Final notice',
      description: 'Warns of legal action after 7 business days',
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
    category: 'payment',
    it: {
      name: 'Estratto conto',
      description: 'Riepiloga le fatture aperte del cliente',
      subject: 'Estratto conto da {{company_name}}',
      text:
        'Gentile {{client_name}},\n\nle inviamo il riepilogo delle fatture aperte, per un totale di ' +
        '{{total_amount}}.' +
        SIGNATURE.it,
    },
    en: {
      name: 'Statement',
      description: "Summarizes the client's open invoices",
      subject: 'Statement from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nplease find the summary of your open invoices, for a total of ' +
        '{{total_amount}}.' +
        SIGNATURE.en,
    },
  },
  professional: {
    category: 'professional',
    it: {
      name: 'Messaggio professionale',
      description: 'Un messaggio cortese a un cliente, con la firma dell’azienda',
      subject: 'Un messaggio da {{company_name}}',
      text: 'Gentile {{client_name}},\n\n[scriva qui il suo messaggio]' + SIGNATURE.it,
      html:
        '<p>Gentile {{client_name}},</p><p>[scriva qui il suo messaggio]</p>' +
        '<p>Cordiali saluti,<br>{{company_name}}<br>{{company_email}} · {{company_phone}}</p>',
    },
    en: {
      name: 'Professional message',
      description: 'A courteous message to a client, signed by the business',
      subject: 'A message from {{company_name}}',
      text: 'Dear {{client_name}},\n\n[write your message here]' + SIGNATURE.en,
      html:
        '<p>Dear {{client_name}},</p><p>[write your message here]</p>' +
        '<p>Kind regards,<br>{{company_name}}<br>{{company_email}} · {{company_phone}}</p>',
    },
  },
  newsletter: {
    category: 'newsletter',
    it: {
      name: 'Newsletter',
      description: 'Novità dell’azienda per i clienti, con un titolo e le notizie',
      subject: 'Le novità di {{company_name}}',
      text:
        'Gentile {{client_name}},\n\necco le ultime novità di {{company_name}}.\n\n' +
        '[Titolo della notizia]\n[Il testo della notizia]' +
        SIGNATURE.it,
      html:
        '<h2>Le novità di {{company_name}}</h2><p>Gentile {{client_name}},</p>' +
        '<p>ecco le ultime novità di {{company_name}}.</p>' +
        '<h3>[Titolo della notizia]</h3><p>[Il testo della notizia]</p>' +
        '<p>Cordiali saluti,<br>{{company_name}}<br>{{company_email}} · {{company_phone}}</p>',
    },
    en: {
      name: 'Newsletter',
      description: 'The business’s news for its clients, with a headline and the stories',
      subject: 'News from {{company_name}}',
      text:
        'Dear {{client_name}},\n\nhere is the latest news from {{company_name}}.\n\n' +
        '[Headline]\n[The story]' +
        SIGNATURE.en,
      html:
        '<h2>News from {{company_name}}</h2><p>Dear {{client_name}},</p>' +
        '<p>here is the latest news from {{company_name}}.</p>' +
        '<h3>[Headline]</h3><p>[The story]</p>' +
        '<p>Kind regards,<br>{{company_name}}<br>{{company_email}} · {{company_phone}}</p>',
    },
  },
};

export function isSystemTemplateKey(value: string): value is SystemTemplateKey {
  return (SYSTEM_TEMPLATE_KEYS as readonly string[]).includes(value);
}

export function isTemplateVariable(value: string): value is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(value);
}

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/** The names written as {{name}} in a text, each once, in order of appearance (known or not). */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** The known variables a template uses in its subject, text and HTML, each once, in order of appearance. */
export function variablesOf(template: TemplateContent): TemplateVariable[] {
  return variablesIn(`${template.subject}\n${template.text}\n${template.html ?? ''}`).filter(
    isTemplateVariable,
  );
}

export type RenderedTemplate = { subject: string; text: string; html: string | null };

/**
 * Fills {{variables}} in the subject, the text and the HTML: a variable without a value becomes empty, an unknown
 * name stays as typed, values put in the HTML are escaped, and a client without a name is the spec's "Valued
 * Customer" (in the template's language).
 */
export function renderTemplate(
  template: TemplateContent,
  values: TemplateValues,
  language: TemplateLanguage = 'it',
): RenderedTemplate {
  const filled: TemplateValues = {
    ...values,
    client_name: values.client_name?.trim() || FALLBACK_CLIENT_NAME[language],
  };
  const fill = (s: string, escape: (v: string) => string) =>
    s.replace(VARIABLE, (match, name: string) =>
      isTemplateVariable(name) ? escape(filled[name] ?? '') : match,
    );
  const asIs = (v: string) => v;
  // An empty phone or e-mail leaves a dangling separator in the signature: tidy it.
  const tidy = (s: string) => s.replace(/ · \n|\n · |^ · | · $/gm, '\n').replace(/\n{3,}/g, '\n\n');
  const tidyHtml = (s: string) =>
    s.replace(/ · <br>|<br> · | · <\/p>/g, (m) => (m.endsWith('</p>') ? '</p>' : '<br>'));
  return {
    subject: fill(template.subject, asIs).trim(),
    text: tidy(fill(template.text, asIs)).trim(),
    html: template.html ? tidyHtml(fill(template.html, escapeHtml)).trim() : null,
  };
}

/** The spec's template compatibility warnings (§5), as catalogue keys of `fields`. */
export const COMPATIBILITY_WARNINGS = [
  'emailTemplates.warnings.flexboxGrid',
  'emailTemplates.warnings.externalStylesheet',
  'emailTemplates.warnings.javascript',
  'emailTemplates.warnings.videoIframe',
] as const;
export type CompatibilityWarning = (typeof COMPATIBILITY_WARNINGS)[number];

/** The CSS of an HTML body: its style attributes and <style> elements. */
function stylesOf(html: string): string {
  const attributes = [...html.matchAll(/\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)].map((m) => m[1]!);
  const elements = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)(<\/style>|$)/gi)].map((m) => m[1]!);
  return [...attributes, ...elements]
    .join('\n')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

const CHECKS: Record<CompatibilityWarning, (html: string, css: string) => boolean> = {
  // display: flex | inline-flex | grid | inline-grid, and the grid-template / flex-* properties.
  'emailTemplates.warnings.flexboxGrid': (_html, css) =>
    /display\s*:\s*(inline-)?(flex|grid)\b/i.test(css) ||
    /(^|[\s;{"'])(flex(-\w+)?|grid(-\w+)+)\s*:/i.test(css),
  'emailTemplates.warnings.externalStylesheet': (html, css) =>
    /<link\b[^>]*\brel\s*=\s*["']?[^"'>]*stylesheet/i.test(html) || /@import\b/i.test(css),
  'emailTemplates.warnings.javascript': (html) =>
    /<script\b/i.test(html) ||
    /<[a-z][^>]*\son[a-z]+\s*=/i.test(html) ||
    /\b(href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(html),
  'emailTemplates.warnings.videoIframe': (html) => /<(video|iframe|embed|object)\b/i.test(html),
};

/**
 * What e-mail programs will not show of an HTML body (spec §5 "Template compatibility warnings"): flexbox or grid,
 * external stylesheets, JavaScript, video or iframe. Computed on what the user typed, before it is sanitized.
 */
export function compatibilityWarnings(html: string | null | undefined): CompatibilityWarning[] {
  if (!html) return [];
  const css = stylesOf(html);
  return COMPATIBILITY_WARNINGS.filter((w) => CHECKS[w](html, css));
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

/** A plain text as HTML paragraphs (blank lines) and line breaks, escaped: a text-only template in a rich editor. */
export function htmlOfText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
