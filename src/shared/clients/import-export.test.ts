import { describe, expect, it } from 'vitest';
import { CLIENT_IMPORT_TARGETS, guessMapping } from '../imports/mapping.ts';
import type { TClient } from './contracts.ts';
import {
  CLIENT_EXPORT_COLUMNS,
  CLIENT_EXPORT_HEADERS,
  ZClientImportRequest,
  clientExportFileName,
  clientExportRow,
  clientIdentityKeys,
  duplicateKindsOf,
} from './import-export.ts';
import { sortTimeline } from './timeline.ts';

const client: TClient = {
  id: '6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11',
  type: 'company',
  fullName: null,
  companyName: 'Rossi Costruzioni S.r.l.',
  email: 'info@rossi.example.it',
  phone: null,
  address: 'Via Manzoni 10',
  city: 'Milano',
  postalCode: '20121',
  province: 'MI',
  country: 'IT',
  vatNumber: '00743110157',
  codiceFiscale: null,
  sdiCode: 'M5UXCR1',
  pec: null,
  isPublicAdministration: false,
  paOfficeCode: null,
  splitPayment: false,
  preferredLanguage: 'en',
  paymentTermsDays: 60,
  notes: null,
  archivedAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

describe('export headers', () => {
  it.each(['it', 'en'] as const)('in %s map back onto the import fields', (locale) => {
    const headers = CLIENT_EXPORT_COLUMNS.map((c) => CLIENT_EXPORT_HEADERS[locale][c]);
    const mapping = guessMapping(headers, CLIENT_IMPORT_TARGETS);
    const expected = CLIENT_EXPORT_COLUMNS.filter(
      (c) => !['isPublicAdministration', 'archivedAt', 'createdAt'].includes(c),
    );
    for (const column of expected) {
      expect(mapping[column as keyof typeof mapping], column).toBe(CLIENT_EXPORT_HEADERS[locale][column]);
    }
    expect(Object.keys(mapping).sort()).toEqual([...expected].sort());
  });
});

describe('clientExportRow', () => {
  it('writes words in the reader language and plain days', () => {
    const row = clientExportRow({ ...client, archivedAt: '2026-12-01T09:30:00.000Z' }, 'it');
    const cell = (c: (typeof CLIENT_EXPORT_COLUMNS)[number]) => row[CLIENT_EXPORT_COLUMNS.indexOf(c)];
    expect(cell('type')).toBe('Azienda');
    expect(cell('preferredLanguage')).toBe('Inglese');
    expect(cell('isPublicAdministration')).toBe('No');
    expect(cell('paymentTermsDays')).toBe(60);
    expect(cell('archivedAt')).toBe('2026-12-01');
    expect(cell('phone')).toBe('');
    expect(clientExportRow(client, 'en')[0]).toBe('Company');
  });
  it('names the file by language and day', () => {
    expect(clientExportFileName('csv', 'it', '2026-11-22')).toBe('clienti-2026-11-22.csv');
    expect(clientExportFileName('xlsx', 'en', '2026-11-22')).toBe('clients-2026-11-22.xlsx');
  });
});

describe('duplicate keys', () => {
  it('uses the ids when present, else the name with the city, ignoring case and accents', () => {
    const withIds = clientIdentityKeys({ vatNumber: '00743110157', email: 'Info@Rossi.it', city: 'Milano' });
    expect(duplicateKindsOf(withIds)).toEqual(['vatNumber', 'email']);
    expect(withIds.email).toBe('info@rossi.it');
    const a = clientIdentityKeys({ fullName: 'Niccolò  Rossi', city: 'Forlì' });
    const b = clientIdentityKeys({ fullName: 'niccolo rossi', city: 'FORLI' });
    expect(duplicateKindsOf(a)).toEqual(['nameCity']);
    expect(a.nameCity).toBe(b.nameCity);
    expect(duplicateKindsOf(clientIdentityKeys({}))).toEqual([]);
  });
});

describe('ZClientImportRequest', () => {
  it('needs rows, a mode and the dry-run flag', () => {
    expect(
      ZClientImportRequest.safeParse({ rows: [{ companyName: 'A' }], mode: 'valid_only', dryRun: true })
        .success,
    ).toBe(true);
    const empty = ZClientImportRequest.safeParse({ rows: [], mode: 'valid_only', dryRun: true });
    expect(empty.error?.issues[0]?.message).toBe('clients.errors.noRows');
    expect(ZClientImportRequest.safeParse({ rows: [{}], mode: 'some', dryRun: true }).success).toBe(false);
    expect(ZClientImportRequest.safeParse({ rows: [{}], mode: 'valid_only' }).success).toBe(false);
  });
});

describe('sortTimeline', () => {
  it('puts the newest first; a day follows the events of that day', () => {
    const sorted = sortTimeline([
      { kind: 'created', id: 'c', date: '2026-03-01T10:00:00.000Z' },
      {
        kind: 'transaction',
        id: 't1',
        date: '2026-03-01',
        direction: 'income',
        amountCents: 100,
        description: null,
      },
      { kind: 'archived', id: 'a', date: '2026-04-01T08:00:00.000Z' },
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['a', 't1', 'c']);
  });
});
