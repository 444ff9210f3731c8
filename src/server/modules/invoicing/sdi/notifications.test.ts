import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSdiNotification, sdiNotificationType } from './notifications.ts';

const EXAMPLES = path.resolve(import.meta.dirname, '../../../../../test/fixtures/fatturapa/sdi-messages');
const example = (type: string) =>
  readFile(path.join(EXAMPLES, `IT01234567890_11111_${type}_001.xml`), 'utf8');

describe('SDI notifications (official examples)', () => {
  it('tells a notification by its file name, and nothing else', () => {
    expect(sdiNotificationType('IT01234567890_11111_RC_001.xml')).toBe('RC');
    expect(sdiNotificationType('IT01234567890_0000a_ns_002.xml')).toBe('NS');
    expect(sdiNotificationType('IT01234567890_11111_MT_001.xml')).toBeNull(); // a receiver's file
    expect(sdiNotificationType('IT01234567890_11111.xml')).toBeNull(); // an invoice
    expect(sdiNotificationType('fattura.xml')).toBeNull();
  });

  it('reads a delivery receipt (RC)', async () => {
    const reading = await readSdiNotification('IT01234567890_11111_RC_001.xml', await example('RC'));
    expect(reading).toMatchObject({
      ok: true,
      notification: {
        type: 'RC',
        invoiceFileName: 'IT01234567890_11111.xml.p7m',
        sdiIdentifier: '111',
        outcome: null,
        errors: [],
        receivedAt: new Date('2013-06-06T12:00:00Z'),
      },
    });
  });

  it('reads a rejection (NS) with its list of errors', async () => {
    const reading = await readSdiNotification('IT01234567890_11111_NS_001.xml', await example('NS'));
    expect(reading?.ok && reading.notification.errors).toEqual([
      { code: '00100', description: 'Certificato di firma scaduto', suggestion: null },
    ]);
  });

  it('reads the outcome of a public administration (NE EC01)', async () => {
    const reading = await readSdiNotification('IT01234567890_11111_NE_001.xml', await example('NE'));
    expect(reading).toMatchObject({
      ok: true,
      notification: { type: 'NE', outcome: 'EC01', description: 'Notifica di esempio' },
    });
  });

  it.each(['MC', 'DT', 'AT'])('reads %s', async (type) => {
    const reading = await readSdiNotification(`IT01234567890_11111_${type}_001.xml`, await example(type));
    expect(reading).toMatchObject({
      ok: true,
      notification: { type, invoiceFileName: 'IT01234567890_11111.xml.p7m' },
    });
  });

  it('refuses a file whose content is another notification than its name says', async () => {
    const reading = await readSdiNotification('IT01234567890_11111_RC_001.xml', await example('NS'));
    expect(reading).toEqual({
      ok: false,
      fileName: 'IT01234567890_11111_RC_001.xml',
      errors: ['not a RicevutaConsegna'],
    });
  });

  it('refuses a file that is not valid against the schema', async () => {
    const xml = (await example('RC')).replace(/<IdentificativoSdI>111<\/IdentificativoSdI>/, '');
    const reading = await readSdiNotification('IT01234567890_11111_RC_001.xml', xml);
    expect(reading?.ok).toBe(false);
    expect(reading && !reading.ok && reading.errors.join()).toMatch(/IdentificativoSdI|NomeFile/);
  });

  it('ignores a file not named as a notification', async () => {
    expect(await readSdiNotification('invoice.xml', await example('RC'))).toBeNull();
  });
});
