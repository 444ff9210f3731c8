import enCommon from '../../../public/locales/en/common.json';
import enMail from '../../../public/locales/en/mail.json';
import enNotifications from '../../../public/locales/en/notifications.json';
import enPurchases from '../../../public/locales/en/purchases.json';
import enReports from '../../../public/locales/en/reports.json';
import itCommon from '../../../public/locales/it/common.json';
import itMail from '../../../public/locales/it/mail.json';
import itNotifications from '../../../public/locales/it/notifications.json';
import itPurchases from '../../../public/locales/it/purchases.json';
import itReports from '../../../public/locales/it/reports.json';
import type { Locale } from '../errors/error-codes.ts';
import { fillPlaceholders, textAt, type KeysOf } from './catalogue.ts';

/**
 * The catalogue's texts the server writes itself (mail, live notifications, the common role names, report
 * exports), read from the same files the web
 * loads through i18next. Kept apart from catalogue.ts so the web bundle does not carry these namespaces twice.
 */
const NAMESPACES = {
  common: { en: enCommon, it: itCommon },
  mail: { en: enMail, it: itMail },
  notifications: { en: enNotifications, it: itNotifications },
  purchases: { en: enPurchases, it: itPurchases },
  reports: { en: enReports, it: itReports },
};

type Namespace = keyof typeof NAMESPACES;
type PlainKey<N extends Namespace> = KeysOf<(typeof NAMESPACES)[N]['en']>;
/** A text that has plural forms (`guests_one`, `guests_many`, `guests_other`) is asked for by its stem (`guests`). */
type PluralStem<K> = K extends `${infer Stem}_other` ? Stem : never;
export type TextKey<N extends Namespace> = PlainKey<N> | PluralStem<PlainKey<N>>;

/**
 * The text at `key` of a namespace in a language, its {{placeholders}} filled with `values` as they are (as
 * i18next does with escaping off); a placeholder without a value stays as written. With a numeric `count`, a key
 * with plural forms gives the form the language's plural rules pick for it (`_one`, `_many`, else `_other`), as
 * i18next does.
 */
export function catalogueText<N extends Namespace>(
  ns: N,
  key: TextKey<N>,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const tree = NAMESPACES[ns][locale];
  const count = values.count;
  const text =
    typeof count === 'number'
      ? (textAt(tree, `${key}_${new Intl.PluralRules(locale).select(count)}`) ??
        textAt(tree, `${key}_other`) ??
        textAt(tree, key))
      : textAt(tree, key);
  if (text === undefined) throw new Error(`No text ${ns}:${key} in ${locale}`);
  return fillPlaceholders(text, values);
}
