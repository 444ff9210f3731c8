import { describe, expect, it } from 'vitest';
import { commandFor } from './shortcuts.ts';

describe('commandFor', () => {
  it('maps the keys of the issue to commands', () => {
    expect(commandFor({ key: 'j' })).toBe('next');
    expect(commandFor({ key: 'k' })).toBe('previous');
    expect(commandFor({ key: 'o' })).toBe('open');
    expect(commandFor({ key: 'Enter', target: { tagName: 'LI' } })).toBe('open');
    expect(commandFor({ key: 'e' })).toBe('archive');
    expect(commandFor({ key: '#' })).toBe('trash');
    expect(commandFor({ key: 's' })).toBe('star');
    expect(commandFor({ key: 'u' })).toBe('back');
    expect(commandFor({ key: '/' })).toBe('search');
    expect(commandFor({ key: '?' })).toBe('help');
    expect(commandFor({ key: 'c' })).toBe('compose');
    expect(commandFor({ key: 'r' })).toBe('reply');
    expect(commandFor({ key: 'a' })).toBe('replyAll');
    expect(commandFor({ key: 'f' })).toBe('forward');
    expect(commandFor({ key: 'x' })).toBeNull();
  });

  it('ignores keys typed in a field, and keys with a modifier', () => {
    expect(commandFor({ key: 'j', target: { tagName: 'INPUT', type: 'search' } })).toBeNull();
    expect(commandFor({ key: 's', target: { tagName: 'TEXTAREA' } })).toBeNull();
    expect(commandFor({ key: 's', target: { tagName: 'DIV', isContentEditable: true } })).toBeNull();
    expect(commandFor({ key: 's', ctrlKey: true })).toBeNull();
    expect(commandFor({ key: 'k', metaKey: true })).toBeNull();
  });

  it('works from a checkbox but leaves Enter on buttons and links to them', () => {
    expect(commandFor({ key: 'j', target: { tagName: 'INPUT', type: 'checkbox' } })).toBe('next');
    expect(commandFor({ key: 'Enter', target: { tagName: 'BUTTON' } })).toBeNull();
    expect(commandFor({ key: 'Enter', target: { tagName: 'A' } })).toBeNull();
  });
});
