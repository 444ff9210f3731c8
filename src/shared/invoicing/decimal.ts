/**
 * Exact decimal arithmetic for money and tax (issue 5). Decimal strings ("1", "0.3333", "12,5") become BigInt
 * integers scaled by a power of ten; nothing ever passes through a binary float. Rounding is half-up, i.e. a
 * tie goes away from zero (0.005 → 0.01, −0.005 → −0.01), the rule of Italian invoicing practice.
 */

const DECIMAL = /^(-?)(\d+)(?:[.,](\d+))?$/;

/** 10^n as a BigInt. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`pow10: bad exponent ${n}`);
  return 10n ** BigInt(n);
}

/**
 * The decimal string as an integer scaled by 10^scale ("12,5" at scale 2 → 1250n), or null when it is not a
 * plain decimal ("." or "," as separator, optional leading "-", no exponent, no thousands separators) or has
 * more than `scale` decimals: a value is never rounded silently.
 */
export function parseDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -value : value;
}

/** The number of decimals written in a decimal string ("12,50" → 2), or null when it is not a decimal. */
export function countDecimals(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  return match ? (match[3]?.length ?? 0) : null;
}

/** numerator / denominator rounded half-up (ties away from zero). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('divideHalfUp: division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // floor(n/d + 1/2), exactly.
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** A value scaled by 10^from rounded half-up to scale 10^to (to ≤ from), or rescaled exactly (to > from). */
export function rescaleHalfUp(value: bigint, from: number, to: number): bigint {
  return to >= from ? value * pow10(to - from) : divideHalfUp(value, pow10(from - to));
}

/** A BigInt as a JavaScript number, refusing anything outside the safe-integer range. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${value}`);
  }
  return Number(value);
}

/** A scaled integer as a decimal string with at least `minDecimals` decimals (trailing zeros trimmed beyond). */
export function formatScaled(value: bigint, scale: number, minDecimals = 0): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Integer cents as the XML writes amounts: "1234.56", "0.05", "-2.00". */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`formatCents: not integer cents: ${cents}`);
  }
  return formatScaled(BigInt(cents), 2, 2);
}

/** A decimal string in canonical form ("012,50" → "12.5", "3,0000" → "3"), or null when it is not one. */
export function normalizeDecimal(text: string): string | null {
  const scale = countDecimals(text);
  if (scale === null) return null;
  const value = parseDecimal(text, scale);
  return value === null ? null : formatScaled(value, scale);
}

/** An amount typed in euro ("12,5", "1234.56") as integer cents, or null (more than 2 decimals is refused). */
export function parseCents(text: string): number | null {
  const value = parseDecimal(text, 2);
  return value === null ? null : toSafeNumber(value);
}

/** `percent` (a decimal string, up to 4 decimals) of integer cents, rounded half-up to the cent. */
export function percentOfCents(cents: number | bigint, percent: string): number {
  const rate = parseDecimal(percent, 4);
  if (rate === null) throw new RangeError(`percentOfCents: bad percentage ${percent}`);
  return toSafeNumber(divideHalfUp(BigInt(cents) * rate, 100n * pow10(4)));
}
