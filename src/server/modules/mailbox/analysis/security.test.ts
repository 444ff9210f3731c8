import { describe, expect, it } from 'vitest';
import type { TIncomingMail } from '@shared/mailbox/types.ts';
import {
  analyzeSecurity,
  authenticationResults,
  editDistance,
  isLookalikeDomain,
  riskBand,
} from './security.ts';

function mail(overrides: Partial<TIncomingMail> = {}): TIncomingMail {
  return {
    certified: false,
    messageId: '<a@example.it>',
    inReplyTo: null,
    references: [],
    subject: 'Richiesta preventivo',
    from: { name: 'Mario Rossi', address: 'mario@rossicostruzioni.it' },
    to: [{ name: null, address: 'info@officina.it' }],
    cc: [],
    bcc: [],
    replyTo: [],
    sentAt: null,
    text: 'Buongiorno, ci mandate un preventivo per la manutenzione? Grazie.',
    html: null,
    links: [],
    headers: {},
    attachments: [],
    ...overrides,
  };
}

const context = {
  clients: [
    { name: 'Rossi Costruzioni S.r.l.', domains: ['rossicostruzioni.it'] },
    { name: 'Studio Legale Colombo', domains: ['studiocolombo.it'] },
  ],
};
const keys = (m: TIncomingMail) => analyzeSecurity(m, context).indicators.map((i) => i.key);

