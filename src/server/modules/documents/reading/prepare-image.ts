/**
 * An image made ready for OCR (issue 17): the camera's orientation applied (EXIF), HEIC converted, grey,
 * contrast stretched, a small photo enlarged and a huge one reduced, then turned upright (0/90/180/270) and
 * deskewed. Images of more than MAX_INPUT_PIXELS are refused (IMAGE_TOO_LARGE) before they are decoded.
 *
 * Skew: on a copy about 1,000 px wide, binarised at Otsu's threshold, the ink's projection onto rows is the
 * sharpest (largest variance of the row sums) when the text lines are level; the angle is searched over
 * −10..10° in 0.5° steps, then to 0.1° around the best. Upright: text lines give a far sharper row profile
 * than column profile, so a page on its side is found by comparing the two (90°); upside down (180°) is told
 * by the shape of the lines: Latin text has many more ascenders (capitals, digits, b d f h k l t) than
 * descenders (g j p q y), so each line has more ink above its x-height band than below its baseline.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { ReadingError } from './errors.ts';

/** Refused above this (a 100-megapixel image is the example of bad input). */
export const MAX_INPUT_PIXELS = 100_000_000;
/** OCR works best with text 20–40 px high; smaller images are enlarged up to this long side. */
const MIN_LONG_SIDE = 2000;
/** Larger images are reduced to this long side (a 12 MP photo gains nothing from its full size). */
const MAX_LONG_SIDE = 3600;
const ANALYSIS_WIDTH = 1000;
/** Share of each side left out of the analysis (the paper's edges in a photo). */
const ANALYSIS_MARGIN = 0.12;
/** Lines of capitals and digits have few ascenders above their band: only a clear balance turns a page. */
const UPSIDE_DOWN_MARGIN = 0.25;
/** A page is on its side when its columns profile is this much sharper than its rows profile. */
const SIDEWAYS_RATIO = 1.5;

export type PreparedImage = {
  /** PNG, grey, upright, level. */
  png: Buffer;
  width: number;
  height: number;
  /** Degrees the page was turned to be upright (clockwise) and the skew removed. */
  rotated: 0 | 90 | 180 | 270;
  deskewDegrees: number;
};

export type PrepareOptions = { maxInputPixels?: number; deskew?: boolean; upright?: boolean };

function isHeic(buf: Buffer): boolean {
  if (buf.length < 12 || buf.toString('latin1', 4, 8) !== 'ftyp') return false;
  return /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(buf.toString('latin1', 8, 12));
}

async function heicToPng(buf: Buffer): Promise<Buffer> {
  const { default: convert } = await import('heic-convert');
  try {
    return Buffer.from(new Uint8Array(await convert({ buffer: buf, format: 'PNG' })));
  } catch (err) {
    throw new ReadingError('FILE_CORRUPT', 'unreadable HEIC image', { cause: err });
  }
}

/** Width × height from the header only; IMAGE_TOO_LARGE above the limit, FILE_CORRUPT when unreadable. */
export async function checkImageSize(input: Buffer, maxPixels = MAX_INPUT_PIXELS) {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ReadingError('FILE_CORRUPT', 'unreadable image', { cause: err });
  }
  const { width, height } = meta;
  if (!width || !height) throw new ReadingError('FILE_CORRUPT', 'image without dimensions');
  if (width * height > maxPixels)
    throw new ReadingError('IMAGE_TOO_LARGE', `image of ${width}×${height} pixels is over the limit`);
  return { width, height, pages: meta.pages ?? 1 };
}

