import { describe, expect, it } from 'vitest';
import { documentsShortcut } from './keyboard.ts';

describe('documentsShortcut', () => {
  it('/ focuses the search and Delete deletes the selection, unless the user is typing', () => {
    const body = { tagName: 'BODY' };
    const checkbox = { tagName: 'INPUT', type: 'checkbox' };
    expect(documentsShortcut({ key: '/', target: body }, false)).toBe('search');
    expect(documentsShortcut({ key: 'Delete', target: checkbox }, true)).toBe('delete');
    expect(documentsShortcut({ key: 'Delete', target: body }, false)).toBeNull();
    expect(documentsShortcut({ key: '/', target: { tagName: 'INPUT', type: 'search' } }, false)).toBeNull();
    expect(documentsShortcut({ key: 'Delete', target: { tagName: 'TEXTAREA' } }, true)).toBeNull();
    expect(documentsShortcut({ key: '/', ctrlKey: true, target: body }, false)).toBeNull();
  });
});
