import { escapeHtml } from '@shared/text/escape-html.ts';
import type { OutgoingMail } from '../../platform/mail.ts';

export function resetPasswordMail(input: {
  to: string;
  name: string;
  link: string;
  locale: 'it' | 'en';
}): OutgoingMail {
  const t =
    input.locale === 'it'
      ? {
          subject: 'Reimposta la password',
          hello: `Ciao ${input.name},`,
          body: "abbiamo ricevuto una richiesta di reimpostare la password. Il link vale per un'ora e si può usare una sola volta:",
          ignore: 'Se non sei stato tu, ignora questo messaggio: la password resta invariata.',
        }
      : {
          subject: 'Reset your password',
          hello: `Hello ${input.name},`,
          body: 'we received a request to reset your password. The link is valid for one hour and can be used once:',
          ignore: 'If this was not you, ignore this message: your password stays as it is.',
        };
  return {
    to: input.to,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n${input.link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
