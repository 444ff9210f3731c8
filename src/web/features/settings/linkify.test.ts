import { describe, expect, it } from 'vitest';
import { linkify, previewDocument } from './linkify.ts';

describe('linkify (outbox message text)', () => {
  it('turns web addresses into links and keeps the text around them', () => {
    expect(linkify('Apri il preventivo: https://app.example.com/q/abc_123-X. Grazie')).toEqual([
      { text: 'Apri il preventivo: ' },
      { text: 'https://app.example.com/q/abc_123-X', href: 'https://app.example.com/q/abc_123-X' },
      { text: '. Grazie' },
    ]);
  });

  it('finds several links, query strings included, and leaves closing punctuation out', () => {
    const parts = linkify('(http://localhost:3000/rsvp/T?response=accepted) e «https://a.example/b»');
    expect(parts.filter((p) => 'href' in p).map((p) => ('href' in p ? p.href : ''))).toEqual([
      'http://localhost:3000/rsvp/T?response=accepted',
      'https://a.example/b',
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(
      '(http://localhost:3000/rsvp/T?response=accepted) e «https://a.example/b»',
    );
  });

  it('never makes a link of another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@example.com',
      'ftp://x.example',
    ]) {
      expect(linkify(text)).toEqual([{ text }]);
    }
    expect(linkify('')).toEqual([]);
  });
});

describe('previewDocument', () => {
  it('opens links of the previewed HTML in a new tab', () => {
    expect(previewDocument('<a href="https://x.example">x</a>')).toBe(
      '<base target="_blank"><a href="https://x.example">x</a>',
    );
  });
});
