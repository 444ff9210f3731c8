import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { TIncomingMail, TMailAddress } from '@shared/mailbox/types.ts';
import { clients } from '../db/schema/clients.ts';
import { invoices, quotes } from '../db/schema/invoicing.ts';
import { mailMessages } from '../db/schema/mailbox.ts';
import type { DbOrTx } from '../db/database.ts';
import type { FileStore } from '../platform/storage.ts';
import { insertLabel } from '../modules/mailbox/labels-repository.ts';
import { labelKeyword } from '../modules/mailbox/labels-service.ts';
import {
  businessContext,
  storeLocalMessage,
  type LocalAttachment,
} from '../modules/mailbox/local-mailbox-service.ts';

/**
 * The demo mailbox of Officina Rossi S.r.l. (issue 15): the owner's local folders with about thirty realistic
 * Italian conversations with the demo clients — quote requests, questions on invoices, the reply to a payment
 * reminder, a meeting invitation with its .ics, a newsletter, a phishing message asking to change the IBAN (the
 * analysis flags it), replies in Sent and a draft — labelled "Clienti", "Fornitori" and "Urgente". Messages go
 * through the local mailbox service, so the client links, related documents and security analysis are the real
 * ones. Dated relative to now. Runs once: a user with mail is left alone.
 */

const ME: TMailAddress = { name: 'Marco Rossi', address: 'info@officinarossi.gestionale.test' };
const HOUR_MS = 3_600_000;

type DemoMessage = {
  /** inbox: from the other party; sent / drafts: from me. */
  role: 'inbox' | 'sent' | 'drafts' | 'spam';
  hoursAgo: number;
  subject?: string;
  text: string;
  isRead?: boolean;
  isStarred?: boolean;
  isImportant?: boolean;
  labels?: ('Clienti' | 'Fornitori' | 'Urgente')[];
  files?: LocalAttachment[];
  headers?: Record<string, string[]>;
  links?: string[];
  replyTo?: TMailAddress[];
  from?: TMailAddress;
};
type Conversation = { with: TMailAddress; subject: string; messages: DemoMessage[] };

