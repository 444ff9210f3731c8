import { describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../business-profile/italian-tax-ids.ts';
import {
  isValidIban,
  parseAmountCents,
  readCompanyNames,
  readDate,
  readDocumentNumber,
  readEmails,
  readFields,
  readIbans,
  readIssuerName,
  readIssuerVatNumber,
  readPaymentMethod,
  readTaxCodes,
  readTime,
  readTotal,
  readVat,
  repairNumbers,
  guessDocumentType,
} from './fields.ts';

const PIVA = `0123456789${partitaIvaCheckDigit('0123456789')}`; // 01234567890 with its check digit
const PIVA2 = `0987654321${partitaIvaCheckDigit('0987654321')}`;

describe('amounts and number repair', () => {
  it.each([
    ['15,79', 1579],
    ['15.79', 1579],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['-2,50', -250],
    ['€ 3,00', 300],
    ['12', null],
    ['1,2', null],
  ])('%s → %s cents', (raw, cents) => expect(parseAmountCents(raw)).toBe(cents));

  it('turns look-alike letters into digits inside numbers only', () => {
    expect(repairNumbers('TOTALE l5,7O')).toBe('TOTALE 15,70');
    expect(repairNumbers('TOTALE 1O,5O')).toBe('TOTALE 10,50');
    expect(repairNumbers('Totale 15 ,79')).toBe('Totale 15,79');
    expect(repairNumbers('Totale 15, 79')).toBe('Totale 15,79');
    expect(repairNumbers('SOLO TESTO')).toBe('SOLO TESTO');
  });
});

describe('dates and times', () => {
  it.each([
    ['12-03-2025 18:42', '2025-03-12'],
    ['Data 12/03/25', '2025-03-12'],
    ['12.03.2025', '2025-03-12'],
    ['2025-03-12', '2025-03-12'],
    ['Bologna, 12 marzo 2025', '2025-03-12'],
    ['London, March 12, 2025', '2025-03-12'],
    ['12 Mar 2025 09:15', '2025-03-12'],
    ['03/25/2025', '2025-03-25'], // month first only when day first is impossible
    ['Data: 12/O3/2O25', '2025-03-12'], // OCR zeros
  ])('%s → %s', (text, iso) => expect(readDate(text)?.value).toBe(iso));

  it('rejects impossible dates and prefers the issue date to a due date', () => {
    expect(readDate('31/02/2025')).toBeNull();
    expect(readDate('Scadenza 30/04/2025\nFattura n. 7 del 01/03/2025')?.value).toBe('2025-03-01');
  });

  it('reads the time next to the date, not an amount', () => {
    expect(readTime('TOTALE 18,42\n12-03-2025 18:42')?.value).toBe('18:42');
    expect(readTime('12/03/2025 ore 9.05')?.value).toBe('09:05');
    expect(readTime('TOTALE 12,30')).toBeNull();
  });
});

describe('totals', () => {
  it('takes the amount of the best total keyword, not a subtotal or the VAT', () => {
    const text = 'Pane 2,50\nSUBTOTALE 15,79\nSconto -1,00\nTOTALE COMPLESSIVO 14,79\ndi cui IVA 1,42';
    expect(readTotal(text)).toMatchObject({ value: 1479 });
    expect(readTotal('Subtotal 9.00\nVAT 22% 1.98\nTOTAL EUR 10.98')?.value).toBe(1098);
    expect(readTotal('Totale imponibile 100,00\nTotale IVA 22,00\nTotale documento € 122,00')?.value).toBe(
      12200,
    );
    expect(readTotal('Importo pagato\n23,40')?.value).toBe(2340);
  });

  it('reads totals through OCR confusions', () => {
    expect(readTotal('TOTALE COMPLESSlVO l5,7O')?.value).toBe(1570);
    expect(readTotal('TOTALE 1.2O4,5O')?.value).toBe(120450);
  });

  it('falls back to the largest amount, unsure', () => {
    const read = readTotal('Pane 2,50\nLatte 1,29');
    expect(read).toMatchObject({ value: 250 });
    expect(read!.confidence).toBeLessThan(0.5);
  });
});

describe('VAT by rate', () => {
  it('reads a scontrino table of rate, taxable and tax', () => {
    const text = 'Aliquota Imponibile Imposta\n22,00% 28,87 6,35\n10,00% 6,49 0,65\n4,00% 67,24 2,69';
    expect(readVat(text)).toEqual([
      { ratePercent: 22, taxableCents: 2887, vatCents: 635 },
      { ratePercent: 10, taxableCents: 649, vatCents: 65 },
      { ratePercent: 4, taxableCents: 6724, vatCents: 269 },
    ]);
  });

  it('reads per-rate lines and ignores item lines carrying a rate', () => {
    const text = 'Caffè 10% 1,20\nAcqua 22% 1,00\nTOTALE 2,20\nIVA 22% 0,18\nIVA 10% 0,11';
    expect(readVat(text)).toEqual([
      { ratePercent: 22, taxableCents: null, vatCents: 18 },
      { ratePercent: 10, taxableCents: null, vatCents: 11 },
    ]);
  });

  it('reads a table row whose % was lost, and a pair that checks wins over column order', () => {
    expect(readVat('Aliquota Imponibile Imposta\n22 100,00 22,00')).toEqual([
      { ratePercent: 22, taxableCents: 10000, vatCents: 2200 },
    ]);
    expect(readVat('VAT 20% 2.00 10.00 12.00')).toEqual([
      { ratePercent: 20, taxableCents: 1000, vatCents: 200 },
    ]);
    expect(readVat('IVA 22% su 4.941,22 = 1.O87,O7')).toEqual([
      { ratePercent: 22, taxableCents: 494122, vatCents: 108707 },
    ]);
  });
});

describe('identifiers', () => {
  it('accepts a P.IVA only with its check digit, and repairs look-alikes and an OCR-read IT prefix', () => {
    expect(readIssuerVatNumber(`P.IVA ${PIVA}`)?.value).toBe(PIVA);
    expect(readIssuerVatNumber(`P.IVA ${PIVA.slice(0, 10)}${(Number(PIVA[10]) + 1) % 10}`)).toBeNull();
    expect(readIssuerVatNumber(`P. IVA IT${PIVA.replace(/0/g, 'O')}`)?.value).toBe(PIVA);
    expect(readIssuerVatNumber(`P. IVA 1IT${PIVA}`)?.value).toBe(PIVA);
    expect(readIssuerVatNumber(`VAT Reg. 17${PIVA}`)?.value).toBe(PIVA);
    expect(readIssuerVatNumber(`P.IVA 1T${PIVA}`)?.value).toBe(PIVA);
  });

  it("takes the issuer's P.IVA above the customer's", () => {
    const text = `Rossi S.r.l.\nP.IVA ${PIVA}\nSpett.le\nBianchi S.p.A.\nP.IVA ${PIVA2}`;
    expect(readIssuerVatNumber(text)?.value).toBe(PIVA);
    expect(readFields(text).vatNumbers).toEqual([PIVA, PIVA2]);
    expect(
      readIssuerVatNumber(`Spett.le Bianchi\nP.IVA ${PIVA2}\nFornitore Rossi P.IVA ${PIVA}`)?.value,
    ).toBe(PIVA2);
  });

  it('reads codici fiscali by their check letter, fixing digits read as letters by position', () => {
    expect(readTaxCodes('C.F. RSSMRA85T10A562S')).toEqual(['RSSMRA85T10A562S']);
    expect(readTaxCodes('C.F. RSSMRA8ST1OA562S')).toEqual(['RSSMRA85T10A562S']);
    expect(readTaxCodes('C.F. RSSMRA85T10A562T')).toEqual([]);
  });

  it('reads IBANs by mod 97', () => {
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('IT61 X054 2811 1010 0000 0123 456')).toBe(false);
    expect(readIbans('IBAN: IT60 X054 2811 1010 0000 0123 456 BIC ABCDITMM')).toEqual([
      'IT60X0542811101000000123456',
    ]);
    expect(readIbans('IBAN IT6O X054 28l1 1010 0000 0123 456')).toEqual(['IT60X0542811101000000123456']);
    expect(readIbans('GB82 WEST 1234 5698 7654 32')).toEqual(['GB82WEST12345698765432']);
  });

  it('reads e-mail addresses, closing spaces OCR put around @ and dots', () => {
    expect(readEmails('Mail: info @ rossi .it, Amministrazione@Bianchi-srl.com')).toEqual([
      'info@rossi.it',
      'amministrazione@bianchi-srl.com',
    ]);
  });
});

