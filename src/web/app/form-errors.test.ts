import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { serverFieldIssues } from './form-errors.ts';

describe('serverFieldIssues', () => {
  it('reads the fields of a validation answer, preferring the translation key', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Alcuni campi non sono validi',
      details: [
        { path: 'website', message: 'Formato URL non valido', key: 'onboarding.errors.invalidWebsite' },
        { path: 'address.zipCode', message: 'CAP?' },
        { path: '', message: 'Body is not valid JSON' },
        null,
      ],
    });
    expect(serverFieldIssues(error)).toEqual([
      { path: 'website', message: 'onboarding.errors.invalidWebsite' },
      { path: 'address.zipCode', message: 'CAP?' },
    ]);
  });

  it('gives nothing for other errors', () => {
    expect(serverFieldIssues(new ApiError({ status: 500, code: 'INTERNAL', message: 'x' }))).toEqual([]);
    expect(serverFieldIssues(new Error('x'))).toEqual([]);
  });
});
