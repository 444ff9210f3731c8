import type { TIncomingMail, TMailSecurityAnalysis } from '@shared/mailbox/types.ts';
import { domainOf, linkHost, registrableDomain } from './domains.ts';

/**
 * The security analysis of a message (spec §5 and §9, issue 15): spam and phishing heuristics, the receiving
 * server's SPF/DKIM/DMARC verdicts, a sender imitating a known client, a Reply-To elsewhere, and a request to
 * change bank details. Each finding is an indicator (a catalogue key of namespace `mailbox`, `security.*`) with
 * a severity; the score adds 30 per high, 15 per medium, 5 per low, capped at 100, and its band is the
 * recommendation. Pure: the caller passes the organization's clients.
 */

type Severity = 'low' | 'medium' | 'high';
type Indicator = TMailSecurityAnalysis['indicators'][number];

export type SecurityContext = {
  /** The organization's clients: their name and the domains of their addresses. */
  clients: { name: string; domains: string[] }[];
  /** Domains whose links never count as a mismatch (the organization's own, say). */
  trustedDomains?: string[];
};

export const SEVERITY_POINTS: Record<Severity, number> = { high: 30, medium: 15, low: 5 };

export function riskBand(score: number): TMailSecurityAnalysis['recommendation'] {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  if (score >= 20) return 'low';
  return 'safe';
}

/** Spam words and phrases, Italian and English (spec §5 "a keyword list"). */
export const SPAM_KEYWORDS = [
  'viagra',
  'cialis',
  'casino',
  'lotteria',
  'lottery',
  'hai vinto',
  'you have won',
  "you've won",
  'winner',
  'vincitore',
  'congratulazioni',
  'congratulations',
  'soldi facili',
  'easy money',
  'guadagna da casa',
  'work from home',
  'free money',
  'denaro gratis',
  '100% gratis',
  '100% free',
  'senza rischi',
  'risk-free',
  'offerta limitata',
  'limited time offer',
  'act now',
  'agisci ora',
  'clicca qui',
  'click here',
  'dimagrire',
  'weight loss',
  'prestito immediato',
  'instant loan',
  'bitcoin',
  'criptovalute',
  'investimento garantito',
  'guaranteed investment',
  'eredità',
  'inheritance',
];

/** Link shorteners hide where a link goes (spec §5 "suspicious short-link URLs"). */
export const SHORT_LINK_HOSTS = new Set([
  'bit.ly',
  'tinyurl.com',
  'goo.gl',
  't.co',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'cutt.ly',
  'rebrand.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  's.id',
  'v.gd',
]);

/** Phishing phrases, Italian and English (spec §5 "phishing patterns"). */
export const PHISHING_PATTERNS: RegExp[] = [
  /verif(y|ica) (your|il tuo|la tua) (account|identit[yà]|casella)/i,
  /(account|casella|conto) (suspended|sospes[oa]|bloccat[oa]|limitat[oa])/i,
  /(confirm|conferma) (your|la tua) password/i,
  /(update|aggiorna) (your|i tuoi|le tue) (payment|billing|dati|credenziali|coordinate di pagamento)/i,
  /(unusual|suspicious) (activity|sign-?in)|attivit[àa] (insolita|sospetta)/i,
  /(log ?in|accedi) (immediately|now|subito|entro 24 ore)/i,
  /(your|la tua) (mailbox|casella) (is|è) (full|piena)/i,
  /password (scadr[àa]|will expire|expires)/i,
  /(social security|codice (pin|otp)|pin del bancomat)/i,
];

/** Trusted domains: big providers whose links appear in ordinary mail from anyone (spec §5 "trusted domains"). */
export const TRUSTED_LINK_DOMAINS = new Set([
  'google.com',
  'microsoft.com',
  'office.com',
  'apple.com',
  'linkedin.com',
  'facebook.com',
  'instagram.com',
  'youtube.com',
  'agenziaentrate.gov.it',
  'fatturapa.gov.it',
  'pec.it',
  'aruba.it',
  'w3.org',
]);

