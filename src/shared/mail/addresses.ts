/** The address inside a From header ("Gestionale <no-reply@host>" → no-reply@host). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * A From header with a display name, quoted as RFC 5322 wants (no line breaks, quotes escaped); without a name,
 * the bare address. The server writes it and Settings → Email sending previews it.
 */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/[\r\n\t]+/g, ' ').trim();
  return clean ? `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
}
