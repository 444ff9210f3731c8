import { useReducer, type ComponentType, type Dispatch, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { TParseQuery, TParsedFile } from '@shared/imports/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import {
  importFlowReducer,
  initialImportState,
  type ImportFlowAction,
  type ImportFlowState,
} from './import-flow-state.ts';
import { ImportProgress } from './import-progress.tsx';
import { parseImportFile } from './imports-api.ts';
import { ImportStepper, type StepLabel } from './stepper.tsx';

export interface ImportStepProps<M, P, R, S> {
  state: ImportFlowState<M, P, R, S>;
  dispatch: Dispatch<ImportFlowAction<M, P, R, S>>;
  /** The upload step: a file was chosen or dropped. */
  onFile: (file: File) => void;
}

/**
 * What a feature brings to the one import flow: its mapping, its dry run and import calls, its step screens
 * and its words. The flow owns the state (one reducer), the parse call, the stepper, the error and progress
 * display and the buttons between steps.
 */
export interface ImportFlowConfig<M, P, R, S> {
  initialMapping: M;
  initialSettings: S;
  steps?: { label: string; items: readonly StepLabel[] };
  /** Read the file as soon as it is chosen; otherwise after the Read button (file options first). */
  readOnChoose: boolean;
  /** CSV options from the choices (the bank's delimiter and lines to skip). */
  parseOptions?: (settings: S) => TParseQuery;
  /** A problem with the chosen file before sending it (type, size), or null. */
  checkFile?: (file: File) => string | null;
  /** The first mapping of a file just read, or the problem that stops there (no rows…). */
  start: (
    parsed: TParsedFile,
    settings: S,
  ) => { mapping: M; notice?: string | null; settings?: Partial<S> } | string;
  /** Mapping problems by field before checking or importing; empty when none. */
  validate?: (state: ImportFlowState<M, P, R, S>) => Record<string, string>;
  /** Whether the mapping can be checked at all (the button is disabled otherwise). */
  canCheck?: (state: ImportFlowState<M, P, R, S>) => boolean;
  check: (state: ImportFlowState<M, P, R, S>, onUpload: (share: number) => void) => Promise<P>;
  /** Choices that each check sets again (the clients' import mode). */
  afterCheck?: Partial<S>;
  canImport: (preview: P, settings: S) => boolean;
  run: (state: ImportFlowState<M, P, R, S>, onUpload: (share: number) => void) => Promise<R>;
  /** A failed request as a message, or as problems of mapping fields. */
  problem: (error: unknown) => { error?: string; mappingErrors?: Record<string, string> };
  labels: {
    problemTitle?: string;
    reading: string;
    checking: (state: ImportFlowState<M, P, R, S>) => string;
    importing: (state: ImportFlowState<M, P, R, S>) => string;
    /** The upload step's button when the file is not read on choosing. */
    read?: string;
    fileRequired?: string;
    /** Leaving the mapping for another file. */
    mappingBack: string;
    check: string;
    previewBack: string;
    import: (preview: P) => string;
  };
  /** Next to the Read button (a dialog's Cancel). */
  uploadCancel?: ReactNode;
  Upload: ComponentType<ImportStepProps<M, P, R, S>>;
  Mapping: ComponentType<ImportStepProps<M, P, R, S>>;
  Preview: ComponentType<ImportStepProps<M, P, R, S>>;
  Result: ComponentType<ImportStepProps<M, P, R, S>>;
}

/** upload → map → preview → import → result, configured by a feature (see ImportFlowConfig). */
export function ImportFlow<M, P, R, S>({ config }: { config: ImportFlowConfig<M, P, R, S> }) {
  const [state, dispatch] = useReducer(
    importFlowReducer<M, P, R, S>,
    undefined,
    (): ImportFlowState<M, P, R, S> => initialImportState(config.initialMapping, config.initialSettings),
  );
  const { labels } = config;
  const fail = (error: unknown) => dispatch({ type: 'fail', ...config.problem(error) });
  const onUpload = (share: number) => dispatch({ type: 'upload', share });

  const read = async (file: File | null) => {
    if (!file) return dispatch({ type: 'fail', error: labels.fileRequired ?? null });
    const problem = config.checkFile?.(file);
    if (problem) return dispatch({ type: 'fail', error: problem });
    dispatch({ type: 'read' });
    try {
      const parsed = await parseImportFile(file, config.parseOptions?.(state.settings));
      const started = config.start(parsed, state.settings);
      if (typeof started === 'string') dispatch({ type: 'fail', error: started });
      else dispatch({ type: 'read-done', parsed, ...started });
    } catch (error) {
      fail(error);
    }
  };

  const valid = () => {
    const mappingErrors = config.validate?.(state) ?? {};
    if (Object.keys(mappingErrors).length === 0) return true;
    dispatch({ type: 'invalid', mappingErrors });
    return false;
  };

  const check = async () => {
    if (!valid()) return;
    dispatch({ type: 'check' });
    try {
      dispatch({
        type: 'check-done',
        preview: await config.check(state, onUpload),
        settings: config.afterCheck,
      });
    } catch (error) {
      fail(error);
    }
  };

  const run = async () => {
    if (!valid()) return;
    dispatch({ type: 'import' });
    try {
      dispatch({ type: 'import-done', result: await config.run(state, onUpload) });
    } catch (error) {
      fail(error);
    }
  };

  const props: ImportStepProps<M, P, R, S> = {
    state,
    dispatch,
    onFile: (file) => {
      dispatch({ type: 'choose', file });
      if (config.readOnChoose) void read(file);
    },
  };
  const { Upload, Mapping, Preview, Result } = config;
  const working =
    state.busy === 'reading'
      ? labels.reading
      : state.busy === 'checking'
        ? labels.checking(state)
        : state.step === 'importing'
          ? labels.importing(state)
          : null;

  return (
    <div>
      {config.steps ? (
        <ImportStepper label={config.steps.label} steps={config.steps.items} current={state.step} />
      ) : null}
      {state.error ? (
        <Alert tone="error" className="mb-4" title={labels.problemTitle}>
          {state.error}
        </Alert>
      ) : null}
      {working ? (
        <ImportProgress label={working} share={state.busy === 'reading' ? null : state.upload} />
      ) : state.step === 'upload' ? (
        <div className="grid grid-cols-1 gap-5">
          <Upload {...props} />
          {config.readOnChoose ? null : (
            <StepFooter>
              {config.uploadCancel}
              <Button onClick={() => void read(state.file)}>
                {labels.read}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </StepFooter>
          )}
        </div>
      ) : state.step === 'mapping' && state.parsed ? (
        <div className="grid grid-cols-1 gap-5">
          <Mapping {...props} />
          <StepFooter>
            <Button variant="outline" onClick={() => dispatch({ type: 'back' })}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {labels.mappingBack}
            </Button>
            <Button onClick={() => void check()} disabled={config.canCheck?.(state) === false}>
              {labels.check}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </StepFooter>
        </div>
      ) : state.step === 'preview' && state.preview ? (
        <div className="grid grid-cols-1 gap-5">
          <Preview {...props} />
          <StepFooter>
            <Button variant="outline" onClick={() => dispatch({ type: 'back' })}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {labels.previewBack}
            </Button>
            <Button onClick={() => void run()} disabled={!config.canImport(state.preview, state.settings)}>
              {labels.import(state.preview)}
            </Button>
          </StepFooter>
        </div>
      ) : state.step === 'done' && state.result ? (
        <Result {...props} />
      ) : null}
    </div>
  );
}

export function StepFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