function ics(summary: string, start: Date, hours: number, location: string, organizer: string): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hotel Bellavista//Agenda//IT',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:demo-riunione-${start.getTime()}@hotelbellavista.example.com`,
    `DTSTAMP:${stamp(new Date(start.getTime() - 72 * HOUR_MS))}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + hours * HOUR_MS))}`,
    `SUMMARY:${summary}`,
    `LOCATION:${location.replace(/,/g, '\\,')}`,
    `ORGANIZER;CN=Hotel Bellavista:mailto:${organizer}`,
    `ATTENDEE;CN=Marco Rossi;RSVP=TRUE:mailto:${ME.address}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A small, valid PDF (one empty page): the demo's attachments download as real files. */
function tinyPdf(title: string): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n4 0 obj<</Title(${title.replace(/[()\\]/g, '')})>>endobj\ntrailer<</Root 1 0 R/Info 4 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function documentsOf(db: DbOrTx, orgId: string) {
  const invoiceRows = await db
    .select({ number: invoices.number, clientId: invoices.clientId })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), isNotNull(invoices.number)))
    .orderBy(asc(invoices.issueDate))
    .limit(40);
  const quoteRows = await db
    .select({ number: quotes.number, clientId: quotes.clientId })
    .from(quotes)
    .where(eq(quotes.organizationId, orgId))
    .orderBy(asc(quotes.issueDate))
    .limit(40);
  return { invoices: invoiceRows, quotes: quoteRows };
}

export async function seedMailboxDemo(deps: {
  db: DbOrTx;
  files: FileStore | null;
  orgId: string;
  userId: string;
}): Promise<number> {
  const { db, orgId, userId } = deps;
  const scope = { orgId, userId };
  const [existing] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.organizationId, orgId), eq(mailMessages.userId, userId)))
    .limit(1);
  if (existing) return 0;

  const clientRows = await db
    .select({
      id: clients.id,
      companyName: clients.companyName,
      fullName: clients.fullName,
      email: clients.email,
    })
    .from(clients)
    .where(eq(clients.organizationId, orgId));
  const address = (name: string, person: string): TMailAddress => {
    const row = clientRows.find((c) => c.companyName === name || c.fullName === name);
    return {
      name: person,
      address: row?.email ?? `info@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
    };
  };
  const docs = await documentsOf(db, orgId);
  const clientIdOf = (name: string) =>
    clientRows.find((c) => c.companyName === name || c.fullName === name)?.id;
  const invoiceOf = (name: string, fallback: string) =>
    docs.invoices.find((i) => i.clientId === clientIdOf(name))?.number ??
    docs.invoices[0]?.number ??
    fallback;
  const quoteOf = (name: string, fallback: string) =>
    docs.quotes.find((q) => q.clientId === clientIdOf(name))?.number ?? docs.quotes[0]?.number ?? fallback;

  const labels = new Map<string, string>();
  for (const [name, color] of [
    ['Clienti', '#2563eb'],
    ['Fornitori', '#16a34a'],
    ['Urgente', '#dc2626'],
  ] as const) {
    labels.set(name, (await insertLabel(db, scope, { name, color, keyword: labelKeyword(name) })).id);
  }

  const rossi = address('Rossi Costruzioni S.r.l.', 'Paolo Rossi');
  const bianchi = address('Bianchi & Figli S.n.c.', 'Anna Bianchi');
  const gino = address('Trattoria Da Gino di Luigi Ferri', 'Luigi Ferri');
  const esposito = address('Ferramenta Esposito S.a.s.', 'Ciro Esposito');
  const colombo = address('Studio Legale Colombo e Associati', 'Segreteria Studio Colombo');
  const marino = address('Autofficina Marino S.r.l.', 'Davide Marino');
  const hotel = address('Hotel Bellavista S.p.A.', 'Elisa Conti');
  const cantina = address('Cantina Colli Berici Soc. Coop. Agricola', 'Ufficio commerciale');
  const greco = address('Elettrotecnica Greco S.r.l.', 'Giorgio Greco');
  const gallo = address('Tipografia Gallo S.r.l.', 'Ufficio preventivi');
  const moretti = address('Caseificio Moretti S.S. Agricola', 'Luca Moretti');
  const fontana = address('Fontana Architetti Associati', 'Arch. Chiara Fontana');
  const comune = address('Comune di Cesena', 'Ufficio Protocollo');
  const verdi = address('Giulia Verdi', 'Giulia Verdi');
  const ferrari = address('Luca Ferrari', 'Luca Ferrari');
  const bruno = address('Bruno Impianti Idraulici', 'Stefano Bruno');
  const lombardi = address('Agenzia Viaggi Lombardi S.r.l.', 'Agenzia Viaggi Lombardi');
  const farmacia = address('Farmacia Conti Dott.ssa Elena', 'Dott.ssa Elena Conti');
  const ricci = address('Panificio Ricci S.n.c.', 'Roberto Ricci');
  const muller = address('Müller Maschinenbau GmbH', 'Klaus Müller');
  const russo = address('Francesca Russo', 'Francesca Russo');
  const mEsposito = address('Marco Esposito', 'Marco Esposito');
  const accountant: TMailAddress = {
    name: 'Studio Bertoni Commercialisti',
    address: 'scadenze@studiobertoni.example.com',
  };
  const courier: TMailAddress = {
    name: 'Spedizioni Express',
    address: 'notifiche@spedizioniexpress.example.com',
  };
  const supplier: TMailAddress = {
    name: 'Utensileria Romagnola',
    address: 'ordini@utensileriaromagnola.example.com',
  };
  const bearings: TMailAddress = {
    name: 'Cuscinetti Italia S.p.A.',
    address: 'vendite@cuscinettiitalia.example.com',
  };
  const newsletter: TMailAddress = {
    name: 'Meccanica Oggi',
    address: 'newsletter@meccanicaoggi.example.com',
  };
  const meetingStart = new Date(Date.now() + 4 * 24 * HOUR_MS);
  meetingStart.setUTCHours(8, 30, 0, 0);

  const rossiInvoice = invoiceOf('Rossi Costruzioni S.r.l.', '1/2026');
  const bianchiQuote = quoteOf('Bianchi & Figli S.n.c.', 'P1/2026');
  const marinoInvoice = invoiceOf('Autofficina Marino S.r.l.', '2/2026');
  const hotelQuote = quoteOf('Hotel Bellavista S.p.A.', 'P2/2026');

  const conversations: Conversation[] = [
    {
      with: rossi,
      subject: 'Richiesta preventivo manutenzione escavatore',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 2,
          text: "Buongiorno Marco,\nci servirebbe un preventivo per la manutenzione straordinaria dell'escavatore cingolato (cambio cingoli e revisione idraulica). La macchina è ferma nel cantiere di Lodi.\nQuando potreste passare?\n\nCordiali saluti,\nPaolo Rossi",
          isRead: false,
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: rossi,
      subject: `Domanda sulla fattura ${rossiInvoice}`,
      messages: [
        {
          role: 'inbox',
          hoursAgo: 30,
          text: `Buongiorno,\nnella fattura ${rossiInvoice} non troviamo il riferimento alla commessa 24/118: potete indicarlo? Il nostro ufficio amministrativo non può registrarla senza.\n\nGrazie,\nPaolo Rossi`,
          labels: ['Clienti'],
        },
        {
          role: 'sent',
          hoursAgo: 27,
          text: `Buongiorno Paolo,\ncertamente: la fattura ${rossiInvoice} si riferisce alla commessa 24/118 (cantiere di Lodi). Vi mando la copia con il riferimento in descrizione entro oggi.\n\nCordiali saluti,\nMarco Rossi\nOfficina Rossi S.r.l.`,
        },
        {
          role: 'inbox',
          hoursAgo: 25,
          text: 'Perfetto, grazie mille. Buona giornata!\nPaolo',
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: bianchi,
      subject: `Preventivo ${bianchiQuote}: conferma`,
      messages: [
        {
          role: 'inbox',
          hoursAgo: 5,
          text: `Ciao Marco,\nabbiamo visto il preventivo ${bianchiQuote}: per noi va bene, confermiamo. Possiamo iniziare il lavoro lunedì prossimo?\n\nAnna Bianchi\nBianchi & Figli`,
          isRead: false,
          isStarred: true,
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: gino,
      subject: 'Guasto alla cella frigorifera',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 1,
          text: 'Marco, la cella frigorifera della cucina fa un rumore strano dal compressore e non tiene la temperatura. Stasera abbiamo 80 coperti: riuscite a passare in mattinata?\n\nLuigi - Trattoria Da Gino',
          isRead: false,
          isImportant: true,
          labels: ['Clienti', 'Urgente'],
        },
      ],
    },
    {
      with: marino,
      subject: `Re: Sollecito di pagamento fattura ${marinoInvoice}`,
      messages: [
        {
          role: 'sent',
          hoursAgo: 96,
          subject: `Sollecito di pagamento fattura ${marinoInvoice}`,
          text: `Gentile Davide,\nle ricordiamo che la fattura ${marinoInvoice} risulta ancora da saldare. Le saremmo grati se potesse provvedere al pagamento nei prossimi giorni.\n\nCordiali saluti,\nMarco Rossi`,
        },
        {
          role: 'inbox',
          hoursAgo: 70,
          text: `Buongiorno Marco,\nscusate il ritardo: il bonifico per la fattura ${marinoInvoice} è partito stamattina, dovreste vederlo entro due giorni lavorativi. In allegato la contabile.\n\nDavide Marino`,
          labels: ['Clienti'],
          files: [
            {
              filename: 'contabile-bonifico.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Contabile bonifico'),
            },
          ],
        },
        {
          role: 'sent',
          hoursAgo: 68,
          text: 'Grazie Davide, ricevuto. Buon lavoro!\nMarco',
        },
      ],
    },
    {
      with: hotel,
      subject: 'Invito: riunione manutenzione impianti stagione estiva',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 20,
          text: `Gentile Marco,\nla invitiamo alla riunione di pianificazione della manutenzione degli impianti prima della stagione estiva, anche per discutere il preventivo ${hotelQuote}. In allegato l'invito per il calendario.\n\nElisa Conti\nHotel Bellavista`,
          isStarred: true,
          labels: ['Clienti'],
          files: [
            {
              filename: 'invito.ics',
              contentType: 'text/calendar',
              content: Buffer.from(
                ics(
                  'Riunione manutenzione impianti',
                  meetingStart,
                  1.5,
                  'Hotel Bellavista, Sala Riunioni, Rimini',
                  hotel.address,
                ),
              ),
            },
          ],
        },
      ],
    },
    {
      with: esposito,
      subject: 'Ordine ricambi per trattore Landini',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 50,
          text: 'Buongiorno, avete disponibili i filtri olio e gasolio per un Landini Rex 4? Ne servirebbero 10 di ciascuno.\nCiro Esposito',
          labels: ['Clienti'],
        },
        {
          role: 'sent',
          hoursAgo: 48,
          text: 'Buongiorno Ciro,\nsì, li abbiamo a magazzino. Le preparo il preventivo e glielo mando in giornata.\nMarco',
        },
      ],
    },
    {
      with: colombo,
      subject: 'Contratto di assistenza annuale: bozza',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 75,
          text: 'Gentile dott. Rossi,\nin allegato la bozza del contratto di assistenza annuale concordato. La preghiamo di restituircela firmata entro fine mese.\n\nCordiali saluti,\nla Segreteria dello Studio Legale Colombo',
          files: [
            {
              filename: 'bozza-contratto-assistenza.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Bozza contratto'),
            },
          ],
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: cantina,
      subject: "Manutenzione della linea d'imbottigliamento prima della vendemmia",
      messages: [
        {
          role: 'inbox',
          hoursAgo: 120,
          text: "Buongiorno,\nvorremmo programmare la revisione della linea d'imbottigliamento ad agosto, prima della vendemmia. Ci mandate le vostre disponibilità?\n\nUfficio commerciale - Cantina Colli Berici",
        },
        {
          role: 'sent',
          hoursAgo: 118,
          text: 'Buongiorno,\nabbiamo disponibilità dal 4 al 14 agosto. Vi va bene la settimana del 4?\n\nMarco Rossi',
        },
        {
          role: 'inbox',
          hoursAgo: 100,
          text: 'Va benissimo la settimana del 4 agosto. Grazie!',
        },
      ],
    },
    {
      with: greco,
      subject: 'Quadro elettrico del tornio CNC',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 140,
          text: 'Ciao Marco, ho finito il cablaggio del nuovo quadro del tornio CNC. Se mi dai conferma passo giovedì per il collaudo.\nGiorgio',
          labels: ['Fornitori'],
        },
      ],
    },
    {
      with: gallo,
      subject: 'Preventivo stampa cataloghi 2026',
      messages: [
        {
          role: 'sent',
          hoursAgo: 200,
          text: 'Buongiorno,\nci servirebbe un preventivo per 500 cataloghi A4, 24 pagine a colori, carta patinata opaca.\nGrazie,\nMarco Rossi',
        },
        {
          role: 'inbox',
          hoursAgo: 180,
          text: "Buongiorno, in allegato il preventivo richiesto. Tempi di consegna: 10 giorni lavorativi dall'approvazione delle bozze.\nUfficio preventivi - Tipografia Gallo",
          files: [
            {
              filename: 'preventivo-cataloghi.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Preventivo cataloghi'),
            },
          ],
          labels: ['Fornitori'],
        },
      ],
    },
    {
      with: moretti,
      subject: 'Mungitrice: pezzi di ricambio',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 8,
          text: 'Buongiorno, la mungitrice perde pressione sul secondo gruppo. Potete ordinare le guarnizioni? Serve entro la settimana.\nLuca Moretti',
          isRead: false,
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: fontana,
      subject: 'Sopralluogo per il nuovo capannone',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 60,
          text: 'Buongiorno Marco,\nper il progetto del nuovo capannone avrei bisogno di un sopralluogo con voi per le posizioni dei macchinari. Giovedì alle 10 le va bene?\n\nArch. Chiara Fontana',
        },
        {
          role: 'sent',
          hoursAgo: 58,
          text: 'Buongiorno Architetto,\ngiovedì alle 10 va bene. Ci vediamo in officina.\nMarco Rossi',
        },
      ],
    },
    {
      with: comune,
      subject: 'Richiesta documentazione per gara manutenzione mezzi comunali',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 160,
          text: 'Si trasmette la richiesta di documentazione integrativa per la procedura di affidamento del servizio di manutenzione dei mezzi comunali. Termine: 15 giorni dal ricevimento.\n\nUfficio Protocollo - Comune di Cesena',
          isImportant: true,
        },
      ],
    },
    {
      with: verdi,
      subject: 'Tagliaerba: quando è pronto?',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 26,
          text: 'Buongiorno, volevo sapere se il mio tagliaerba è pronto. Grazie, Giulia Verdi',
        },
        {
          role: 'sent',
          hoursAgo: 24,
          text: 'Buongiorno signora Verdi, è pronto: può passare a ritirarlo da domani mattina. Cordiali saluti, Marco Rossi',
        },
      ],
    },
    {
      with: ferrari,
      subject: 'Revisione motozappa',
      messages: [
        {
          role: 'drafts',
          hoursAgo: 3,
          text: 'Buongiorno Luca,\nla revisione della motozappa costa 120 € più IVA, ricambi esclusi. Se le va bene',
        },
      ],
    },
    {
      with: bruno,
      subject: 'Richiesta preventivo impianto aria compressa',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 14,
          text: 'Buongiorno,\nstiamo ampliando il magazzino e ci servirebbe un preventivo per un impianto di aria compressa con due prese. Potete fare un sopralluogo la prossima settimana?\n\nStefano Bruno',
          isRead: false,
          labels: ['Clienti'],
        },
      ],
    },
    {
      with: lombardi,
      subject: 'Trasferta fiera EIMA Bologna: conferma hotel',
      messages: [
        {
          role: 'sent',
          hoursAgo: 300,
          text: 'Buongiorno,\nci servono due camere singole a Bologna per le tre giornate della fiera EIMA. Ci mandate una proposta?\nMarco Rossi',
        },
        {
          role: 'inbox',
          hoursAgo: 290,
          text: "Buongiorno Marco,\nabbiamo bloccato due singole all'Hotel Fiera, colazione inclusa. In allegato la conferma.\nAgenzia Viaggi Lombardi",
          files: [
            {
              filename: 'conferma-prenotazione.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Conferma prenotazione'),
            },
          ],
        },
      ],
    },
    {
      with: farmacia,
      subject: 'Serranda automatica bloccata',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 52,
          text: 'Buongiorno, la serranda automatica della farmacia si blocca a metà corsa. Riuscite a passare domani prima delle 8:30?\nElena Conti',
        },
        {
          role: 'sent',
          hoursAgo: 51,
          text: 'Buongiorno dottoressa, domani alle 7:45 saremo da lei. Cordiali saluti, Marco Rossi',
        },
      ],
    },
    {
      with: ricci,
      subject: 'Impastatrice ferma!',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 4,
          text: "Marco, l'impastatrice a spirale si è fermata durante la lavorazione e non riparte: scatta il salvavita. Domattina dobbiamo impastare alle 3. Potete venire oggi?\nRoberto - Panificio Ricci",
          isRead: false,
          isImportant: true,
          labels: ['Clienti', 'Urgente'],
        },
      ],
    },
    {
      with: muller,
      subject: 'Spare parts for the CNC milling machine',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 80,
          text: 'Dear Mr Rossi,\nplease find attached our offer for the spare spindle bearings you requested. Delivery within two weeks after your order.\n\nBest regards,\nKlaus Müller\nMüller Maschinenbau GmbH',
          files: [
            {
              filename: 'offer-spindle-bearings.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Offer'),
            },
          ],
          labels: ['Fornitori'],
        },
        {
          role: 'sent',
          hoursAgo: 78,
          text: 'Dear Mr Müller,\nthank you for the offer: we confirm the order. Please send the invoice to our administration.\n\nKind regards,\nMarco Rossi',
        },
      ],
    },
    {
      with: russo,
      subject: 'Ritiro decespugliatore',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 130,
          text: 'Buonasera, posso passare sabato mattina a ritirare il decespugliatore? Grazie, Francesca Russo',
        },
        {
          role: 'sent',
          hoursAgo: 129,
          text: 'Buonasera, certo: sabato siamo aperti fino alle 12:30. A sabato, Marco Rossi',
        },
      ],
    },
    {
      with: mEsposito,
      subject: 'Preventivo revisione trattorino',
      messages: [
        {
          role: 'sent',
          hoursAgo: 150,
          text: 'Buongiorno Marco,\nper la revisione completa del trattorino rasaerba (lame, cinghie, tagliando motore) il costo è di 180 € più IVA. Ci faccia sapere.\nMarco Rossi',
        },
      ],
    },
    {
      with: accountant,
      subject: 'Scadenze fiscali del mese',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 90,
          text: 'Gentile cliente,\nle ricordiamo le scadenze del mese: versamento IVA e ritenute con F24 entro il 16. In allegato il riepilogo degli importi.\n\nStudio Bertoni Commercialisti',
          files: [
            {
              filename: 'riepilogo-f24.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Riepilogo F24'),
            },
          ],
          isImportant: true,
        },
      ],
    },
    {
      with: courier,
      subject: 'La tua spedizione è in consegna oggi',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 10,
          text: 'La spedizione 1Z99812 di Utensileria Romagnola è in consegna oggi tra le 10 e le 13. Tracciamento: https://www.spedizioniexpress.example.com/traccia/1Z99812',
          links: ['https://www.spedizioniexpress.example.com/traccia/1Z99812'],
        },
      ],
    },
    {
      with: supplier,
      subject: 'Conferma ordine 2026-0412',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 36,
          text: 'Gentile cliente,\nconfermiamo il suo ordine 2026-0412: 4 frese in metallo duro, 2 mandrini autocentranti. Consegna prevista in 3 giorni lavorativi.\nUtensileria Romagnola',
          labels: ['Fornitori'],
        },
      ],
    },
    {
      with: bearings,
      subject: 'Listino prezzi aggiornato',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 240,
          text: 'Buongiorno, in allegato il listino prezzi aggiornato valido dal 1° del mese prossimo. Restiamo a disposizione.\nCuscinetti Italia - Ufficio vendite',
          files: [
            {
              filename: 'listino-2026.pdf',
              contentType: 'application/pdf',
              content: tinyPdf('Listino 2026'),
            },
          ],
          labels: ['Fornitori'],
        },
      ],
    },
    {
      with: newsletter,
      subject: 'Meccanica Oggi: le novità del mese',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 44,
          text: "Le novità del mese: la fiera EIMA di Bologna, nuovi incentivi per l'acquisto di macchine utensili 4.0, come ridurre i consumi dei compressori.\nPer non ricevere più la newsletter visita il link in fondo alla pagina.",
          links: [
            'https://www.meccanicaoggi.example.com/numero-corrente',
            'https://www.meccanicaoggi.example.com/disiscrizione',
          ],
          headers: { 'list-unsubscribe': ['<https://www.meccanicaoggi.example.com/disiscrizione>'] },
        },
      ],
    },
    {
      // The classic fraud: the client's name, a lookalike domain, a reply-to elsewhere and a "new IBAN".
      with: { name: 'Rossi Costruzioni S.r.l.', address: 'amministrazione@rossi-costruzioni.example.com' },
      subject: 'URGENTE: variazione coordinate bancarie',
      messages: [
        {
          role: 'inbox',
          hoursAgo: 6,
          text: 'Gentile fornitore,\nvi comunichiamo che a partire da oggi il nostro nuovo IBAN è IT60 X054 2811 1010 0000 0123 456. Il vecchio conto non è più attivo: vi preghiamo di effettuare i prossimi pagamenti solo sul nuovo conto e di confermare al più presto.\n\nAmministrazione',
          isRead: false,
          replyTo: [{ name: null, address: 'amministrazione.rossi@gmail.com' }],
          headers: {
            'authentication-results': [
              'mx.officinarossi.gestionale.test; spf=softfail smtp.mailfrom=rossi-costruzioni.example.com; dkim=none; dmarc=fail',
            ],
          },
        },
      ],
    },
    {
      with: { name: 'Servizio Clienti Banca', address: 'avvisi@banca-sicura-online.example.net' },
      subject: 'Il tuo conto è stato sospeso',
      messages: [
        {
          role: 'spam',
          hoursAgo: 12,
          text: 'Abbiamo rilevato attività insolita sul tuo conto. Verifica il tuo account entro 24 ore cliccando qui: https://bit.ly/verifica-conto',
          links: ['https://bit.ly/verifica-conto'],
          isRead: false,
        },
      ],
    },
  ];

  const context = await businessContext(db, orgId);
  let count = 0;
  for (const [index, conversation] of conversations.entries()) {
    const rootId = `<demo.${index}.${orgId.slice(0, 8)}@officinarossi.gestionale.test>`;
    const chain: string[] = [];
    for (const [position, m] of conversation.messages.entries()) {
      const outgoing = m.role === 'sent' || m.role === 'drafts';
      const messageId =
        position === 0
          ? rootId
          : `<demo.${index}.${position}.${orgId.slice(0, 8)}@officinarossi.gestionale.test>`;
      const sentAt = new Date(Date.now() - m.hoursAgo * HOUR_MS);
      const subject =
        m.subject ??
        (position === 0 ? conversation.subject : `Re: ${conversation.subject.replace(/^Re: /, '')}`);
      const mail: TIncomingMail = {
        certified: false,
        messageId,
        inReplyTo: chain.at(-1) ?? null,
        references: [...chain],
        subject,
        from: outgoing ? ME : (m.from ?? conversation.with),
        to: outgoing ? [conversation.with] : [ME],
        cc: [],
        bcc: [],
        replyTo: m.replyTo ?? [],
        sentAt,
        text: m.text,
        html: null,
        links: m.links ?? [],
        headers: m.headers ?? {},
        attachments: (m.files ?? []).map((f) => ({
          filename: f.filename,
          contentType: f.contentType,
          size: f.content.length,
          isInline: false,
          contentId: null,
        })),
      };
      await storeLocalMessage(
        { db, files: deps.files },
        scope,
        {
          role: m.role,
          mail,
          receivedAt: sentAt,
          isRead: m.isRead ?? true,
          isStarred: m.isStarred ?? false,
          isImportant: m.isImportant ?? false,
          labelIds: (m.labels ?? []).map((l) => labels.get(l)!),
          files: deps.files ? m.files : [],
          ownAddresses: [ME.address],
        },
        context,
      );
      chain.push(messageId);
      count += 1;
    }
  }
  return count;
}
