import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** Italian plurals and articles of the texts that once read "1 messaggi", "Documento in Inglese", "il domenica". */
const NAMESPACES = ['settings', 'dashboard', 'common', 'calendar', 'invoices'];
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales', lang, `${ns}.json`), 'utf8'));

async function translator(lang: 'it' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    resources: { [lang]: Object.fromEntries(NAMESPACES.map((ns) => [ns, load(lang, ns)])) },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

describe('Italian texts that count or name things', () => {
  it('count in the singular for one', async () => {
    const t = await translator('it');
    expect(t('settings:outbox.pageOf', { page: 1, pages: 1, count: 1, total: '1' })).toBe(
      'Pagina 1 di 1 · 1 messaggio',
    );
    expect(t('settings:outbox.pageOf', { page: 1, pages: 3, count: 25, total: '25' })).toBe(
      'Pagina 1 di 3 · 25 messaggi',
    );
    expect(t('dashboard:setup.filled', { count: 1, done: 1, total: 9 })).toBe('1 campo su 9 compilato');
    expect(t('dashboard:setup.filled', { count: 6, done: 6, total: 9 })).toBe('6 campi su 9 compilati');
    expect(t('common:apiErrors.RATE_LIMITED_WAIT', { count: 1, seconds: 1 })).toBe(
      'Troppi tentativi. Riprova tra 1 secondo.',
    );
  });

  it('write language names in lower case inside a sentence, and no article before a weekday', async () => {
    const t = await translator('it');
    expect(t('invoices:editor.documentIn.en')).toBe('Documento in inglese');
    expect(t('invoices:editor.documentIn.it')).toBe('Documento in italiano');
    expect(t('calendar:view.newOn', { date: 'domenica 3 maggio 2026' })).toBe(
      'Nuovo evento domenica 3 maggio 2026',
    );
  });

  it('read the same in English', async () => {
    const t = await translator('en');
    expect(t('settings:outbox.pageOf', { page: 1, pages: 1, count: 1, total: '1' })).toBe(
      'Page 1 of 1 · 1 message',
    );
    expect(t('invoices:editor.documentIn.en')).toBe('Document in English');
  });
});
