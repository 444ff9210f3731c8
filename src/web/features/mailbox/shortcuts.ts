/**
 * The mailbox's keyboard shortcuts (issue 15): j/k next and previous, o/Enter open, e archive (or move),
 * # trash, s star, u back to the list (or, in the list, mark unread), / search, ? the list of shortcuts; and for
 * writing (issue 16) c compose, r reply, a reply to all, f forward.
 * Keys typed in a field, or with Ctrl/Alt/Meta, are never shortcuts.
 */
export type MailCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'archive'
  | 'trash'
  | 'star'
  | 'back'
  | 'search'
  | 'help'
  | 'compose'
  | 'reply'
  | 'replyAll'
  | 'forward';

export const SHORTCUTS: readonly { keys: readonly string[]; command: MailCommand }[] = [
  { keys: ['j'], command: 'next' },
  { keys: ['k'], command: 'previous' },
  { keys: ['o', 'Enter'], command: 'open' },
  { keys: ['e'], command: 'archive' },
  { keys: ['#'], command: 'trash' },
  { keys: ['s'], command: 'star' },
  { keys: ['u'], command: 'back' },
  { keys: ['/'], command: 'search' },
  { keys: ['c'], command: 'compose' },
  { keys: ['r'], command: 'reply' },
  { keys: ['a'], command: 'replyAll' },
  { keys: ['f'], command: 'forward' },
  { keys: ['?'], command: 'help' },
];

export type KeyLike = {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** The element the key was typed in. */
  target?: { tagName?: string; isContentEditable?: boolean; type?: string } | null;
};

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Inputs where letters are not typed: a shortcut still works from a checkbox. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

export function commandFor(event: KeyLike): MailCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const target = event.target;
  if (target) {
    if (target.isContentEditable) return null;
    const tag = (target.tagName ?? '').toUpperCase();
    if (TYPING.has(tag) && !(tag === 'INPUT' && NOT_TEXT.has((target.type ?? '').toLowerCase()))) return null;
    // Enter on a button or link is that control's own click.
    if (event.key === 'Enter' && (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT')) return null;
  }
  return SHORTCUTS.find((s) => s.keys.includes(event.key))?.command ?? null;
}
