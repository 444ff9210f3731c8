import enTexts from '../../../public/locales/en/mail-accounts.json';
import itTexts from '../../../public/locales/it/mail-accounts.json';
import { describe, expect, it } from 'vitest';
import { MAIL_PRESETS, MAIL_PRESET_NOTES, findPreset, presetUsername } from './presets.ts';

const notes = (lang: 'en' | 'it'): Record<string, string> => (lang === 'en' ? enTexts : itTexts).presetNotes;

describe('mail provider presets', () => {
  it('cover the providers of issue 15, each id once', () => {
    const ids = MAIL_PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'gmail',
        'outlook',
        'icloud',
        'libero',
        'virgilio',
        'aruba',
        'register',
        'aruba-pec',
        'legalmail',
        'poste-pec',
      ]),
    );
  });

  it.each(MAIL_PRESETS.map((p) => [p.id, p] as const))('%s has encrypted, real-looking servers', (_id, p) => {
    for (const server of [p.imap, p.smtp]) {
      expect(server.host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(server.security).not.toBe('none');
      expect(Number.isInteger(server.port)).toBe(true);
    }
    // Implicit TLS on the IMAPS port; SMTP on submission (STARTTLS) or SMTPS (TLS).
    expect(p.imap).toMatchObject({ port: 993, security: 'tls' });
    expect([
      { port: 587, security: 'starttls' },
      { port: 465, security: 'tls' },
    ]).toContainEqual({ port: p.smtp.port, security: p.smtp.security });
  });

  it('marks exactly the PEC providers as PEC', () => {
    expect(MAIL_PRESETS.filter((p) => p.isPec).map((p) => p.id)).toEqual([
      'aruba-pec',
      'legalmail',
      'poste-pec',
    ]);
  });

  it('asks for an app password where the provider needs one, with a text in both languages', () => {
    expect(findPreset('gmail')?.note).toBe('appPassword');
    expect(findPreset('icloud')?.note).toBe('appleAppPassword');
    expect(findPreset('outlook')?.note).toBe('microsoft');
    for (const lang of ['en', 'it'] as const) {
      const texts = notes(lang);
      for (const note of MAIL_PRESET_NOTES) expect(typeof texts[note], `${lang} ${note}`).toBe('string');
    }
  });

  it('gives the login each server expects', () => {
    const icloud = findPreset('icloud')!;
    expect(presetUsername(icloud, ' mario.rossi@icloud.com ', 'imap')).toBe('mario.rossi');
    expect(presetUsername(icloud, 'mario.rossi@icloud.com', 'smtp')).toBe('mario.rossi@icloud.com');
    expect(presetUsername(findPreset('gmail')!, 'a@gmail.com', 'imap')).toBe('a@gmail.com');
    expect(findPreset('nope')).toBeUndefined();
    expect(findPreset(null)).toBeUndefined();
  });
});
