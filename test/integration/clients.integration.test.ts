import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '@server/db/schema/transactions.ts';
import { partitaIvaCheckDigit } from '@shared/business-profile/italian-tax-ids.ts';
import { parseCsv } from '@shared/imports/csv.ts';
import { CLIENT_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import { DEMO_CLIENTS, seedClientsDemo } from '@server/seed/clients-demo.ts';
import { clientInput } from '@server/seed/factories.ts';
import type { TClient, TClientPage } from '@shared/clients/contracts.ts';
import type { TClientImportResult } from '@shared/clients/import-export.ts';

/** A valid Partita IVA from a number: "1" + 9 digits + the check digit. */
function piva(n: number): string {
  const first = `1${String(n).padStart(9, '0')}`;
  return first + partitaIvaCheckDigit(first);
}

const ROSSI = clientInput({
  type: 'company',
  companyName: 'Rossi Costruzioni S.r.l.',
  email: 'amministrazione@rossicostruzioni.example.it',
  phone: '+39 02 1234567',
  address: 'Via Manzoni 10',
  city: 'Milano',
  postalCode: '20121',
  province: 'Milano',
  country: 'IT',
  vatNumber: 'IT 00743110157',
  sdiCode: 'm5uxcr1',
  preferredLanguage: 'it',
  paymentTermsDays: 60,
});

describe.each(DATABASES)('clients on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A fresh organization (super_admin) with its request helper. */
  async function freshOrg() {
    const owner = await createSignedInUserWithOrg(t.app);
    return { owner, c: api(t.app, owner.cookie) };
  }

  async function create(c: ReturnType<typeof api>, body: object) {
    const res = await c.post('/api/v1/clients', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TClient;
  }

  async function list(c: ReturnType<typeof api>, query = '') {
    const res = await c.get(`/api/v1/clients${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TClientPage;
  }

  describe('create, read, update, delete', () => {
    it('creates a company with normalised values, reads, updates and deletes it', async () => {
      const { c } = await freshOrg();
      const created = await create(c, ROSSI);
      expect(created).toMatchObject({
        type: 'company',
        companyName: 'Rossi Costruzioni S.r.l.',
        vatNumber: '00743110157',
        province: 'MI',
        sdiCode: 'M5UXCR1',
        paymentTermsDays: 60,
        archivedAt: null,
      });
      expect(created).not.toHaveProperty('organizationId');
      expect(created).not.toHaveProperty('searchText');

      const read = await c.get(`/api/v1/clients/${created.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);

      const updated = await c.put(`/api/v1/clients/${created.id}`, {
        ...ROSSI,
        phone: '+39 02 7654321',
        notes: 'Cliente dal 2019',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ phone: '+39 02 7654321', notes: 'Cliente dal 2019' });

      const removed = await c.del(`/api/v1/clients/${created.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await c.get(`/api/v1/clients/${created.id}`)).statusCode).toBe(404);
      expect((await c.del(`/api/v1/clients/${created.id}`)).statusCode).toBe(404);
    });

    it('creates a person, an EU company and a public administration', async () => {
      const { c } = await freshOrg();
      const person = await create(c, {
        type: 'person',
        fullName: 'Giulia Verdi',
        codiceFiscale: 'rssmra85t10a562s',
        city: 'Roma',
        province: 'RM',
      });
      expect(person).toMatchObject({ type: 'person', codiceFiscale: 'RSSMRA85T10A562S', companyName: null });
      const german = await create(c, {
        companyName: 'Müller Maschinenbau GmbH',
        country: 'DE',
        vatNumber: 'DE 136.695.976',
        postalCode: '10115',
        preferredLanguage: 'en',
      });
      expect(german).toMatchObject({ country: 'DE', vatNumber: '136695976', preferredLanguage: 'en' });
      const pa = await create(c, {
        companyName: 'Comune di Forlì',
        isPublicAdministration: true,
        paOfficeCode: 'ufk9b2',
        sdiCode: 'ABCDEFG',
      });
      expect(pa).toMatchObject({ isPublicAdministration: true, paOfficeCode: 'UFK9B2', sdiCode: null });
    });
  });

  describe('validation', () => {
    it('explains a wrong Partita IVA in Italian when asked, and in English otherwise', async () => {
      const { c } = await freshOrg();
      const body = { ...ROSSI, vatNumber: '12345678901' };
      const it_ = await c.post('/api/v1/clients', body, { 'accept-language': 'it-IT,it;q=0.9' });
      expect(it_.statusCode).toBe(400);
      expect(it_.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Alcuni campi non sono validi',
          details: [
            {
              path: 'vatNumber',
              key: 'clients.errors.vatInvalid',
              message: 'Partita IVA non valida: controlla le 11 cifre',
            },
          ],
        },
      });
      const en = await c.post('/api/v1/clients', body, { 'accept-language': 'en' });
      expect(en.json().error.details[0].message).toBe('Invalid Partita IVA: check the 11 digits');
    });

    it('names every wrong field', async () => {
      const { c } = await freshOrg();
      const res = await c.post(
        '/api/v1/clients',
        {
          type: 'person',
          email: 'not-an-email',
          postalCode: '201',
          sdiCode: '123',
          codiceFiscale: 'RSSMRA85T10A562X',
          isPublicAdministration: true,
          paymentTermsDays: 400,
        },
        { 'accept-language': 'it' },
      );
      expect(res.statusCode).toBe(400);
      const byPath = Object.fromEntries(
        (res.json().error.details as { path: string; key: string }[]).map((d) => [d.path, d.key]),
      );
      expect(byPath).toMatchObject({
        email: 'clients.errors.emailInvalid',
        sdiCode: 'clients.errors.sdiCodeInvalid',
        paymentTermsDays: 'clients.errors.paymentTermsInvalid',
      });
      // Rules across fields run once every field parses.
      const second = await c.post(
        '/api/v1/clients',
        {
          type: 'person',
          postalCode: '201',
          codiceFiscale: 'RSSMRA85T10A562X',
          isPublicAdministration: true,
        },
        { 'accept-language': 'it' },
      );
      const keys = Object.fromEntries(
        (second.json().error.details as { path: string; key: string; message: string }[]).map((d) => [
          d.path,
          d.message,
        ]),
      );
      expect(keys).toEqual({
        fullName: 'Nome e cognome sono obbligatori',
        postalCode: 'Il CAP italiano è composto da 5 cifre',
        codiceFiscale: 'Codice fiscale non valido: controlla i 16 caratteri (o le 11 cifre)',
        paOfficeCode: 'Per una pubblica amministrazione il codice univoco ufficio è obbligatorio',
      });
    });

    it('refuses an unknown sort or page in the list query', async () => {
      const { c } = await freshOrg();
      expect((await c.get('/api/v1/clients?sort=price')).statusCode).toBe(400);
      expect((await c.get('/api/v1/clients?page=0')).statusCode).toBe(400);
      expect((await c.get('/api/v1/clients?pageSize=1000')).statusCode).toBe(400);
    });
  });

  describe('duplicates', () => {
    it('refuses a second client with the same P.IVA or e-mail, with the field and the message', async () => {
      const { c } = await freshOrg();
      const first = await create(c, ROSSI);
      const sameVat = await c.post(
        '/api/v1/clients',
        { companyName: 'Altra Srl', vatNumber: '00743110157' },
        { 'accept-language': 'it' },
      );
      expect(sameVat.statusCode).toBe(409);
      expect(sameVat.json()).toEqual({
        error: {
          code: 'ALREADY_EXISTS',
          message: 'Questo elemento esiste già',
          details: [
            {
              path: 'vatNumber',
              key: 'clients.errors.vatNumberTaken',
              message: 'Esiste già un cliente con questa partita IVA',
            },
          ],
        },
      });
      const sameEmail = await c.post('/api/v1/clients', {
        companyName: 'Terza Srl',
        email: 'AMMINISTRAZIONE@RossiCostruzioni.example.it',
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().error.message).toBe('This item already exists');
      expect(sameEmail.json().error.details).toEqual([
        {
          path: 'email',
          key: 'clients.errors.emailTaken',
          message: 'A client with this e-mail address already exists',
        },
      ]);

      // Updating into another client's P.IVA is refused; keeping one's own is fine.
      const other = await create(c, { companyName: 'Bianchi Impianti', vatNumber: piva(1) });
      const clash = await c.put(`/api/v1/clients/${other.id}`, {
        companyName: 'Bianchi Impianti',
        vatNumber: '00743110157',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.details[0].path).toBe('vatNumber');
      const same = await c.put(`/api/v1/clients/${first.id}`, { ...ROSSI, notes: 'ok' });
      expect(same.statusCode).toBe(200);
    });

    it('lets another organization hold the same P.IVA', async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      await create(a.c, ROSSI);
      await create(b.c, ROSSI);
    });
  });

  describe('search, sort, filters and pages', () => {
    let c: ReturnType<typeof api>;
    beforeAll(async () => {
      ({ c } = await freshOrg());
      await create(c, ROSSI);
      await create(c, { type: 'person', fullName: 'Rosa Bianchi', city: 'Torino', email: 'rosa@example.it' });
      await create(c, { companyName: 'Verdi Impianti Elettrici', city: 'Bologna', vatNumber: piva(2) });
      await create(c, { companyName: 'Ferramenta Esposito', city: 'Napoli', email: 'info@esposito.example' });
      await create(c, {
        companyName: 'Müller Maschinenbau GmbH',
        country: 'DE',
        vatNumber: 'DE136695976',
        city: 'Berlin',
      });
      for (let i = 0; i < 8; i++) {
        await create(c, { companyName: `Cliente Prova ${String(i + 1).padStart(2, '0')}`, city: 'Forlì' });
      }
    });

    it('finds "Rossi Costruzioni" from the typo "Rosi", ranked first', async () => {
      const page = await list(c, '?q=Rosi');
      expect(page.items[0]?.companyName).toBe('Rossi Costruzioni S.r.l.');
      expect(page.items.map((i) => i.companyName ?? i.fullName)).not.toContain('Verdi Impianti Elettrici');
    });

    it('tolerates typos in the middle of a word and searches e-mail, P.IVA and city', async () => {
      expect((await list(c, '?q=costruzoni')).items[0]?.companyName).toBe('Rossi Costruzioni S.r.l.');
      expect((await list(c, '?q=esposito.example')).items.map((i) => i.companyName)).toEqual([
        'Ferramenta Esposito',
      ]);
      expect((await list(c, `?q=${piva(2)}`)).items.map((i) => i.companyName)).toEqual([
        'Verdi Impianti Elettrici',
      ]);
      expect((await list(c, '?q=bologna')).items.map((i) => i.companyName)).toEqual([
        'Verdi Impianti Elettrici',
      ]);
      expect((await list(c, '?q=xyzxyz')).total).toBe(0);
    });

    it('pages by 10 with the total', async () => {
      const first = await list(c);
      expect(first).toMatchObject({ total: 13, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      const second = await list(c, '?page=2');
      expect(second.items).toHaveLength(3);
      const ids = new Set([...first.items, ...second.items].map((i) => i.id));
      expect(ids.size).toBe(13);
      // Past the end: no rows, and the total still counted.
      expect(await list(c, '?page=5')).toMatchObject({ items: [], total: 13 });
      expect(await list(c, '?page=5&q=rosi')).toMatchObject({ items: [], total: expect.any(Number) });
    });

    it('sorts by name both ways, by creation and by city', async () => {
      const names = (p: TClientPage) => p.items.map((i) => i.companyName ?? i.fullName);
      const asc = names(await list(c, '?pageSize=100&sort=name'));
      expect(asc[0]).toBe('Cliente Prova 01');
      // Plain ASCII names sort the same under every collation.
      const ascii = asc.filter((n) => /^[\x20-\x7e]+$/.test(n!));
      expect(ascii).toEqual([...ascii].sort((a, b) => (a!.toLowerCase() < b!.toLowerCase() ? -1 : 1)));
      const desc = names(await list(c, '?pageSize=100&sort=-name'));
      expect(desc).toEqual([...asc].reverse());
      expect(names(await list(c, '?pageSize=1&sort=createdAt'))).toEqual(['Rossi Costruzioni S.r.l.']);
      expect(names(await list(c, '?pageSize=1&sort=-createdAt'))).toEqual(['Cliente Prova 08']);
      expect(names(await list(c, '?pageSize=1&sort=city'))).toEqual(['Müller Maschinenbau GmbH']);
    });

    it('filters by type and country', async () => {
      expect((await list(c, '?type=person')).items.map((i) => i.fullName)).toEqual(['Rosa Bianchi']);
      expect((await list(c, '?country=de')).items.map((i) => i.companyName)).toEqual([
        'Müller Maschinenbau GmbH',
      ]);
      expect((await list(c, '?type=company&q=rosi')).items[0]?.companyName).toBe('Rossi Costruzioni S.r.l.');
    });
  });

  describe('archive and restore', () => {
    it('hides an archived client from the default list and brings it back', async () => {
      const { c } = await freshOrg();
      const kept = await create(c, { companyName: 'Attiva Srl' });
      const client = await create(c, { companyName: 'Archiviata Srl' });
      const archived = await c.post(`/api/v1/clients/${client.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().archivedAt).toEqual(expect.any(String));
      expect((await list(c)).items.map((i) => i.id)).toEqual([kept.id]);
      expect((await list(c, '?archived=archived')).items.map((i) => i.id)).toEqual([client.id]);
      expect((await list(c, '?archived=all')).total).toBe(2);
      const timeline = await c.get(`/api/v1/clients/${client.id}/timeline`);
      expect(timeline.json().items.map((e: { kind: string }) => e.kind)).toEqual(['archived', 'created']);

      const restored = await c.post(`/api/v1/clients/${client.id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().archivedAt).toBeNull();
      expect((await list(c)).total).toBe(2);
    });
  });

  describe('in use', () => {
    it('refuses to delete a client named by a transaction, shows it on the timeline, still archives', async () => {
      const { owner, c } = await freshOrg();
      const client = await create(c, ROSSI);
      await t.app.services.database.db.insert(transactions).values([
        {
          organizationId: owner.organizationId,
          occurredOn: '2026-03-15',
          direction: 'income',
          amountCents: 122_000,
          description: 'Saldo fattura 12/2026',
          clientId: client.id,
        },
        {
          organizationId: owner.organizationId,
          occurredOn: '2026-01-10',
          direction: 'expense',
          amountCents: 5_050,
          description: 'Rimborso',
          clientId: client.id,
        },
      ]);
      const res = await c.del(`/api/v1/clients/${client.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'IN_USE', message: 'Cannot delete: item is in use' } });
      const it_ = await c.del(`/api/v1/clients/${client.id}`, { 'accept-language': 'it' });
      expect(it_.json().error.message).toBe("Impossibile eliminare: l'elemento è in uso");
      expect((await c.get(`/api/v1/clients/${client.id}`)).statusCode).toBe(200);

      const timeline = (await c.get(`/api/v1/clients/${client.id}/timeline`)).json();
      expect(timeline.upcoming).toEqual([]);
      expect(timeline.hasMore).toBe(false);
      expect(timeline.items).toEqual([
        expect.objectContaining({ kind: 'created' }),
        {
          kind: 'transaction',
          id: expect.any(String),
          date: '2026-03-15',
          direction: 'income',
          amountCents: 122_000,
          description: 'Saldo fattura 12/2026',
        },
        expect.objectContaining({ kind: 'transaction', date: '2026-01-10', amountCents: 5_050 }),
      ]);
      const limited = (await c.get(`/api/v1/clients/${client.id}/timeline?limit=1`)).json();
      expect(limited.hasMore).toBe(true);
      expect(limited.items.filter((e: { kind: string }) => e.kind === 'transaction')).toHaveLength(1);

      expect((await c.post(`/api/v1/clients/${client.id}/archive`)).statusCode).toBe(200);
    });
  });

  describe('import', () => {
    const good = [
      { companyName: 'Alfa Serramenti S.r.l.', vatNumber: piva(101), city: 'Padova', province: 'PD' },
      { companyName: 'Beta Logistica', vatNumber: piva(102), email: 'beta@example.it', country: 'Italia' },
      { type: 'Persona fisica', fullName: 'Carla Neri', email: 'carla.neri@example.it', city: 'Bari' },
    ];
    const bad = [
      { companyName: 'Gamma Srl', vatNumber: '12345678901' },
      { fullName: '', companyName: '' },
    ];

    it('checks rows in a dry run without writing, in the caller language', async () => {
      const { c } = await freshOrg();
      const res = await c.post(
        '/api/v1/clients/import',
        { rows: [...good, ...bad], mode: 'valid_only', dryRun: true },
        { 'accept-language': 'it' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json() as TClientImportResult;
      expect(result).toMatchObject({
        dryRun: true,
        total: 5,
        valid: 3,
        invalid: 2,
        duplicate: 0,
        imported: 0,
      });
      expect(result.rows.map((r) => r.status)).toEqual(['valid', 'valid', 'valid', 'invalid', 'invalid']);
      expect(result.rows[3]!.errors).toEqual([
        {
          path: 'vatNumber',
          key: 'clients.errors.vatInvalid',
          message: 'Partita IVA non valida: controlla le 11 cifre',
        },
      ]);
      expect(result.rows[4]!.errors[0]).toMatchObject({ path: 'companyName' });
      expect((await list(c)).total).toBe(0);
    });

    it('valid_only imports the valid rows; a re-import of the same file adds nothing', async () => {
      const { c } = await freshOrg();
      await create(c, { companyName: 'Già Presente Srl', vatNumber: piva(200) });
      const rows = [
        ...good,
        ...bad,
        { companyName: 'Già Presente (dal file)', vatNumber: piva(200) },
        { companyName: 'Alfa Serramenti copia', vatNumber: piva(101) },
      ];
      const first = (
        await c.post('/api/v1/clients/import', { rows, mode: 'valid_only', dryRun: false })
      ).json();
      expect(first).toMatchObject({ total: 7, valid: 3, invalid: 2, duplicate: 2, imported: 3 });
      expect(first.rows[5].errors).toEqual([
        {
          path: 'vatNumber',
          key: 'clients.errors.vatNumberTaken',
          message: 'A client with this VAT number already exists',
        },
      ]);
      expect(first.rows[6].errors[0]).toMatchObject({ key: 'clients.errors.vatNumberRepeated' });
      const stored = await list(c, '?pageSize=100');
      expect(stored.total).toBe(4);
      const carla = stored.items.find((i) => i.fullName === 'Carla Neri');
      expect(carla).toMatchObject({ type: 'person', city: 'Bari' });
      expect(stored.items.find((i) => i.companyName === 'Beta Logistica')).toMatchObject({ country: 'IT' });

      const again = (
        await c.post('/api/v1/clients/import', { rows, mode: 'valid_only', dryRun: false })
      ).json();
      expect(again).toMatchObject({ total: 7, valid: 0, invalid: 2, duplicate: 5, imported: 0 });
      // Carla has no P.IVA: her e-mail recognises her.
      expect(again.rows[2].errors[0]).toMatchObject({ path: 'email', key: 'clients.errors.emailTaken' });
      expect((await list(c)).total).toBe(4);
    });

    it('recognises a client without ids by name and city', async () => {
      const { c } = await freshOrg();
      const rows = [
        { fullName: 'Mario Bianchi', city: 'Forlì' },
        { fullName: 'mario  bianchi', city: 'Forli' },
      ];
      const res = (
        await c.post('/api/v1/clients/import', { rows, mode: 'valid_only', dryRun: false })
      ).json();
      expect(res).toMatchObject({ valid: 1, duplicate: 1, imported: 1 });
      expect(res.rows[1].errors[0]).toMatchObject({ key: 'clients.errors.nameCityRepeated' });
      const again = (
        await c.post('/api/v1/clients/import', { rows, mode: 'valid_only', dryRun: false })
      ).json();
      expect(again).toMatchObject({ duplicate: 2, imported: 0 });
    });

    it('all_or_nothing writes nothing when a row is invalid, everything otherwise', async () => {
      const { c } = await freshOrg();
      const refused = await c.post(
        '/api/v1/clients/import',
        { rows: [...good, ...bad], mode: 'all_or_nothing', dryRun: false },
        { 'accept-language': 'it' },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_ERROR');
      expect(refused.json().error.details[0]).toEqual({
        path: 'rows.3.vatNumber',
        key: 'clients.errors.vatInvalid',
        message: 'Partita IVA non valida: controlla le 11 cifre',
      });
      expect((await list(c)).total).toBe(0);

      const dry = (
        await c.post('/api/v1/clients/import', {
          rows: [...good, ...bad],
          mode: 'all_or_nothing',
          dryRun: true,
        })
      ).json();
      expect(dry).toMatchObject({ invalid: 2, imported: 0 });

      const done = (
        await c.post('/api/v1/clients/import', { rows: good, mode: 'all_or_nothing', dryRun: false })
      ).json();
      expect(done).toMatchObject({ valid: 3, imported: 3 });
      const again = await c.post('/api/v1/clients/import', {
        rows: good,
        mode: 'all_or_nothing',
        dryRun: false,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ duplicate: 3, imported: 0 });
      expect((await list(c)).total).toBe(3);
    });

    it('imports 10,000 rows in one request (chunked inserts, raised body limit)', async () => {
      const { c } = await freshOrg();
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        companyName: `Impresa Numero ${i + 1} S.r.l.`,
        vatNumber: piva(10_000 + i),
        email: `amministrazione.impresa${i + 1}@example-clienti.it`,
        address: `Via Giuseppe Garibaldi ${i + 1}`,
        city: 'Reggio nell’Emilia',
        postalCode: '42121',
        province: 'RE',
        phone: '+39 0522 123456',
        notes: 'Importato dal gestionale precedente, listino B',
      }));
      const res = await c.post('/api/v1/clients/import', { rows, mode: 'all_or_nothing', dryRun: false });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json()).toMatchObject({ total: 10_000, valid: 10_000, imported: 10_000 });
      expect((await list(c)).total).toBe(10_000);
      const tooMany = await c.post(
        '/api/v1/clients/import',
        { rows: [...rows, rows[0]], mode: 'valid_only', dryRun: true },
        { 'accept-language': 'it' },
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.details[0]).toMatchObject({ key: 'clients.errors.tooManyRows' });
    }, 120_000);
  });

  describe('export', () => {
    let c: ReturnType<typeof api>;
    beforeAll(async () => {
      ({ c } = await freshOrg());
      await create(c, { ...ROSSI, notes: '=HYPERLINK("http://evil")' });
      await create(c, { type: 'person', fullName: 'Giulia Verdi', city: 'Roma', email: 'giulia@example.it' });
      const archived = await create(c, { companyName: 'Vecchio Cliente Srl' });
      await c.post(`/api/v1/clients/${archived.id}/archive`);
    });

    it('gives Italian readers a ";" CSV with Italian headers that imports back', async () => {
      const res = await c.get('/api/v1/clients/export?format=csv', { 'accept-language': 'it-IT' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const day = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="clienti-${day}.csv"`);
      const parsed = parseCsv(res.body);
      expect(parsed.delimiter).toBe(';');
      expect(parsed.headers.slice(0, 4)).toEqual([
        'Tipo',
        'Ragione sociale',
        'Nome e cognome',
        'Partita IVA',
      ]);
      expect(parsed.rows).toHaveLength(2);
      const rossi = parsed.rows.find((r) => r[1] === 'Rossi Costruzioni S.r.l.')!;
      expect(rossi[0]).toBe('Azienda');
      expect(rossi[3]).toBe('00743110157');
      // A cell that would run as a formula is neutralised.
      expect(rossi[parsed.headers.indexOf('Note')]).toBe('\'=HYPERLINK("http://evil")');

      // The headers map back onto the client fields.
      const mapping = guessMapping(parsed.headers, CLIENT_IMPORT_TARGETS);
      expect(mapping).toMatchObject({
        companyName: 'Ragione sociale',
        vatNumber: 'Partita IVA',
        city: 'Città',
      });
      const rows = parsed.rows.map((r) => applyMapping(parsed.headers, r, mapping) as Record<string, string>);
      const back = (
        await c.post('/api/v1/clients/import', { rows, mode: 'valid_only', dryRun: true })
      ).json();
      expect(back).toMatchObject({ invalid: 0, duplicate: 2 });
    });

    it('gives English readers a "," CSV; filters apply; every archived state on request', async () => {
      const res = await c.get('/api/v1/clients/export?format=csv&q=rosi', { 'accept-language': 'en' });
      expect(res.headers['content-disposition']).toMatch(/filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
      const parsed = parseCsv(res.body);
      expect(parsed.delimiter).toBe(',');
      expect(parsed.headers[1]).toBe('Company name');
      expect(parsed.rows.map((r) => r[1])).toEqual(['Rossi Costruzioni S.r.l.']);
      const all = parseCsv((await c.get('/api/v1/clients/export?archived=all')).body);
      expect(all.rows).toHaveLength(3);
    });

    it('writes an XLSX file that reads back', async () => {
      const res = await c.get('/api/v1/clients/export?format=xlsx&sort=name', { 'accept-language': 'it' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toMatch(/filename="clienti-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('Clienti');
      expect(sheet.getRow(1).getCell(2).value).toBe('Ragione sociale');
      expect(sheet.rowCount).toBe(3);
      const secondColumn = [2, 3].map((r) => sheet.getRow(r).getCell(2).value ?? '');
      const thirdColumn = [2, 3].map((r) => sheet.getRow(r).getCell(3).value ?? '');
      expect(secondColumn).toContain('Rossi Costruzioni S.r.l.');
      expect(thirdColumn).toContain('Giulia Verdi');
    });
  });

  describe('permissions', () => {
    let viewer: SignedInWithOrg;
    let user: SignedInWithOrg;
    let manager: SignedInWithOrg;
    beforeAll(async () => {
      viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
      user = await createSignedInUserWithOrg(t.app, { role: 'user' });
      manager = await createSignedInUserWithOrg(t.app, { role: 'manager' });
    });

    it('viewer and user read but neither write nor export', async () => {
      for (const who of [viewer, user]) {
        const c = api(t.app, who.cookie);
        expect((await c.get('/api/v1/clients')).statusCode).toBe(200);
        expect((await c.post('/api/v1/clients', { companyName: 'Nuovo' })).statusCode).toBe(403);
        expect((await c.get('/api/v1/clients/export')).statusCode).toBe(403);
        expect(
          (
            await c.post('/api/v1/clients/import', {
              rows: [{ companyName: 'X' }],
              mode: 'valid_only',
              dryRun: true,
            })
          ).statusCode,
        ).toBe(403);
      }
    });

    it('a viewer cannot change or delete an existing client', async () => {
      // The viewer's organization gets a client through its owner, at the database level.
      const { insertClient } = await import('@server/modules/clients/repository.ts');
      const row = await insertClient(t.app.services.database.db, viewer.organizationId, {
        companyName: 'Cliente del proprietario',
        type: 'company',
      });
      const c = api(t.app, viewer.cookie);
      expect((await c.get(`/api/v1/clients/${row.id}`)).statusCode).toBe(200);
      expect((await c.get(`/api/v1/clients/${row.id}/timeline`)).statusCode).toBe(200);
      expect((await c.put(`/api/v1/clients/${row.id}`, { companyName: 'Cambiato' })).statusCode).toBe(403);
      expect((await c.post(`/api/v1/clients/${row.id}/archive`)).statusCode).toBe(403);
      expect((await c.post(`/api/v1/clients/${row.id}/restore`)).statusCode).toBe(403);
      expect((await c.del(`/api/v1/clients/${row.id}`)).statusCode).toBe(403);
    });

    it('a manager writes and exports', async () => {
      const c = api(t.app, manager.cookie);
      expect((await c.post('/api/v1/clients', { companyName: 'Del responsabile' })).statusCode).toBe(201);
      expect((await c.get('/api/v1/clients/export?format=xlsx')).statusCode).toBe(200);
    });

    it('signed-out requests get 401', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/clients' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('demo data', () => {
    it('seeds realistic valid clients once, with Rossi Costruzioni for the typo search', async () => {
      const { owner, c } = await freshOrg();
      const deps = { db: t.app.services.database.db, orgId: owner.organizationId, userId: owner.user.id };
      expect(await seedClientsDemo(deps)).toBe(DEMO_CLIENTS.length);
      expect(DEMO_CLIENTS.length).toBeGreaterThanOrEqual(25);
      expect(await seedClientsDemo(deps)).toBe(0);
      const all = await list(c, '?archived=all&pageSize=100');
      expect(all.total).toBe(DEMO_CLIENTS.length);
      expect((await list(c, '?archived=archived')).total).toBe(1);
      expect((await list(c, '?type=person')).total).toBeGreaterThanOrEqual(5);
      expect(all.items.filter((i) => i.country !== 'IT').length).toBeGreaterThanOrEqual(2);
      expect(all.items.some((i) => i.isPublicAdministration && i.paOfficeCode)).toBe(true);
      expect((await list(c, '?q=Rosi')).items[0]?.companyName).toBe('Rossi Costruzioni S.r.l.');
    });
  });

  describe('tenancy', () => {
    const createInA = async ({ client }: { client: ReturnType<typeof api> }) =>
      ((await client.post('/api/v1/clients', clientInput({ companyName: 'Segreto Srl' }))).json() as TClient)
        .id;

    it("another organization's client answers 404 on every :id route", async () => {
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/clients/${id}`,
        createInOrgA: createInA,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/clients/${id}/timeline`,
        createInOrgA: createInA,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/clients/${id}`,
        method: 'PUT',
        body: { companyName: 'Preso' },
        createInOrgA: createInA,
      });
      const { id, owner, stranger } = await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/clients/${id}`,
        method: 'DELETE',
        createInOrgA: createInA,
      });
      const s = api(t.app, stranger.cookie);
      for (const action of ['archive', 'restore']) {
        const res = await s.post(`/api/v1/clients/${id}/${action}`);
        expect(res.statusCode, action).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
      }
      // Nothing happened to it.
      const still = await api(t.app, owner.cookie).get(`/api/v1/clients/${id}`);
      expect(still.json()).toMatchObject({ companyName: 'Segreto Srl', archivedAt: null });
      expect((await s.get('/api/v1/clients?q=segreto')).json().total).toBe(0);
    });

    it('an id that is not a UUID answers 404', async () => {
      const { c } = await freshOrg();
      expect((await c.get('/api/v1/clients/not-a-uuid')).statusCode).toBe(404);
    });
  });
});
