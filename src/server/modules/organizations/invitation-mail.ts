import type { Role } from '@shared/auth/permissions.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import { TEAM_INVITATION_TTL_HOURS } from '@shared/organizations/team-contracts.ts';
import { escapeHtml } from '@shared/text/escape-html.ts';
import type { OutgoingMail } from '../../platform/mail.ts';

/** The role's name as the web shows it (common.json `roles`). */
export function roleName(role: Role, locale: Locale): string {
  return catalogueText('common', `roles.${role}`, locale);
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
  const text = (key: TextKey<'mail'>, values?: Record<string, string | number>) =>
    catalogueText('mail', key, input.locale, values);
  const t = {
    hello: text('teamInvitation.hello'),
    action: text('teamInvitation.action'),
    howTo: text('teamInvitation.howTo'),
    ignore: text('teamInvitation.ignore'),
  };
  const organization = input.organizationName;
  const role = roleName(input.role, input.locale);
  const body = text('teamInvitation.body', { inviter: input.inviterName, organization, role });
  const expiry = text('teamInvitation.expiry', { hours: TEAM_INVITATION_TTL_HOURS });
  const e = escapeHtml;
  return {
    to: input.to,
    subject: text('teamInvitation.subject', { organization }),
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
