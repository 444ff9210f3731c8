import { catalogueText } from '@shared/i18n/texts.ts';
import { escapeHtml } from '@shared/text/escape-html.ts';
import type { OutgoingMail } from '../../platform/mail.ts';

export function resetPasswordMail(input: {
  to: string;
  name: string;
  link: string;
  locale: 'it' | 'en';
}): OutgoingMail {
  const t = {
    subject: catalogueText('mail', 'resetPassword.subject', input.locale),
    hello: catalogueText('mail', 'greeting', input.locale, { name: input.name }),
    body: catalogueText('mail', 'resetPassword.body', input.locale),
    ignore: catalogueText('mail', 'resetPassword.ignore', input.locale),
  };
  return {
    to: input.to,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n${input.link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
