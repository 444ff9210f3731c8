import { describe, expect, it } from 'vitest';
import { highlightParts, plainText } from './highlight.ts';

describe('highlightParts', () => {
  it('splits the marked words out of the text', () => {
    expect(highlightParts('Preventivo \u0002fattura\u0003 marzo')).toEqual([
      { text: 'Preventivo ', match: false },
      { text: 'fattura', match: true },
      { text: ' marzo', match: false },
    ]);
  });

  it('keeps markup as text: the server never sends HTML and none is made', () => {
    const parts = highlightParts('<img src=x onerror=alert(1)> \u0002<b>\u0003');
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: '<b>', match: true },
    ]);
  });

  it('shows an unclosed marker plainly and drops stray closing markers', () => {
    expect(highlightParts('a\u0003b \u0002c')).toEqual([{ text: 'ab c', match: false }]);
    expect(highlightParts('')).toEqual([]);
  });

  it('strips markers for plain text', () => {
    expect(plainText('\u0002Fattura\u0003 n. \u000212\u0003')).toBe('Fattura n. 12');
  });
});
