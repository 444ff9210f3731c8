import { describe, expect, it } from 'vitest';
import {
  bankLineDirection,
  bankLineFingerprint,
  bankLineFingerprints,
  fnv1a64,
  missingMappedColumns,
  normalizeBankDescription,
  readBankLine,
} from './bank-lines.ts';
import { ZBankStatementMapping } from './mapping.ts';

const signed = ZBankStatementMapping.parse({
  occurredOn: 'Data operazione',
  description: 'Descrizione',
  amountMode: 'signed',
  amountColumn: 'Importo',
});
const split = ZBankStatementMapping.parse({
  occurredOn: 'Data',
  description: 'Causale',
  amountMode: 'debitCredit',
  debitColumn: 'Dare',
  creditColumn: 'Avere',
});
const SIGNED_HEADERS = ['Data operazione', 'Data valuta', 'Descrizione', 'Importo'];
const SPLIT_HEADERS = ['Data', 'Causale', 'Dare', 'Avere'];

describe('readBankLine with a signed amount', () => {
  it('reads an Italian line', () => {
    expect(
      readBankLine(
        SIGNED_HEADERS,
        ['31/12/2026', '02/01/2027', 'PAGAMENTO  POS   BAR ROMA', '-1,50'],
        signed,
      ),
    ).toEqual({
      ok: true,
      line: { occurredOn: '2026-12-31', amountCents: -150, description: 'PAGAMENTO POS BAR ROMA' },
    });
    expect(
      readBankLine(SIGNED_HEADERS, ['02/01/2027', '', 'BONIFICO DA CLIENTE', '1.220,00'], signed),
    ).toMatchObject({
      line: { amountCents: 122000 },
    });
  });
  it('reports a wrong date, a wrong amount, missing values and zero', () => {
    expect(readBankLine(SIGNED_HEADERS, ['31/02/2026', '', 'X', '1,00'], signed)).toEqual({
      ok: false,
      errors: [{ field: 'occurredOn', key: 'imports.errors.dateInvalid' }],
    });
    expect(readBankLine(SIGNED_HEADERS, ['', '', 'X', '1,00'], signed)).toMatchObject({
      errors: [{ field: 'occurredOn', key: 'imports.errors.dateMissing' }],
    });
    expect(readBankLine(SIGNED_HEADERS, ['01/02/2026', '', 'X', '1.234.56'], signed)).toMatchObject({
      errors: [{ field: 'amount', key: 'imports.errors.amountInvalid' }],
    });
    expect(readBankLine(SIGNED_HEADERS, ['01/02/2026', '', 'X', ''], signed)).toMatchObject({
      errors: [{ field: 'amount', key: 'imports.errors.amountMissing' }],
    });
    expect(readBankLine(SIGNED_HEADERS, ['01/02/2026', '', 'X', '0,00'], signed)).toMatchObject({
      errors: [{ field: 'amount', key: 'imports.errors.amountZero' }],
    });
    expect(readBankLine(SIGNED_HEADERS, ['x', '', 'X', 'y'], signed)).toMatchObject({
      ok: false,
      errors: [{}, {}],
    });
  });
  it('cuts descriptions to 500 characters', () => {
    const result = readBankLine(SIGNED_HEADERS, ['01/02/2026', '', 'A'.repeat(600), '1'], signed);
    expect(result.ok && result.line.description.length).toBe(500);
  });
});

describe('readBankLine with Dare and Avere', () => {
  it('reads Dare as money out and Avere as money in, whatever sign is written', () => {
    expect(readBankLine(SPLIT_HEADERS, ['05/01/2026', 'Affitto gennaio', '800,00', ''], split)).toMatchObject(
      {
        line: { amountCents: -80000 },
      },
    );
    expect(
      readBankLine(SPLIT_HEADERS, ['05/01/2026', 'Affitto gennaio', '-800,00', ''], split),
    ).toMatchObject({
      line: { amountCents: -80000 },
    });
    expect(readBankLine(SPLIT_HEADERS, ['05/01/2026', 'Fattura 12', '', '1.220,00'], split)).toMatchObject({
      line: { amountCents: 122000 },
    });
  });
  it('reports both columns empty or unreadable', () => {
    expect(readBankLine(SPLIT_HEADERS, ['05/01/2026', 'X', '', ''], split)).toMatchObject({
      errors: [{ field: 'amount', key: 'imports.errors.amountMissing' }],
    });
    expect(readBankLine(SPLIT_HEADERS, ['05/01/2026', 'X', 'abc', ''], split)).toMatchObject({
      errors: [{ field: 'amount', key: 'imports.errors.amountInvalid' }],
    });
  });
});

describe('missingMappedColumns', () => {
  it('lists mapped columns that the file lacks', () => {
    expect(missingMappedColumns(SIGNED_HEADERS, signed)).toEqual([]);
    expect(missingMappedColumns(['Data', 'Causale', 'Dare'], split)).toEqual(['Avere']);
  });
});

describe('bankLineDirection', () => {
  it('turns the sign into a direction and positive cents', () => {
    expect(bankLineDirection(-150)).toEqual({ direction: 'expense', amountCents: 150 });
    expect(bankLineDirection(122000)).toEqual({ direction: 'income', amountCents: 122000 });
  });
});

describe('fnv1a64', () => {
  it('matches the published FNV-1a 64-bit test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});

describe('bankLineFingerprint', () => {
  const line = { occurredOn: '2026-12-31', amountCents: -150, description: 'PAGAMENTO POS BAR ROMA' };
  it('is stable and 16 hex digits', () => {
    expect(bankLineFingerprint(line)).toMatch(/^[0-9a-f]{16}$/);
    expect(bankLineFingerprint(line)).toBe(bankLineFingerprint({ ...line }));
  });
  it('ignores case and spacing of the description', () => {
    expect(bankLineFingerprint({ ...line, description: '  pagamento pos  bar Roma ' })).toBe(
      bankLineFingerprint(line),
    );
    expect(normalizeBankDescription(' A\tB  c ')).toBe('a b c');
  });
  it('changes with the date, the amount, the sign or the text', () => {
    const base = bankLineFingerprint(line);
    expect(bankLineFingerprint({ ...line, occurredOn: '2027-01-01' })).not.toBe(base);
    expect(bankLineFingerprint({ ...line, amountCents: -151 })).not.toBe(base);
    expect(bankLineFingerprint({ ...line, amountCents: 150 })).not.toBe(base);
    expect(bankLineFingerprint({ ...line, description: 'PAGAMENTO POS BAR MILANO' })).not.toBe(base);
    expect(bankLineFingerprint(line, 1)).not.toBe(base);
  });
});

describe('bankLineFingerprints', () => {
  const coffee = { occurredOn: '2026-12-31', amountCents: -150, description: 'POS BAR' };
  const rent = { occurredOn: '2026-12-31', amountCents: -80000, description: 'AFFITTO' };
  it('tells identical lines of one statement apart', () => {
    const prints = bankLineFingerprints([coffee, rent, { ...coffee }]);
    expect(new Set(prints).size).toBe(3);
    expect(prints[0]).toBe(bankLineFingerprint(coffee));
    expect(prints[2]).toBe(bankLineFingerprint(coffee, 1));
  });
  it('gives the same fingerprints when the same statement is imported again', () => {
    const lines = [coffee, rent, coffee];
    expect(
      bankLineFingerprints(lines.map((l) => ({ ...l, description: l.description.toLowerCase() }))),
    ).toEqual(bankLineFingerprints(lines));
  });
});
