import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('detects the semicolon of Italian exports and strips the BOM', () => {
    const text =
      '\uFEFFData operazione;Descrizione;Importo\r\n31/12/2026;BONIFICO A FAVORE DI ROSSI SRL;-1.234,56\r\n02/01/2027;"ACCREDITO; STIPENDIO";2.500,00\r\n';
    expect(parseCsv(text)).toEqual({
      headers: ['Data operazione', 'Descrizione', 'Importo'],
      rows: [
        ['31/12/2026', 'BONIFICO A FAVORE DI ROSSI SRL', '-1.234,56'],
        ['02/01/2027', 'ACCREDITO; STIPENDIO', '2.500,00'],
      ],
      delimiter: ';',
      errors: [],
    });
  });
  it('detects commas and tabs', () => {
    expect(parseCsv('name,email\nRossi,info@rossi.it').delimiter).toBe(',');
    const tabbed = parseCsv('name\temail\nRossi\tinfo@rossi.it');
    expect(tabbed.delimiter).toBe('\t');
    expect(tabbed.rows).toEqual([['Rossi', 'info@rossi.it']]);
  });
  it('keeps commas inside quotes and decimal commas in semicolon files', () => {
    const result = parseCsv('Ragione sociale;Importo\n"Bianchi, Verdi & C. snc";12,50\nRossi Srl;1.000,00');
    expect(result.delimiter).toBe(';');
    expect(result.rows[0]).toEqual(['Bianchi, Verdi & C. snc', '12,50']);
  });
  it('follows an Excel "sep=" line', () => {
    const result = parseCsv('sep=;\na;b\n1,5;2,5');
    expect(result).toMatchObject({ headers: ['a', 'b'], rows: [['1,5', '2,5']], delimiter: ';' });
  });
  it('uses the given delimiter', () => {
    expect(parseCsv('a;b,c\n1;2,3', { delimiter: ',' }).headers).toEqual(['a;b', 'c']);
  });
  it('skips preamble lines and empty lines, trims cells', () => {
    const text =
      'Conto corrente: IT60X0542811101000000123456\nPeriodo: 01/01/2026 - 31/01/2026\n\nData;Descrizione;Importo\n  05/01/2026 ; POS BAR ; -1,50 \n\n';
    const result = parseCsv(text, { skipLines: 3 });
    expect(result.headers).toEqual(['Data', 'Descrizione', 'Importo']);
    expect(result.rows).toEqual([['05/01/2026', 'POS BAR', '-1,50']]);
  });
  it('pads short rows, drops empty cells past the header, names blank headers', () => {
    const result = parseCsv('a;;c\n1\n1;2;3;;\n1;2;3;4');
    expect(result.headers).toEqual(['a', '(2)', 'c']);
    expect(result.rows).toEqual([
      ['1', '', ''],
      ['1', '2', '3'],
      ['1', '2', '3', '4'],
    ]);
  });
  it('handles an empty file and a header-only file', () => {
    expect(parseCsv('')).toMatchObject({ headers: [], rows: [] });
    expect(parseCsv('a;b\n')).toMatchObject({ headers: ['a', 'b'], rows: [] });
  });
  it('reports malformed quotes', () => {
    const result = parseCsv('a,b\n"unclosed,2\n');
    expect(result.errors.length).toBeGreaterThan(0);
  });
});

describe('toCsv', () => {
  it('writes a header, CRLF lines, quotes where needed and a BOM', () => {
    const csv = toCsv(
      ['Nome', 'Importo'],
      [
        ['Rossi, Srl', '12,50'],
        ['Bianchi "Bi"', 3],
        [null, undefined],
      ],
    );
    expect(csv).toBe('\uFEFFNome,Importo\r\n"Rossi, Srl","12,50"\r\n"Bianchi ""Bi""",3\r\n,');
  });
  it('uses the given delimiter and can omit the BOM', () => {
    expect(toCsv(['a', 'b'], [['1,5', '2']], { delimiter: ';', bom: false })).toBe('a;b\r\n1,5;2');
  });
  it('defuses formulas but leaves numbers and phone numbers alone', () => {
    const csv = toCsv(
      ['x'],
      [['=HYPERLINK("http://evil")'], ['@SUM(A1)'], ['-2+3+cmd|x'], ['-12.50'], ['+39 02 1234567']],
      {
        bom: false,
      },
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(lines[2]).toBe('"\'@SUM(A1)"');
    expect(lines[3]).toBe('"\'-2+3+cmd|x"');
    expect(lines[4]).toBe('-12.50');
    expect(lines[5]).toBe('+39 02 1234567');
  });
  it('round-trips through parseCsv', () => {
    const rows = [['Rossi; Srl', 'a "quoted" word', 'line\nbreak']];
    expect(parseCsv(toCsv(['a', 'b', 'c'], rows, { delimiter: ';' })).rows).toEqual(rows);
  });
});
