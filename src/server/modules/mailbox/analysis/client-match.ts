import { domainOf } from './domains.ts';

/**
 * Which client a message belongs to: a client whose e-mail or PEC address is one of the message's addresses,
 * else the one client whose address has the same company domain — never by a free-mail domain (gmail.com,
 * libero.it…), where many unrelated people share it.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.it',
  'hotmail.com',
  'hotmail.it',
  'live.com',
  'live.it',
  'msn.com',
  'yahoo.com',
  'yahoo.it',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'gmx.it',
  'proton.me',
  'protonmail.com',
  'libero.it',
  'virgilio.it',
  'alice.it',
  'tin.it',
  'tim.it',
  'tiscali.it',
  'fastwebnet.it',
  'email.it',
  'inwind.it',
  'iol.it',
  'aruba.it',
  'pec.it',
  'legalmail.it',
  'postecert.it',
  'pec.aruba.it',
  'example.com',
]);

export type ClientContact = { id: string; email: string | null; pec: string | null };

export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain.toLowerCase());
}

/**
 * `addresses`: the message's addresses in the order they count (the sender first for received mail, the
 * recipients for sent mail); the user's own addresses are left out by the caller.
 */
export function matchClient(addresses: string[], clients: ClientContact[]): string | null {
  const wanted = addresses.map((a) => a.trim().toLowerCase()).filter(Boolean);
  for (const address of wanted) {
    const exact = clients.find(
      (c) => c.email?.trim().toLowerCase() === address || c.pec?.trim().toLowerCase() === address,
    );
    if (exact) return exact.id;
  }
  for (const address of wanted) {
    const domain = domainOf(address);
    if (!domain || isFreeMailDomain(domain)) continue;
    const sameDomain = clients.filter((c) => domainOf(c.email) === domain || domainOf(c.pec) === domain);
    // Two clients on one domain: which one is not known, so none is chosen.
    if (sameDomain.length === 1) return sameDomain[0]!.id;
  }
  return null;
}
