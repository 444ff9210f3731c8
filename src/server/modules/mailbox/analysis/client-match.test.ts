import { describe, expect, it } from 'vitest';
import { matchClient } from './client-match.ts';

const clients = [
  { id: 'rossi', email: 'amministrazione@rossicostruzioni.it', pec: 'rossi@pec.it' },
  { id: 'verdi', email: 'giulia.verdi@gmail.com', pec: null },
  { id: 'gallo-1', email: 'preventivi@tipografiagallo.it', pec: null },
  { id: 'gallo-2', email: 'amministrazione@tipografiagallo.it', pec: null },
];

describe('matchClient', () => {
  it('matches an exact address first, the PEC too, case-insensitively', () => {
    expect(matchClient(['Giulia.Verdi@gmail.com'], clients)).toBe('verdi');
    expect(matchClient(['rossi@pec.it'], clients)).toBe('rossi');
    expect(matchClient(['preventivi@tipografiagallo.it'], clients)).toBe('gallo-1');
  });

  it('then a company domain, never a free-mail one, never an ambiguous one', () => {
    expect(matchClient(['mario@rossicostruzioni.it'], clients)).toBe('rossi');
    expect(matchClient(['someone.else@gmail.com'], clients)).toBeNull();
    expect(matchClient(['info@libero.it'], [{ id: 'x', email: 'cliente@libero.it', pec: null }])).toBeNull();
    expect(matchClient(['nuovo@tipografiagallo.it'], clients)).toBeNull();
    expect(matchClient([], clients)).toBeNull();
  });
});