/** A request to change bank details: the phrases, and an IBAN in the text. */
export const BANK_CHANGE_PATTERNS: RegExp[] = [
  /nuov[oe] (iban|coordinate bancarie|conto corrente)/i,
  /(cambio|variazione|modifica|aggiornamento) (delle |di )?(coordinate bancarie|iban|conto corrente|dati bancari)/i,
  /(new|updated|changed) (bank details|bank account|iban|account details)/i,
  /(change|update) (of |to |in )?(our |the )?(bank details|bank account|iban)/i,
  /(non utilizzate|non usate|ignorate) (più )?(il )?vecchio (iban|conto)/i,
];
export const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/;

/** Characters that look like others in a domain (homoglyphs), folded to what they imitate. */
const HOMOGLYPHS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/3/g, 'e'],
  [/5/g, 's'],
  [/[іι]/g, 'i'],
  [/[оο]/g, 'o'],
  [/[аα]/g, 'a'],
  [/[еε]/g, 'e'],
  [/[сς]/g, 'c'],
  [/р/g, 'p'],
  [/х/g, 'x'],
];

export function foldHomoglyphs(text: string): string {
  let s = text.toLowerCase().normalize('NFKC');
  for (const [pattern, to] of HOMOGLYPHS) s = s.replace(pattern, to);
  return s;
}

/** Levenshtein distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Whether `domain` imitates `known` without being it: one or two edits away, or equal once homoglyphs are folded. */
export function isLookalikeDomain(domain: string, known: string): boolean {
  const d = domain.toLowerCase();
  const k = known.toLowerCase();
  if (d === k || d.endsWith(`.${k}`)) return false;
  if (foldHomoglyphs(d) === foldHomoglyphs(k)) return true;
  // The whole domain a hyphen or an edit or two away: rossi-costruzioni.it, rossicostruzzioni.it.
  const flat = (x: string) => x.replace(/-/g, '');
  const allowedFull = k.length >= 14 ? 2 : 1;
  if (editDistance(flat(foldHomoglyphs(d)), flat(foldHomoglyphs(k)), allowedFull) <= allowedFull) return true;
  // Compare the names without their suffix: rossi-costruzioni.it against rossicostruzioni.it.
  const name = (x: string) => registrableDomain(x).split('.')[0]!;
  const dn = name(d);
  const kn = name(k);
  if (kn.length < 5) return false;
  if (dn === kn) return registrableDomain(d) !== registrableDomain(k); // same name, other suffix: .it vs .com
  const allowed = kn.length >= 10 ? 2 : 1;
  return editDistance(dn.replace(/-/g, ''), kn.replace(/-/g, ''), allowed) <= allowed;
}

/** The verdicts of the receiving server's Authentication-Results header (the first, nearest one). */
export function authenticationResults(
  headers: Record<string, string[]>,
): TMailSecurityAnalysis['authentication'] {
  const header = headers['authentication-results']?.[0] ?? '';
  const verdict = (method: string) =>
    new RegExp(`\\b${method}\\s*=\\s*([a-z]+)`, 'i').exec(header)?.[1]?.toLowerCase() ?? null;
  let spf = verdict('spf');
  if (!spf) {
    const received = headers['received-spf']?.[0];
    spf = received ? (/^\s*([a-z]+)/i.exec(received)?.[1]?.toLowerCase() ?? null) : null;
  }
  return { spf, dkim: verdict('dkim'), dmarc: verdict('dmarc') };
}

