import enCommon from '../../../public/locales/en/common.json';
import enMail from '../../../public/locales/en/mail.json';
import enNotifications from '../../../public/locales/en/notifications.json';
import enReports from '../../../public/locales/en/reports.json';
import itCommon from '../../../public/locales/it/common.json';
import itMail from '../../../public/locales/it/mail.json';
import itNotifications from '../../../public/locales/it/notifications.json';
import itReports from '../../../public/locales/it/reports.json';
import type { Locale } from '../errors/error-codes.ts';
import { textAt, type KeysOf } from './catalogue.ts';

/**
 * The catalogue's texts the server writes itself (mail, live notifications, the common role names, report
 * exports), read from the same files the web
 * loads through i18next. Kept apart from catalogue.ts so the web bundle does not carry these namespaces twice.
 */
const NAMESPACES = {
  common: { en: enCommon, it: itCommon },
  mail: { en: enMail, it: itMail },
  notifications: { en: enNotifications, it: itNotifications },
  reports: { en: enReports, it: itReports },
};

type Namespace = keyof typeof NAMESPACES;
export type TextKey<N extends Namespace> = KeysOf<(typeof NAMESPACES)[N]['en']>;

/**
 * The text at `key` of a namespace in a language, its {{placeholders}} filled with `values` as they are (as
 * i18next does with escaping off); a placeholder without a value stays as written.
 */
export function catalogueText<N extends Namespace>(
  ns: N,
  key: TextKey<N>,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const text = textAt(NAMESPACES[ns][locale], key);
  if (text === undefined) throw new Error(`No text ${ns}:${key} in ${locale}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
