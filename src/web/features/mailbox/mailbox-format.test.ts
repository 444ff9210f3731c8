import { describe, expect, it } from 'vitest';
import type { TMailFolder } from '@shared/mailbox/contracts.ts';
import { addressText, fileSize, folderTree, listDate } from './mailbox-format.ts';

const folder = (id: string, patch: Partial<TMailFolder> = {}): TMailFolder => ({
  id,
  accountId: null,
  name: id,
  path: id,
  role: null,
  parentId: null,
  color: null,
  unreadCount: 0,
  totalCount: 0,
  ...patch,
});

describe('mailbox formatting', () => {
  it('shows the time for today, day and month this year, the date before', () => {
    const now = new Date('2026-03-10T15:00:00');
    expect(listDate(new Date('2026-03-10T09:05:00').toISOString(), 'it-IT', now)).toBe('09:05');
    expect(listDate(new Date('2026-02-01T09:05:00').toISOString(), 'it-IT', now)).toBe('1 feb');
    expect(listDate(new Date('2025-12-31T09:05:00').toISOString(), 'it-IT', now)).toBe('31/12/25');
    expect(listDate('nonsense', 'it-IT', now)).toBe('');
  });

  it('writes sizes and addresses', () => {
    expect(fileSize(512, 'en-US')).toBe('512 B');
    expect(fileSize(1536, 'it-IT')).toBe('1,5 KB');
    expect(fileSize(30 * 1024 * 1024, 'en-US')).toBe('30 MB');
    expect(addressText({ name: 'Mario Rossi', address: 'm@x.it' })).toBe('Mario Rossi <m@x.it>');
    expect(addressText({ name: null, address: 'm@x.it' })).toBe('m@x.it');
  });

  it('orders system folders first and nests custom folders under their parent', () => {
    const tree = folderTree([
      folder('Zeta'),
      folder('trash', { role: 'trash' }),
      folder('Clienti'),
      folder('inbox', { role: 'inbox' }),
      folder('Rossi', { parentId: 'Clienti' }),
      folder('orphan', { parentId: 'gone' }),
      folder('sent', { role: 'sent' }),
    ]);
    expect(tree.map((n) => `${n.depth}:${n.folder.id}`)).toEqual([
      '0:inbox',
      '0:sent',
      '0:trash',
      '0:Clienti',
      '1:Rossi',
      '0:orphan',
      '0:Zeta',
    ]);
  });
});