export async function prepareImage(input: Buffer, options: PrepareOptions = {}): Promise<PreparedImage> {
  const maxPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const source = isHeic(input) ? await heicToPng(input) : input;
  await checkImageSize(source, maxPixels);

  let grey: { data: Buffer; info: OutputInfo };
  try {
    const base = sharp(source, { limitInputPixels: maxPixels, failOn: 'error' }).rotate().grayscale();
    const meta = await sharp(source, { limitInputPixels: maxPixels }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const w = (swap ? meta.height : meta.width) as number;
    const h = (swap ? meta.width : meta.height) as number;
    const long = Math.max(w, h);
    const scale =
      long < MIN_LONG_SIDE
        ? Math.min(2, MIN_LONG_SIDE / long)
        : long > MAX_LONG_SIDE
          ? MAX_LONG_SIDE / long
          : 1;
    if (scale !== 1) base.resize(Math.round(w * scale), Math.round(h * scale), { kernel: 'lanczos3' });
    grey = await base.normalise({ lower: 1, upper: 99 }).raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof ReadingError) throw err;
    throw new ReadingError('FILE_CORRUPT', 'unreadable image', { cause: err });
  }

  const { width, height } = grey.info;
  let rotated: PreparedImage['rotated'] = 0;
  let image = sharp(grey.data, { raw: { width, height, channels: 1 } });
  let current = { data: grey.data, width, height };

  if (options.upright !== false) {
    const turn = await uprightTurn(current);
    if (turn) {
      rotated = turn;
      const r = await sharp(current.data, {
        raw: { width: current.width, height: current.height, channels: 1 },
      })
        .rotate(turn)
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      current = { data: r.data, width: r.info.width, height: r.info.height };
      image = sharp(current.data, { raw: { width: current.width, height: current.height, channels: 1 } });
    }
  }

  let deskewDegrees = 0;
  if (options.deskew !== false) {
    const skew = await estimateSkew(current);
    if (Math.abs(skew) >= 0.2) {
      deskewDegrees = -skew;
      image = image.rotate(deskewDegrees, { background: { r: 255, g: 255, b: 255 } });
    }
  }
  // Raw single-channel input comes out as sRGB unless told otherwise (sharp 0.35).
  const out = await image
    .toColourspace('b-w')
    .png({ compressionLevel: 3 })
    .toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, rotated, deskewDegrees };
}

// ---------------------------------------------------------------------------------------------------------
// Analysis on a small binarised copy

type Grey = { data: Buffer; width: number; height: number };
type Ink = { xs: Int32Array; ys: Int32Array; count: number; width: number; height: number };

function otsu(data: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of data) hist[v]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Dark pixels of a copy ANALYSIS_WIDTH wide, binarised at Otsu's threshold after a light local flattening. */
async function inkOf(img: Grey): Promise<Ink> {
  const scale = Math.min(1, ANALYSIS_WIDTH / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const small = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(w, h)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // Uneven light: compare each pixel with a heavily blurred copy (the local background).
  const background = await sharp(small, { raw: { width: w, height: h, channels: 1 } })
    .blur(Math.max(8, w / 40))
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const flat = new Uint8Array(small.length);
  for (let i = 0; i < small.length; i++)
    flat[i] = Math.max(0, Math.min(255, 255 - (background[i]! - small[i]!) * 2));
  const t = otsu(flat);
  const xs: number[] = [];
  const ys: number[] = [];
  // The middle of the picture only: a photo's paper edges against the table read as long dark lines that
  // would outweigh the text in the profiles.
  const mx = Math.round(w * ANALYSIS_MARGIN);
  const my = Math.round(h * ANALYSIS_MARGIN);
  for (let y = my; y < h - my; y++)
    for (let x = mx; x < w - mx; x++) {
      if (flat[y * w + x]! < t && flat[y * w + x]! < 200) {
        xs.push(x);
        ys.push(y);
      }
    }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys), count: xs.length, width: w, height: h };
}

