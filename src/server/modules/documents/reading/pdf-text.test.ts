import { jsPDF } from 'jspdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isReadingError } from './errors.ts';
import { pdfPageImages, readPdfText } from './pdf-text.ts';

const bytes = (doc: jsPDF) => new Uint8Array(doc.output('arraybuffer'));

describe('readPdfText', () => {
  it('reads the text layer of each page of a text PDF', async () => {
    const doc = new jsPDF();
    doc.text('Fattura n. 2025/12 del 03/02/2025', 20, 20);
    doc.text('Totale documento 122,00', 20, 30);
    doc.addPage();
    doc.text('Second page: payment by bank transfer', 20, 20);
    const read = await readPdfText(bytes(doc));
    expect(read.pageCount).toBe(2);
    expect(read.isScan).toBe(false);
    expect(read.pages[0]).toContain('Totale documento 122,00');
    expect(read.pages[1]).toContain('bank transfer');
  });

  it('finds a scanned PDF and gives its page image for OCR', async () => {
    const scan = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><text x="40" y="100" font-size="40">SCONTRINO</text></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const doc = new jsPDF({ unit: 'px', format: [600, 800] });
    doc.addImage(new Uint8Array(scan), 'JPEG', 0, 0, 600, 800);
    const data = bytes(doc);
    const read = await readPdfText(data);
    expect(read).toMatchObject({ pageCount: 1, isScan: true, pagesWithoutText: [1] });
    const images = await pdfPageImages(data);
    expect(images).toHaveLength(1);
    expect(await sharp(images[0]!.png).metadata()).toMatchObject({ width: 600, height: 800 });
  });

  it('answers PDF_ENCRYPTED for a password-protected PDF and FILE_CORRUPT for a broken one', async () => {
    const locked = new jsPDF({
      encryption: { userPassword: 'segreto', ownerPassword: 'owner', userPermissions: ['print'] },
    });
    locked.text('Riservato', 20, 20);
    const encrypted = await readPdfText(bytes(locked)).catch((e: unknown) => e);
    expect(isReadingError(encrypted, 'PDF_ENCRYPTED')).toBe(true);

    const good = bytes(new jsPDF());
    const corrupt = await readPdfText(good.slice(0, 200)).catch((e: unknown) => e);
    expect(isReadingError(corrupt, 'FILE_CORRUPT')).toBe(true);
    const notPdf = await readPdfText(new TextEncoder().encode('hello, not a PDF')).catch((e: unknown) => e);
    expect(isReadingError(notPdf, 'FILE_CORRUPT')).toBe(true);
  });
});
