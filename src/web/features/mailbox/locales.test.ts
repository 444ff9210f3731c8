import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, keysNamedIn, loadNamespaces } from '../../../../test/helpers/locales.ts';

/** Every `mailbox:` key the mailbox's screens name has a text in Italian and English. */
describe('the mailbox texts', () => {
  const used = keysNamedIn([join(import.meta.dirname)], ['mailbox']);
  it.each(['it', 'en'] as const)('are all in the %s catalogue', (lang) => {
    const keys = loadNamespaces(lang, ['mailbox']);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !hasKey(keys, key))).toEqual([]);
  });
});
