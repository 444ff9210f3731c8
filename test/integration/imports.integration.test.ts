import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  ORIGIN,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DATABASES)('import file parsing on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await createSignedInUserWithOrg(t.app)).cookie;
  });
  afterAll(() => t.close());

  const upload = (payload: Buffer | string, contentType: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/imports/parse',
      headers: { origin: ORIGIN, cookie, 'content-type': contentType, ...headers },
      payload,
    });

  it('reads an Italian semicolon CSV with a BOM', async () => {
    const res = await upload(
      '\uFEFFRagione sociale;P.IVA;Città\nRossi Costruzioni;00743110157;Forlì\n',
      'text/csv',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      headers: ['Ragione sociale', 'P.IVA', 'Città'],
      rows: [['Rossi Costruzioni', '00743110157', 'Forlì']],
      format: 'csv',
    });
  });

  it('reads the first sheet of an XLSX file, dates as ISO days', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clienti');
    sheet.addRow(['Nome', 'Importo', 'Data']);
    sheet.addRow(['Bianchi', 1234.5, new Date(Date.UTC(2026, 11, 31))]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(buffer, XLSX);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([['Bianchi', '1234.5', '2026-12-31']]);
  });

  it('explains an empty or unreadable file in the caller language', async () => {
    const empty = await upload('', 'text/csv', { 'accept-language': 'it' });
    expect(empty.statusCode).toBe(400);
    const broken = await upload(Buffer.from('not a zip'), XLSX, { 'accept-language': 'it' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.details[0]).toMatchObject({ key: 'imports.errors.unreadableFile' });
    expect(broken.json().error.details[0].message).toMatch(/Impossibile leggere il file/);
  });

  it('needs manage_financial_data', async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports/parse',
      headers: { origin: ORIGIN, cookie: viewer.cookie, 'content-type': 'text/csv' },
      payload: 'a,b\n1,2\n',
    });
    expect(res.statusCode).toBe(403);
  });
});
