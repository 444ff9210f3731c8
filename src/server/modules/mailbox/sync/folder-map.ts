import type { MailFolderRole } from '@shared/mailbox/types.ts';

/**
 * Maps the IMAP folder list to the spec's system folders (§2: Inbox, Sent, Drafts, Trash, Spam, plus Archive) and
 * the custom folders with their hierarchy. Pure: the sync upserts what this returns.
 */

/** What the server lists of one folder (imapflow's ListResponse, narrowed). */
export type ListedFolder = {
  path: string;
  name: string;
  delimiter: string | null;
  /** The RFC 6154 attribute the server gave (\Sent, \Trash…), if any. */
  specialUse?: string | null;
  flags?: Iterable<string>;
};

export type MappedFolder = {
  path: string;
  name: string;
  delimiter: string | null;
  role: MailFolderRole | null;
  /** The path of the parent folder when the server lists it, else null (a top folder). */
  parentPath: string | null;
};

const SPECIAL_USE: Record<string, MailFolderRole> = {
  '\\inbox': 'inbox',
  '\\sent': 'sent',
  '\\drafts': 'drafts',
  '\\trash': 'trash',
  '\\junk': 'spam',
  '\\archive': 'archive',
};

/** Names servers without SPECIAL-USE give their system folders, in Italian and English (lower case). */
const ROLE_NAMES: Record<MailFolderRole, string[]> = {
  inbox: ['inbox', 'posta in arrivo'],
  sent: [
    'sent',
    'sent items',
    'sent messages',
    'sent mail',
    'posta inviata',
    'inviata',
    'inviati',
    'elementi inviati',
    'messaggi inviati',
  ],
  drafts: ['drafts', 'draft', 'bozze', 'bozza'],
  trash: [
    'trash',
    'deleted items',
    'deleted messages',
    'bin',
    'cestino',
    'posta eliminata',
    'elementi eliminati',
  ],
  spam: ['spam', 'junk', 'junk e-mail', 'junk email', 'bulk mail', 'posta indesiderata', 'indesiderata'],
  archive: ['archive', 'archives', 'archivio', 'archiviati', 'all mail'],
};
const BY_NAME = new Map<string, MailFolderRole>(
  Object.entries(ROLE_NAMES).flatMap(([role, names]) => names.map((n) => [n, role as MailFolderRole])),
);

/** The role of one folder: its special-use attribute first, then its name (leaf name or full path). */
export function folderRole(folder: ListedFolder): MailFolderRole | null {
  if (folder.path.toUpperCase() === 'INBOX') return 'inbox';
  const attributes = [folder.specialUse ?? '', ...(folder.flags ? [...folder.flags] : [])];
  for (const attribute of attributes) {
    const role = SPECIAL_USE[attribute.toLowerCase()];
    if (role) return role;
  }
  const leaf = folder.name.trim().toLowerCase();
  const byLeaf = BY_NAME.get(leaf);
  // "[Gmail]/Sent Mail", "INBOX.Sent": the leaf says it. A folder deep in the user's tree ("Clienti/Archivio")
  // is the user's own, so only top folders and children of INBOX or a "[…]" root are matched by name.
  if (byLeaf && byLeaf !== 'inbox') {
    const parent = parentOf(folder.path, folder.delimiter);
    if (!parent || parent.toUpperCase() === 'INBOX' || /^\[.*\]$/.test(parent)) return byLeaf;
  }
  return null;
}

function parentOf(path: string, delimiter: string | null): string | null {
  if (!delimiter) return null;
  const at = path.lastIndexOf(delimiter);
  return at > 0 ? path.slice(0, at) : null;
}

/**
 * Maps the whole list: one folder per role (special-use wins over a name match, then the first listed), the rest
 * custom; \Noselect folders that hold no mail are dropped unless a listed folder lives under them.
 */
export function mapFolders(listed: ListedFolder[]): MappedFolder[] {
  const selectable = listed.filter((f) => {
    const flags = new Set([...(f.flags ?? [])].map((x) => x.toLowerCase()));
    return !flags.has('\\noselect') && !flags.has('\\nonexistent');
  });
  const paths = new Set(selectable.map((f) => f.path));
  const taken = new Map<MailFolderRole, string>();
  const candidates = selectable.map((f) => ({ f, role: folderRole(f), bySpecialUse: hasSpecialUse(f) }));
  // Special-use first, so a server that says \Sent on "Posta inviata" wins over an old "Sent" folder.
  for (const pass of [true, false]) {
    for (const c of candidates) {
      if (!c.role || c.bySpecialUse !== pass || taken.has(c.role)) continue;
      taken.set(c.role, c.f.path);
    }
  }
  return selectable.map(({ path, name, delimiter }) => {
    const role = [...taken.entries()].find(([, p]) => p === path)?.[0] ?? null;
    const parent = parentOf(path, delimiter);
    return { path, name, delimiter, role, parentPath: parent && paths.has(parent) ? parent : null };
  });
}

function hasSpecialUse(f: ListedFolder): boolean {
  if (f.path.toUpperCase() === 'INBOX') return true;
  return [f.specialUse ?? '', ...(f.flags ?? [])].some((a) => SPECIAL_USE[a.toLowerCase()] !== undefined);
}

/** Inbox first, then the other system folders, then custom folders by path: the order of the first sync. */
export function syncOrder<T extends { role: MailFolderRole | null; path: string }>(folders: T[]): T[] {
  const rank = (r: MailFolderRole | null) =>
    r === 'inbox' ? 0 : r === 'sent' ? 1 : r === 'archive' ? 2 : r === 'drafts' ? 3 : r ? 4 : 5;
  return [...folders].sort((a, b) => rank(a.role) - rank(b.role) || a.path.localeCompare(b.path));
}
