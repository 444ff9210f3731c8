import { describe, expect, it } from 'vitest';
import { flagColumns, sameFlags } from './flags.ts';

describe('flagColumns', () => {
  it('maps system flags and keeps keywords', () => {
    expect(
      flagColumns(['\\Seen', '\\Flagged', '$Important', '\\Answered', '$label_clienti', '\\Recent']),
    ).toEqual({
      isRead: true,
      isStarred: true,
      isImportant: true,
      isAnswered: true,
      isDraft: false,
      keywords: ['$label_clienti'],
    });
    expect(flagColumns(['\\Draft', '\\Important'])).toMatchObject({
      isDraft: true,
      isImportant: true,
      isRead: false,
    });
  });

  it('compares what the row stores', () => {
    expect(sameFlags(flagColumns(['\\Seen', 'b', 'a']), flagColumns(['a', 'b', '\\Seen']))).toBe(true);
    expect(sameFlags(flagColumns(['\\Seen']), flagColumns([]))).toBe(false);
  });
});
