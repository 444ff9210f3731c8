import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeSample } from '../../../../../test/helpers/ocr-samples.ts';
import { isReadingError } from './errors.ts';
import { estimateSkew, prepareImage, uprightTurn } from './prepare-image.ts';

async function grey(png: Buffer) {
  const r = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data: r.data, width: r.info.width, height: r.info.height };
}

describe('prepareImage', () => {
  it('measures and removes a 3° skew, and turns a page upright', async () => {
    const page = (await makeSample({ kind: 'letter', language: 'it', quality: 'scan' }, 3)).image;
    const tilted = await sharp(page).rotate(3, { background: '#fff' }).png().toBuffer();
    expect(await estimateSkew(await grey(tilted))).toBeCloseTo(3, 0);
    const prepared = await prepareImage(tilted);
    expect(prepared.deskewDegrees).toBeCloseTo(-3, 0);
    expect(Math.abs(await estimateSkew(await grey(prepared.png)))).toBeLessThanOrEqual(0.3);

    const upsideDown = await sharp(page).rotate(180).png().toBuffer();
    expect(await uprightTurn(await grey(upsideDown))).toBe(180);
    const sideways = await sharp(page).rotate(90).png().toBuffer();
    expect((await prepareImage(sideways)).rotated).toBe(270);
    expect(await uprightTurn(await grey(page))).toBe(0);
  });

  it('refuses an image over the pixel limit before decoding it, and a corrupt one', async () => {
    // 12,000 × 9,000 = 108 megapixels, a few KB as PNG.
    const huge = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tooLarge = await prepareImage(huge).catch((e: unknown) => e);
    expect(isReadingError(tooLarge, 'IMAGE_TOO_LARGE')).toBe(true);
    const corrupt = await prepareImage(Buffer.from('not an image at all')).catch((e: unknown) => e);
    expect(isReadingError(corrupt, 'FILE_CORRUPT')).toBe(true);
  });
});
