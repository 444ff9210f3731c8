import { describe, expect, it } from 'vitest';
import { matchVoiceCommand, normalizePhrase, VOICE_EXAMPLES } from './match-command.ts';

const nav = (path: string) => ({ kind: 'navigate', path });

describe('matchVoiceCommand — English phrases of the spec', () => {
  it.each([
    ['dashboard', '/dashboard'],
    ['go to dashboard', '/dashboard'],
    ['home', '/dashboard'],
    ['Go Home!', '/dashboard'],
    ['client', '/clients'],
    ['show clients', '/clients'],
    ['invoice', '/invoices'],
    ['open invoices', '/invoices'],
    ['quote', '/quotes'],
    ['quotes', '/quotes'],
    ['transaction', '/transactions'],
    ['transactions', '/transactions'],
    ['inventory', '/inventory'],
    ['analytics', '/analytics'],
    ['report', '/reports'],
    ['reports', '/reports'],
    ['calendar', '/calendar'],
    ['document', '/documents'],
    ['documents', '/documents'],
    ['email', '/email'],
    ['e-mail', '/email'],
    ['scan', '/scan'],
    ['voice', '/voice'],
    ['setting', '/settings'],
    ['settings', '/settings'],
    ['help', '/help'],
    ['new client', '/clients'],
    ['add client', '/clients'],
    ['new invoice', '/invoices'],
    ['create invoice', '/invoices'],
    ['new quote', '/quotes'],
    ['create quote', '/quotes'],
  ])('"%s" → %s', (phrase, path) => {
    expect(matchVoiceCommand(phrase)).toEqual(nav(path));
  });

  it('"logout" and "dark mode" only ask for a toast', () => {
    expect(matchVoiceCommand('logout')).toEqual({ kind: 'toast', command: 'logout' });
    expect(matchVoiceCommand('log out')).toEqual({ kind: 'toast', command: 'logout' });
    expect(matchVoiceCommand('dark mode')).toEqual({ kind: 'toast', command: 'dark_mode' });
    expect(matchVoiceCommand('switch to dark mode')).toEqual({ kind: 'toast', command: 'dark_mode' });
  });

  it('does not mistake "invoice" for "voice"', () => {
    expect(matchVoiceCommand('invoice')).toEqual(nav('/invoices'));
  });
});

describe('matchVoiceCommand — Italian equivalents', () => {
  it.each([
    ['vai alla dashboard', '/dashboard'],
    ['home', '/dashboard'],
    ['cruscotto', '/dashboard'],
    ['clienti', '/clients'],
    ['cliente', '/clients'],
    ['fatture', '/invoices'],
    ['fattura', '/invoices'],
    ['preventivi', '/quotes'],
    ['preventivo', '/quotes'],
    ['transazioni', '/transactions'],
    ['movimenti', '/transactions'],
    ['magazzino', '/inventory'],
    ['inventario', '/inventory'],
    ['analisi', '/analytics'],
    ['statistiche', '/analytics'],
    ['report', '/reports'],
    ['rapporti', '/reports'],
    ['calendario', '/calendar'],
    ['agenda', '/calendar'],
    ['documenti', '/documents'],
    ['posta', '/email'],
    ['email', '/email'],
    ['scansiona', '/scan'],
    ['scansione', '/scan'],
    ['comandi vocali', '/voice'],
    ['voce', '/voice'],
    ['impostazioni', '/settings'],
    ['apri le impostazioni', '/settings'],
    ['aiuto', '/help'],
    ['guida', '/help'],
    ['nuovo cliente', '/clients'],
    ['aggiungi cliente', '/clients'],
    ['nuova fattura', '/invoices'],
    ['crea fattura', '/invoices'],
    ['nuovo preventivo', '/quotes'],
    ['crea preventivo', '/quotes'],
  ])('"%s" → %s', (phrase, path) => {
    expect(matchVoiceCommand(phrase)).toEqual(nav(path));
  });

  it('recognises the Italian toast commands, with or without accents', () => {
    expect(matchVoiceCommand('esci')).toEqual({ kind: 'toast', command: 'logout' });
    expect(matchVoiceCommand('disconnetti')).toEqual({ kind: 'toast', command: 'logout' });
    expect(matchVoiceCommand('modalità scura')).toEqual({ kind: 'toast', command: 'dark_mode' });
    expect(matchVoiceCommand('tema scuro')).toEqual({ kind: 'toast', command: 'dark_mode' });
  });

  it('matches whole words only', () => {
    expect(matchVoiceCommand('crescita')).toEqual({ kind: 'unknown' });
  });
});

describe('matchVoiceCommand — everything else', () => {
  it.each(['', '   ', 'pizza margherita', 'what time is it', 'buongiorno'])('"%s" is unknown', (phrase) => {
    expect(matchVoiceCommand(phrase)).toEqual({ kind: 'unknown' });
  });

  it('normalises case, accents and punctuation', () => {
    expect(normalizePhrase('  Modalità   SCURA! ')).toBe('modalita scura');
  });

  it('recognises every example it shows', () => {
    for (const phrase of [...VOICE_EXAMPLES.en, ...VOICE_EXAMPLES.it]) {
      expect(matchVoiceCommand(phrase).kind).toBe('navigate');
    }
  });
});
