import { ApiError } from './api.ts';

export interface FieldIssue {
  /** Dotted field path, e.g. `address.zipCode`. */
  path: string;
  /** A translation key of the shared contracts when the server gave one, else its (localised) text. */
  message: string;
}

/** The field problems of a VALIDATION_ERROR answer (`details: [{ path, message, key? }]`). */
export function serverFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return [];
  return detailFieldIssues(error);
}

/**
 * The field problems in the details of any refusal that carries them (`details: [{ path, message, key? }]`):
 * the contract's key when the server gave one, else its text.
 */
export function detailFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const issues: FieldIssue[] = [];
  for (const item of error.details as unknown[]) {
    const d = item as { path?: unknown; message?: unknown; key?: unknown } | null;
    if (!d || typeof d.path !== 'string' || !d.path) continue;
    const message = typeof d.key === 'string' ? d.key : typeof d.message === 'string' ? d.message : '';
    if (message) issues.push({ path: d.path, message });
  }
  return issues;
}

/** Moves focus to the first field with an error after a refused submit (once the errors are on screen). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
