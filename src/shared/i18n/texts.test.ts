import { describe, expect, it } from 'vitest';
import { catalogueText } from './texts.ts';

describe('catalogueText', () => {
  it('reads the same file the web loads, in each language, and fills its placeholders as given', () => {
    expect(catalogueText('mail', 'greeting', 'en', { name: 'Ada' })).toBe('Hello Ada,');
    expect(catalogueText('mail', 'greeting', 'it', { name: 'Ada' })).toBe('Ciao Ada,');
    // Values go in as they are: a `$&` or braces in a name are not read as patterns.
    expect(catalogueText('mail', 'greeting', 'en', { name: '$& {{x}}' })).toBe('Hello $& {{x}},');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(catalogueText('mail', 'greeting', 'en')).toBe('Hello {{name}},');
  });
});
