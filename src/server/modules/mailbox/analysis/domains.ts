/** Domain helpers of the analysis: the part after @, and a registrable domain good enough to compare senders. */

export function domainOf(address: string | null | undefined): string | null {
  const at = (address ?? '').lastIndexOf('@');
  if (at < 0) return null;
  const domain = address!
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/[>.]+$/, '');
  return domain || null;
}

/** Second-level suffixes where the registrable domain has three labels (co.uk, com.au…). */
const TWO_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'co.jp',
  'com.br',
  'co.nz',
]);

/** example.co.uk from mail.example.co.uk; studio.it from posta.studio.it. */
export function registrableDomain(domain: string): string {
  const labels = domain.toLowerCase().split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  return TWO_LABEL_SUFFIXES.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}

/** The host of a link (http, https, or a bare www. address), or null for mailto:, tel:, fragments. */
export function linkHost(link: string): string | null {
  const text = link.trim();
  const withScheme = /^www\./i.test(text) ? `http://${text}` : text;
  if (!/^https?:\/\//i.test(withScheme)) return null;
  try {
    return new URL(withScheme).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
