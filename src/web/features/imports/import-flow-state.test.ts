import { describe, expect, it } from 'vitest';
import {
  importFlowReducer,
  initialImportState,
  type ImportFlowAction,
  type ImportFlowState,
} from './import-flow-state.ts';

type Mapping = Partial<Record<'name' | 'sku', string>>;
type State = ImportFlowState<Mapping, { valid: number }, { imported: number }, { mode: string }>;
type Action = ImportFlowAction<Mapping, { valid: number }, { imported: number }, { mode: string }>;

const parsed = { headers: ['Nome', 'Codice'], rows: [['Filtro', 'FO-1']], format: 'csv' as const };
const start = (): State => initialImportState({}, { mode: 'valid_only' });
const run = (state: State, ...actions: Action[]) => actions.reduce(importFlowReducer, state);
const atMapping = () =>
  run(start(), { type: 'read' }, { type: 'read-done', parsed, mapping: { name: 'Nome' }, notice: 'guessed' });

describe('import flow reducer', () => {
  it('starts on the upload step with nothing read', () => {
    expect(start()).toMatchObject({ step: 'upload', parsed: null, busy: null, error: null });
  });

  it('reads a file into the mapping step with the first mapping and its notice', () => {
    const reading = run(start(), { type: 'read' });
    expect(reading).toMatchObject({ step: 'upload', busy: 'reading' });
    expect(atMapping()).toMatchObject({
      step: 'mapping',
      busy: null,
      parsed,
      mapping: { name: 'Nome' },
      notice: 'guessed',
    });
  });

  it('keeps the upload step and shows the problem when reading fails', () => {
    const failed = run(start(), { type: 'read' }, { type: 'fail', error: 'Empty file' });
    expect(failed).toMatchObject({ step: 'upload', busy: null, error: 'Empty file' });
    expect(run(failed, { type: 'choose', file: null }).error).toBeNull();
  });

  it('merges mapping changes and clears the mapping errors', () => {
    const invalid = run(atMapping(), { type: 'invalid', mappingErrors: { sku: 'Required' } });
    expect(invalid.mappingErrors).toEqual({ sku: 'Required' });
    const mapped = run(invalid, { type: 'map', patch: { sku: 'Codice' } });
    expect(mapped.mapping).toEqual({ name: 'Nome', sku: 'Codice' });
    expect(mapped.mappingErrors).toEqual({});
  });

  it('checks the rows into the preview, with a settings reset when asked', () => {
    const state = run(
      atMapping(),
      { type: 'settings', patch: { mode: 'all_or_nothing' } },
      { type: 'check' },
    );
    expect(state).toMatchObject({ step: 'mapping', busy: 'checking' });
    const checked = run(state, {
      type: 'check-done',
      preview: { valid: 1 },
      settings: { mode: 'valid_only' },
    });
    expect(checked).toMatchObject({ step: 'preview', busy: null, preview: { valid: 1 } });
    expect(checked.settings.mode).toBe('valid_only');
  });

  it('puts server problems on the mapping fields while checking', () => {
    const failed = run(atMapping(), { type: 'check' }, { type: 'fail', mappingErrors: { sku: 'Missing' } });
    expect(failed).toMatchObject({
      step: 'mapping',
      busy: null,
      error: null,
      mappingErrors: { sku: 'Missing' },
    });
  });

  it('imports into the done step, reporting the upload share on the way', () => {
    const preview = run(atMapping(), { type: 'check' }, { type: 'check-done', preview: { valid: 1 } });
    const importing = run(preview, { type: 'import' }, { type: 'upload', share: 0.5 });
    expect(importing).toMatchObject({ step: 'importing', upload: 0.5 });
    expect(run(importing, { type: 'import-done', result: { imported: 1 } })).toMatchObject({
      step: 'done',
      result: { imported: 1 },
    });
  });

  it('goes back to the preview when the import fails', () => {
    const state = run(
      atMapping(),
      { type: 'check' },
      { type: 'check-done', preview: { valid: 1 } },
      { type: 'import' },
      { type: 'fail', error: 'Network error' },
    );
    expect(state).toMatchObject({ step: 'preview', error: 'Network error', preview: { valid: 1 } });
  });

  it('ignores steps that do not follow (import before a preview, check before a file)', () => {
    expect(run(atMapping(), { type: 'import' }).step).toBe('mapping');
    expect(run(start(), { type: 'check' }).busy).toBeNull();
  });

  it('steps back from the preview to the mapping and from the mapping to the upload', () => {
    const preview = run(atMapping(), { type: 'check' }, { type: 'check-done', preview: { valid: 1 } });
    expect(run(preview, { type: 'back' }).step).toBe('mapping');
    expect(run(preview, { type: 'back' }, { type: 'back' }).step).toBe('upload');
  });

  it('restarts with an empty flow but keeps the choices', () => {
    const done = run(
      atMapping(),
      { type: 'settings', patch: { mode: 'all_or_nothing' } },
      { type: 'check' },
      { type: 'check-done', preview: { valid: 1 } },
      { type: 'import' },
      { type: 'import-done', result: { imported: 1 } },
      { type: 'restart' },
    );
    expect(done).toMatchObject({ step: 'upload', parsed: null, preview: null, result: null, file: null });
    expect(done.settings.mode).toBe('all_or_nothing');
  });
});