/** Variance of the row sums after rotating the ink by `deg` (text lines level → sharpest profile). */
function rowProfileVariance(ink: Ink, deg: number, columns = false): number {
  const a = (deg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const size = Math.ceil(Math.hypot(ink.width, ink.height)) * 2 + 4;
  const offset = size / 2;
  const bins = new Float64Array(size);
  for (let i = 0; i < ink.count; i++) {
    const x = ink.xs[i]!;
    const y = ink.ys[i]!;
    const v = columns ? x * cos + y * sin : -x * sin + y * cos;
    bins[Math.floor(v + offset)]! += 1;
  }
  let sum = 0;
  let sq = 0;
  for (const b of bins) {
    sum += b;
    sq += b * b;
  }
  const n = bins.length;
  return sq / n - (sum / n) ** 2;
}

/** The skew of the text lines in degrees (positive: the lines go down to the right, clockwise). */
export async function estimateSkew(img: Grey, maxDegrees = 10): Promise<number> {
  const ink = await inkOf(img);
  if (ink.count < 200) return 0;
  let best = 0;
  let bestScore = -1;
  for (let d = -maxDegrees; d <= maxDegrees + 1e-9; d += 0.5) {
    const s = rowProfileVariance(ink, d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.5; d <= coarse + 0.5 + 1e-9; d += 0.1) {
    const s = rowProfileVariance(ink, d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 10) / 10;
}

/**
 * The clockwise turn that makes the page upright: 90/270 when the columns' profile is much sharper than the
 * rows' (lines run vertically), then 180 when the lines' ink sits above the baseline the wrong way.
 */
export async function uprightTurn(img: Grey): Promise<0 | 90 | 180 | 270> {
  const ink = await inkOf(img);
  if (ink.count < 500) return 0;
  const rows = Math.max(...[-2, 0, 2].map((d) => rowProfileVariance(ink, d)));
  const cols = Math.max(...[-2, 0, 2].map((d) => rowProfileVariance(ink, d, true)));
  const sideways = cols > rows * SIDEWAYS_RATIO;
  // Look at the page with lines horizontal; sideways pages are first turned 90° in the analysis.
  const ys = sideways ? ink.xs : ink.ys;
  const xsRaw = sideways ? ink.ys : ink.xs;
  const height = sideways ? ink.width : ink.height;
  const upsideDownScore = ascenderBalance({ ...ink, ys, xs: xsRaw, height });
  if (!sideways) return upsideDownScore < -UPSIDE_DOWN_MARGIN ? 180 : 0;
  // With x taken as the vertical axis, a positive balance means the lines' tops are at small x (pointing
  // left): a turn of 90° clockwise brings them up; tops pointing right need 270°.
  return upsideDownScore >= 0 ? 90 : 270;
}

/**
 * Over every text line (a run of rows with ink), the ink in the band above its densest rows (ascenders) minus
 * the ink below them (descenders), normalised: positive when upright, negative when upside down.
 */
function ascenderBalance(ink: Ink): number {
  const rows = new Float64Array(ink.height + 1);
  for (let i = 0; i < ink.count; i++) rows[ink.ys[i]!]! += 1;
  const max = Math.max(...rows);
  const on = (v: number) => v > max * 0.04;
  let score = 0;
  let lines = 0;
  for (let y = 0; y < rows.length;) {
    if (!on(rows[y]!)) {
      y++;
      continue;
    }
    const top = y;
    while (y < rows.length && on(rows[y]!)) y++;
    const bottom = y - 1;
    const hgt = bottom - top + 1;
    if (hgt < 4) continue;
    // The x-height band: the rows above half the line's peak.
    let peak = 0;
    for (let r = top; r <= bottom; r++) peak = Math.max(peak, rows[r]!);
    let coreTop = top;
    while (coreTop < bottom && rows[coreTop]! < peak * 0.5) coreTop++;
    let coreBottom = bottom;
    while (coreBottom > top && rows[coreBottom]! < peak * 0.5) coreBottom--;
    let above = 0;
    let below = 0;
    for (let r = top; r < coreTop; r++) above += rows[r]!;
    for (let r = coreBottom + 1; r <= bottom; r++) below += rows[r]!;
    if (above + below > 0) {
      score += (above - below) / (above + below);
      lines++;
    }
  }
  return lines ? score / lines : 0;
}
