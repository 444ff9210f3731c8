import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse-message.ts';

/**
 * A sample of the SpamAssassin test corpus (issue 15: each mail corpus parses without error), copied with its
 * licence into test/fixtures/emails/spamassassin (SOURCE.txt says where each file comes from and why it is here).
 */
const DIR = path.resolve(__dirname, '../../../../../test/fixtures/emails/spamassassin');
const parse = (name: string) => parseMessage(fs.readFileSync(path.join(DIR, name)));

describe('parseMessage on the SpamAssassin sample', () => {
  it('parses every copied file, spam and ham, without error or NUL', async () => {
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.eml'));
    expect(files.filter((f) => f.startsWith('spam-')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => f.startsWith('ham-')).length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const parsed = await parse(file);
      expect(parsed.size, file).toBe(fs.statSync(path.join(DIR, file)).size);
      expect(parsed.mail.from, file).not.toBeNull();
      expect(JSON.stringify(parsed.mail), file).not.toContain('\\u0000');
    }
  });

  it('UTF-16 subject and body in multipart/related + alternative, with a Reply-To', async () => {
    const { mail, snippet } = await parse('spam-utf16.eml');
    expect(mail.subject).toBe('Design and manufacturing');
    expect(mail.from).toEqual({ name: 'Powstar', address: 'mould05@example.org' });
    expect(mail.replyTo).toEqual([{ name: null, address: 'info@example.net' }]);
    expect(mail.messageId).toBe('<214E0E71FF854E5E82EA205D48BF41DE@example.org>');
    expect(mail.to).toEqual([]);
    // (sic: the spam's own spelling)
    expect(snippet).toMatch(/^Dear potencial partner, We are professional in engineering, mold\/tooling/);
    expect(mail.html).toContain('Dear potencial partner');
    // Its two inline images, referenced by cid, point at their stored copies.
    expect(mail.attachments.map((a) => [a.contentId, a.isInline])).toEqual([
      ['zzx5jmosz3buce', true],
      ['rr2_a', true],
    ]);
    expect(mail.html).toContain('/api/v1/mail/attachments/');
    expect(mail.html).not.toContain('cid:');
  });

  it('broken MIME: two Content-Types, "boundary =" with spaces, an empty subject', async () => {
    const { mail } = await parse('spam-badmime2.eml');
    expect(mail.subject).toBe('');
    expect(mail.from).toEqual({ name: null, address: 'odubciokci@isomedia.com' });
    expect(mail.to.map((a) => a.address)).toEqual(['user@example.com']);
    expect(mail.sentAt?.toISOString()).toBe('2004-02-04T19:22:38.000Z');
    expect(mail.messageId).toBe('<2wbs8otwrn5-o0ap8qij7-27odubciokci@isomedia.com>');
  });

  it('an HTML body with no Content-Type is text, and its phishing link is found', async () => {
    const { mail } = await parse('spam-phishing-openphish.eml');
    expect(mail.html).toBeNull();
    expect(mail.text).toContain('<a href=');
    expect(mail.links).toContain('https://ehawkerbd.com/wp/wp-admin/js/office365/auth.php');
  });

  it('a display name that is another address, and a different Reply-To', async () => {
    const { mail } = await parse('spam-fromnamespoof.eml');
    expect(mail.from).toEqual({ name: 'test@example.com', address: 'test1@gmail.com' });
    expect(mail.replyTo.map((a) => a.address)).toEqual(['test@example.com']);
  });

  it('a macro-enabled spreadsheet is listed as an attachment with its checksum', async () => {
    const { mail, attachments } = await parse('spam-olevbmacro.eml');
    expect(mail.subject).toBe('Macro');
    // Sent as application/octet-stream; the parser names the type from the file's extension.
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'macro.xlsm',
        contentType: 'application/vnd.ms-excel.sheet.macroenabled.12',
        size: 12753,
        isInline: false,
      }),
    ]);
    expect(attachments[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(attachments[0]!.content.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('a base64 text part without charset', async () => {
    const { mail } = await parse('spam-base64.eml');
    expect(mail.text).toContain('We have ranked the top ten traffic building sites on the web');
    expect(mail.links).toContain('http://members.tripod.co.uk/toptensites');
  });

  it('raw UTF-8 headers and encoded words with language tags', async () => {
    const { mail } = await parse('ham-unicode1.eml');
    expect(mail.from).toEqual({ name: 'Marilù Gioffré ♥', address: 'Marilù.Gioffré@esempio-università.it' });
    expect(mail.to).toEqual([{ name: 'Dörte Å. Sörensen, Jr.', address: 'Dörte@Sörensen.example.com' }]);
    expect(mail.cc.map((a) => a.address)).toEqual(['θσερ@εχαμπλε.ψομ']);
    // A UTF-8 character split across two encoded words, joined again.
    expect(mail.subject).toBe('Domače omrežje');
    expect(mail.messageId).toBe('<b497e6c2@example.срб>');
    // The whole message is the attachment, its name split across encoded words too.
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: 'документы для отдела кадров.pdf', size: 8 }),
    ]);
  });

  it('a Shift_JIS text attachment among US-ASCII parts', async () => {
    const { mail } = await parse('ham-cjk-sjis-attachment.eml');
    expect(mail.subject).toBe('MIME text/plain attach with Shift_JIS (CP932)');
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: 'test-sjis.txt', contentType: 'text/plain', size: 106 }),
    ]);
    expect(mail.text).toMatch(/^Hi,\n\nNow, I try to test MHonArc2002-12-16-snap\./);
  });

  it('a Big5 HTML body in base64', async () => {
    const { mail } = await parse('ham-cjk-big5-base64.eml');
    expect(mail.from?.address).toBe('y971880896@pchome.com.tw');
    expect(mail.text).toContain('永久網址');
    expect(mail.html).toContain('<table');
    expect(mail.links).toContain('http://www.geocities.com/Nashville/Rodeo/9073/main.jpg');
  });

  it('1991 MIME: nested multipart with richtext and an application part', async () => {
    const { mail } = await parse('ham-mime1.eml');
    expect(mail.subject).toBe('Re: a MIME-Version misfeature');
    expect(mail.text).toMatch(/^I have no problem with changing the BNF/);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['text/richtext', 'application/andrew-inset']);
  });

  it('headers only, no body', async () => {
    const { mail, snippet } = await parse('ham-no-body.eml');
    expect(mail.subject).toBe('This message has no body! (EOM)');
    expect(mail.to).toEqual([{ name: 'Jozef Naumowicz', address: 'jnaum@interia.pl' }]);
    expect(mail.text).toBeNull();
    expect(snippet).toBe('');
  });

  it('a DKIM-signed message to an empty group', async () => {
    const { mail } = await parse('ham-dmarc-noneok.eml');
    expect(mail.to).toEqual([]);
    expect(mail.from).toEqual({ name: 'SpamAssassin Test', address: 'test@dmarc1.spamassassin.org' });
    expect(mail.headers['dkim-signature']?.[0]).toMatch(/^v=1; a=rsa-sha1;/);
  });
});
