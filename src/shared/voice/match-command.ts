/**
 * The voice-command matcher (core-app spec §9): a spoken phrase becomes a destination, a toast-only
 * command ("logout", "dark mode" only show a toast) or nothing. English phrases from the spec plus
 * their Italian equivalents; words are matched whole, case- and accent-insensitively.
 */
export type VoiceCommandResult =
  | { kind: 'navigate'; path: string }
  | { kind: 'toast'; command: 'logout' | 'dark_mode' }
  | { kind: 'unknown' };

type Rule = { pattern: RegExp; result: Exclude<VoiceCommandResult, { kind: 'unknown' }> };

const go = (path: string) => ({ kind: 'navigate', path }) as const;

/** Order matters: toast commands, then "new/create …", then single keywords. */
const RULES: readonly Rule[] = [
  { pattern: /\b(log ?out|sign ?out|esci|disconnett\w*)\b/, result: { kind: 'toast', command: 'logout' } },
  {
    pattern: /\b(dark (mode|theme)|modalita scura|tema scuro|modo scuro)\b/,
    result: { kind: 'toast', command: 'dark_mode' },
  },

  { pattern: /\b(new|add) clients?\b|\b(nuovo|aggiungi|crea) clienti?\b/, result: go('/clients') },
  { pattern: /\b(new|create) invoices?\b|\b(nuova|crea|aggiungi) fattur[ae]\b/, result: go('/invoices') },
  { pattern: /\b(new|create) quotes?\b|\b(nuovo|crea|aggiungi) preventiv[oi]\b/, result: go('/quotes') },

  { pattern: /\b(dashboard|home|cruscotto|pannello)\b/, result: go('/dashboard') },
  { pattern: /\bclients?\b|\bclient[ei]\b/, result: go('/clients') },
  { pattern: /\binvoices?\b|\bfattur[ae]\b/, result: go('/invoices') },
  { pattern: /\bquotes?\b|\bpreventiv[oi]\b/, result: go('/quotes') },
  { pattern: /\btransactions?\b|\btransazion[ei]\b|\bmoviment[oi]\b/, result: go('/transactions') },
  { pattern: /\binventor(y|ies)\b|\binventari[oi]?\b|\bmagazzin[oi]\b/, result: go('/inventory') },
  { pattern: /\banalytics?\b|\banalisi\b|\banalitic\w*\b|\bstatistiche\b/, result: go('/analytics') },
  { pattern: /\breports?\b|\brapport[oi]\b|\bresocont[oi]\b/, result: go('/reports') },
  { pattern: /\bcalendars?\b|\bcalendario\b|\bagenda\b/, result: go('/calendar') },
  { pattern: /\bdocuments?\b|\bdocument[oi]\b/, result: go('/documents') },
  { pattern: /\b(e ?)?mails?\b|\bposta\b/, result: go('/email') },
  { pattern: /\bscan\w*\b/, result: go('/scan') },
  { pattern: /\bvoice\b|\bvoce\b|\bvocal[ei]\b/, result: go('/voice') },
  { pattern: /\bsettings?\b|\bimpostazion[ei]\b/, result: go('/settings') },
  { pattern: /\bhelp\b|\baiuto\b|\bguida\b/, result: go('/help') },
];

/** Lower case, accents removed, punctuation as spaces, single spaces. */
export function normalizePhrase(phrase: string): string {
  return phrase
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function matchVoiceCommand(phrase: string): VoiceCommandResult {
  const text = normalizePhrase(phrase);
  if (!text) return { kind: 'unknown' };
  for (const rule of RULES) {
    if (rule.pattern.test(text)) return rule.result;
  }
  return { kind: 'unknown' };
}

/** Examples shown on the voice page, by interface language. */
export const VOICE_EXAMPLES = {
  en: [
    'go to dashboard',
    'clients',
    'create invoice',
    'new quote',
    'transactions',
    'inventory',
    'analytics',
    'reports',
    'calendar',
    'documents',
    'email',
    'scan',
    'settings',
    'help',
  ],
  it: [
    'vai alla dashboard',
    'clienti',
    'nuova fattura',
    'nuovo preventivo',
    'transazioni',
    'magazzino',
    'analisi',
    'report',
    'calendario',
    'documenti',
    'posta',
    'scansiona',
    'impostazioni',
    'aiuto',
  ],
} as const;
