import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_VIEWS } from '@shared/mailbox/contracts.ts';
import { MAIL_FOLDER_ROLES } from '@shared/mailbox/types.ts';
import { MAIL_ERROR_CODES } from '@shared/mail/delivery.ts';
import { hasKey, keysNamedIn, loadNamespaces } from '../../../../test/helpers/locales.ts';
import { MAIL_COLOURS } from './folder-dialogs.tsx';
import { SHORTCUTS } from './shortcuts.ts';

/**
 * Every `mailbox:` key the mailbox's screens name has a text in Italian and English: the literal ones, and those
 * built from a value (folder roles, views, risk bands, sync error classes, shortcuts, colours).
 */
const BUILT = [
  ...MAIL_FOLDER_ROLES.map((r) => `mailbox:folders.${r}`),
  ...MAIL_VIEWS.map((v) => `mailbox:views.${v}`),
  ...['safe', 'low', 'medium', 'high'].map((b) => `mailbox:security.recommendation.${b}`),
  ...['spf', 'dkim', 'dmarc', 'none', 'title'].map((k) => `mailbox:security.authentication.${k}`),
  ...MAIL_ERROR_CODES.filter(
    (c) =>
      !['INVALID_EMAIL_FORMAT', 'ATTACHMENT_TOO_LARGE', 'RECIPIENT_NOT_FOUND', 'SPAM_DETECTED'].includes(c),
  ).map((c) => `mailbox:syncErrors.${c}`),
  ...SHORTCUTS.map((s) => `mailbox:shortcuts.${s.command}`),
  ...MAIL_COLOURS.map((c) => `mailbox:colours.${c.slice(1)}`),
  'mailbox:related.invoice',
  'mailbox:related.quote',
];

describe('the mailbox texts', () => {
  const used = [...keysNamedIn([join(import.meta.dirname)], ['mailbox']), ...BUILT];
  it.each(['it', 'en'] as const)('are all in the %s catalogue', (lang) => {
    const keys = loadNamespaces(lang, ['mailbox']);
    expect(used.length).toBeGreaterThan(80);
    expect(used.filter((key) => !hasKey(keys, key))).toEqual([]);
  });
});
