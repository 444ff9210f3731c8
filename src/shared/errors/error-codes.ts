/**
 * One error vocabulary for server and web: each code has an HTTP status and a message in both languages.
 * The server answers `{ error: { code, message, details? } }`; the web shows the message for its language.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, en: 'Some fields are not valid', it: 'Alcuni campi non sono validi' },
  UNAUTHENTICATED: { status: 401, en: 'User not authenticated', it: 'Utente non autenticato' },
  FORBIDDEN: { status: 403, en: 'Insufficient permissions', it: 'Permessi insufficienti' },
  ORIGIN_REJECTED: {
    status: 403,
    en: 'Request origin not allowed',
    it: 'Origine della richiesta non consentita',
  },
  ORGANIZATION_REQUIRED: {
    status: 409,
    en: 'Choose or create an organization first',
    it: "Scegli o crea prima un'organizzazione",
  },
  NOT_FOUND: { status: 404, en: 'Item not found', it: 'Elemento non trovato' },
  REPORT_RECIPIENT_NOT_MEMBER: {
    status: 400,
    en: 'Every recipient must be a member of this organization',
    it: "Ogni destinatario deve essere un membro dell'organizzazione",
  },
  REPORT_SCHEDULE_PAUSED: {
    status: 409,
    en: 'This schedule is paused: resume it before running it',
    it: 'Questa pianificazione è in pausa: riattivala prima di eseguirla',
  },
  REPORT_FILE_NOT_READY: {
    status: 404,
    en: 'This schedule has not produced a file yet',
    it: 'Questa pianificazione non ha ancora prodotto un file',
  },
  ALREADY_EXISTS: { status: 409, en: 'This item already exists', it: 'Questo elemento esiste già' },
  /** Issue 18: a create sent again with its Idempotency-Key. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    en: 'This request key was already used for a different request',
    it: 'Questa chiave di richiesta è già stata usata per una richiesta diversa',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    en: 'The same request is still being processed: try again in a moment',
    it: 'La stessa richiesta è ancora in elaborazione: riprova tra un momento',
  },
  BUSINESS_PROFILE_EXISTS: {
    status: 409,
    en: 'A business profile already exists for your account',
    it: 'Esiste già un profilo aziendale per il tuo account',
  },
  INSUFFICIENT_STOCK: {
    status: 409,
    en: 'Not enough stock: the quantity would go below zero',
    it: 'Giacenza insufficiente: la quantità andrebbe sotto zero',
  },
  IN_USE: {
    status: 409,
    en: 'Cannot delete: item is in use',
    it: "Impossibile eliminare: l'elemento è in uso",
  },
  // Quotes and invoices (core-app spec §8 and issue 5). {placeholders} are filled from AppError params.
  INVOICE_NOT_FOUND: {
    status: 404,
    en: 'Invoice with ID {id} not found',
    it: 'Fattura con ID {id} non trovata',
  },
  INVOICE_CLIENT_NOT_FOUND: {
    status: 404,
    en: 'Client for invoice {id} not found',
    it: 'Cliente della fattura {id} non trovato',
  },
  INVOICE_ALREADY_PAID: {
    status: 409,
    en: 'Invoice {id} is already paid',
    it: 'La fattura {id} è già pagata',
  },
  INVALID_TRANSITION: {
    status: 409,
    en: 'This change is not allowed: the document is {from} and cannot become {to}',
    it: 'Modifica non consentita: il documento è {from} e non può diventare {to}',
  },
  DOCUMENT_FROZEN: {
    status: 409,
    en: 'An issued invoice cannot be changed: correct it with a credit note',
    it: 'Una fattura emessa non si può modificare: correggila con una nota di credito',
  },
  EINVOICE_DATA_MISSING: {
    status: 422,
    en: 'The e-invoice cannot be created: some data is missing',
    it: 'Impossibile creare la fattura elettronica: mancano alcuni dati',
  },
  INVOICE_NOT_ISSUABLE: {
    status: 422,
    en: 'The invoice was not issued: its e-invoice would be refused. Complete the data listed, then issue it',
    it: 'Fattura non emessa: la fattura elettronica sarebbe scartata. Completa i dati elencati, poi emettila',
  },
  CLIENT_EMAIL_MISSING: {
    status: 422,
    en: 'The client has no e-mail address: add one to send the document',
    it: 'Il cliente non ha un indirizzo e-mail: aggiungilo per inviare il documento',
  },
  PAYMENT_EXCEEDS_DUE: {
    status: 409,
    en: 'The payment exceeds the amount still due ({amount})',
    it: "Il pagamento supera l'importo ancora dovuto ({amount})",
  },
  PURCHASE_NOT_PAYABLE: {
    status: 409,
    en: 'A credit note is not paid: its amount is owed to you by the supplier',
    it: 'Una nota di credito non si paga: il suo importo è dovuto a te dal fornitore',
  },
  PDF_FAILED: {
    status: 500,
    en: 'Failed to generate PDF: {detail}',
    it: 'Impossibile generare il PDF: {detail}',
  },
  QUOTE_LINK_INVALID: {
    status: 404,
    en: 'This link is not valid or has expired',
    it: 'Questo link non è valido o è scaduto',
  },
  // Calendar and RSVP (core-app spec §8 and issue 6).
  EVENT_NOT_FOUND: { status: 404, en: 'Event not found', it: 'Evento non trovato' },
  INVITATION_NOT_FOUND: {
    status: 404,
    en: 'Invitation not found or expired',
    it: 'Invito non trovato o scaduto',
  },
  INVITATION_CREATE_FAILED: {
    status: 500,
    en: 'Failed to create invitation: {detail}',
    it: "Impossibile creare l'invito: {detail}",
  },
  RSVP_CLOSED: {
    status: 409,
    en: 'The event is over: answers are closed',
    it: "L'evento è terminato: le risposte sono chiuse",
  },
  CHECK_IN_FAILED: {
    status: 409,
    en: 'Failed to check in attendee',
    it: "Impossibile registrare l'arrivo del partecipante",
  },
  COMMENT_ADD_FAILED: {
    status: 422,
    en: 'Failed to add comment',
    it: 'Impossibile aggiungere il commento',
  },
  // Team and security (email-client spec §5 and §8, issue 7).
  STEP_UP_REQUIRED: {
    status: 403,
    en: 'Confirm your identity to continue',
    it: 'Conferma la tua identità per continuare',
  },
  INVALID_PASSWORD: { status: 400, en: 'Incorrect password', it: 'Password errata' },
  INVALID_VERIFICATION_CODE: {
    status: 400,
    en: 'Invalid verification code',
    it: 'Codice di verifica non valido',
  },
  TWO_FACTOR_LOCKED: {
    status: 429,
    en: 'Too many wrong codes: two-factor verification is locked for a few minutes',
    it: 'Troppi codici errati: la verifica in due passaggi è bloccata per qualche minuto',
  },
  INVALID_ROLE: { status: 400, en: 'Invalid role specified', it: 'Ruolo specificato non valido' },
  LAST_SUPER_ADMIN: {
    status: 409,
    en: 'The organization needs at least one super admin: appoint another one first',
    it: "L'organizzazione deve avere almeno un super amministratore: nominane prima un altro",
  },
  ROLE_NOT_ASSIGNABLE: {
    status: 403,
    en: 'You cannot assign or change a role higher than your own',
    it: 'Non puoi assegnare o modificare un ruolo superiore al tuo',
  },
  MEMBER_ALREADY_EXISTS: {
    status: 409,
    en: '{email} is already a member of the organization',
    it: "{email} è già membro dell'organizzazione",
  },
  TEAM_INVITATION_INVALID: {
    status: 404,
    en: 'This invitation is not valid, was cancelled or has expired',
    it: 'Questo invito non è valido, è stato annullato o è scaduto',
  },
  TEAM_INVITATION_EMAIL_MISMATCH: {
    status: 403,
    en: 'This invitation was sent to {email}: sign in with that address to accept it',
    it: 'Questo invito è stato inviato a {email}: accedi con quell’indirizzo per accettarlo',
  },
  SESSION_NOT_FOUND: { status: 404, en: 'Session not found', it: 'Sessione non trovata' },
  /** Spec §5: stopping a mail sync that is not running. */
  MAIL_SYNC_NOT_RUNNING: {
    status: 409,
    en: 'No sync interval found',
    it: 'Nessuna sincronizzazione in corso da interrompere',
  },
  /** Spec §5: sending an e-mail that lacks a recipient, subject or content; the details list each error. */
  INVALID_EMAIL_DATA: { status: 400, en: 'Invalid email data', it: "Dati dell'e-mail non validi" },
  /** Issue 16: a message's attachments over the limit (spec'd by the issue: 25 MB in all by default). */
  ATTACHMENT_TOO_LARGE: {
    status: 413,
    en: 'The attachments are too large: at most {limit} in all',
    it: 'Gli allegati sono troppo grandi: al massimo {limit} in tutto',
  },
  /** Issue 16: "Undo" or a change of a scheduled message after the dispatcher took it. */
  MAIL_SEND_STARTED: {
    status: 409,
    en: 'Too late: the message is already being sent',
    it: 'Troppo tardi: il messaggio è già in invio',
  },
  /** Issue 16: a draft saved from a window that had not seen its latest save (changed in another window). */
  MAIL_DRAFT_CHANGED: {
    status: 409,
    en: 'This draft was changed in another window: open it again to go on',
    it: 'Questa bozza è stata modificata in un’altra finestra: riaprila per continuare',
  },
  /** Issue 16: the FatturaPA file failed the official schema check that runs before it is sent to the SDI. */
  EINVOICE_SCHEMA_INVALID: {
    status: 422,
    en: 'The e-invoice is not valid against the official schema, so it was not sent',
    it: 'La fattura elettronica non è valida secondo lo schema ufficiale: non è stata inviata',
  },
  /** Issue 16: "Send to SDI" needs one of the user's mail accounts marked PEC. */
  PEC_ACCOUNT_REQUIRED: {
    status: 409,
    en: 'Connect a PEC account in Mail to send e-invoices to the SDI',
    it: 'Collega una casella PEC in Posta per inviare le fatture elettroniche allo SdI',
  },
  /** Issue 16: a file of this invoice is on its way to the SDI or was accepted; only a rejected one is sent again. */
  SDI_ALREADY_SENT: {
    status: 409,
    en: 'This invoice was already sent to the SDI: it is sent again only if the SDI rejects it',
    it: 'Questa fattura è già stata inviata allo SdI: si reinvia solo se lo SdI la scarta',
  },
  /** Issue 16: Settings → Email sending, "Send a test message": the server did not take it (its words in details). */
  MAIL_TEST_FAILED: {
    status: 422,
    en: 'The test message was not sent: the mail server’s answer is below',
    it: 'Il messaggio di prova non è partito: la risposta del server di posta è qui sotto',
  },
  /** Issue 16: a test through the installation's server when the installation has none (no SMTP_URL). */
  MAIL_SERVER_MISSING: {
    status: 409,
    en: 'This installation has no mail server: set your own SMTP server here',
    it: 'Questa installazione non ha un server di posta: imposta qui il tuo server SMTP',
  },
  BACKUP_FILE_INVALID: {
    status: 422,
    en: 'The file is not a valid settings backup: {detail}',
    it: 'Il file non è un backup delle impostazioni valido: {detail}',
  },
  CONFIRMATION_MISMATCH: {
    status: 400,
    en: 'The confirmation text does not match',
    it: 'Il testo di conferma non corrisponde',
  },
  ORGANIZATION_DECISION_REQUIRED: {
    status: 409,
    en: 'Decide what happens to {names}: you are the only super admin',
    it: "Decidi cosa fare di {names}: sei l'unico super amministratore",
  },
  TRANSFER_TARGET_INVALID: {
    status: 422,
    en: 'The new super admin must be another member of the organization',
    it: "Il nuovo super amministratore deve essere un altro membro dell'organizzazione",
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    en: 'Two-factor authentication is already on',
    it: 'La verifica in due passaggi è già attiva',
  },
  TWO_FACTOR_NOT_ENABLED: {
    status: 409,
    en: 'Two-factor authentication is not on',
    it: 'La verifica in due passaggi non è attiva',
  },
  SYSTEM_TEMPLATE: {
    status: 409,
    en: 'System templates cannot be deleted',
    it: 'I modelli di sistema non si possono eliminare',
  },
  TEMPLATE_NOT_FOUND: { status: 404, en: 'Template not found', it: 'Modello non trovato' },
  MAIL_ENCRYPTION_UNAVAILABLE: {
    status: 409,
    en: 'This message cannot be encrypted or decrypted now: the key of confidential mail is not available',
    it: 'Questo messaggio non può essere cifrato o decifrato ora: la chiave della posta riservata non è disponibile',
  },
  MAIL_CREDENTIALS_UNREADABLE: {
    status: 409,
    en: 'The saved password of this mail account cannot be read any more: enter it again',
    it: 'La password salvata di questo account di posta non è più leggibile: inseriscila di nuovo',
  },
  // The mailbox (issue 15).
  MAIL_SYSTEM_FOLDER: {
    status: 409,
    en: 'System folders cannot be renamed, moved or deleted',
    it: 'Le cartelle di sistema non si possono rinominare, spostare o eliminare',
  },
  MAIL_FOLDER_NAME_INVALID: {
    status: 400,
    en: 'A folder name cannot contain "/"',
    it: 'Il nome di una cartella non può contenere "/"',
  },
  MAIL_FOLDER_INVALID_PARENT: {
    status: 400,
    en: 'A folder can only be placed in another folder of the same account, not inside itself',
    it: "Una cartella si può mettere solo in un'altra cartella dello stesso account, non dentro sé stessa",
  },
  MAIL_MOVE_ACROSS_ACCOUNTS: {
    status: 400,
    en: 'Messages can only be moved to a folder of their own account',
    it: 'I messaggi si possono spostare solo in una cartella del loro account',
  },
  MAIL_TRASH_MISSING: {
    status: 409,
    en: 'This account has no Trash folder: delete the messages permanently or sync the account first',
    it: "Questo account non ha una cartella Cestino: elimina definitivamente i messaggi o sincronizza prima l'account",
  },
  MAIL_SERVER_UNREACHABLE: {
    status: 409,
    en: 'The mail server could not be reached: nothing was changed. Please try again later.',
    it: 'Impossibile raggiungere il server di posta: non è stato modificato nulla. Riprova più tardi.',
  },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many requests. Please wait and try again.',
    it: 'Troppe richieste. Attendi e riprova.',
  },
  INTERNAL: { status: 500, en: 'An unexpected error occurred', it: 'Si è verificato un errore imprevisto' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    en: 'Service temporarily unavailable',
    it: 'Servizio temporaneamente non disponibile',
  },
  /** Issue 17: documents. */
  FILE_TOO_LARGE: {
    status: 413,
    en: 'The file is larger than {maxMb} MB',
    it: 'Il file supera {maxMb} MB',
  },
  FILE_TYPE_MISMATCH: {
    status: 415,
    en: 'The content of the file does not match its type',
    it: 'Il contenuto del file non corrisponde al suo tipo',
  },
  FILE_NAME_INVALID: {
    status: 400,
    en: 'The file name is not valid: it must not contain slashes or control characters',
    it: 'Il nome del file non è valido: non deve contenere barre o caratteri di controllo',
  },
  FILE_EMPTY: { status: 400, en: 'The file is empty', it: 'Il file è vuoto' },
  FILE_REQUIRED: { status: 400, en: 'Choose a file to upload', it: 'Scegli un file da caricare' },
  DOCUMENT_NOT_IN_TRASH: {
    status: 409,
    en: 'Only a document in the trash can be deleted permanently',
    it: 'Solo un documento nel cestino può essere eliminato definitivamente',
  },
  DOCUMENT_IN_TRASH: {
    status: 409,
    en: 'This document is in the trash: restore it first',
    it: 'Questo documento è nel cestino: ripristinalo prima',
  },
  DOCUMENT_NOT_READING: {
    status: 409,
    en: 'The text of this document is not being read',
    it: 'Il testo di questo documento non è in lettura',
  },
} as const satisfies Record<string, { status: number; en: string; it: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type Locale = 'it' | 'en';

/** The message of a code; `{name}` placeholders are filled from params (left as they are when absent). */
export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, string>): string {
  const text: string = ERROR_CODES[code][locale];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m) : text;
}

