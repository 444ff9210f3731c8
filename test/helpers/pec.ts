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
