import { afterAll, describe, expect, it } from 'vitest';
import {
  characterErrorRate,
  makeSample,
  type OcrSample,
  type SampleSpec,
} from '../../../../../test/helpers/ocr-samples.ts';
import { readFields } from '../../../../shared/documents/fields.ts';
import { isReadingError } from './errors.ts';
import { OcrEngine } from './ocr-engine.ts';
import { readImageText } from './index.ts';

/**
 * OCR accuracy on a few generated samples (the bench runs the full set): the character error rate and the
 * fields read from the OCR text. About 2 s of OCR per image on two cores.
 */
const engine = new OcrEngine();
afterAll(() => engine.close());

const SAMPLES: [SampleSpec, number][] = [
  [{ kind: 'receipt', language: 'it', quality: 'scan' }, 1],
  [{ kind: 'receipt', language: 'en', quality: 'scan' }, 2],
  [{ kind: 'receipt', language: 'it', quality: 'photo' }, 3],
  [{ kind: 'receipt', language: 'en', quality: 'photo' }, 4],
  [{ kind: 'invoice', language: 'it', quality: 'photo' }, 5],
];

function fieldsRight(sample: OcrSample, text: string) {
  const f = readFields(text);
  const t = sample.fields;
  return {
    date: f.documentDate?.value === t.date,
    total: f.totalCents?.value === t.totalCents,
    vat:
      f.vat.length === t.vat.length &&
      t.vat.every((v) => f.vat.some((r) => r.ratePercent === v.ratePercent && r.vatCents === v.vatCents)),
    issuerVatNumber: f.issuerVatNumber?.value === t.issuerVatNumber,
    documentNumber: f.documentNumber?.value === t.documentNumber,
    paymentMethod: f.paymentMethod?.value === t.paymentMethod,
  };
}

describe('OCR of generated receipts and pages', { timeout: 90_000 }, () => {
  it.each(SAMPLES)('%o reads its text and every field', async (spec, seed) => {
    const sample = await makeSample(spec, seed);
    const read = await readImageText(sample.image, { engine });
    const cer = characterErrorRate(read.text, sample.text);
    expect(cer).toBeLessThanOrEqual(spec.quality === 'scan' ? 0.02 : 0.05);
    expect(fieldsRight(sample, read.text)).toEqual({
      date: true,
      total: true,
      vat: true,
      issuerVatNumber: true,
      documentNumber: true,
      paymentMethod: true,
    });
  });

  it('cancels a running OCR through its signal and reads the next image with a new worker', async () => {
    const sample = await makeSample({ kind: 'receipt', language: 'it', quality: 'scan' }, 1);
    const controller = new AbortController();
    const progress: number[] = [];
    const running = engine.recognize(sample.image, {
      signal: controller.signal,
      onProgress: (f) => {
        progress.push(f);
        controller.abort();
      },
    });
    const queued = engine.recognize(sample.image, { signal: controller.signal });
    const [first, second] = await Promise.allSettled([running, queued]);
    expect(first.status === 'rejected' && isReadingError(first.reason, 'OCR_CANCELLED')).toBe(true);
    expect(second.status === 'rejected' && isReadingError(second.reason, 'OCR_CANCELLED')).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    const after = await engine.recognize(sample.image, { layout: 'block' });
    expect(after.text).toContain('DOCUMENTO COMMERCIALE');
  });
});
