/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';

/**
 * The text colour for a chip of a colour the user chose (a mail label): white where it reads at 4.5:1 (WCAG AA),
 * otherwise near-black, whichever contrasts more. A colour that is not #rrggbb gets white.
 */
export function textColourOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return LIGHT_TEXT;
  const light = contrastRatio(background, LIGHT_TEXT);
  return light >= 4.5 || light >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