function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(
      /\b(s\.?r\.?l\.?s?|s\.?p\.?a\.?|s\.?n\.?c\.?|s\.?a\.?s\.?|soc\.? coop\.?|gmbh|sarl|ltd|inc)\b/g,
      ' ',
    )
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function analyzeSecurity(mail: TIncomingMail, context: SecurityContext): TMailSecurityAnalysis {
  const indicators: Indicator[] = [];
  const add = (key: string, severity: Severity, detail?: string) =>
    indicators.push({ key: `security.${key}`, severity, ...(detail ? { detail } : {}) });

  const subject = mail.subject ?? '';
  const text = [subject, mail.text ?? '', (mail.html ?? '').replace(/<[^>]*>/g, ' ')].join('\n');
  const lower = text.toLowerCase();
  const fromDomain = domainOf(mail.from?.address);
  const clientDomains = context.clients.flatMap((c) => c.domains.map((d) => d.toLowerCase()));

  // Spam (spec §5).
  const keywords = SPAM_KEYWORDS.filter((k) => lower.includes(k));
  if (keywords.length >= 3) add('spamKeywords', 'medium', keywords.slice(0, 5).join(', '));
  else if (keywords.length > 0) add('spamKeywords', 'low', keywords.join(', '));
  const letters = subject.replace(/[^\p{L}]/gu, '');
  const capitals = subject.replace(/[^\p{Lu}]/gu, '');
  if (subject.length > 10 && letters.length > 0 && capitals.length / letters.length > 0.5) {
    add('capitalsSubject', 'low');
  }
  const hosts = mail.links.map(linkHost).filter((h): h is string => h !== null);
  const shortLinks = [...new Set(hosts.filter((h) => SHORT_LINK_HOSTS.has(h.replace(/^www\./, ''))))];
  if (shortLinks.length) add('shortLinks', 'medium', shortLinks.join(', '));

  // Phishing (spec §5): phrases, and links to a domain other than the sender's.
  if (PHISHING_PATTERNS.some((p) => p.test(text))) add('phishingPhrases', 'high');
  if (fromDomain) {
    const own = registrableDomain(fromDomain);
    const trusted = new Set([
      ...TRUSTED_LINK_DOMAINS,
      ...(context.trustedDomains ?? []).map((d) => registrableDomain(d)),
      ...clientDomains.map((d) => registrableDomain(d)),
    ]);
    const foreign = [
      ...new Set(hosts.map((h) => registrableDomain(h)).filter((d) => d !== own && !trusted.has(d))),
    ];
    if (foreign.length) add('linkDomainMismatch', 'medium', foreign.slice(0, 3).join(', '));
  }

  // The receiving server's verdicts.
  const authentication = authenticationResults(mail.headers);
  if (authentication.spf === 'fail') add('spfFail', 'medium');
  else if (authentication.spf === 'softfail') add('spfSoftfail', 'low');
  if (authentication.dkim === 'fail') add('dkimFail', 'medium');
  if (authentication.dmarc === 'fail') add('dmarcFail', 'high');

  // A sender imitating a known client: its domain, or its display name with another domain.
  if (fromDomain && !clientDomains.includes(fromDomain)) {
    const imitated = clientDomains.find((known) => isLookalikeDomain(fromDomain, known));
    if (imitated) add('lookalikeDomain', 'high', `${fromDomain} ≈ ${imitated}`);
    const displayName = normalizeName(mail.from?.name ?? '');
    const named = context.clients.find((c) => {
      const name = normalizeName(c.name);
      return name.length >= 4 && displayName.includes(name) && !c.domains.includes(fromDomain);
    });
    if (named && !imitated && named.domains.length > 0) add('lookalikeName', 'medium', named.name);
  }

  // Replies going elsewhere than the sender.
  const replyDomains = mail.replyTo.map((r) => domainOf(r.address)).filter((d): d is string => d !== null);
  if (fromDomain && replyDomains.some((d) => registrableDomain(d) !== registrableDomain(fromDomain))) {
    add('replyToDifferent', 'medium', mail.replyTo.map((r) => r.address).join(', '));
  }

  // A request to change bank details: the most common fraud against small businesses.
  const asksBankChange = BANK_CHANGE_PATTERNS.some((p) => p.test(text));
  if (asksBankChange) add('bankDetailsChange', IBAN_PATTERN.test(text.toUpperCase()) ? 'high' : 'medium');

  const riskScore = Math.min(
    100,
    indicators.reduce((sum, i) => sum + SEVERITY_POINTS[i.severity], 0),
  );
  return { riskScore, recommendation: riskBand(riskScore), indicators, authentication };
}
