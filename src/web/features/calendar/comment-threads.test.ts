import { describe, expect, it } from 'vitest';
import type { TComment } from '@shared/calendar/contracts.ts';
import { threadsOf } from './comment-threads.ts';

const comment = (id: string, minute: number, parentCommentId: string | null = null): TComment => ({
  id,
  eventId: 'e',
  commentText: id,
  commentType: 'general',
  authorId: 'u',
  authorName: 'Anna',
  authorEmail: null,
  isPublic: true,
  parentCommentId,
  createdAt: `2026-03-29T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('comment threads', () => {
  it('lists top-level comments oldest first with their replies', () => {
    const threads = threadsOf([
      comment('b', 5),
      comment('a-reply-2', 9, 'a'),
      comment('a', 1),
      comment('a-reply-1', 7, 'a'),
    ]);
    expect(threads.map((t) => t.comment.id)).toEqual(['a', 'b']);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual(['a-reply-1', 'a-reply-2']);
    expect(threads[1]!.replies).toEqual([]);
  });

  it('puts a reply to a reply in the thread of its top comment', () => {
    const threads = threadsOf([comment('a', 1), comment('r1', 2, 'a'), comment('r2', 3, 'r1')]);
    expect(threads).toHaveLength(1);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('shows a reply whose comment is not visible (private to someone else) on its own', () => {
    const threads = threadsOf([comment('orphan', 2, 'hidden')]);
    expect(threads.map((t) => t.comment.id)).toEqual(['orphan']);
  });
});