describe('analyzeSecurity', () => {
  it('finds nothing in an ordinary message from a client', () => {
    const result = analyzeSecurity(mail(), context);
    expect(result).toMatchObject({ riskScore: 0, recommendation: 'safe', indicators: [] });
  });

  it('scores high 30, medium 15, low 5, capped at 100, with the spec bands', () => {
    expect([0, 19, 20, 39, 40, 69, 70, 100].map(riskBand)).toEqual([
      'safe',
      'safe',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    const worst = analyzeSecurity(
      mail({
        subject: 'URGENTE VERIFICA IL TUO ACCOUNT',
        from: { name: 'Rossi Costruzioni', address: 'amministrazione@r0ssicostruzioni.it' },
        replyTo: [{ name: null, address: 'pagamenti@gmail.com' }],
        text: 'Account sospeso. Clicca qui, hai vinto la lotteria. Nuovo IBAN IT60X0542811101000000123456',
        links: ['https://bit.ly/abc', 'https://evil.example.net/login'],
        headers: {
          'authentication-results': ['mx.officina.it; spf=fail smtp.mailfrom=x; dkim=fail; dmarc=fail'],
        },
      }),
      context,
    );
    expect(worst.riskScore).toBe(100);
    expect(worst.recommendation).toBe('high');
  });

  it('flags spam keywords, a shouting subject and short links', () => {
    const found = keys(
      mail({
        subject: 'OFFERTA IMPERDIBILE SOLO OGGI',
        text: 'Clicca qui: 100% gratis',
        links: ['http://bit.ly/x'],
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining(['security.spamKeywords', 'security.capitalsSubject', 'security.shortLinks']),
    );
    // Ten characters or fewer: not judged by capitals.
    expect(keys(mail({ subject: 'FATTURA 12' }))).not.toContain('security.capitalsSubject');
  });

  it('flags phishing phrases and links to another domain, but not to trusted ones or the sender’s own', () => {
    expect(keys(mail({ text: 'Please verify your account within 24 hours' }))).toContain(
      'security.phishingPhrases',
    );
    expect(keys(mail({ links: ['https://login.evil-site.com/a'] }))).toContain('security.linkDomainMismatch');
    expect(
      keys(mail({ links: ['https://www.rossicostruzioni.it/listino', 'https://www.google.com/maps?q=x'] })),
    ).not.toContain('security.linkDomainMismatch');
  });

  it('reads SPF, DKIM and DMARC from Authentication-Results', () => {
    expect(
      authenticationResults({
        'authentication-results': ['mx.example; spf=pass smtp.mailfrom=a; dkim=pass; dmarc=fail'],
      }),
    ).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'fail' });
    expect(authenticationResults({ 'received-spf': ['softfail (domain does not designate)'] }).spf).toBe(
      'softfail',
    );
    expect(authenticationResults({})).toEqual({ spf: null, dkim: null, dmarc: null });
    const result = analyzeSecurity(
      mail({ headers: { 'authentication-results': ['mx; spf=softfail; dkim=fail; dmarc=fail'] } }),
      context,
    );
    expect(result.indicators.map((i) => [i.key, i.severity])).toEqual([
      ['security.spfSoftfail', 'low'],
      ['security.dkimFail', 'medium'],
      ['security.dmarcFail', 'high'],
    ]);
  });

  it('warns when the domain or the display name imitates a known client', () => {
    expect(isLookalikeDomain('r0ssicostruzioni.it', 'rossicostruzioni.it')).toBe(true);
    expect(isLookalikeDomain('rossicostruzioni.com', 'rossicostruzioni.it')).toBe(true);
    expect(isLookalikeDomain('rossicostruzzioni.it', 'rossicostruzioni.it')).toBe(true);
    expect(isLookalikeDomain('studiocolornbo.it', 'studiocolombo.it')).toBe(true);
    expect(isLookalikeDomain('rossicostruzioni.it', 'rossicostruzioni.it')).toBe(false);
    expect(isLookalikeDomain('mail.rossicostruzioni.it', 'rossicostruzioni.it')).toBe(false);
    expect(isLookalikeDomain('bianchifigli.it', 'rossicostruzioni.it')).toBe(false);
    expect(isLookalikeDomain('rossi-costruzioni.example.com', 'rossicostruzioni.example.com')).toBe(true);
    expect(isLookalikeDomain('bianchiefigli.example.com', 'rossicostruzioni.example.com')).toBe(false);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(keys(mail({ from: { name: 'Mario', address: 'mario@rossi-costruzioni.it' } }))).toContain(
      'security.lookalikeDomain',
    );
    expect(
      keys(mail({ from: { name: 'Rossi Costruzioni srl', address: 'rossi.costruzioni@gmail.com' } })),
    ).toContain('security.lookalikeName');
  });

  it('warns about a Reply-To elsewhere and a request to change bank details', () => {
    expect(keys(mail({ replyTo: [{ name: null, address: 'altro@gmail.com' }] }))).toContain(
      'security.replyToDifferent',
    );
    expect(keys(mail({ replyTo: [{ name: null, address: 'ufficio@rossicostruzioni.it' }] }))).not.toContain(
      'security.replyToDifferent',
    );
    const withIban = analyzeSecurity(
      mail({
        text: 'Vi comunichiamo il nuovo IBAN: IT60 X054 2811 1010 0000 0123 456. Il vecchio non è più attivo.',
      }),
      context,
    ).indicators.find((i) => i.key === 'security.bankDetailsChange');
    expect(withIban?.severity).toBe('high');
    const phraseOnly = analyzeSecurity(
      mail({ text: 'Please note our new bank details in the attachment.' }),
      context,
    );
    expect(phraseOnly.indicators.find((i) => i.key === 'security.bankDetailsChange')?.severity).toBe(
      'medium',
    );
    expect(keys(mail({ text: 'Pagamento su IBAN IT60X0542811101000000123456 come sempre.' }))).not.toContain(
      'security.bankDetailsChange',
    );
  });
});

describe('indicator texts', () => {
  it('every indicator key has its text in both languages (namespace mailbox)', async () => {
    const fs = await import('node:fs/promises');
    const source = await fs.readFile(new URL('./security.ts', import.meta.url), 'utf8');
    const used = [...source.matchAll(/add\('(\w+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(10);
    for (const lang of ['en', 'it']) {
      const catalogue = JSON.parse(
        await fs.readFile(
          new URL(`../../../../../public/locales/${lang}/mailbox.json`, import.meta.url),
          'utf8',
        ),
      ) as { security: Record<string, unknown> };
      for (const key of used)
        expect(typeof catalogue.security[key], `${lang} security.${key}`).toBe('string');
    }
  });
});
