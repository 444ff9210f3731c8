import { describe, expect, it } from 'vitest';
import { TEMPLATE_NAMES, templateOf } from './templates.ts';

describe('templateOf', () => {
  it('keeps every known template and draws the default for a name it does not know', () => {
    for (const name of TEMPLATE_NAMES) expect(templateOf(name)).toBe(name);
    expect(templateOf('retired-template')).toBe('default');
    expect(templateOf('')).toBe('default');
  });
});
