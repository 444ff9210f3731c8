import { describe, expect, it } from 'vitest';
import { ascii, escapeXml, latin, splitText, toLatin, unsupportedCharacters } from './xml-text.ts';

describe('toLatin', () => {
  it('keeps Basic Latin and Latin-1 Supplement (accents, ß, °)', () => {
    expect(toLatin('Città di Forlì, Königstraße 5°')).toEqual({
      text: 'Città di Forlì, Königstraße 5°',
      unsupported: [],
    });
  });

  it('writes € as EUR, spaced from digits', () => {
    expect(toLatin('10€').text).toBe('10 EUR');
    expect(toLatin('€10').text).toBe('EUR 10');
    expect(toLatin('prezzo in €.').text).toBe('prezzo in EUR.');
  });

  it('replaces typographic punctuation and letters outside Latin-1 with their Latin forms', () => {
    expect(toLatin('l’“offerta” – 1…2 — ok').text).toBe('l\'"offerta" - 1...2 - ok');
    expect(toLatin('Łódź, Győr, Œuvre, Ştefan').text).toBe('Lódz, Gyor, OEuvre, Stefan');
  });

  it('collapses whitespace, drops control and invisible characters', () => {
    expect(toLatin('  riga 1\r\n\triga\u00a02\u200b \u0007 ').text).toBe('riga 1 riga 2');
  });

  it('reports characters without a Latin equivalent', () => {
    expect(toLatin('Grazie 😀 Δ 日本 😀')).toEqual({ text: 'Grazie', unsupported: ['😀', 'Δ', '日', '本'] });
    expect(unsupportedCharacters('ok €')).toEqual([]);
    expect(() => latin('Привет', 60)).toThrow(/Привет|П/);
  });
});

describe('latin, ascii, splitText, escapeXml', () => {
  it('truncates to the schema length', () => {
    expect(latin('abcdef', 3)).toBe('abc');
    expect(latin('ab  cdef', 3)).toBe('ab');
  });

  it('ascii drops accents and keeps digits of superscripts', () => {
    expect(ascii('m²', 10)).toBe('m2');
    expect(ascii('n°', 10)).toBe('n');
    expect(ascii('Città ß', 10)).toBe('Citta ss');
  });

  it('splits at spaces into pieces of at most max characters', () => {
    expect(splitText('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(splitText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(splitText('short', 200)).toEqual(['short']);
    expect(splitText('', 200)).toEqual([]);
  });

  it('escapes markup characters', () => {
    expect(escapeXml('a & b <c> "d" \'e\'')).toBe('a &amp; b &lt;c&gt; "d" \'e\'');
  });
});
