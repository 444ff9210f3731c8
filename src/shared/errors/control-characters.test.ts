import { describe, expect, it } from 'vitest';
import { controlCharacterPaths } from './control-characters.ts';

describe('controlCharacterPaths', () => {
  it('names every string field that holds a NUL or another C0 control', () => {
    expect(
      controlCharacterPaths({
        fullName: 'a\u0000b',
        notes: 'line one\nline two\ttabbed\r\n',
        lines: [{ description: 'ok' }, { description: 'bell\u0007' }],
        city: 'Forlì',
        escape: 'x\u001B[31m',
      }),
    ).toEqual(['fullName', 'lines.1.description', 'escape']);
  });

  it('accepts tab, line feed, carriage return and any printable Unicode', () => {
    expect(controlCharacterPaths({ a: '\t\n\r', b: '€ àèìòù 😀', c: 42, d: null, e: true })).toEqual([]);
  });

  it('checks keys and ignores raw bytes', () => {
    expect(controlCharacterPaths({ meta: { 'k\u0000': 1 } })).toEqual(['meta']);
    expect(controlCharacterPaths(Buffer.from([0, 1, 2]))).toEqual([]);
  });
});
