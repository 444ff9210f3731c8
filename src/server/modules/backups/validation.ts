import type { z } from 'zod';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  ZBackupEnvelope,
  ZBackupFile,
  type TBackupFile,
} from '@shared/backups/contracts.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { AppError } from '../../platform/errors.ts';

const TEXT = {
  it: {
    notJson: 'il contenuto non è in formato JSON',
    notBackup: 'non è un file di backup delle impostazioni di Gestionale',
    version: (v: string) => `la versione ${v} non è supportata (attesa: ${BACKUP_VERSION})`,
    invalid: (path: string) => `valore non valido in «${path}»`,
    missing: (path: string) => `manca «${path}»`,
  },
  en: {
    notJson: 'the content is not JSON',
    notBackup: 'it is not a Gestionale settings backup',
    version: (v: string) => `version ${v} is not supported (expected ${BACKUP_VERSION})`,
    invalid: (path: string) => `invalid value at “${path}”`,
    missing: (path: string) => `“${path}” is missing`,
  },
} as const;

function invalid(detail: string, path?: string): AppError {
  return AppError.withParams('BACKUP_FILE_INVALID', { detail }, { detail, ...(path ? { path } : {}) });
}

/** The first problem, named by its path in the file, with the field's own message when it has one. */
function describe(error: z.ZodError, locale: Locale): AppError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.') || '(root)';
  const text = TEXT[locale];
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  const known = fieldMessage(issue.message, locale);
  const detail = missing ? text.missing(path) : `${text.invalid(path)}${known ? `: ${known}` : ''}`;
  return invalid(detail, path);
}

/**
 * Reads an uploaded backup: JSON, then the envelope (format and version), then every section with the same
 * rules as the forms. Throws BACKUP_FILE_INVALID with a detail in the caller's language.
 */
export function parseBackupContent(content: string, locale: Locale): TBackupFile {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw invalid(TEXT[locale].notJson);
  }
  return parseBackupJson(json, locale);
}

export function parseBackupJson(json: unknown, locale: Locale): TBackupFile {
  const text = TEXT[locale];
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof json !== 'object' || json === null || Array.isArray(json) || format !== BACKUP_FORMAT) {
    throw invalid(text.notBackup, 'format');
  }
  const version = (json as { version?: unknown }).version;
  if (version !== BACKUP_VERSION) throw invalid(text.version(String(version)), 'version');
  const envelope = ZBackupEnvelope.safeParse(json);
  if (!envelope.success) throw describe(envelope.error, locale);
  const file = ZBackupFile.safeParse(json);
  if (!file.success) throw describe(file.error, locale);
  return file.data;
}
