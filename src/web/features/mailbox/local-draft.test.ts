import { describe, expect, it } from 'vitest';
import { emptyDraft } from './compose-draft.ts';
import { clearLocalDraft, loadLocalDraft, localDraftKey, saveLocalDraft } from './local-draft.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('the message being written, kept in the browser', () => {
  const key = localDraftKey('u1', 'o1');

  it('keeps what was written and gives it back, files as references', () => {
    const store = memory();
    const draft = {
      ...emptyDraft('acc-1'),
      to: 'mario@rossi.it, ',
      subject: 'Offerta',
      html: '<p>Buongiorno</p>',
      attachments: [{ filename: 'listino.pdf', contentType: 'application/pdf', size: 10, uploadId: 'up-1' }],
    };
    saveLocalDraft(key, draft, new Date('2026-11-28T10:00:00Z'), store);
    expect(loadLocalDraft(key, store)).toEqual({ draft, savedAt: '2026-11-28T10:00:00.000Z' });
    clearLocalDraft(key, store);
    expect(loadLocalDraft(key, store)).toBeNull();
  });

  it('keeps nothing for an empty message, and removes what an emptied one had', () => {
    const store = memory();
    saveLocalDraft(key, { ...emptyDraft(null), subject: 'x' }, new Date(), store);
    expect(store.map.size).toBe(1);
    saveLocalDraft(key, { ...emptyDraft(null), html: '<p></p><p></p>' }, new Date(), store);
    expect(store.map.size).toBe(0);
  });

  it('reads nothing from what is not a draft', () => {
    const store = memory();
    store.setItem(key, '{"draft":{"to":1},"savedAt":"x"}');
    expect(loadLocalDraft(key, store)).toBeNull();
    store.setItem(key, 'not json');
    expect(loadLocalDraft(key, store)).toBeNull();
  });

  it('is per user and organization', () => {
    expect(localDraftKey('u1', 'o1')).not.toBe(localDraftKey('u2', 'o1'));
    expect(localDraftKey('u1', 'o1')).not.toBe(localDraftKey('u1', 'o2'));
  });
});

describe('the copy in the browser of a draft kept on the server', () => {
  it('keeps its draft id and the revision it last saw, so the saves go on changing that draft', () => {
    const store = memory();
    const key = localDraftKey('u1', 'o1');
    saveLocalDraft(
      key,
      { ...emptyDraft(null), subject: 'x', draftId: 'd-1', serverRevision: 4 },
      new Date(),
      store,
    );
    expect(loadLocalDraft(key, store)?.draft).toMatchObject({ draftId: 'd-1', serverRevision: 4 });
  });
});
