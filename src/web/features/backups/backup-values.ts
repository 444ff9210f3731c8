import type { TFunction } from 'i18next';
import { isRole } from '@shared/auth/permissions.ts';
import type { BackupSection, TChangeValue } from '@shared/backups/contracts.ts';

/** Profile fields whose values have labels in the forms namespace. */
const PROFILE_CHOICES: Record<string, string> = {
  businessType: 'forms:businessTypes',
  industry: 'forms:industries',
  employeeCount: 'forms:employeeCounts',
  country: 'forms:countries',
};

/** The label of a changed field: `invoice_send.it.subject` reads "Invio della fattura (italiano) · oggetto". */
export function fieldLabel(section: BackupSection, field: string, t: TFunction): string {
  if (section === 'roles') return field;
  if (section === 'emailTemplates') {
    const [key = '', language = '', part = ''] = field.split('.');
    const name = t(`settings:emailTemplates.names.${key}`, { defaultValue: key });
    const lang = t(`backups:languages.${language}`, { defaultValue: language });
    return `${name} (${lang}) · ${t(`backups:fields.template.${part}`, { defaultValue: part })}`;
  }
  return t(`backups:fields.${section}.${field}`, { defaultValue: field });
}

/** A value as the user reads it: empty, yes/no, a role or a choice by its name, else the text. */
export function valueText(section: BackupSection, field: string, value: TChangeValue, t: TFunction): string {
  if (value === null || value === '') return t('backups:preview.empty');
  if (typeof value === 'boolean') return value ? t('backups:preview.yes') : t('backups:preview.no');
  if (section === 'roles' && isRole(value)) return t(`common:roles.${value}`);
  const choices = section === 'businessProfile' ? PROFILE_CHOICES[field] : undefined;
  if (choices) return t(`${choices}.${String(value)}`, { defaultValue: String(value) });
  return String(value);
}

export function sizeText(bytes: number, locale: string): string {
  if (bytes < 1024) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  const kb = bytes / 1024;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: kb < 10 ? 1 : 0 }).format(kb)} kB`;
}
