import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  codeForSqlState,
  errorMessage,
  localeFromAcceptLanguage,
  type ErrorCode,
} from './error-codes.ts';

describe('database error mapping (email-client spec §8)', () => {
  it.each([
    ['23505', 'ALREADY_EXISTS', 409, 'This item already exists'],
    ['23503', 'IN_USE', 409, 'Cannot delete: item is in use'],
    ['23001', 'IN_USE', 409, 'Cannot delete: item is in use'],
    ['P0002', 'NOT_FOUND', 404, 'Item not found'],
    ['42501', 'FORBIDDEN', 403, 'Insufficient permissions'],
    ['22021', 'VALIDATION_ERROR', 400, 'Some fields are not valid'],
    ['22P05', 'VALIDATION_ERROR', 400, 'Some fields are not valid'],
    ['22003', 'VALIDATION_ERROR', 400, 'Some fields are not valid'],
    ['08006', 'SERVICE_UNAVAILABLE', 503, 'Service temporarily unavailable'],
    ['57P01', 'SERVICE_UNAVAILABLE', 503, 'Service temporarily unavailable'],
    ['53300', 'SERVICE_UNAVAILABLE', 503, 'Service temporarily unavailable'],
  ] as const)('SQLSTATE %s → %s (%i, "%s")', (sqlState, code, status, message) => {
    expect(codeForSqlState(sqlState)).toBe(code);
    expect(ERROR_CODES[code].status).toBe(status);
    expect(errorMessage(code, 'en')).toBe(message);
  });

  it.each(['42P01', '23502', '23514', '40001', '57014', 'XX000', '', undefined])(
    'maps any other SQLSTATE (%j) to INTERNAL',
    (sqlState) => {
      expect(codeForSqlState(sqlState)).toBe('INTERNAL');
    },
  );

  it('answers 500 with a generic message for INTERNAL', () => {
    expect(ERROR_CODES.INTERNAL.status).toBe(500);
    expect(errorMessage('INTERNAL', 'en')).toBe('An unexpected error occurred');
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['it', 'it'],
    ['it-IT', 'it'],
    ['IT-it', 'it'],
    ['it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7', 'it'],
    ['en-US,en;q=0.9,it;q=0.8', 'en'],
    ['en-GB', 'en'],
    ['de-DE,de;q=0.9,it;q=0.8', 'it'],
    ['fr-FR, en;q=0.5', 'en'],
    ['fr-FR,de', 'en'],
    ['*', 'en'],
    [' it ; q=1', 'it'],
  ] as const)('%j → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('error catalogue', () => {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];

  it.each(codes)('%s has an HTTP error status and a message in Italian and English', (code) => {
    const entry = ERROR_CODES[code];
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(entry.en.trim().length).toBeGreaterThan(0);
    expect(entry.it.trim().length).toBeGreaterThan(0);
    expect(entry.it).not.toBe(entry.en);
    expect(errorMessage(code, 'en')).toBe(entry.en);
    expect(errorMessage(code, 'it')).toBe(entry.it);
  });

  it('has the codes the API contract relies on with their statuses', () => {
    const expected: Partial<Record<ErrorCode, number>> = {
      VALIDATION_ERROR: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      ORIGIN_REJECTED: 403,
      NOT_FOUND: 404,
      ORGANIZATION_REQUIRED: 409,
      ALREADY_EXISTS: 409,
      IN_USE: 409,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      SERVICE_UNAVAILABLE: 503,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(ERROR_CODES[code as ErrorCode].status).toBe(status);
    }
  });

  it('says "Insufficient permissions" in both languages', () => {
    expect(errorMessage('FORBIDDEN', 'en')).toBe('Insufficient permissions');
    expect(errorMessage('FORBIDDEN', 'it')).toBe('Permessi insufficienti');
  });
});

describe('messages with placeholders (core-app spec §8 invoice errors)', () => {
  it('fills {id} in both languages and leaves unknown placeholders as they are', () => {
    expect(errorMessage('INVOICE_ALREADY_PAID', 'en', { id: '12/2026' })).toBe(
      'Invoice 12/2026 is already paid',
    );
    expect(errorMessage('INVOICE_NOT_FOUND', 'en', { id: 'abc' })).toBe('Invoice with ID abc not found');
    expect(errorMessage('INVOICE_CLIENT_NOT_FOUND', 'it', { id: '7' })).toBe(
      'Cliente della fattura 7 non trovato',
    );
    expect(errorMessage('PDF_FAILED', 'en')).toBe('Failed to generate PDF: {detail}');
  });
});
