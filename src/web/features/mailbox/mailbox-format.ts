import type { TMailFolder } from '@shared/mailbox/contracts.ts';
import type { TMailAddress } from '@shared/mailbox/types.ts';

/** Small pure helpers of the mailbox's screens: dates in the list, sizes, addresses, the folder tree. */

const LIST_DATE_STYLES = {
  time: { hour: '2-digit', minute: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
  short: { dateStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style: a list of 50 rows would otherwise build three per row at every draw. */
function formatterOf(locale: string, style: keyof typeof LIST_DATE_STYLES): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, LIST_DATE_STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Today: the time; this year: day and month; before: the short date. */
export function listDate(iso: string, locale: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay) return formatterOf(locale, 'time').format(d);
  if (d.getFullYear() === now.getFullYear()) return formatterOf(locale, 'dayMonth').format(d);
  return formatterOf(locale, 'short').format(d);
}

export function fileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export function addressText(a: TMailAddress | null): string {
  if (!a) return '';
  return a.name ? `${a.name} <${a.address}>` : a.address;
}

export function senderName(a: TMailAddress | null): string {
  return a ? a.name || a.address : '';
}

const ROLE_ORDER = ['inbox', 'drafts', 'sent', 'archive', 'spam', 'trash'];

export type FolderNode = { folder: TMailFolder; depth: number };

/**
 * One account's folders in the order of the pane: system folders first (Inbox, Drafts, Sent, Archive, Spam,
 * Trash), then custom folders by name, each followed by its subfolders, indented. A folder whose parent is
 * missing shows at the top level.
 */
export function folderTree(folders: readonly TMailFolder[]): FolderNode[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, TMailFolder[]>();
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const rank = (f: TMailFolder) => (f.role ? ROLE_ORDER.indexOf(f.role) : ROLE_ORDER.length);
  const sorted = (list: TMailFolder[]) =>
    [...list].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  const out: FolderNode[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const f of sorted(children.get(parent) ?? [])) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
