import type { Page } from '@playwright/test';

/**
 * EAN-13 images drawn in the browser from the standard GS1 encoding tables, for the scan journeys: no binary
 * fixture is committed, the test renders the code it needs and screenshots it (PNG for the photo upload, JPEG
 * frames for Chromium's fake camera).
 */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
/** Which left-half digits use the G table, by the first digit. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLG',
  'LGLGLL',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 ("1" = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error('ean13Modules needs 13 digits');
  const d = code.split('').map(Number);
  const parity = PARITY[d[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'G' ? G : L)[d[i]!];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[d[i]!];
  return `${bits}101`;
}

/**
 * Draws the code on a white page of the given size (bars `module` px wide, with quiet zones and the digits below)
 * and returns a screenshot of it.
 */
export async function renderEan13(
  page: Page,
  code: string,
  options: { width: number; height: number; module: number; type: 'png' | 'jpeg' },
): Promise<Buffer> {
  const modules = ean13Modules(code);
  await page.setViewportSize({ width: options.width, height: options.height });
  await page.setContent(
    `<html><body style="margin:0;background:#fff"><canvas id="c" width="${options.width}" height="${options.height}"></canvas></body></html>`,
  );
  await page.evaluate(
    ({ modules, code, width, height, module }) => {
      const canvas = document.getElementById('c') as HTMLCanvasElement;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const barsWidth = modules.length * module;
      const x0 = Math.round((width - barsWidth) / 2);
      const barHeight = Math.round(height * 0.45);
      const y0 = Math.round((height - barHeight) / 2) - 10;
      ctx.fillStyle = '#000';
      for (let i = 0; i < modules.length; i++) {
        if (modules[i] === '1') ctx.fillRect(x0 + i * module, y0, module, barHeight);
      }
      ctx.font = `${module * 7}px monospace`;
      ctx.textAlign = 'center';
      ctx.fillText(code, width / 2, y0 + barHeight + module * 8);
    },
    { modules, code, width: options.width, height: options.height, module: options.module },
  );
  return page.screenshot({
    type: options.type,
    ...(options.type === 'jpeg' ? { quality: 92 } : {}),
    clip: { x: 0, y: 0, width: options.width, height: options.height },
  });
}
