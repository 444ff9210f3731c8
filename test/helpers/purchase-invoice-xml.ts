/**
 * A FatturaPA file (FPR12, schema v1.2.2) from a supplier, built from a few figures, for the purchase tests: one
 * line and one VAT summary row per `rows` entry (a row with a Natura has rate 0 and no VAT), the payment schedule
 * of `installments`. The totals are the sums, as a supplier's software writes them.
 */
export type PurchaseRow = { rate: number; taxableCents: number; nature?: string };
export type PurchaseSpec = {
  supplierVat: string;
  supplierName: string;
  customerVat: string;
  documentType?: string;
  number: string;
  date: string;
  rows: PurchaseRow[];
  installments?: { dueDate: string; amountCents: number }[];
};

const amount = (cents: number) => (cents / 100).toFixed(2);
const vatOf = (row: PurchaseRow) => (row.nature ? 0 : Math.round((row.taxableCents * row.rate) / 100));

export function purchaseInvoiceXml(spec: PurchaseSpec): string {
  const taxable = spec.rows.reduce((sum, row) => sum + row.taxableCents, 0);
  const vat = spec.rows.reduce((sum, row) => sum + vatOf(row), 0);
  const rate = (row: PurchaseRow) => (row.nature ? '0.00' : row.rate.toFixed(2));
  const lines = spec.rows
    .map(
      (row, i) => `<DettaglioLinee><NumeroLinea>${i + 1}</NumeroLinea><Descrizione>Riga ${i + 1}</Descrizione>
<PrezzoUnitario>${amount(row.taxableCents)}</PrezzoUnitario><PrezzoTotale>${amount(row.taxableCents)}</PrezzoTotale>
<AliquotaIVA>${rate(row)}</AliquotaIVA>${row.nature ? `<Natura>${row.nature}</Natura>` : ''}</DettaglioLinee>`,
    )
    .join('\n');
  const summary = spec.rows
    .map(
      (
        row,
      ) => `<DatiRiepilogo><AliquotaIVA>${rate(row)}</AliquotaIVA>${row.nature ? `<Natura>${row.nature}</Natura>` : ''}
<ImponibileImporto>${amount(row.taxableCents)}</ImponibileImporto><Imposta>${amount(vatOf(row))}</Imposta>
${row.nature ? '<RiferimentoNormativo>Test</RiferimentoNormativo>' : '<EsigibilitaIVA>I</EsigibilitaIVA>'}</DatiRiepilogo>`,
    )
    .join('\n');
  const payments = (spec.installments ?? [])
    .map(
      (i) => `<DettaglioPagamento><ModalitaPagamento>MP05</ModalitaPagamento>
<DataScadenzaPagamento>${i.dueDate}</DataScadenzaPagamento><ImportoPagamento>${amount(i.amountCents)}</ImportoPagamento></DettaglioPagamento>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<FatturaElettronicaHeader>
<DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${spec.supplierVat}</IdCodice></IdTrasmittente>
<ProgressivoInvio>00001</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>0000000</CodiceDestinatario></DatiTrasmissione>
<CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${spec.supplierVat}</IdCodice></IdFiscaleIVA>
<Anagrafica><Denominazione>${spec.supplierName}</Denominazione></Anagrafica><RegimeFiscale>RF01</RegimeFiscale></DatiAnagrafici>
<Sede><Indirizzo>Via Roma 1</Indirizzo><CAP>40100</CAP><Comune>Bologna</Comune><Provincia>BO</Provincia><Nazione>IT</Nazione></Sede></CedentePrestatore>
<CessionarioCommittente><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${spec.customerVat}</IdCodice></IdFiscaleIVA>
<Anagrafica><Denominazione>Officina Rossi S.r.l.</Denominazione></Anagrafica></DatiAnagrafici>
<Sede><Indirizzo>Via Emilia 12</Indirizzo><CAP>47121</CAP><Comune>Forli</Comune><Provincia>FC</Provincia><Nazione>IT</Nazione></Sede></CessionarioCommittente>
</FatturaElettronicaHeader>
<FatturaElettronicaBody>
<DatiGenerali><DatiGeneraliDocumento><TipoDocumento>${spec.documentType ?? 'TD01'}</TipoDocumento><Divisa>EUR</Divisa>
<Data>${spec.date}</Data><Numero>${spec.number}</Numero><ImportoTotaleDocumento>${amount(taxable + vat)}</ImportoTotaleDocumento></DatiGeneraliDocumento></DatiGenerali>
<DatiBeniServizi>
${lines}
${summary}
</DatiBeniServizi>
${payments ? `<DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento>\n${payments}</DatiPagamento>` : ''}
</FatturaElettronicaBody>
</p:FatturaElettronica>`;
}
