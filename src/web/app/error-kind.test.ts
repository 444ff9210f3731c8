import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { classifyError } from './error-kind.ts';

describe('classifyError', () => {
  it('recognises a failed chunk load (a new version was deployed)', () => {
    expect(classifyError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      'chunk',
    );
    expect(classifyError(new TypeError('error loading dynamically imported module'))).toBe('chunk');
    expect(classifyError(new TypeError('Importing a module script failed.'))).toBe('chunk');
    const chunk = new Error('Loading chunk 12 failed');
    chunk.name = 'ChunkLoadError';
    expect(classifyError(chunk)).toBe('chunk');
  });

  it('recognises network failures', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe('network');
    expect(classifyError(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' }))).toBe('network');
  });

  it('treats everything else as a generic failure', () => {
    expect(classifyError(new Error('boom'))).toBe('other');
    expect(classifyError(new ApiError({ status: 500, code: 'INTERNAL', message: 'Failed to fetch' }))).toBe(
      'other',
    );
    expect(classifyError(undefined)).toBe('other');
    expect(classifyError('weird')).toBe('other');
  });
});
