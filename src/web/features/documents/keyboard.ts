/** The documents list's keys: `/` focuses the search (as in the mailbox), Delete asks to delete the selection. */
export type DocumentsShortcut = 'search' | 'delete';

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  target?: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
}

const TYPING_INPUTS = new Set(['text', 'search', 'email', 'number', 'date', 'password', 'url', 'tel', '']);

/** Whether the key lands in a place where the user types text (then it is theirs, never a shortcut). */
export function isTyping(target: KeyInput['target']): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && TYPING_INPUTS.has((target.type ?? '').toLowerCase());
}

export function documentsShortcut(input: KeyInput, hasSelection: boolean): DocumentsShortcut | null {
  if (input.ctrlKey || input.altKey || input.metaKey || isTyping(input.target)) return null;
  if (input.key === '/') return 'search';
  if (input.key === 'Delete' && hasSelection) return 'delete';
  return null;
}
