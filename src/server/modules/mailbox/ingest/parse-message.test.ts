import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseMessage } from './parse-message.ts';

const FIXTURES = path.resolve(__dirname, '../../../../../test/fixtures/emails');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, 'mikel-mail', name));

const CRLF = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('parseMessage', () => {
  it('parses every copied corpus file without error', async () => {
    const dir = path.join(FIXTURES, 'mikel-mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const parsed = await parseMessage(fs.readFileSync(path.join(dir, file)));
      expect(parsed.size, file).toBeGreaterThan(0);
      expect(JSON.stringify(parsed.mail), file).not.toContain('\\u0000');
    }
  });

  it('decodes charsets and encoded words', async () => {
    expect((await parseMessage(fixture('japanese.eml'))).mail.subject).toBe('まみむめも');
    expect((await parseMessage(fixture('utf8_headers.eml'))).mail.subject).toBe('Säying Hello');
    const pdf = await parseMessage(fixture('attachment_pdf.eml'));
    expect(pdf.mail.subject).toContain('🎉');
    expect(pdf.attachments[0]).toMatchObject({ filename: 'broken.pdf', contentType: 'application/pdf' });
    expect(pdf.attachments[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    const encoded = await parseMessage(fixture('attachment_with_encoded_name.eml'));
    expect(encoded.attachments[0]!.filename).toBe('01 Quien Te Dijat. Pitbull.mp3');
  });

  it('reads multipart/alternative with an inline cid image, a calendar part and winmail.dat', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const raw = CRLF([
      'From: "Mario Rossi" <mario@rossi.example.it>',
      'To: anna@studio.example.it, "Luca, Bianchi" <luca@studio.example.it>',
      'Subject: =?UTF-8?B?UHJldmVudGl2byBuwrAgMTI=?=',
      'Message-ID: <child@rossi.example.it>',
      'In-Reply-To: <parent@studio.example.it>',
      'References: <root@studio.example.it> <parent@studio.example.it>',
      'Date: Tue, 03 Mar 2026 10:00:00 +0100',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Buongiorno, ecco il preventivo. Perch=E9 no? https://rossi.example.it/p',
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p onclick="x()">Buongiorno <img src="cid:logo@rossi"><img src="https://track.example/p.gif"></p>',
      '--alt--',
      '--rel',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      'Content-ID: <logo@rossi>',
      'Content-Disposition: inline',
      '',
      png.toString('base64'),
      '--rel--',
      '--outer',
      'Content-Type: text/calendar; method=REQUEST; charset=utf-8',
      '',
      'BEGIN:VCALENDAR',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'SUMMARY:Sopralluogo',
      'END:VEVENT',
      'END:VCALENDAR',
      '--outer',
      'Content-Type: application/ms-tnef; name="winmail.dat"',
      'Content-Disposition: attachment; filename="winmail.dat"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('tnef-bytes').toString('base64'),
      '--outer--',
      '',
    ]);
    const parsed = await parseMessage(raw);
    const { mail } = parsed;
    expect(mail.subject).toBe('Preventivo n° 12');
    expect(mail.from).toEqual({ name: 'Mario Rossi', address: 'mario@rossi.example.it' });
    expect(mail.to.map((a) => a.address)).toEqual(['anna@studio.example.it', 'luca@studio.example.it']);
    expect(mail.messageId).toBe('<child@rossi.example.it>');
    expect(mail.references).toEqual(['<root@studio.example.it>', '<parent@studio.example.it>']);
    expect(mail.text).toContain('Perché no?');
    expect(parsed.snippet.startsWith('Buongiorno, ecco il preventivo.')).toBe(true);
    const logo = parsed.attachments.find((a) => a.contentId === 'logo@rossi')!;
    expect(logo.isInline).toBe(true);
    expect(mail.html).toContain(`src="/api/v1/mail/attachments/${logo.id}?inline=1"`);
    expect(mail.html).not.toContain('onclick');
    expect(parsed.hasRemoteImages).toBe(true);
    expect(parsed.attachments.map((a) => a.contentType)).toEqual(
      expect.arrayContaining(['text/calendar', 'application/ms-tnef']),
    );
    expect(parsed.attachments.find((a) => a.contentType === 'application/ms-tnef')!.filename).toBe(
      'winmail.dat',
    );
    expect(mail.links).toContain('https://rossi.example.it/p');
    expect(mail.headers['message-id']).toEqual(['<child@rossi.example.it>']);
  });

  it('survives malformed MIME, missing or wrong charsets, NUL bytes and 500 recipients', async () => {
    const recipients = Array.from({ length: 500 }, (_, i) => `r${i}@example.it`).join(', ');
    const raw = CRLF([
      `To: ${recipients}`,
      'Subject: rotto',
      'Content-Type: multipart/mixed; boundary="never-closed"',
      '',
      '--never-closed',
      'Content-Type: text/plain; charset=x-unknown-charset',
      '',
      'testo \u0000 con NUL e \xe8 latin1',
      '--never-closed',
      'Content-Type: text/html',
      '',
      '<div><b>non chiuso',
    ]);
    const parsed = await parseMessage(raw);
    expect(parsed.mail.to).toHaveLength(500);
    expect(parsed.mail.subject).toBe('rotto');
    expect(parsed.mail.text).not.toContain('\u0000');
    expect(JSON.stringify(parsed.mail)).not.toContain('\\u0000');
    const garbage = await parseMessage(Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 0, 0]));
    expect(garbage.mail.subject).toBe('');
  });

  it('parses a 30 MB message', async () => {
    const big = Buffer.alloc(22 * 1024 * 1024, 7);
    const raw = CRLF([
      'Subject: grande',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'allegato grande',
      '--b',
      'Content-Type: application/octet-stream; name="big.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      big.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b--',
    ]);
    expect(raw.length).toBeGreaterThan(30 * 1024 * 1024);
    const parsed = await parseMessage(raw);
    expect(parsed.attachments[0]!.size).toBe(big.length);
    expect(parsed.mail.text).toContain('allegato grande');
  });
});

