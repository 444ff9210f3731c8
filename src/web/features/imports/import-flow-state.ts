import type { TParsedFile } from '@shared/imports/contracts.ts';

/**
 * The state machine of every import screen: upload → mapping → preview → importing → done. M is the feature's
 * column mapping, P its dry-run answer, R its import answer, S its other choices (mode, bank, categories…).
 */
export const IMPORT_STEPS = ['upload', 'mapping', 'preview', 'importing', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export interface ImportFlowState<M, P, R, S> {
  step: ImportStep;
  /** The file chosen, before and after reading it. */
  file: File | null;
  parsed: TParsedFile | null;
  mapping: M;
  /** Mapping problems by field, shown next to the field. */
  mappingErrors: Record<string, string>;
  /** A note on how the mapping was made (guessed, from a saved mapping…). */
  notice: string | null;
  settings: S;
  preview: P | null;
  result: R | null;
  /** Work in progress other than importing (a step of its own). */
  busy: 'reading' | 'checking' | null;
  /** Share of the request body sent, 0–1; null when unknown. */
  upload: number | null;
  error: string | null;
}

export type ImportFlowAction<M, P, R, S> =
  | { type: 'choose'; file: File | null }
  | { type: 'read' }
  | { type: 'read-done'; parsed: TParsedFile; mapping: M; notice?: string | null; settings?: Partial<S> }
  | { type: 'map'; patch: Partial<M> }
  | { type: 'settings'; patch: Partial<S> }
  | { type: 'invalid'; mappingErrors: Record<string, string> }
  | { type: 'check' }
  | { type: 'check-done'; preview: P; settings?: Partial<S> }
  | { type: 'import' }
  | { type: 'import-done'; result: R }
  | { type: 'upload'; share: number }
  | { type: 'fail'; error?: string | null; mappingErrors?: Record<string, string> }
  | { type: 'back' }
  | { type: 'restart' };

export function initialImportState<M, P, R, S>(mapping: M, settings: S): ImportFlowState<M, P, R, S> {
  return {
    step: 'upload',
    file: null,
    parsed: null,
    mapping,
    mappingErrors: {},
    notice: null,
    settings,
    preview: null,
    result: null,
    busy: null,
    upload: null,
    error: null,
  };
}

export function importFlowReducer<M, P, R, S>(
  state: ImportFlowState<M, P, R, S>,
  action: ImportFlowAction<M, P, R, S>,
): ImportFlowState<M, P, R, S> {
  switch (action.type) {
    case 'choose':
      return { ...state, file: action.file, error: null };
    case 'read':
      return state.step === 'upload' ? { ...state, busy: 'reading', error: null } : state;
    case 'read-done':
      return {
        ...state,
        step: 'mapping',
        busy: null,
        parsed: action.parsed,
        mapping: action.mapping,
        mappingErrors: {},
        notice: action.notice ?? null,
        settings: { ...state.settings, ...action.settings },
        preview: null,
        result: null,
      };
    case 'map':
      return { ...state, mapping: { ...state.mapping, ...action.patch }, mappingErrors: {} };
    case 'settings':
      return { ...state, settings: { ...state.settings, ...action.patch } };
    case 'invalid':
      return { ...state, busy: null, mappingErrors: action.mappingErrors };
    case 'check':
      return state.step === 'mapping' ? { ...state, busy: 'checking', upload: null, error: null } : state;
    case 'check-done':
      return {
        ...state,
        step: 'preview',
        busy: null,
        preview: action.preview,
        settings: { ...state.settings, ...action.settings },
      };
    case 'import':
      return state.step === 'preview' ? { ...state, step: 'importing', upload: null, error: null } : state;
    case 'import-done':
      return { ...state, step: 'done', result: action.result };
    case 'upload':
      return { ...state, upload: action.share };
    case 'fail':
      return {
        ...state,
        step: state.step === 'importing' ? 'preview' : state.step,
        busy: null,
        error: action.error ?? null,
        mappingErrors: action.mappingErrors ?? state.mappingErrors,
      };
    case 'back':
      if (state.step === 'preview') return { ...state, step: 'mapping', error: null };
      if (state.step === 'mapping') return { ...state, step: 'upload', error: null, mappingErrors: {} };
      return state;
    case 'restart':
      // The choices (bank, mode…) stay; the mapping is made again from the next file.
      return initialImportState(state.mapping, state.settings);
  }
}
