import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, loadNamespace } from '../../../test/helpers/locales.ts';

/**
 * Every namespace of the one catalogue (public/locales), in Italian and English: the same files, the same keys
 * (plural forms included, Italian `_many`), no empty text and the same placeholders in both languages: i18next's
 * {{name}} and the single-brace {name} that some field messages fill in by hand (calendar fetch*).
 */
const files = (lang: string) => readdirSync(join(LOCALES_DIR, lang)).filter((f) => f.endsWith('.json'));
const NAMESPACES = files('en').map((f) => f.replace(/\.json$/, ''));

describe('the catalogue public/locales', () => {
  it('has the same namespaces in Italian and English', () => {
    expect(files('it').sort()).toEqual(files('en').sort());
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const it_ = loadNamespace('it', ns);
    const en = loadNamespace('en', ns);

    it('has the same keys in Italian and English', () => {
      expect([...en.keys()].sort()).toEqual([...it_.keys()].sort());
    });

    it('has no empty text and the same placeholders in both languages', () => {
      const names = (text: string) => [...text.matchAll(/\{\{?(\w+)\}\}?/g)].map((m) => m[0]).sort();
      for (const [key, itText] of it_) {
        const enText = en.get(key) ?? '';
        expect(itText.trim(), key).not.toBe('');
        expect(enText.trim(), key).not.toBe('');
        expect(names(enText), key).toEqual(names(itText));
      }
    });
  });
});
