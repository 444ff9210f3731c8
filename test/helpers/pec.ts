import { readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer';

/** A receipt as PEC providers send them (DM 2/11/2005): headers, a text part and the certified data. */
export function pecReceipt(options: {
  kind: string;
  refersTo: string;
  consegna?: string;
  errore?: string;
  erroreEsteso?: string;
  header?: boolean;
}) {
  const daticert = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<postacert tipo="${options.kind}" errore="${options.errore ?? 'nessuno'}">`,
    '<intestazione><mittente>ufficio@pec.bianchi.example</mittente>',
    '<destinatari tipo="certificato">cliente@pec.rossi.example</destinatari>',
    '<oggetto>Offerta</oggetto></intestazione>',
    '<dati><gestore-emittente>Gestore PEC di prova</gestore-emittente>',
    '<data zona="+0100"><giorno>28/11/2026</giorno><ora>10:00:00</ora></data>',
    '<identificativo>opec.1234@pec.example</identificativo>',
    `<msgid>${options.refersTo.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</msgid>`,
    options.consegna ? `<consegna>${options.consegna}</consegna>` : '',
    options.erroreEsteso ? `<errore-esteso>${options.erroreEsteso}</errore-esteso>` : '',
    '</dati></postacert>',
  ].join('\n');
  return Buffer.from(
    [
      'From: posta-certificata@pec.example',
      'To: ufficio@pec.bianchi.example',
      `Subject: ${options.kind.toUpperCase()}: Offerta`,
      `Message-ID: <receipt.${options.kind}.${Math.random().toString(36).slice(2)}@pec.example>`,
      `X-Ricevuta: ${options.kind}`,
      ...(options.header === false ? [] : [`X-Riferimento-Message-ID: ${options.refersTo}`]),
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="pec"',
      '',
      '--pec',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Ricevuta di ${options.kind}`,
      '--pec',
      'Content-Type: application/xml; name="daticert.xml"',
      'Content-Disposition: attachment; filename="daticert.xml"',
      '',
      daticert,
      '--pec--',
      '',
    ].join('\r\n'),
  );
}

const SDI_EXAMPLES = new URL('../fixtures/fatturapa/sdi-messages/', import.meta.url);

/**
 * An SDI notification built from the official example of its type (test/fixtures/fatturapa/sdi-messages), naming
 * `invoiceFileName` and the SDI's number `sdiId`; for NE, the administration's outcome. Its file name follows the
 * SDI's rule. (The example's signature no longer matches the changed content; the app checks the schema, not it.)
 */
export function sdiNotification(
  type: 'RC' | 'NS' | 'MC' | 'NE' | 'DT' | 'AT',
  options: { invoiceFileName: string; sdiId: string; outcome?: 'EC01' | 'EC02' },
): { fileName: string; xml: string } {
  let xml = readFileSync(new URL(`IT01234567890_11111_${type}_001.xml`, SDI_EXAMPLES), 'utf8')
    .replace(
      /<NomeFile>IT01234567890_11111\.xml\.p7m<\/NomeFile>/,
      `<NomeFile>${options.invoiceFileName}</NomeFile>`,
    )
    .replace(
      /<IdentificativoSdI>111<\/IdentificativoSdI>/g,
      `<IdentificativoSdI>${options.sdiId}</IdentificativoSdI>`,
    );
  if (options.outcome) xml = xml.replace(/<Esito>EC0[12]<\/Esito>/, `<Esito>${options.outcome}</Esito>`);
  const base = options.invoiceFileName.replace(/\.xml(\.p7m)?$/, '');
  return { fileName: `${base}_${type}_001.xml`, xml };
}

/**
 * A certified message as a PEC provider delivers the SDI's mail: the envelope (`X-Trasporto: posta-certificata`,
 * from the provider "on behalf of" the sender, daticert.xml) around the original message, postacert.eml, which
 * carries the notification file.
 */
export async function pecEnvelope(options: {
  from: string;
  to: string;
  file: { fileName: string; xml: string };
}) {
  const inner = await new MailComposer({
    from: options.from,
    to: options.to,
    subject: `Notifica ${options.file.fileName}`,
    text: 'Il Sistema di Interscambio ha elaborato il file.',
    attachments: [
      { filename: options.file.fileName, content: options.file.xml, contentType: 'application/xml' },
    ],
  })
    .compile()
    .build();
  const domain = options.from.split('@')[1];
  return new MailComposer({
    from: `"Per conto di: ${options.from}" <posta-certificata@${domain}>`,
    to: options.to,
    subject: `POSTA CERTIFICATA: Notifica ${options.file.fileName}`,
    replyTo: options.from,
    headers: { 'X-Trasporto': 'posta-certificata', 'X-Tiporicevuta': 'completa' },
    text: 'Messaggio di posta certificata.',
    attachments: [
      { filename: 'daticert.xml', content: '<postacert tipo="posta-certificata" errore="nessuno"/>' },
      { filename: 'postacert.eml', content: inner, contentType: 'message/rfc822' },
    ],
  })
    .compile()
    .build();
}