describe('document number, payment, issuer, type', () => {
  it.each([
    ['DOCUMENTO N. 0123-0045', '0123-0045'],
    ['Doc. n. 0123-0045', '0123-0045'],
    ['Fattura n. 2025/123 del 12/03/2025', '2025/123'],
    ['Fattura N° FT 12', 'FT 12'],
    ['Invoice No. INV-0042', 'INV-0042'],
    ['Receipt No. 1589-5220', '1589-5220'],
    ['Invoice #123', '123'],
    ['Numero documento: 77', '77'],
    ['DOCUMENTO N. O123-OO45', '0123-0045'],
  ])('%s → %s', (text, number) => expect(readDocumentNumber(text)?.value).toBe(number));

  it('reads the means actually used on a receipt that prints every means', () => {
    expect(readPaymentMethod('Pagamento contante 0,00\nPagamento elettronico 15,79')?.value).toBe('card');
    expect(readPaymentMethod('Pagamento contante 20,00\nPagamento elettronico 0,00\nResto 4,21')?.value).toBe(
      'cash',
    );
    expect(readPaymentMethod('Paid by card 12.00')?.value).toBe('card');
    expect(readPaymentMethod('Bancomat 9,90')?.value).toBe('card');
    expect(readPaymentMethod('Pagamento: bonifico bancario a 30 giorni')?.value).toBe('bank_transfer');
    expect(readPaymentMethod('Cash 10.00\nChange 1.50')?.value).toBe('cash');
    expect(readPaymentMethod('TOTALE 3,00')).toBeNull();
  });

  it('reads the issuer from the top lines and company names anywhere', () => {
    expect(
      readIssuerName('   \nDOCUMENTO COMMERCIALE\nBAR CENTRALE S.A.S.\nVia Roma 20\nP.IVA 1')?.value,
    ).toBe('BAR CENTRALE S.A.S.');
    expect(readIssuerName('Trattoria da Gino\nVia Po 3, Torino')).toEqual({
      value: 'Trattoria da Gino',
      confidence: 0.6,
    });
    expect(readCompanyNames('Spett.le Bianchi Costruzioni S.p.A.\nRossi Ltd')).toEqual([
      'Bianchi Costruzioni S.p.A.',
      'Rossi Ltd',
    ]);
  });

  it('guesses the type', () => {
    expect(guessDocumentType('DOCUMENTO COMMERCIALE di vendita')).toBe('receipt');
    expect(guessDocumentType('Fattura n. 3 del 1/2/2025')).toBe('received_invoice');
    expect(guessDocumentType('DDT n. 5')).toBe('delivery_note');
    expect(guessDocumentType('Ciao')).toBeNull();
  });
});

