import { describe, expect, it } from 'vitest';
import { flagColumns, imapFlags, keywordStorable, sameFlags, splitLabels } from './flags.ts';

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

  it('imapFlags gives back the flags of the columns', () => {
    const columns = { isRead: true, isStarred: false, isImportant: true, isAnswered: true, isDraft: false };
    expect(imapFlags(columns)).toEqual(['\\Seen', '$Important', '\\Answered']);
    expect(flagColumns(imapFlags(columns))).toEqual({ ...columns, keywords: [] });
    expect(flagColumns(imapFlags({ isDraft: true, isStarred: true }))).toMatchObject({
      isDraft: true,
      isStarred: true,
      isRead: false,
    });
  });

  it('compares what the row stores', () => {
    expect(sameFlags(flagColumns(['\\Seen', 'b', 'a']), flagColumns(['a', 'b', '\\Seen']))).toBe(true);
    expect(sameFlags(flagColumns(['\\Seen']), flagColumns([]))).toBe(false);
  });
});

describe('splitLabels: keywords that are labels become those labels', () => {
  const labels = new Map([
    ['$label_urgente', 'l-urgente'],
    ['$label_clienti', 'l-clienti'],
  ]);
  it('takes the labels out of the keywords, without case, once each', () => {
    expect(splitLabels(['Lavoro', '$Label_Urgente', '$label_urgente', '$label_clienti'], labels)).toEqual({
      keywords: ['Lavoro'],
      labelIds: ['l-clienti', 'l-urgente'],
    });
  });
  it('keeps every keyword when the owner has no labels', () => {
    expect(splitLabels(['$label_nuovo', 'Lavoro'], new Map())).toEqual({
      keywords: ['$label_nuovo', 'Lavoro'],
      labelIds: [],
    });
  });
});

describe('keywordStorable (PERMANENTFLAGS)', () => {
  it('takes any keyword with \\*, a listed one without, and tries when not known yet', () => {
    expect(keywordStorable(['\\Seen', '\\Flagged', '\\*'], '$label_nuova')).toBe(true);
    expect(keywordStorable(['\\Seen', '$Label_Clienti'], '$label_clienti')).toBe(true);
    expect(keywordStorable(['\\Seen', '$label_clienti'], '$label_nuova')).toBe(false);
    expect(keywordStorable([], '$label_nuova')).toBe(false);
    expect(keywordStorable(null, '$label_nuova')).toBe(true);
  });
});
