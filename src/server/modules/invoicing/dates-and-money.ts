import { isoDateIn } from '@shared/dates/dates.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import type { DbOrTx } from '../../db/database.ts';
import { organizationTimeZone } from '../organizations/index.ts';

const LOCALES = { it: 'it-IT', en: 'en-GB' } as const;

/** An ISO date as the client reads it: 31/12/2026 (it) or 31 Dec 2026 (en). */
export function formatDateFor(isoDate: string, language: string): string {
  const lang = language === 'en' ? 'en' : 'it';
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: lang === 'en' ? 'numeric' : '2-digit',
    month: lang === 'en' ? 'short' : '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Cents as the client reads them: 1.234,56 € (it) or €1,234.56 (en). */
export function formatMoneyFor(cents: number, language: string): string {
  return formatEuroCents(cents, language === 'en' ? 'en-US' : 'it-IT');
}

/** Today in the organization's time zone (Europe/Rome unless set): due dates and expiry follow its calendar. */
export async function todayIn(
  { db }: { db: DbOrTx },
  { orgId, now = new Date() }: { orgId: string; now?: Date },
): Promise<string> {
  return isoDateIn(await organizationTimeZone(db, orgId), now);
}