it('reads a whole scontrino as OCR gives it', () => {
  const text = [
    'BAR CENTRALE S.A.S.',
    'Via Roma 20',
    '10121 Torino (TO)',
    `P. IVA IT${PIVA}`,
    'DOCUMENTO COMMERCIALE',
    'di vendita o prestazione',
    'DESCRIZIONE IVA Prezzo(€)',
    'Quaderno A4 22% 12,16',
    'Cornetto 10% 7,14',
    'TOTALE COMPLESSIVO 19,30',
    'di cui IVA 2,84',
    'Pagamento contante 0,00',
    'Pagamento elettronico 19,30',
    'IVA 22% 2,19',
    'IVA 10% 0,65',
    '17-09-2024 22:13',
    'DOCUMENTO N. 0777-3857',
  ].join('\n');
  const f = readFields(text);
  expect(f).toMatchObject({
    documentType: 'receipt',
    documentDate: { value: '2024-09-17' },
    time: { value: '22:13' },
    totalCents: { value: 1930 },
    vat: [
      { ratePercent: 22, vatCents: 219 },
      { ratePercent: 10, vatCents: 65 },
    ],
    issuerName: { value: 'BAR CENTRALE S.A.S.' },
    issuerVatNumber: { value: PIVA },
    documentNumber: { value: '0777-3857' },
    paymentMethod: { value: 'card' },
  });
});

it('reads English amounts with a thousands comma', () => {
  expect(readTotal('Total due € 6,028.29')?.value).toBe(602829);
  expect(readVat('VAT rate Net amount VAT\nVAT 22% 4,941.22 1,087.07')).toEqual([
    { ratePercent: 22, taxableCents: 494122, vatCents: 108707 },
  ]);
});