describe('certified mail (PEC envelopes)', () => {
  const original = () =>
    new MailComposer({
      from: 'Mario Rossi <mario@pec.rossi.it>',
      to: 'ufficio@pec.bianchi.it',
      subject: 'Contratto firmato',
      messageId: '<contratto.1@pec.rossi.it>',
      html: '<p>In allegato il <b>contratto</b>.</p>',
      text: 'In allegato il contratto.',
      attachments: [{ filename: 'contratto.pdf', content: Buffer.from('%PDF-1.4 x') }],
    })
      .compile()
      .build();
  const envelope = async (encoding?: 'base64') =>
    new MailComposer({
      from: '"Per conto di: mario@pec.rossi.it" <posta-certificata@pec.provider.it>',
      to: 'ufficio@pec.bianchi.it',
      replyTo: 'mario@pec.rossi.it',
      subject: 'POSTA CERTIFICATA: Contratto firmato',
      headers: { 'X-Trasporto': 'posta-certificata' },
      text: 'Messaggio di posta certificata',
      attachments: [
        { filename: 'daticert.xml', content: '<postacert tipo="posta-certificata"/>' },
        {
          filename: 'postacert.eml',
          content: await original(),
          contentType: 'message/rfc822',
          ...(encoding ? { encoding, contentTransferEncoding: encoding } : {}),
        },
        {
          filename: 'smime.p7s',
          content: Buffer.from('signature'),
          contentType: 'application/pkcs7-signature',
        },
      ],
    })
      .compile()
      .build();

  it.each([undefined, 'base64'] as const)(
    'reads the envelope as its original, marked certified (%s)',
    async (enc) => {
      const parsed = await parseMessage(await envelope(enc));
      expect(parsed.mail).toMatchObject({
        certified: true,
        subject: 'Contratto firmato',
        from: { name: 'Mario Rossi', address: 'mario@pec.rossi.it' },
        messageId: '<contratto.1@pec.rossi.it>',
      });
      expect(parsed.mail.text).toBe('In allegato il contratto.');
      expect(parsed.mail.html).toContain('<b>contratto</b>');
      expect(parsed.mail.html).not.toContain('posta certificata');
      expect(parsed.attachments.map((a) => a.filename)).toEqual([
        'contratto.pdf',
        'daticert.xml',
        'smime.p7s',
      ]);
      // The envelope's headers stay for the security checks.
      expect(parsed.mail.headers['x-trasporto']).toEqual(['posta-certificata']);
    },
  );

  it('leaves a receipt and ordinary mail as they are', async () => {
    const receipt = await parseMessage(
      Buffer.from(
        'From: posta-certificata@pec.provider.it\r\nX-Ricevuta: accettazione\r\nX-Trasporto: posta-certificata\r\nSubject: ACCETTAZIONE: x\r\n\r\nRicevuta\r\n',
      ),
    );
    expect(receipt.mail).toMatchObject({ certified: false, subject: 'ACCETTAZIONE: x' });
    expect((await parseMessage(await original())).mail.certified).toBe(false);
  });
});
