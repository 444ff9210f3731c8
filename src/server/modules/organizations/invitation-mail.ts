import type { Role } from '@shared/auth/permissions.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { TEAM_INVITATION_TTL_HOURS } from '@shared/organizations/team-contracts.ts';
import type { OutgoingMail } from '../../platform/mail.ts';
import { escapeHtml } from '@shared/text/escape-html.ts';

/** Role names as the web shows them (common.json `roles`), for the e-mail. */
const ROLE_NAMES: Record<Locale, Record<Role, string>> = {
  it: {
    super_admin: 'Super amministratore',
    admin: 'Amministratore',
    manager: 'Responsabile',
    user: 'Utente',
    viewer: 'Sola lettura',
  },
  en: { super_admin: 'Super admin', admin: 'Admin', manager: 'Manager', user: 'User', viewer: 'Viewer' },
};

const TEXT = {
  it: {
    subject: (org: string) => `Invito a unirti a ${org} su Gestionale`,
    hello: 'Ciao,',
    body: (inviter: string, org: string, role: string) =>
      `${inviter} ti ha invitato a far parte di «${org}» su Gestionale con il ruolo «${role}».`,
    action: 'Accetta l’invito',
    howTo:
      'Apri il link, accedi con questo indirizzo e-mail oppure crea un account, poi conferma. Il link è personale:',
    expiry: (hours: number) => `L’invito scade tra ${hours} ore e si può usare una sola volta.`,
    ignore:
      'Se non ti aspettavi questo invito, ignora il messaggio: senza la tua conferma non succede nulla.',
  },
  en: {
    subject: (org: string) => `Invitation to join ${org} on Gestionale`,
    hello: 'Hello,',
    body: (inviter: string, org: string, role: string) =>
      `${inviter} invited you to join “${org}” on Gestionale as “${role}”.`,
    action: 'Accept the invitation',
    howTo:
      'Open the link, sign in with this e-mail address or create an account, then confirm. The link is personal:',
    expiry: (hours: number) => `The invitation expires in ${hours} hours and can be used once.`,
    ignore:
      'If you did not expect this invitation, ignore this message: nothing happens without your confirmation.',
  },
} as const;

export function roleName(role: Role, locale: Locale): string {
  return ROLE_NAMES[locale][role];
}

/** The invitation e-mail, in the inviter's interface language. Every value put into the HTML is escaped. */
export function teamInvitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: Role;
  link: string;
  locale: Locale;
}): OutgoingMail {
  const t = TEXT[input.locale];
  const role = roleName(input.role, input.locale);
  const body = t.body(input.inviterName, input.organizationName, role);
  const expiry = t.expiry(TEAM_INVITATION_TTL_HOURS);
  const e = escapeHtml;
  return {
    to: input.to,
    subject: t.subject(input.organizationName),
    text: [t.hello, '', body, '', t.howTo, input.link, '', expiry, '', t.ignore, ''].join('\n'),
    html: [
      `<!doctype html><html lang="${input.locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">`,
      `<p>${e(t.hello)}</p>`,
      `<p>${e(body)}</p>`,
      `<p><a href="${e(input.link)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600">${e(t.action)}</a></p>`,
      `<p>${e(t.howTo)}<br><a href="${e(input.link)}">${e(input.link)}</a></p>`,
      `<p>${e(expiry)}</p>`,
      `<p style="color:#4b5563">${e(t.ignore)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
