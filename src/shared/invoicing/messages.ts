/**
 * Quote and invoice field messages in both languages (see clients/messages.ts): the zod contracts carry the keys;
 * the server answers with the text, the web shows the same text.
 */
export const INVOICING_MESSAGES = {
  en: {
    'invoicing.errors.invalidValue': 'Invalid value',
    'invoicing.errors.tooLong': 'This text is too long',
    'invoicing.errors.invalidChoice': 'Choose one of the options',
    'invoicing.errors.descriptionRequired': 'Describe the line',
    'invoicing.errors.quantityInvalid': 'Quantity: a number from 0 with at most 4 decimals',
    'invoicing.errors.priceInvalid': 'Unit price: an amount from 0.00 to 999,999,999.99',
    'invoicing.errors.priceTooLarge': 'Unit price: at most 999,999,999.99',
    'invoicing.errors.discountInvalid': 'Discount: a percentage from 0 to 100 with at most 2 decimals',
    'invoicing.errors.vatRateInvalid': 'Choose a VAT rate: 22, 10, 5, 4 or 0 %',
    'invoicing.errors.natureInvalid': 'Choose a valid Natura code (N1 … N7)',
    'invoicing.errors.natureRequired': 'A line at 0 % VAT needs its Natura code (why no VAT is charged)',
    'invoicing.errors.natureOnlyAtZero': 'The Natura code applies only to lines at 0 % VAT',
    'invoicing.errors.rateInvalid': 'A percentage from 0 to 100 with at most 2 decimals',
    'invoicing.errors.clientRequired': 'Choose a client',
    'invoicing.errors.dateInvalid': 'Enter a valid date',
    'invoicing.errors.linesRequired': 'Add at least one line',
    'invoicing.errors.tooManyLines': 'At most 200 lines per document',
    'invoicing.errors.relatedInvoiceRequired': 'A credit note must name the issued invoice it corrects',
    'invoicing.errors.amountInvalid': 'Enter an amount from 0.01 to 999,999,999.99',
    'invoicing.errors.amountTooLarge': 'Enter an amount of at most 999,999,999.99',
    'invoicing.errors.ibanInvalid': 'Invalid IBAN: check the country code and the digits',
    'invoicing.errors.validUntilBeforeIssue': 'The validity date cannot be before the issue date',
    'invoicing.errors.dueBeforeIssue': 'The due date cannot be before the issue date',
    'invoicing.errors.causaleInvalid':
      'Choose a current withholding reason code (A, B, … ZO; Z was abolished in 2021)',
    'invoicing.errors.unsupportedCharacters':
      'The e-invoice does not accept some of these characters (emoji, Greek, Cyrillic…): remove them',
    'invoicing.missing.document.issueDateFuture':
      'The issue date cannot be after today ({today}): the SDI refuses invoices dated in the future',
    'invoicing.missing.document.issueDateBeforeLast':
      'The issue date cannot be before {date}, the date of {number}, the last issued document of the series',
    'invoicing.errors.noOpenInvoices':
      'This client has no open invoices: there is nothing to put in a statement',
    'invoicing.errors.numberPatternInvalid':
      'The pattern must contain {n} and give a number of at most 20 characters',
    'invoicing.errors.purchaseIdInvalid':
      'The order or contract number: 1 to 20 characters (letters, digits, / - .)',
    'invoicing.errors.cigInvalid': 'The CIG has 10 letters and digits',
    'invoicing.errors.cupInvalid': 'The CUP has 15 letters and digits',
    'invoicing.errors.intentProtocolInvalid':
      'The protocol of the declaration of intent: 17 digits, a dash and 6 digits',
    'invoicing.errors.tooManyInstalments': 'At most 12 instalments',
    'invoicing.errors.instalmentsOrder': 'Each instalment falls after the previous one',
    'invoicing.errors.deliveryNoteNumberInvalid':
      'The delivery note number: 1 to 20 characters (letters, digits, / - .)',
    'invoicing.errors.tooManyDeliveryNotes': 'At most 50 delivery notes',
    'invoicing.errors.deliveryNotesRequired': 'A deferred invoice lists its delivery notes (DDT)',
    'invoicing.missing.document.instalments':
      'The instalments add up to {instalments}, the amount due is {due}: they must be equal',
    'invoicing.missing.document.deliveryNotes':
      'A deferred invoice (TD24) needs its delivery notes, dated no later than the invoice',
    'invoicing.missing.document.intentDeclaration':
      'Lines at N3.5 need the protocol and date of the declaration of intent',
    'invoicing.missing.document.purchase':
      'The order or contract reference: number of at most 20 characters, CIG of 10 and CUP of 15 letters and digits',
    'invoicing.missing.document.kind': 'This kind of document has no e-invoice',
    'invoicing.missing.document.number': 'The document must be issued (numbered) first',
    'invoicing.missing.document.issueDate': 'The issue date is missing or not valid',
    'invoicing.missing.document.dueDate': 'The due date is missing or not valid',
    'invoicing.missing.document.relatedDocument': 'A credit note must name the invoice it corrects',
    'invoicing.missing.document.lines': 'The document has no lines',
    'invoicing.missing.document.totals': 'The totals could not be computed',
    'invoicing.missing.lines.description': 'Line {line}: the description is empty',
    'invoicing.missing.lines.descriptionCharacters':
      'Line {line}: the description has characters the e-invoice does not accept ({chars})',
    'invoicing.missing.lines.nature': 'Line {line}: a line at 0 % needs its Natura code',
    'invoicing.missing.lines.withholding': 'Withholding is set but no line is subject to it',
    'invoicing.missing.tax.withholding': 'Withholding data is incomplete (type, rate)',
    'invoicing.missing.tax.withholdingCausale':
      'The withholding reason code "{code}" is not valid any more: choose a current one (e.g. A)',
    'invoicing.missing.tax.pensionFund': 'Pension fund data is incomplete (type, rate)',
    'invoicing.missing.seller.name': 'Your business name (business profile)',
    'invoicing.missing.seller.nameCharacters':
      'Your business name has characters the e-invoice does not accept ({chars}) (business profile)',
    'invoicing.missing.seller.vatNumber': 'Your Partita IVA (business profile)',
    'invoicing.missing.seller.codiceFiscale': 'Your Codice Fiscale (business profile)',
    'invoicing.missing.seller.regime': 'Your tax regime, e.g. RF01 or RF19 (business profile)',
    'invoicing.missing.seller.address': 'Your full address: street, CAP, city, province (business profile)',
    'invoicing.missing.seller.addressCharacters':
      'Your address has characters the e-invoice does not accept ({chars}) (business profile)',
    'invoicing.missing.seller.iban': 'Your IBAN for bank transfers (invoicing settings)',
    'invoicing.missing.seller.bankNameCharacters':
      'The bank name has characters the e-invoice does not accept ({chars}) (invoicing settings)',
    'invoicing.missing.buyer.name': "The client's name",
    'invoicing.missing.buyer.nameCharacters':
      "The client's name has characters the e-invoice does not accept ({chars})",
    'invoicing.missing.buyer.taxId': "The client's Partita IVA or Codice Fiscale",
    'invoicing.missing.buyer.vatNumber': "The client's VAT number",
    'invoicing.missing.buyer.codiceFiscale': "The client's Codice Fiscale",
    'invoicing.missing.buyer.address':
      "The client's full address: street, postal code, city (province in Italy)",
    'invoicing.missing.buyer.addressCharacters':
      "The client's address has characters the e-invoice does not accept ({chars})",
    'invoicing.missing.buyer.sdiCodeOrPec': "The client's SDI recipient code or PEC",
    'invoicing.missing.buyer.paOfficeCode':
      "The public administration's office code (Codice Univoco Ufficio)",
  },
  it: {
    'invoicing.errors.invalidValue': 'Valore non valido',
    'invoicing.errors.tooLong': 'Questo testo è troppo lungo',
    'invoicing.errors.invalidChoice': 'Scegli una delle opzioni',
    'invoicing.errors.descriptionRequired': 'Descrivi la riga',
    'invoicing.errors.quantityInvalid': 'Quantità: un numero da 0 con al massimo 4 decimali',
    'invoicing.errors.priceInvalid': 'Prezzo unitario: un importo da 0,00 a 999.999.999,99',
    'invoicing.errors.priceTooLarge': 'Prezzo unitario: al massimo 999.999.999,99',
    'invoicing.errors.discountInvalid': 'Sconto: una percentuale da 0 a 100 con al massimo 2 decimali',
    'invoicing.errors.vatRateInvalid': "Scegli un'aliquota IVA: 22, 10, 5, 4 o 0 %",
    'invoicing.errors.natureInvalid': 'Scegli un codice Natura valido (N1 … N7)',
    'invoicing.errors.natureRequired':
      "Una riga con IVA 0 % richiede il codice Natura (il motivo per cui l'IVA non si applica)",
    'invoicing.errors.natureOnlyAtZero': 'Il codice Natura si usa solo per le righe con IVA 0 %',
    'invoicing.errors.rateInvalid': 'Una percentuale da 0 a 100 con al massimo 2 decimali',
    'invoicing.errors.clientRequired': 'Scegli un cliente',
    'invoicing.errors.dateInvalid': 'Inserisci una data valida',
    'invoicing.errors.linesRequired': 'Aggiungi almeno una riga',
    'invoicing.errors.tooManyLines': 'Al massimo 200 righe per documento',
    'invoicing.errors.relatedInvoiceRequired':
      'Una nota di credito deve indicare la fattura emessa che corregge',
    'invoicing.errors.amountInvalid': 'Inserisci un importo da 0,01 a 999.999.999,99',
    'invoicing.errors.amountTooLarge': 'Inserisci un importo di al massimo 999.999.999,99',
    'invoicing.errors.ibanInvalid': 'IBAN non valido: controlla il codice paese e le cifre',
    'invoicing.errors.validUntilBeforeIssue': 'La data di validità non può precedere la data di emissione',
    'invoicing.errors.dueBeforeIssue': 'La scadenza non può precedere la data di emissione',
    'invoicing.errors.causaleInvalid':
      'Scegli una causale della ritenuta in vigore (A, B, … ZO; la Z è abolita dal 2021)',
    'invoicing.errors.unsupportedCharacters':
      'La fattura elettronica non accetta alcuni di questi caratteri (emoji, greco, cirillico…): toglili',
    'invoicing.missing.document.issueDateFuture':
      'La data di emissione non può essere successiva a oggi ({today}): lo SDI scarta le fatture con data futura',
    'invoicing.missing.document.issueDateBeforeLast':
      "La data di emissione non può precedere il {date}, data di {number}, l'ultimo documento emesso della serie",
    'invoicing.errors.noOpenInvoices':
      'Questo cliente non ha fatture aperte: non c’è nulla da mettere in un estratto conto',
    'invoicing.errors.numberPatternInvalid':
      'Lo schema deve contenere {n} e dare un numero di al massimo 20 caratteri',
    'invoicing.errors.purchaseIdInvalid':
      "Il numero dell'ordine o del contratto: da 1 a 20 caratteri (lettere, cifre, / - .)",
    'invoicing.errors.cigInvalid': 'Il CIG ha 10 lettere e cifre',
    'invoicing.errors.cupInvalid': 'Il CUP ha 15 lettere e cifre',
    'invoicing.errors.intentProtocolInvalid':
      "Il protocollo della dichiarazione d'intento: 17 cifre, un trattino e 6 cifre",
    'invoicing.errors.tooManyInstalments': 'Al massimo 12 rate',
    'invoicing.errors.instalmentsOrder': 'Ogni rata scade dopo la precedente',
    'invoicing.errors.deliveryNoteNumberInvalid':
      'Il numero del DDT: da 1 a 20 caratteri (lettere, cifre, / - .)',
    'invoicing.errors.tooManyDeliveryNotes': 'Al massimo 50 DDT',
    'invoicing.errors.deliveryNotesRequired':
      'Una fattura differita elenca i suoi documenti di trasporto (DDT)',
    'invoicing.missing.document.instalments':
      "Le rate sommano {instalments}, l'importo dovuto è {due}: devono coincidere",
    'invoicing.missing.document.deliveryNotes':
      'Una fattura differita (TD24) richiede i DDT, con data non successiva a quella della fattura',
    'invoicing.missing.document.intentDeclaration':
      "Le righe N3.5 richiedono protocollo e data della dichiarazione d'intento",
    'invoicing.missing.document.purchase':
      "Il riferimento all'ordine o al contratto: numero di al massimo 20 caratteri, CIG di 10 e CUP di 15 lettere e cifre",
    'invoicing.missing.document.kind': 'Questo tipo di documento non ha una fattura elettronica',
    'invoicing.missing.document.number': 'Il documento deve prima essere emesso (numerato)',
    'invoicing.missing.document.issueDate': 'La data di emissione manca o non è valida',
    'invoicing.missing.document.dueDate': 'La data di scadenza manca o non è valida',
    'invoicing.missing.document.relatedDocument': 'Una nota di credito deve indicare la fattura che corregge',
    'invoicing.missing.document.lines': 'Il documento non ha righe',
    'invoicing.missing.document.totals': 'Impossibile calcolare i totali',
    'invoicing.missing.lines.description': 'Riga {line}: la descrizione è vuota',
    'invoicing.missing.lines.descriptionCharacters':
      'Riga {line}: la descrizione contiene caratteri non ammessi nella fattura elettronica ({chars})',
    'invoicing.missing.lines.nature': 'Riga {line}: una riga allo 0 % richiede il codice Natura',
    'invoicing.missing.lines.withholding': 'La ritenuta è impostata ma nessuna riga vi è soggetta',
    'invoicing.missing.tax.withholding': 'Dati della ritenuta incompleti (tipo, aliquota)',
    'invoicing.missing.tax.withholdingCausale':
      'La causale della ritenuta "{code}" non è più valida: scegline una in vigore (es. A)',
    'invoicing.missing.tax.pensionFund': 'Dati della cassa previdenziale incompleti (tipo, aliquota)',
    'invoicing.missing.seller.name': 'La ragione sociale della tua azienda (profilo aziendale)',
    'invoicing.missing.seller.nameCharacters':
      'La ragione sociale contiene caratteri non ammessi nella fattura elettronica ({chars}) (profilo aziendale)',
    'invoicing.missing.seller.vatNumber': 'La tua Partita IVA (profilo aziendale)',
    'invoicing.missing.seller.codiceFiscale': 'Il tuo Codice Fiscale (profilo aziendale)',
    'invoicing.missing.seller.regime': 'Il tuo regime fiscale, es. RF01 o RF19 (profilo aziendale)',
    'invoicing.missing.seller.address':
      'Il tuo indirizzo completo: via, CAP, città, provincia (profilo aziendale)',
    'invoicing.missing.seller.addressCharacters':
      'Il tuo indirizzo contiene caratteri non ammessi nella fattura elettronica ({chars}) (profilo aziendale)',
    'invoicing.missing.seller.iban': "L'IBAN per i bonifici (impostazioni di fatturazione)",
    'invoicing.missing.seller.bankNameCharacters':
      'Il nome della banca contiene caratteri non ammessi nella fattura elettronica ({chars}) (impostazioni di fatturazione)',
    'invoicing.missing.buyer.name': 'Il nome del cliente',
    'invoicing.missing.buyer.nameCharacters':
      'Il nome del cliente contiene caratteri non ammessi nella fattura elettronica ({chars})',
    'invoicing.missing.buyer.taxId': 'La Partita IVA o il Codice Fiscale del cliente',
    'invoicing.missing.buyer.vatNumber': 'La partita IVA del cliente',
    'invoicing.missing.buyer.codiceFiscale': 'Il Codice Fiscale del cliente',
    'invoicing.missing.buyer.address':
      "L'indirizzo completo del cliente: via, CAP, città (provincia in Italia)",
    'invoicing.missing.buyer.addressCharacters':
      "L'indirizzo del cliente contiene caratteri non ammessi nella fattura elettronica ({chars})",
    'invoicing.missing.buyer.sdiCodeOrPec': 'Il codice destinatario SDI o la PEC del cliente',
    'invoicing.missing.buyer.paOfficeCode': 'Il codice univoco ufficio della pubblica amministrazione',
  },
} as const;

export type InvoicingMessageKey = keyof (typeof INVOICING_MESSAGES)['en'];
