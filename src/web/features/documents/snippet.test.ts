import { describe, expect, it } from 'vitest';
import { snippetSegments } from './snippet.ts';

describe('snippetSegments', () => {
  it('turns the marked words into mark segments and keeps the rest as text', () => {
    expect(snippetSegments('Totale \u0002fattura\u0003 n. 12 del \u0002marzo\u0003')).toEqual([
      { text: 'Totale ', mark: false },
      { text: 'fattura', mark: true },
      { text: ' n. 12 del ', mark: false },
      { text: 'marzo', mark: true },
    ]);
  });

  it('never interprets HTML: tags stay text', () => {
    expect(snippetSegments('<b>x</b> \u0002<img src=x onerror=alert(1)>\u0003')).toEqual([
      { text: '<b>x</b> ', mark: false },
      { text: '<img src=x onerror=alert(1)>', mark: true },
    ]);
  });

  it('survives an unclosed mark, a stray end and empty input', () => {
    expect(snippetSegments('a\u0003b \u0002c')).toEqual([
      { text: 'ab ', mark: false },
      { text: 'c', mark: true },
    ]);
    expect(snippetSegments('\u0002\u0003')).toEqual([]);
    expect(snippetSegments(null)).toEqual([]);
  });
});
