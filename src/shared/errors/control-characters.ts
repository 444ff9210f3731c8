/**
 * Control characters no text field may hold (issue 12 §2): C0 controls other than tab, line feed and carriage
 * return. NUL cannot be stored by PostgreSQL at all; the others are refused by XML 1.0 (FatturaPA, iCalendar
 * exports) and have no place in business data.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const FORBIDDEN_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE_KEY = 'validation.controlCharacter';

/** Dotted paths (`lines.0.description`) of every string in `value` that holds a forbidden control character. */
export function controlCharacterPaths(value: unknown, prefix = '', depth = 0): string[] {
  if (typeof value === 'string') return FORBIDDEN_CONTROL_CHARACTER.test(value) ? [prefix] : [];
  if (value === null || typeof value !== 'object' || depth > 32) return [];
  if (ArrayBuffer.isView(value)) return []; // raw bodies (a logo upload) are bytes, not text
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    // A key is text too: `{"a\u0000": 1}` would reach the database inside a JSON column.
    const path = prefix ? `${prefix}.${key}` : key;
    if (FORBIDDEN_CONTROL_CHARACTER.test(key)) found.push(prefix || '(key)');
    else found.push(...controlCharacterPaths(child, path, depth + 1));
  }
  return found;
}
