import type { TComment } from '@shared/calendar/contracts.ts';

/** Top-level comments oldest first, each with its replies (a reply to a reply joins its thread). */
export function threadsOf(items: readonly TComment[]): { comment: TComment; replies: TComment[] }[] {
  const byId = new Map(items.map((c) => [c.id, c]));
  const rootOf = (c: TComment): TComment => {
    let current = c;
    const seen = new Set<string>();
    while (current.parentCommentId && byId.has(current.parentCommentId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.parentCommentId)!;
    }
    return current;
  };
  const sorted = [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const threads = new Map<string, { comment: TComment; replies: TComment[] }>();
  for (const c of sorted) {
    const root = rootOf(c);
    if (root.id === c.id) threads.set(c.id, { comment: c, replies: threads.get(c.id)?.replies ?? [] });
  }
  for (const c of sorted) {
    const root = rootOf(c);
    if (root.id !== c.id) threads.get(root.id)?.replies.push(c);
  }
  return [...threads.values()];
}