/**
 * Maps a PostgreSQL SQLSTATE to our codes (email-client spec §8): duplicate key, foreign key, no row, permission
 * denied; a value the database cannot hold (class 22, data exception: a NUL byte, an out-of-range number) is the
 * caller's input, so 400 — the last line of defence behind validation; a database that cannot be reached or is
 * shutting down (classes 08 and 57P, too many connections) is 503. Anything else is an internal error whose
 * detail is never shown.
 */
export function codeForSqlState(sqlState: string | undefined): ErrorCode {
  switch (sqlState) {
    case '23505':
      return 'ALREADY_EXISTS';
    case '23503': // foreign_key_violation
    case '23001': // restrict_violation: PostgreSQL 18 (PGlite) reports ON DELETE RESTRICT with it
      return 'IN_USE';
    case 'P0002':
      return 'NOT_FOUND';
    case '42501':
      return 'FORBIDDEN';
    case '53300': // too_many_connections
    case '57P01': // admin_shutdown
    case '57P02': // crash_shutdown
    case '57P03': // cannot_connect_now
      return 'SERVICE_UNAVAILABLE';
  }
  if (sqlState?.startsWith('22')) return 'VALIDATION_ERROR';
  if (sqlState?.startsWith('08')) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL';
}

/** Picks `it` or `en` from an Accept-Language header; English when neither is asked for. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  for (const part of header.split(',')) {
    const tag = part.trim().split(';')[0]?.toLowerCase() ?? '';
    if (tag.startsWith('it')) return 'it';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
