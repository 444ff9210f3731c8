import { describe, expect, it } from 'vitest';
import { teamInvitationMail } from './invitation-mail.ts';

const base = {
  to: 'giulia@example.it',
  organizationName: 'Rossi & <Figli> S.r.l.',
  inviterName: 'Mario "Capo" Rossi',
  role: 'manager' as const,
  link: 'https://app.example.it/invite/abc.def',
};

describe('team invitation e-mail', () => {
  it('is written in Italian with the role, the link and the 48 hours', () => {
    const mail = teamInvitationMail({ ...base, locale: 'it' });
    expect(mail.to).toBe('giulia@example.it');
    expect(mail.subject).toBe('Invito a unirti a Rossi & <Figli> S.r.l. su Gestionale');
    expect(mail.text).toContain('Mario "Capo" Rossi ti ha invitato a far parte di «Rossi & <Figli> S.r.l.»');
    expect(mail.text).toContain('con il ruolo «Responsabile»');
    expect(mail.text).toContain('https://app.example.it/invite/abc.def');
    expect(mail.text).toContain('48 ore');
  });

  it('is written in English and escapes every value in the HTML', () => {
    const mail = teamInvitationMail({ ...base, locale: 'en', role: 'viewer' });
    expect(mail.subject).toBe('Invitation to join Rossi & <Figli> S.r.l. on Gestionale');
    expect(mail.text).toContain('as “Viewer”');
    expect(mail.html).toContain('Rossi &amp; &lt;Figli&gt; S.r.l.');
    expect(mail.html).toContain('Mario &quot;Capo&quot; Rossi');
    expect(mail.html).not.toContain('<Figli>');
    expect(mail.html).toContain('href="https://app.example.it/invite/abc.def"');
    expect(mail.html).toContain('<html lang="en">');
  });
});
