import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({
  error: [] as unknown[][],
  success: [] as unknown[][],
  dismiss: [] as string[],
}));
vi.mock('react-hot-toast', () => {
  let n = 0;
  const base = Object.assign(() => `t${++n}`, {
    error: (message: string, options?: { id?: string }) => {
      calls.error.push([message, options]);
      return options?.id ?? `t${++n}`;
    },
    success: (message: string, options?: { id?: string }) => {
      calls.success.push([message, options]);
      return options?.id ?? `t${++n}`;
    },
    dismiss: (id: string) => calls.dismiss.push(id),
    loading: () => `t${++n}`,
  });
  return { default: base };
});

const { toast } = await import('./toast.ts');

describe('toast', () => {
  beforeEach(() => {
    toast.success('reset'); // clears what earlier tests left on screen
    calls.error.length = 0;
    calls.success.length = 0;
    calls.dismiss.length = 0;
  });

  it('shows one toast for the same error text, however often it happens', () => {
    const a = toast.error('Impossibile salvare');
    const b = toast.error('Impossibile salvare');
    const c = toast.error('Altro errore');
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(calls.error.map(([, o]) => (o as { id: string }).id)).toEqual([
      'error:Impossibile salvare',
      'error:Impossibile salvare',
      'error:Altro errore',
    ]);
  });

  it('keeps an id the caller gives (a loading toast that becomes the error)', () => {
    const id = toast.loading('Esportazione…');
    expect(toast.error('Esportazione non riuscita', { id })).toBe(id);
  });

  it('clears the errors on screen when a success is shown', () => {
    const first = toast.error('Impossibile salvare');
    const second = toast.error('Rete assente');
    toast.success('Salvato');
    expect(calls.dismiss).toEqual([first, second]);
    toast.success('Salvato di nuovo');
    expect(calls.dismiss).toHaveLength(2); // nothing left to clear
  });
});
