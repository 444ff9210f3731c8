import { describe, expect, it } from 'vitest';
import { focusSnippet, snippetSegments } from './snippet.ts';

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

describe('focusSnippet', () => {
  it('keeps one line and the words just before the first match', () => {
    const segments = snippetSegments(
      'P.IVA 01234567890\n\nDOCUMENTO COMMERCIALE\ndi vendita o prestazione\n\nDESCRIZIONE IVA  PREZZO\nCaffe \u0002espresso\u0003 10% 1,20',
    );
    expect(focusSnippet(segments, 30)).toEqual([
      { text: '…DESCRIZIONE IVA PREZZO Caffe ', mark: false },
      { text: 'espresso', mark: true },
      { text: ' 10% 1,20', mark: false },
    ]);
  });

  it('keeps the space between two marked words', () => {
    expect(focusSnippet(snippetSegments('\u0002Bar\u0003 \u0002Roma\u0003'))).toEqual([
      { text: 'Bar', mark: true },
      { text: ' ', mark: false },
      { text: 'Roma', mark: true },
    ]);
  });

  it('leaves a short lead or a leading match as it is', () => {
    const short = snippetSegments('Totale \u0002fattura\u0003');
    expect(focusSnippet(short)).toEqual(short);
    const leading = snippetSegments('\u0002Enel\u0003 energia\nnovembre');
    expect(focusSnippet(leading)).toEqual([
      { text: 'Enel', mark: true },
      { text: ' energia novembre', mark: false },
    ]);
  });
});
