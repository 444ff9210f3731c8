import { describe, expect, it } from 'vitest';
import { folderRole, mapFolders, syncOrder, type ListedFolder } from './folder-map.ts';

const f = (path: string, extra: Partial<ListedFolder> = {}): ListedFolder => ({
  path,
  name: path.split('/').pop()!,
  delimiter: '/',
  ...extra,
});

describe('folderRole', () => {
  it('reads SPECIAL-USE first', () => {
    expect(folderRole(f('Elementi inviati', { specialUse: '\\Sent' }))).toBe('sent');
    expect(folderRole(f('Whatever', { specialUse: '\\Junk' }))).toBe('spam');
    expect(folderRole(f('X', { flags: new Set(['\\HasNoChildren', '\\Trash']) }))).toBe('trash');
    expect(folderRole(f('Old', { specialUse: '\\Archive' }))).toBe('archive');
    expect(folderRole(f('INBOX'))).toBe('inbox');
  });

  it.each([
    ['Posta inviata', 'sent'],
    ['Inviata', 'sent'],
    ['Sent Items', 'sent'],
    ['Elementi inviati', 'sent'],
    ['Bozze', 'drafts'],
    ['Cestino', 'trash'],
    ['Posta eliminata', 'trash'],
    ['Deleted Items', 'trash'],
    ['Spam', 'spam'],
    ['Junk', 'spam'],
    ['Posta indesiderata', 'spam'],
    ['Archivio', 'archive'],
    ['Archive', 'archive'],
  ])('falls back to the name %s → %s', (name, role) => {
    expect(folderRole(f(name))).toBe(role);
    expect(folderRole(f(`INBOX.${name}`, { name, delimiter: '.' }))).toBe(role);
  });

  it('leaves a folder deep in the user tree custom, whatever its name', () => {
    expect(folderRole(f('Clienti/Archivio'))).toBeNull();
    expect(folderRole(f('Clienti'))).toBeNull();
  });
});

describe('mapFolders', () => {
  it('gives each role to one folder, special-use winning, and keeps the hierarchy', () => {
    const mapped = mapFolders([
      f('INBOX'),
      f('Sent'),
      f('Posta inviata', { specialUse: '\\Sent' }),
      f('Cestino'),
      f('Clienti'),
      f('Clienti/Rossi'),
      f('Clienti/Rossi/2024'),
      f('Orfano/Figlio'),
      f('Vuoto', { flags: new Set(['\\Noselect']) }),
    ]);
    const byPath = Object.fromEntries(mapped.map((m) => [m.path, m]));
    expect(byPath['INBOX']!.role).toBe('inbox');
    expect(byPath['Posta inviata']!.role).toBe('sent');
    expect(byPath['Sent']!.role).toBeNull();
    expect(byPath['Cestino']!.role).toBe('trash');
    expect(byPath['Clienti/Rossi']!.parentPath).toBe('Clienti');
    expect(byPath['Clienti/Rossi/2024']!.parentPath).toBe('Clienti/Rossi');
    expect(byPath['Orfano/Figlio']!.parentPath).toBeNull();
    expect(byPath['Vuoto']).toBeUndefined();
  });

  it('orders the sync Inbox first', () => {
    const order = syncOrder(mapFolders([f('Zeta'), f('Trash', { specialUse: '\\Trash' }), f('INBOX')]));
    expect(order.map((o) => o.path)).toEqual(['INBOX', 'Trash', 'Zeta']);
  });
});
