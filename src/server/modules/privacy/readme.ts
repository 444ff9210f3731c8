import type { Locale } from '@shared/errors/error-codes.ts';

/** The README.txt of the two exports, in the language of the person who asked for it. */

function when(date: Date, locale: Locale) {
  return (
    date.toLocaleString(locale === 'it' ? 'it-IT' : 'en-GB', { timeZone: 'UTC', hour12: false }) + ' UTC'
  );
}

export function personalReadme(input: { name: string; email: string; exportedAt: Date; locale: Locale }) {
  const { name, email, exportedAt, locale } = input;
  if (locale === 'it') {
    return `I TUOI DATI PERSONALI — Gestionale
Esportati il ${when(exportedAt, locale)} per ${name} <${email}>.

Ogni file è in formato JSON (UTF-8) e si apre con un editor di testo o un foglio di calcolo.
Le date sono in UTC (ISO 8601).

profile.json          Il tuo profilo: nome, e-mail, verifica dell'e-mail, date di creazione e modifica.
accounts.json         I metodi di accesso (es. e-mail e password). La password non è mai inclusa:
                      indichiamo solo se è impostata.
sessions.json         Le sessioni aperte: indirizzo IP, browser e dispositivo, creazione, ultima attività,
                      scadenza. I codici di sessione non sono inclusi.
organizations.json    Le organizzazioni di cui fai parte e il tuo ruolo in ciascuna.
invitations.json      Gli inviti ricevuti al tuo indirizzo e quelli che hai inviato.
two-factor.json       Se l'autenticazione a due fattori è attiva. Il segreto e i codici di backup non sono
                      mai inclusi.
audit-log.json        Gli eventi di sicurezza che hai compiuto o che ti riguardano (accessi, modifiche di
                      ruolo, esportazioni…). Per le azioni di altre persone non riportiamo i loro dati
                      (indirizzo IP, browser): solo che l'azione è stata fatta da un altro utente.
calendar-feeds.json   I tuoi abbonamenti al calendario (iCalendar): creazione e ultimo uso, senza il link
                      segreto.
mail.json             I messaggi che l'applicazione ti ha inviato o ha preparato per te. Gli allegati sono
                      elencati per nome e dimensione; i codici monouso nei link sono oscurati.
created/              I dati che hai creato nelle organizzazioni di cui fai ancora parte (clienti,
                      movimenti, fatture, eventi, commenti…): un file per tabella.

Notifiche: l'applicazione mostra le notifiche in tempo reale e non le conserva, quindi non ce ne sono
da esportare.

Per correggere o cancellare i tuoi dati usa Impostazioni → Privacy, oppure contatta l'amministratore
della tua organizzazione.
`;
  }
  return `YOUR PERSONAL DATA — Gestionale
Exported on ${when(exportedAt, locale)} for ${name} <${email}>.

Every file is JSON (UTF-8) and opens in a text editor or a spreadsheet. Dates are UTC (ISO 8601).

profile.json          Your profile: name, e-mail, e-mail verification, created and updated dates.
accounts.json         Your sign-in methods (e.g. e-mail and password). The password is never included:
                      only whether one is set.
sessions.json         Your open sessions: IP address, browser and device, created, last active, expiry.
                      Session codes are not included.
organizations.json    The organizations you belong to and your role in each.
invitations.json      Invitations sent to your address and the ones you sent.
two-factor.json       Whether two-factor authentication is on. The secret and the backup codes are never
                      included.
audit-log.json        Security events you made or that are about you (sign-ins, role changes, exports…).
                      For actions of other people their data (IP address, browser) is left out: only that
                      another user made them.
calendar-feeds.json   Your calendar (iCalendar) subscriptions: created and last used, without the secret link.
mail.json             Messages the app sent or prepared for you. Attachments are listed by name and size;
                      single-use codes in links are blanked out.
created/              What you created in the organizations you still belong to (clients, transactions,
                      invoices, events, comments…): one file per table.

Notifications: the app shows notifications live and does not keep them, so there are none to export.

To correct or erase your data use Settings → Privacy, or contact your organization's administrator.
`;
}

export function organizationReadme(input: { name: string; exportedAt: Date; locale: Locale }) {
  const { name, exportedAt, locale } = input;
  if (locale === 'it') {
    return `DATI DELL'ORGANIZZAZIONE — ${name}
Esportati il ${when(exportedAt, locale)} da Gestionale.

organization.json   L'organizzazione (nome, identificativo, data di creazione).
members.json        I membri con nome, e-mail e ruolo.
tables/             Una tabella del database per file, con tutte le righe dell'organizzazione
                    (clienti, articoli, movimenti, preventivi, fatture, pagamenti, eventi, inviti,
                    impostazioni, registro di controllo…). Ogni file è un array JSON, una riga per linea.
manifest.json       L'elenco dei file con il numero di righe di ciascuno.

Formato: JSON (UTF-8) per tutte le tabelle, anche le grandi: righe, dati di fattura e impostazioni
contengono strutture annidate che un CSV appiattirebbe perdendo informazioni. Importi in centesimi,
aliquote IVA in punti base, date in UTC (ISO 8601).
Credenziali (password, segreti, hash dei token) non sono mai incluse.
`;
  }
  return `ORGANIZATION DATA — ${name}
Exported on ${when(exportedAt, locale)} from Gestionale.

organization.json   The organization (name, identifier, creation date).
members.json        The members with name, e-mail and role.
tables/             One database table per file with every row of the organization (clients, items,
                    stock movements, quotes, invoices, payments, events, invitations, settings, audit
                    log…). Each file is a JSON array, one row per line.
manifest.json       The list of files with the number of rows of each.

Format: JSON (UTF-8) for every table, the big ones too: document lines, invoice data and settings hold
nested structures a CSV would flatten and lose. Amounts in cents, VAT rates in basis points, dates in UTC
(ISO 8601). Credentials (passwords, secrets, token hashes) are never included.
`;
}
