import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_SEVERITIES } from '@shared/security/audit.ts';
import type { TAuditLogEntry } from '@shared/security/audit-contracts.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_SEVERITY_LABELS,
  auditCsv,
  auditCsvFileName,
  wallClock,
} from './audit-csv.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const screen = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'public/locales', lang, 'audit.json'), 'utf8')) as {
    actions: Record<string, string>;
    severity: Record<string, string>;
  };

const entry: TAuditLogEntry = {
  id: '1',
  createdAt: '2026-07-01T08:15:30.000Z',
  action: 'role_changed',
  severity: 'HIGH',
  user: { id: 'u1', email: 'anna@example.test', name: 'Anna' },
  targetUser: { id: 'u2', email: 'bruno@example.test', name: null },
  ipAddress: '10.0.0.1',
  userAgent: 'Firefox; "beta"',
  details: { to: 'admin' },
  organizationLevel: true,
};

describe('audit CSV', () => {
  it('uses the same action and severity labels as the screen', () => {
    for (const lang of ['it', 'en'] as const) {
      const json = screen(lang);
      for (const action of AUDIT_ACTION_NAMES)
        expect(AUDIT_ACTION_LABELS[lang][action]).toBe(json.actions[action]);
      for (const s of AUDIT_SEVERITIES) expect(AUDIT_SEVERITY_LABELS[lang][s]).toBe(json.severity[s]);
    }
  });

  it('writes Italian with semicolons and a BOM, times in the zone, quotes escaped', () => {
    const csv = auditCsv([entry], 'it', 'Europe/Rome');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Data e ora (Europe/Rome);Azione;Gravità;Utente;Utente interessato;Indirizzo IP;User agent;Dettagli',
    );
    expect(line).toBe(
      '2026-07-01 10:15:30;Ruolo cambiato;Alta;Anna <anna@example.test>;bruno@example.test;10.0.0.1;' +
        '"Firefox; ""beta""";"{""to"":""admin""}"',
    );
  });

  it('writes English with commas; unknown actions keep their code', () => {
    const csv = auditCsv([{ ...entry, action: 'future_action', details: {} }], 'en', 'UTC');
    const [, line] = csv.slice(1).split('\r\n');
    expect(line).toBe(
      '2026-07-01 08:15:30,future_action,High,Anna <anna@example.test>,bruno@example.test,10.0.0.1,' +
        '"Firefox; ""beta""",',
    );
  });

  it('names the file after the day in the zone', () => {
    const late = new Date('2026-07-01T23:30:00Z');
    expect(auditCsvFileName('it', late, 'Europe/Rome')).toBe('registro-attivita-2026-07-02.csv');
    expect(auditCsvFileName('en', late, 'UTC')).toBe('audit-log-2026-07-01.csv');
    expect(wallClock(late, 'Europe/Rome')).toBe('2026-07-02 01:30:00');
  });
});
